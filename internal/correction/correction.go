// Package correction is the attendance-correction request of issue 12: a member asks to add
// a punch, move one of theirs, or set a day's status, for a past date, with a reason. The
// request goes through the approvals engine (kind attendance_correction, one
// organisation-wide chain, type 0); on final approval it becomes the existing audited manual
// correction of the attendance service, in the engine's transaction, with the request's
// number in the audit reason.
package correction

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

// The kinds of correction.
const (
	AddPunch  = "add_punch"
	MovePunch = "move_punch"
	SetStatus = "status"
)

// ErrNotFound is a request of another person or organisation.
var ErrNotFound = errors.New("correction: not found")

// Input is what a member asks.
type Input struct {
	Date    string
	Kind    string
	Time    string
	PunchID int64
	Status  int
	Reason  string
}

// Request is a stored correction request with its place in the chain.
type Request struct {
	ID        int64               `json:"id"`
	Kind      string              `json:"kind"`
	PersonID  int64               `json:"person_id"`
	Date      string              `json:"date"`
	Type      string              `json:"type"`
	Time      string              `json:"time"`
	PunchID   *int64              `json:"punch_id"`
	Status    *int                `json:"status"`
	Reason    string              `json:"reason"`
	State     string              `json:"state"`
	CreatedAt time.Time           `json:"created_at"`
	AppliedAt *time.Time          `json:"applied_at"`
	Timeline  []approval.Decision `json:"timeline"`
}

// Service holds the correction rules.
type Service struct {
	db        *database.DB
	att       *attendance.Service
	approvals *approval.Service
	orgZone   func(ctx context.Context, orgID int64) (*time.Location, error)
	// Now is the clock.
	Now func() time.Time
}

// NewService returns the service and registers the attendance_correction kind.
func NewService(db *database.DB, att *attendance.Service, apv *approval.Service, zone func(ctx context.Context, orgID int64) (*time.Location, error)) *Service {
	s := &Service{db: db, att: att, approvals: apv, orgZone: zone, Now: time.Now}
	apv.Register(approval.Domain{Kind: approval.KindCorrection, Approve: s.apply, Reject: s.reject})
	return s
}

// Create validates and stores a request of the person, and submits it to the chain.
func (s *Service) Create(ctx context.Context, orgID, personID int64, in Input, by approval.Actor) (Request, error) {
	in.Date, in.Kind, in.Time, in.Reason = strings.TrimSpace(in.Date), strings.TrimSpace(in.Kind), strings.TrimSpace(in.Time), strings.TrimSpace(in.Reason)
	loc, err := s.orgZone(ctx, orgID)
	if err != nil {
		return Request{}, err
	}
	c := validate.New()
	if c.Required("date", in.Date) {
		if _, err := time.Parse(time.DateOnly, in.Date); err != nil {
			c.Add("date", "validation.date", "date must be a date (YYYY-MM-DD)", nil)
		} else if in.Date > s.Now().In(loc).Format(time.DateOnly) {
			c.Add("date", "attendance.future", "a correction is for a past date", nil)
		}
	}
	if c.Required("reason", in.Reason) {
		c.MaxText("reason", in.Reason, 2000)
	}
	needTime := func() {
		if c.Required("time", in.Time) {
			if _, err := attendance.ParseClock(in.Time); err != nil {
				c.Add("time", "validation.time", "time must be a time (HH:MM)", nil)
			}
		}
	}
	switch in.Kind {
	case AddPunch:
		needTime()
	case MovePunch:
		needTime()
		if in.PunchID < 1 {
			c.Add("punch_id", "validation.required", "punch_id is required", nil)
		} else if p, err := s.att.PunchOf(ctx, orgID, in.PunchID); err != nil || p.PersonID != personID {
			c.Invalid("punch_id")
		}
	case SetStatus:
		if in.Status < int(attendance.StatusPresent) || in.Status > int(attendance.StatusOffDay) {
			c.Invalid("status")
		}
	default:
		c.Add("kind", "validation.invalid", "kind is one of add_punch, move_punch, status", nil)
	}
	if err := c.Err(); err != nil {
		return Request{}, err
	}
	var id int64
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		var punch, status, user any
		if in.Kind == MovePunch {
			punch = in.PunchID
		}
		if in.Kind == SetStatus {
			status = in.Status
		}
		if in.Kind == SetStatus {
			in.Time = ""
		}
		if by.UserID != 0 {
			user = by.UserID
		}
		if err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO attendance_requests (org_id, person_id, date, kind, time, punch_id, status, reason, state, created_by, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10) RETURNING id`,
			orgID, personID, in.Date, in.Kind, in.Time, punch, status, in.Reason, user, database.Now()).Scan(&id); err != nil {
			return err
		}
		_, err := s.approvals.Submit(ctx, orgID, approval.KindCorrection, id, 0, personID, by)
		return err
	})
	if err != nil {
		return Request{}, err
	}
	return s.Get(ctx, orgID, id)
}

const cols = `id, person_id, date, kind, time, punch_id, status, reason, state, created_at, applied_at`

func scan(row interface{ Scan(...any) error }) (Request, error) {
	var r Request
	var punch, status sql.NullInt64
	var created, applied database.ScanTime
	err := row.Scan(&r.ID, &r.PersonID, &r.Date, &r.Type, &r.Time, &punch, &status, &r.Reason, &r.State, &created, &applied)
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	r.Kind = approval.KindCorrection
	if punch.Valid {
		r.PunchID = &punch.Int64
	}
	if status.Valid {
		v := int(status.Int64)
		r.Status = &v
	}
	r.CreatedAt, r.AppliedAt = created.T, applied.Ptr()
	return r, err
}

// Get returns a request with its timeline.
func (s *Service) Get(ctx context.Context, orgID, id int64) (Request, error) {
	r, err := scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+cols+` FROM attendance_requests WHERE org_id = $1 AND id = $2`, orgID, id))
	if err != nil {
		return r, err
	}
	r.Timeline, err = s.approvals.Timeline(ctx, orgID, approval.KindCorrection, id)
	return r, err
}

// Mine lists a person's requests, newest first (at most 100), with their timelines.
func (s *Service) Mine(ctx context.Context, orgID, personID int64) ([]Request, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+cols+` FROM attendance_requests WHERE org_id = $1 AND person_id = $2 ORDER BY id DESC LIMIT 100`, orgID, personID)
	if err != nil {
		return nil, err
	}
	out := []Request{}
	for rows.Next() {
		r, err := scan(rows)
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
	for i := range out {
		if out[i].Timeline, err = s.approvals.Timeline(ctx, orgID, approval.KindCorrection, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// apply is the effect of the final approval: the audited manual correction, by the approver,
// with the request's number and reason in the audit log.
func (s *Service) apply(ctx context.Context, orgID, id int64, by approval.Actor, _ string) error {
	r, err := s.Get(ctx, orgID, id)
	if err != nil {
		return err
	}
	actor := attendance.Actor{UserID: by.UserID, Name: by.Name}
	reason := fmt.Sprintf("Request #%d: %s", r.ID, r.Reason)
	switch r.Type {
	case AddPunch:
		_, err = s.att.AddTime(ctx, actor, orgID, "", r.PersonID, r.Date, r.Time, reason)
	case MovePunch:
		err = s.att.EditTime(ctx, actor, orgID, "", *r.PunchID, r.Time, reason)
	case SetStatus:
		_, err = s.att.SetStatus(ctx, actor, orgID, "", r.PersonID, r.Date, attendance.Status(*r.Status), reason)
	}
	if err != nil {
		return err
	}
	_, err = s.db.Q(ctx).ExecContext(ctx, `UPDATE attendance_requests SET state = 'approved', applied_at = $3 WHERE org_id = $1 AND id = $2`, orgID, id, database.Now())
	return err
}

func (s *Service) reject(ctx context.Context, orgID, id int64, _ approval.Actor, _ string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE attendance_requests SET state = 'rejected' WHERE org_id = $1 AND id = $2`, orgID, id)
	return err
}
