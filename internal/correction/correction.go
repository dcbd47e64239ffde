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
	"hadir/internal/leave"
	"hadir/internal/platform/auth"
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

// ErrForbidden is a request of the organisation the actor may not see.
var ErrForbidden = errors.New("correction: not yours to see")

// Input is what a member asks.
type Input struct {
	Date    string
	Kind    string
	Time    string
	PunchID int64
	Status  int
	Reason  string
	// Attachment is an optional document (checked by leave.CheckAttachment), stored as the
	// leave applications' are.
	Attachment *leave.Attachment
}

// Request is a stored correction request with its place in the chain.
type Request struct {
	ID        int64      `json:"id"`
	Kind      string     `json:"kind"`
	PersonID  int64      `json:"person_id"`
	Date      string     `json:"date"`
	Type      string     `json:"type"`
	Time      string     `json:"time"`
	PunchID   *int64     `json:"punch_id"`
	Status    *int       `json:"status"`
	Reason    string     `json:"reason"`
	State     string     `json:"state"`
	CreatedAt time.Time  `json:"created_at"`
	AppliedAt *time.Time `json:"applied_at"`
	// AttachmentURL opens the request's document ("" without one); AttachmentName is its name.
	AttachmentURL  string              `json:"attachment_url"`
	AttachmentName string              `json:"attachment_name"`
	Timeline       []approval.Decision `json:"timeline"`
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
		var att any
		if a := in.Attachment; a != nil {
			var attID int64
			if err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO leave_attachments (org_id, key, name, content_type, data, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
				orgID, auth.RandomToken(18), a.Name, a.ContentType, a.Data, database.Now()).Scan(&attID); err != nil {
				return err
			}
			att = attID
		}
		if err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO attendance_requests (org_id, person_id, date, kind, time, punch_id, status, reason, state, created_by, created_at, attachment_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10, $11) RETURNING id`,
			orgID, personID, in.Date, in.Kind, in.Time, punch, status, in.Reason, user, database.Now(), att).Scan(&id); err != nil {
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

const cols = `r.id, r.person_id, r.date, r.kind, r.time, r.punch_id, r.status, r.reason, r.state, r.created_at, r.applied_at, COALESCE(f.name, '')`

// from is the requests with their documents' names.
const from = ` FROM attendance_requests r LEFT JOIN leave_attachments f ON f.org_id = r.org_id AND f.id = r.attachment_id`

// scan reads a row of cols, and then the request's timeline when the query adds a
// approval.TimelineColumn (timeline set).
func scan(row interface{ Scan(...any) error }, timeline ...bool) (Request, error) {
	var r Request
	var punch, status sql.NullInt64
	var created, applied database.ScanTime
	dst := []any{&r.ID, &r.PersonID, &r.Date, &r.Type, &r.Time, &punch, &status, &r.Reason, &r.State, &created, &applied, &r.AttachmentName}
	if len(timeline) > 0 && timeline[0] {
		dst = append(dst, (*approval.Timeline)(&r.Timeline))
	}
	err := row.Scan(dst...)
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	if r.AttachmentName != "" {
		r.AttachmentURL = AttachmentURL(r.ID)
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
	r, err := scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+cols+from+` WHERE r.org_id = $1 AND r.id = $2`, orgID, id))
	if err != nil {
		return r, err
	}
	r.Timeline, err = s.approvals.Timeline(ctx, orgID, approval.KindCorrection, id)
	return r, err
}

// Mine lists a person's requests, newest first (at most 100), with their timelines.
func (s *Service) Mine(ctx context.Context, orgID, personID int64) ([]Request, error) {
	// Each request's timeline in the same statement (approval.TimelineColumn).
	tl := approval.TimelineColumn(s.db.Dialect, "r.org_id", "'"+approval.KindCorrection+"'", "r.id")
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+cols+`, `+tl+from+` WHERE r.org_id = $1 AND r.person_id = $2 ORDER BY r.id DESC LIMIT 100`, orgID, personID)
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

// AttachmentURL is where a request's document opens.
func AttachmentURL(id int64) string { return fmt.Sprintf("/api/requests/attendance/%d/attachment", id) }

// Attachment returns a request's document, for whoever may see the request (the requester,
// their manager, an approver it waits for or waited for, an admin): ErrNotFound for a request
// of another organisation or without a document, ErrForbidden for anyone else.
func (s *Service) Attachment(ctx context.Context, orgID, id int64, by approval.Actor) (leave.Attachment, error) {
	var a leave.Attachment
	var person int64
	var manager sql.NullInt64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT r.person_id, p.manager_id, COALESCE(f.key, ''), COALESCE(f.name, ''), COALESCE(f.content_type, ''), f.data`+from+`
		JOIN people p ON p.org_id = r.org_id AND p.id = r.person_id WHERE r.org_id = $1 AND r.id = $2`, orgID, id).Scan(&person, &manager, &a.Key, &a.Name, &a.ContentType, &a.Data)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNotFound
	}
	if err != nil {
		return a, err
	}
	if !by.IsAdmin && (by.PersonID == 0 || (by.PersonID != person && by.PersonID != manager.Int64)) {
		ok, err := s.approverOf(ctx, orgID, id, by)
		if err != nil {
			return a, err
		}
		if !ok {
			return leave.Attachment{}, ErrForbidden
		}
	}
	if a.Key == "" {
		return a, ErrNotFound
	}
	return a, nil
}

// approverOf reports whether the request waits for the actor, or the actor decided a level of
// it (the chain showed it to them).
func (s *Service) approverOf(ctx context.Context, orgID, id int64, by approval.Actor) (bool, error) {
	req, err := s.approvals.Request(ctx, orgID, approval.KindCorrection, id)
	if err != nil {
		return false, err
	}
	if req.Status == approval.Pending && req.ApproverID != nil && by.PersonID != 0 && *req.ApproverID == by.PersonID {
		return true, nil
	}
	if by.UserID == 0 {
		return false, nil
	}
	var n int
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM approval_decisions WHERE org_id = $1 AND request_id = $2 AND actor_user = $3 AND action IN ('approved', 'rejected')`,
		orgID, req.ID, by.UserID).Scan(&n)
	return n > 0, err
}

// AttachmentURLs answers, for some requests of the organisation, where each one's document
// opens (only those with one).
func (s *Service) AttachmentURLs(ctx context.Context, orgID int64, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	args := []any{orgID}
	marks := make([]string, len(ids))
	for i, id := range ids {
		args = append(args, id)
		marks[i] = fmt.Sprintf("$%d", i+2)
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id FROM attendance_requests WHERE org_id = $1 AND attachment_id IS NOT NULL AND id IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = AttachmentURL(id)
	}
	return out, rows.Err()
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
