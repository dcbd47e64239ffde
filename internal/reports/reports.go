// Package reports keeps saved reports (issue 15): a report screen with its filters, saved
// under a name, and optionally e-mailed as a file on a schedule to chosen people of the
// organisation. The file is rendered by the same code as the screen's download (the API
// hands a Renderer in); the e-mails go through the one outbox, the file attached.
//
// The schedule runs once across nodes: a node claims a due report in one statement
// (locked_until, SKIP LOCKED on PostgreSQL, as the outbox and device commands do), renders
// it, then queues its e-mails and moves next_run_at on in one transaction that holds only
// while its claim does.
package reports

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/mail"
	"hadir/internal/platform/validate"
)

// ErrNotFound is a saved report that is not the organisation's.
var ErrNotFound = errors.New("reports: not found")

// Kinds of report and the filters each takes (the query parameters of its screen, without
// the period, which a run computes: see Period).
var Kinds = map[string][]string{
	"daily":   {"kind"},
	"monthly": {"kind", "base"},
	"yearly":  {"kind"},
	"payroll": {"kind", "group_id", "department_id", "mapping"},
	// leave_kind: leave (the default) or away, the screen's two faces.
	"leave_statistics": {"leave_kind"},
}

// Formats each kind can be sent as (payroll has no PDF layout).
var Formats = map[string][]string{
	"daily": {"xlsx", "pdf"}, "monthly": {"xlsx", "pdf"}, "yearly": {"xlsx", "pdf"}, "payroll": {"xlsx"}, "leave_statistics": {"xlsx", "pdf"},
}

// Schedules.
const (
	None    = "none"
	Daily   = "daily"
	Weekly  = "weekly"
	Monthly = "monthly"
)

// DefaultRunTime is the local time a schedule runs at when none is given: late enough to be
// after the cut-off of ordinary day shifts (a fixed time, not the groups' cut-offs).
const DefaultRunTime = "23:00"

// Langs are the languages a report's e-mail can be written in.
var Langs = []string{"en", "ms", "ch", "jp", "es", "de", "fr"}

// Report is a saved report.
type Report struct {
	ID         int64             `json:"id"`
	Name       string            `json:"name"`
	Kind       string            `json:"kind"`
	Filters    map[string]string `json:"filters"`
	Format     string            `json:"format"`
	Schedule   string            `json:"schedule"`
	Weekday    int               `json:"weekday"`
	MonthDay   int               `json:"month_day"`
	RunTime    string            `json:"run_time"`
	Recipients []int64           `json:"recipients"`
	Lang       string            `json:"lang"`
	NextRunAt  *time.Time        `json:"next_run_at"`
	LastRunAt  *time.Time        `json:"last_run_at"`
	LastError  string            `json:"last_error"`
	CreatedBy  *int64            `json:"created_by"`
	CreatedAt  time.Time         `json:"created_at"`
	UpdatedAt  time.Time         `json:"updated_at"`
	OrgID      int64             `json:"-"`
}

// Input is what an admin saves.
type Input struct {
	Name       string            `json:"name"`
	Kind       string            `json:"kind"`
	Filters    map[string]string `json:"filters"`
	Format     string            `json:"format"`
	Schedule   string            `json:"schedule"`
	Weekday    int               `json:"weekday"`
	MonthDay   int               `json:"month_day"`
	RunTime    string            `json:"run_time"`
	Recipients []int64           `json:"recipients"`
	Lang       string            `json:"lang"`
}

// File is a rendered report.
type File = mail.Attachment

// Renderer renders a report for the period that contains day (a date in the organisation's
// zone), acting as the user who saved it.
type Renderer func(ctx context.Context, r Report, day time.Time) (File, error)

// Zone gives an organisation's time zone.
type Zone func(ctx context.Context, orgID int64) (*time.Location, error)

// Service stores saved reports and runs their schedules.
type Service struct {
	db     *database.DB
	outbox *mail.Outbox
	zone   Zone
	render Renderer
	// Lease is how long a claimed run is reserved to the node that claimed it.
	Lease time.Duration
	// PollInterval is how often Run looks for due reports.
	PollInterval time.Duration
	// Now is the clock (tests move it).
	Now func() time.Time
}

// NewService returns the service; SetRenderer must be called before reports are sent.
func NewService(db *database.DB, outbox *mail.Outbox, zone Zone) *Service {
	return &Service{db: db, outbox: outbox, zone: zone, Lease: 5 * time.Minute, PollInterval: 30 * time.Second,
		Now: func() time.Time { return database.Now() }}
}

// SetRenderer sets how reports are rendered (the API's export code).
func (s *Service) SetRenderer(r Renderer) { s.render = r }

func (s *Service) check(ctx context.Context, orgID int64, in *Input) error {
	c := validate.New()
	in.Name = strings.TrimSpace(in.Name)
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 120)
		c.NoControl("name", in.Name, false)
	}
	allowed, ok := Kinds[in.Kind]
	if !ok {
		c.Add("kind", "validation.invalid", "kind must be daily, monthly, yearly, payroll or leave_statistics", nil)
	}
	if in.Filters == nil {
		in.Filters = map[string]string{}
	}
	if ok {
		for k, v := range in.Filters {
			field := "filters." + k
			switch {
			case !slices.Contains(allowed, k):
				c.Add(field, "validation.invalid", fmt.Sprintf("a %s report takes no filter %q", in.Kind, k), nil)
			case k == "kind" && v != "" && v != "teacher" && v != "staff" && v != "employee":
				c.Add(field, "validation.invalid", "kind must be teacher, staff or employee", nil)
			case k == "leave_kind" && v != "" && v != "leave" && v != "away":
				c.Add(field, "validation.invalid", "leave_kind must be leave or away", nil)
			case strings.HasSuffix(k, "_id") || k == "mapping":
				if n, err := strconv.ParseInt(v, 10, 64); v != "" && (err != nil || n < 1) {
					c.Add(field, "validation.invalid", "must be an id", nil)
				}
			default:
				c.MaxLen(field, v, 100)
				c.NoControl(field, v, false)
			}
		}
		if in.Format == "" {
			in.Format = "xlsx"
		}
		if !slices.Contains(Formats[in.Kind], in.Format) {
			c.Add("format", "validation.invalid", "format must be one of "+strings.Join(Formats[in.Kind], ", "), nil)
		}
	}
	if in.Schedule == "" {
		in.Schedule = None
	}
	switch in.Schedule {
	case None, Daily:
		in.Weekday, in.MonthDay = 0, 0
	case Weekly:
		in.MonthDay = 0
		if in.Weekday < 0 || in.Weekday > 6 {
			c.Add("weekday", "validation.range", "weekday must be 0 (Sunday) to 6 (Saturday)", nil)
		}
	case Monthly:
		in.Weekday = 0
		if in.MonthDay < 1 || in.MonthDay > 31 {
			c.Add("month_day", "validation.range", "month_day must be 1 to 31", nil)
		}
	default:
		c.Add("schedule", "validation.invalid", "schedule must be none, daily, weekly or monthly", nil)
	}
	if in.RunTime == "" {
		in.RunTime = DefaultRunTime
	}
	if _, err := time.Parse("15:04", in.RunTime); err != nil || len(in.RunTime) != 5 {
		c.Add("run_time", "validation.invalid", "run_time must be HH:MM", nil)
	}
	if in.Lang == "" {
		in.Lang = "en"
	}
	if !slices.Contains(Langs, in.Lang) {
		c.Add("lang", "validation.invalid", "lang must be one of "+strings.Join(Langs, ", "), nil)
	}
	if in.Schedule != None && len(in.Recipients) == 0 {
		c.Add("recipients", "validation.required", "a scheduled report needs at least one recipient", nil)
	}
	if len(in.Recipients) > 50 {
		c.Add("recipients", "validation.max", "at most 50 recipients", nil)
	}
	in.Recipients = uniq(in.Recipients)
	if !c.Has("recipients") && len(in.Recipients) > 0 {
		emails, err := s.emails(ctx, orgID, in.Recipients)
		if err != nil {
			return err
		}
		for _, id := range in.Recipients {
			if emails[id] == "" {
				c.Add("recipients", "validation.invalid", fmt.Sprintf("user %d is not a member of the organisation with an e-mail address", id), nil)
				break
			}
		}
	}
	return c.Err()
}

func uniq(ids []int64) []int64 {
	out := []int64{}
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// Recipient is a user of the organisation who can be sent reports.
type Recipient struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	Role  string `json:"role"`
}

// Recipients are the organisation's users with an e-mail address, by name.
func (s *Service) Recipients(ctx context.Context, orgID int64) ([]Recipient, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, name, email, role FROM users WHERE org_id = $1 AND email <> '' ORDER BY name, id`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Recipient{}
	for rows.Next() {
		var r Recipient
		if err := rows.Scan(&r.ID, &r.Name, &r.Email, &r.Role); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// emails are the e-mail addresses of those of the users that belong to the organisation.
func (s *Service) emails(ctx context.Context, orgID int64, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, email FROM users WHERE org_id = $1 AND email <> ''`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var e string
		if err := rows.Scan(&id, &e); err != nil {
			return nil, err
		}
		if slices.Contains(ids, id) {
			out[id] = e
		}
	}
	return out, rows.Err()
}

// Next is the first run of a schedule strictly after after, at run time in loc; nil for none.
func Next(in Input, loc *time.Location, after time.Time) *time.Time {
	if in.Schedule == None || in.Schedule == "" {
		return nil
	}
	hm, err := time.Parse("15:04", in.RunTime)
	if err != nil {
		hm, _ = time.Parse("15:04", DefaultRunTime)
	}
	local := after.In(loc)
	y, m, d := local.Date()
	for i := 0; i < 400; i++ {
		day := time.Date(y, m, d+i, 0, 0, 0, 0, loc)
		ok := false
		switch in.Schedule {
		case Daily:
			ok = true
		case Weekly:
			ok = int(day.Weekday()) == in.Weekday
		case Monthly:
			last := time.Date(day.Year(), day.Month()+1, 0, 0, 0, 0, 0, loc).Day()
			ok = day.Day() == min(in.MonthDay, last)
		}
		if !ok {
			continue
		}
		at := time.Date(day.Year(), day.Month(), day.Day(), hm.Hour(), hm.Minute(), 0, 0, loc).UTC()
		if at.After(after) {
			return &at
		}
	}
	return nil
}

const columns = `id, org_id, name, kind, filters, format, schedule, weekday, month_day, run_time, recipients, lang,
	next_run_at, last_run_at, last_error, created_by, created_at, updated_at`

func scan(row interface{ Scan(...any) error }) (Report, error) {
	var r Report
	var filters, recipients string
	var next, last sql.NullTime
	var by sql.NullInt64
	if err := row.Scan(&r.ID, &r.OrgID, &r.Name, &r.Kind, &filters, &r.Format, &r.Schedule, &r.Weekday, &r.MonthDay, &r.RunTime,
		&recipients, &r.Lang, &next, &last, &r.LastError, &by, &r.CreatedAt, &r.UpdatedAt); err != nil {
		return r, err
	}
	r.Filters = map[string]string{}
	_ = json.Unmarshal([]byte(filters), &r.Filters)
	r.Recipients = []int64{}
	for _, p := range strings.Split(recipients, ",") {
		if id, err := strconv.ParseInt(p, 10, 64); err == nil {
			r.Recipients = append(r.Recipients, id)
		}
	}
	if next.Valid {
		t := next.Time.UTC()
		r.NextRunAt = &t
	}
	if last.Valid {
		t := last.Time.UTC()
		r.LastRunAt = &t
	}
	if by.Valid {
		r.CreatedBy = &by.Int64
	}
	return r, nil
}

func joinIDs(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, ",")
}

// List returns the organisation's saved reports, oldest first.
func (s *Service) List(ctx context.Context, orgID int64) ([]Report, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+columns+` FROM saved_reports WHERE org_id = $1 ORDER BY id`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Report{}
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Get returns one saved report of the organisation.
func (s *Service) Get(ctx context.Context, orgID, id int64) (Report, error) {
	r, err := scan(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+columns+` FROM saved_reports WHERE org_id = $1 AND id = $2`, orgID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	return r, err
}

// Create saves a report.
func (s *Service) Create(ctx context.Context, orgID, userID int64, in Input) (Report, error) {
	if err := s.check(ctx, orgID, &in); err != nil {
		return Report{}, err
	}
	loc, err := s.zone(ctx, orgID)
	if err != nil {
		return Report{}, err
	}
	now := database.Now()
	filters, _ := json.Marshal(in.Filters)
	var by any
	if userID > 0 {
		by = userID
	}
	var id int64
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		return s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO saved_reports (org_id, name, kind, filters, format, schedule, weekday, month_day, run_time,
			recipients, lang, next_run_at, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING id`,
			orgID, in.Name, in.Kind, string(filters), in.Format, in.Schedule, in.Weekday, in.MonthDay, in.RunTime, joinIDs(in.Recipients), in.Lang,
			nullTime(Next(in, loc, s.Now())), by, now).Scan(&id)
	})
	if err != nil {
		return Report{}, err
	}
	return s.Get(ctx, orgID, id)
}

func nullTime(t *time.Time) any {
	if t == nil {
		return nil
	}
	return *t
}

// Update changes a saved report; its next run is computed again.
func (s *Service) Update(ctx context.Context, orgID, id int64, in Input) (Report, error) {
	if err := s.check(ctx, orgID, &in); err != nil {
		return Report{}, err
	}
	loc, err := s.zone(ctx, orgID)
	if err != nil {
		return Report{}, err
	}
	filters, _ := json.Marshal(in.Filters)
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE saved_reports SET name = $1, kind = $2, filters = $3, format = $4, schedule = $5, weekday = $6,
			month_day = $7, run_time = $8, recipients = $9, lang = $10, next_run_at = $11, updated_at = $12 WHERE org_id = $13 AND id = $14`,
			in.Name, in.Kind, string(filters), in.Format, in.Schedule, in.Weekday, in.MonthDay, in.RunTime, joinIDs(in.Recipients), in.Lang,
			nullTime(Next(in, loc, s.Now())), database.Now(), orgID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if err != nil {
		return Report{}, err
	}
	return s.Get(ctx, orgID, id)
}

// Delete removes a saved report.
func (s *Service) Delete(ctx context.Context, orgID, id int64) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM saved_reports WHERE org_id = $1 AND id = $2`, orgID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// SendNow renders a report for today (in the organisation's zone) and queues it to its
// recipients, leaving its schedule alone. It returns how many e-mails were queued.
func (s *Service) SendNow(ctx context.Context, orgID, id int64) (int, error) {
	r, err := s.Get(ctx, orgID, id)
	if err != nil {
		return 0, err
	}
	if len(r.Recipients) == 0 {
		return 0, validate.Field("recipients", "validation.required", "the report has no recipients")
	}
	loc, err := s.zone(ctx, orgID)
	if err != nil {
		return 0, err
	}
	f, err := s.render(ctx, r, s.Now().In(loc))
	if err != nil {
		return 0, err
	}
	var n int
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		n, err = s.enqueue(ctx, r, f)
		return err
	})
	return n, err
}

// enqueue queues the report's e-mail, the file attached, to each recipient still in the
// organisation with an address.
func (s *Service) enqueue(ctx context.Context, r Report, f File) (int, error) {
	emails, err := s.emails(ctx, r.OrgID, r.Recipients)
	if err != nil {
		return 0, err
	}
	t := text(r.Lang)
	n := 0
	for _, id := range r.Recipients {
		to := emails[id]
		if to == "" {
			continue
		}
		m := mail.Message{OrgID: r.OrgID, To: to, Subject: fmt.Sprintf(t.subject, r.Name),
			Body: fmt.Sprintf(t.body, r.Name, f.Filename), Attachments: []mail.Attachment{f}}
		if err := s.outbox.Enqueue(ctx, m); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// RunDue claims one due report, sends it and moves its schedule on. It reports whether it
// found one.
func (s *Service) RunDue(ctx context.Context) (bool, error) {
	now := s.Now().UTC().Truncate(time.Microsecond)
	lease := now.Add(s.Lease)
	lock := ""
	if s.db.Dialect == database.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	var id, orgID int64
	err := s.db.QueryRowContext(ctx, `UPDATE saved_reports SET locked_until = $1
		WHERE id = (SELECT id FROM saved_reports WHERE next_run_at IS NOT NULL AND next_run_at <= $2
		            AND (locked_until IS NULL OR locked_until < $2) ORDER BY next_run_at, id LIMIT 1`+lock+`)
		  AND next_run_at <= $2 AND (locked_until IS NULL OR locked_until < $2)
		RETURNING id, org_id`, lease, now).Scan(&id, &orgID)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	r, err := s.Get(ctx, orgID, id)
	if err != nil {
		return true, err
	}
	loc, err := s.zone(ctx, orgID)
	if err != nil {
		return true, err
	}
	due := now
	if r.NextRunAt != nil {
		due = *r.NextRunAt
	}
	in := Input{Schedule: r.Schedule, Weekday: r.Weekday, MonthDay: r.MonthDay, RunTime: r.RunTime}
	next := Next(in, loc, now)
	f, rerr := s.render(ctx, r, due.In(loc))
	lastErr := ""
	if rerr != nil {
		lastErr = rerr.Error()
		slog.Warn("reports: rendering a scheduled report failed", "id", id, "org", orgID, "err", rerr)
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		// Only while the claim holds: a node that took longer than the lease lets the run go.
		res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE saved_reports SET next_run_at = $1, locked_until = NULL, last_run_at = $2, last_error = $3
			WHERE id = $4 AND locked_until = $5`, nullTime(next), now, lastErr, id, lease)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errLeaseLost
		}
		if rerr != nil {
			return nil
		}
		_, err = s.enqueue(ctx, r, f)
		return err
	})
	if errors.Is(err, errLeaseLost) {
		slog.Warn("reports: a run outlived its claim; another node runs it", "id", id)
		return true, nil
	}
	return true, err
}

var errLeaseLost = errors.New("reports: claim lost")

// Run sends due reports until ctx ends.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(s.PollInterval)
	defer t.Stop()
	for {
		for ctx.Err() == nil {
			found, err := s.RunDue(ctx)
			if err != nil && ctx.Err() == nil {
				slog.Error("reports: scheduler", "err", err)
			}
			if !found {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
