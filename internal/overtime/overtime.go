// Package overtime is the overtime request of issue 13. In a group whose overtime needs
// approval, a day's counted overtime (above the group's threshold) is approved through the
// approvals engine (kind overtime, one organisation-wide chain, type 0, levels as for
// attendance corrections). A request is made by the member asking for a decided past date
// (POST /api/requests/overtime), once per person and date: asking again answers the same
// request. The approver may lower the minutes; what the final approval leaves is the
// approved overtime payroll and the monthly sums take, never more than the day's overtime.
package overtime

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"hadir/internal/approval"
	"hadir/internal/attendance"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// Errors of overtime requests.
var (
	ErrNotFound = errors.New("overtime: not found")
)

// Withdrawn is the state of a request its member withdrew while it was pending: the
// engine's request is cancelled with it, and nothing of the date's overtime is approved.
const Withdrawn = approval.Cancelled

// Request is a person-date's overtime request with its place in the chain.
type Request struct {
	ID       int64  `json:"id"`
	Kind     string `json:"kind"`
	PersonID int64  `json:"person_id"`
	Date     string `json:"date"`
	// WorkedMinutes is the overtime the engine counted when the request was made; Minutes is
	// what the approvers allow (lowered by an approving level, or the worked minutes).
	WorkedMinutes int                 `json:"worked_minutes"`
	Minutes       int                 `json:"minutes"`
	Reason        string              `json:"reason"`
	State         string              `json:"state"`
	CreatedAt     time.Time           `json:"created_at"`
	DecidedAt     *time.Time          `json:"decided_at"`
	Timeline      []approval.Decision `json:"timeline,omitempty"`
}

// Service holds the overtime-request rules.
type Service struct {
	db        *database.DB
	att       *attendance.Service
	approvals *approval.Service
	// Now is the clock.
	Now func() time.Time
}

// NewService returns the service and registers the overtime kind with the engine.
func NewService(db *database.DB, att *attendance.Service, apv *approval.Service) *Service {
	s := &Service{db: db, att: att, approvals: apv, Now: time.Now}
	apv.Register(approval.Domain{Kind: approval.KindOvertime, Approve: s.approve, Reject: s.reject})
	return s
}

// Ask makes the person's overtime request for a date and submits it, or returns the one
// already made for it (created false). The date must be decided (its day over) and have
// overtime that needs approval.
func (s *Service) Ask(ctx context.Context, orgID, personID int64, date, reason string, by approval.Actor) (Request, bool, error) {
	date, reason = strings.TrimSpace(date), strings.TrimSpace(reason)
	c := validate.New()
	if c.Required("date", date) {
		if _, err := time.Parse(time.DateOnly, date); err != nil {
			c.Add("date", "validation.date", "date must be a date (YYYY-MM-DD)", nil)
		}
	}
	c.MaxText("reason", reason, 2000)
	if err := c.Err(); err != nil {
		return Request{}, false, err
	}
	if r, err := s.byDate(ctx, orgID, personID, date); err == nil {
		return r, false, nil
	} else if !errors.Is(err, ErrNotFound) {
		return Request{}, false, err
	}
	today, err := s.att.Today(ctx, orgID)
	if err != nil {
		return Request{}, false, err
	}
	if date >= today {
		return Request{}, false, validate.Field("date", "overtime.not_decided", "overtime is asked for a past date")
	}
	_, res, err := s.att.Clock(ctx, orgID, "", personID, date)
	if err != nil {
		return Request{}, false, err
	}
	if res.OvertimeMinutes == 0 || !res.OvertimeNeedsApproval {
		return Request{}, false, validate.Field("date", "overtime.none", "the date has no overtime that needs approval")
	}
	var id int64
	created := true
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		var user any
		if by.UserID != 0 {
			user = by.UserID
		}
		err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO overtime_requests (org_id, person_id, date, worked_minutes, minutes, reason, state, created_by, created_at)
			VALUES ($1, $2, $3, $4, $4, $5, 'pending', $6, $7) RETURNING id`, orgID, personID, date, res.OvertimeMinutes, reason, user, database.Now()).Scan(&id)
		if err != nil {
			return err
		}
		_, err = s.approvals.Submit(ctx, orgID, approval.KindOvertime, id, 0, personID, by)
		return err
	})
	if errors.Is(database.MapError(err), database.ErrUniqueViolation) {
		// Asked twice at once: the other call made it.
		r, err := s.byDate(ctx, orgID, personID, date)
		return r, false, err
	}
	if err != nil {
		return Request{}, false, err
	}
	r, err := s.Get(ctx, orgID, id)
	return r, created, err
}

// Decide approves (with minutes, optionally lowered: nil keeps them) or rejects a request
// waiting for the actor, through the engine.
func (s *Service) Decide(ctx context.Context, orgID, id int64, approve bool, minutes *int, by approval.Actor, comment string) (approval.Request, error) {
	var out approval.Request
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.Get(ctx, orgID, id)
		if errors.Is(err, ErrNotFound) {
			return approval.ErrNotFound
		}
		if err != nil {
			return err
		}
		if approve && minutes != nil {
			if *minutes < 0 || *minutes > r.Minutes {
				return validate.Field("minutes", "validation.range", "minutes is from 0 to the minutes asked")
			}
			if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE overtime_requests SET minutes = $3 WHERE org_id = $1 AND id = $2 AND state = 'pending'`, orgID, id, *minutes); err != nil {
				return err
			}
		}
		out, err = s.approvals.Decide(ctx, orgID, approval.KindOvertime, id, approve, by, comment)
		return err
	})
	return out, err
}

// Withdraw is the member's withdrawal of their own pending request (personID is the
// caller's person): the request becomes cancelled and the approvals engine cancels its
// chain (Cancel, as for a withdrawn leave application), recording the step on its timeline.
// Another person's or organisation's request: ErrNotFound; one already decided (or
// withdrawn): approval.ErrDecided. A withdrawn date stays withdrawn: asking again answers it.
func (s *Service) Withdraw(ctx context.Context, orgID, personID, id int64, by approval.Actor, comment string) (Request, error) {
	comment = strings.TrimSpace(comment)
	c := validate.New()
	c.MaxText("comment", comment, 2000)
	if err := c.Err(); err != nil {
		return Request{}, err
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.Get(ctx, orgID, id)
		if err != nil {
			return err
		}
		if r.PersonID != personID {
			return ErrNotFound
		}
		res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE overtime_requests SET state = $3, decided_at = $4 WHERE org_id = $1 AND id = $2 AND state = 'pending'`,
			orgID, id, Withdrawn, database.Now())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return approval.ErrDecided
		}
		return s.approvals.Cancel(ctx, orgID, approval.KindOvertime, id, by, comment)
	})
	if err != nil {
		return Request{}, err
	}
	return s.Get(ctx, orgID, id)
}

const cols = `id, person_id, date, worked_minutes, minutes, reason, state, created_at, decided_at`

// scan reads a row of cols, and then the request's timeline when the query adds a
// approval.TimelineColumn (timeline set).
func scan(row interface{ Scan(...any) error }, timeline ...bool) (Request, error) {
	r := Request{Kind: approval.KindOvertime}
	var created, decided database.ScanTime
	dst := []any{&r.ID, &r.PersonID, &r.Date, &r.WorkedMinutes, &r.Minutes, &r.Reason, &r.State, &created, &decided}
	if len(timeline) > 0 && timeline[0] {
		dst = append(dst, (*approval.Timeline)(&r.Timeline))
	}
	err := row.Scan(dst...)
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	r.CreatedAt, r.DecidedAt = created.T, decided.Ptr()
	return r, err
}

func (s *Service) byDate(ctx context.Context, orgID, personID int64, date string) (Request, error) {
	r, err := scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+cols+` FROM overtime_requests WHERE org_id = $1 AND person_id = $2 AND date = $3`, orgID, personID, date))
	if err != nil {
		return r, err
	}
	r.Timeline, err = s.approvals.Timeline(ctx, orgID, approval.KindOvertime, r.ID)
	return r, err
}

// Get returns a request with its timeline.
func (s *Service) Get(ctx context.Context, orgID, id int64) (Request, error) {
	r, err := scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+cols+` FROM overtime_requests WHERE org_id = $1 AND id = $2`, orgID, id))
	if err != nil {
		return r, err
	}
	r.Timeline, err = s.approvals.Timeline(ctx, orgID, approval.KindOvertime, id)
	return r, err
}

// Many returns some requests of the organisation by id (an approver's inbox), without
// timelines, in one query.
func (s *Service) Many(ctx context.Context, orgID int64, ids []int64) (map[int64]Request, error) {
	out := map[int64]Request{}
	if len(ids) == 0 {
		return out, nil
	}
	args := []any{orgID}
	marks := make([]string, len(ids))
	for i, id := range ids {
		args = append(args, id)
		marks[i] = fmt.Sprintf("$%d", i+2)
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+cols+` FROM overtime_requests WHERE org_id = $1 AND id IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out[r.ID] = r
	}
	return out, rows.Err()
}

// Mine lists a person's overtime requests, newest first (at most 100), with their timelines.
func (s *Service) Mine(ctx context.Context, orgID, personID int64) ([]Request, error) {
	// Each request's timeline in the same statement (approval.TimelineColumn).
	tl := approval.TimelineColumn(s.db.Dialect, "o.org_id", "'"+approval.KindOvertime+"'", "o.id")
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+cols+`, `+tl+` FROM overtime_requests o WHERE org_id = $1 AND person_id = $2 ORDER BY date DESC, id DESC LIMIT 100`, orgID, personID)
	if err != nil {
		return nil, err
	}
	out := []Request{}
	for rows.Next() {
		r, err := scan(rows, true)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// approve is the final approval's effect: the request's minutes become the approved ones.
func (s *Service) approve(ctx context.Context, orgID, id int64, _ approval.Actor, _ string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE overtime_requests SET state = 'approved', decided_at = $3 WHERE org_id = $1 AND id = $2`, orgID, id, database.Now())
	return err
}

func (s *Service) reject(ctx context.Context, orgID, id int64, _ approval.Actor, _ string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE overtime_requests SET state = 'rejected', decided_at = $3 WHERE org_id = $1 AND id = $2`, orgID, id, database.Now())
	return err
}
