package leave

import (
	"context"

	"errors"
	"fmt"
	"hadir/internal/approval"
	"math"
	"net/http"
	"sort"
	"strings"
	"time"
	"unicode"

	"hadir/internal/attendance"
	"hadir/internal/notify"
	"hadir/internal/org"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/mail"
	"hadir/internal/platform/validate"
)

// Calendar tells which dates a person works (schedules minus holidays).
type Calendar interface {
	WorkingDays(ctx context.Context, orgID, personID int64, from, to string) ([]string, error)
	// WorkCalendar answers the same for many people within [from, to].
	WorkCalendar(ctx context.Context, orgID int64, personIDs []int64, from, to string) (*attendance.WorkCalendar, error)
}

// Orgs gives the organisation's name and zone.
type Orgs interface {
	Get(ctx context.Context, id int64) (org.Org, error)
}

// Mailer queues e-mail.
type Mailer interface {
	Enqueue(ctx context.Context, m mail.Message) error
}

// Notifier tells people of a change, in its transaction, by the channels they chose
// (notify.Service): in-app rows and e-mail through the outbox.
type Notifier interface {
	Deliver(ctx context.Context, orgID int64, to []notify.Recipient, n notify.Note) error
	Admins(ctx context.Context, orgID int64) ([]notify.Recipient, error)
}

// Service holds the leave rules for both kinds.
type Service struct {
	db       *database.DB
	store    *SQLStore
	calendar Calendar
	orgs     Orgs
	mail     Mailer
	notify   Notifier // nil: e-mail only, as before notifications existed
	baseURL  string
	// approvals routes applications through their type's chain (DESIGN §10); nil keeps the
	// single admin decision (tests of the leave package alone).
	approvals *approval.Service
	// Now is the clock.
	Now func() time.Time
}

// UseApprovals routes applications of both kinds through the approvals engine: the final
// approval re-checks the balance in the engine's transaction (Check) and marks the
// application approved (Approve); a rejection marks it rejected.
func (s *Service) UseApprovals(a *approval.Service) {
	s.approvals = a
	for _, kind := range []string{KindLeave, KindAway} {
		a.Register(approval.Domain{
			Kind:  kind,
			Check: s.checkFinal,
			Approve: func(ctx context.Context, orgID, id int64, by approval.Actor, comment string) error {
				return s.applyDecision(ctx, orgID, id, Approved, by, comment)
			},
			Reject: func(ctx context.Context, orgID, id int64, by approval.Actor, comment string) error {
				return s.applyDecision(ctx, orgID, id, Rejected, by, comment)
			},
		})
	}
}

// checkFinal re-checks the balance of an application at its final approval, with the person's
// row locked, so two final approvals that together exceed it cannot both succeed.
func (s *Service) checkFinal(ctx context.Context, orgID, id int64) error {
	a, err := s.store.Application(ctx, orgID, id)
	if err != nil {
		return err
	}
	if _, err := s.store.Person(ctx, orgID, a.PersonID, true); err != nil {
		return err
	}
	typ, err := s.store.Type(ctx, orgID, a.TypeID)
	if err != nil {
		return err
	}
	if typ.AllowNegative {
		return nil
	}
	ent, err := s.entitlementOn(ctx, orgID, a.PersonID, typ, a.From)
	if err != nil {
		return err
	}
	if ent.Balance < a.Amount {
		return fmt.Errorf("%w: %s left, %s asked", ErrInsufficient, ent.Balance, a.Amount)
	}
	return nil
}

// applyDecision is the effect of the engine's final decision on the application, with the
// applicant's e-mail.
func (s *Service) applyDecision(ctx context.Context, orgID, id int64, to string, by approval.Actor, comment string) error {
	a, err := s.store.Application(ctx, orgID, id)
	if err != nil {
		return err
	}
	if err := s.store.Decide(ctx, orgID, id, []string{Pending}, to, by.UserID, by.Name, comment); err != nil {
		return err
	}
	p, err := s.store.Person(ctx, orgID, a.PersonID, false)
	if err != nil {
		return err
	}
	typ, err := s.store.Type(ctx, orgID, a.TypeID)
	if err != nil {
		return err
	}
	a.Status, a.Comment, a.DecidedBy = to, comment, by.Name
	return s.notifyDecision(ctx, orgID, p, a, typ)
}

// Timeline returns the approval steps of an application (empty when it never went through
// the engine).
func (s *Service) Timeline(ctx context.Context, orgID int64, kind string, id int64) ([]approval.Decision, error) {
	if s.approvals == nil {
		return []approval.Decision{}, nil
	}
	return s.approvals.Timeline(ctx, orgID, kind, id)
}

// NewService returns a Service.
func NewService(db *database.DB, store *SQLStore, cal Calendar, orgs Orgs, m Mailer, baseURL string) *Service {
	return &Service{db: db, store: store, calendar: cal, orgs: orgs, mail: m, baseURL: baseURL, Now: time.Now}
}

// SetNotifier sends the service's news through n (in-app and e-mail by preference)
// instead of straight to the outbox.
func (s *Service) SetNotifier(n Notifier) { s.notify = n }

func (s *Service) today(ctx context.Context, orgID int64) (string, error) {
	o, err := s.orgs.Get(ctx, orgID)
	if err != nil {
		return "", err
	}
	return s.Now().In(o.Location()).Format(time.DateOnly), nil
}

func validKind(kind string) error {
	if kind != KindLeave && kind != KindAway {
		return ErrNotFound
	}
	return nil
}

// ---- types ----

// Types pages through the types of a kind.
func (s *Service) Types(ctx context.Context, orgID int64, kind, name string, pg database.Page) ([]Type, int, error) {
	if err := validKind(kind); err != nil {
		return nil, 0, err
	}
	return s.store.Types(ctx, orgID, kind, strings.TrimSpace(name), pg)
}

// Type returns one type of a kind.
func (s *Service) Type(ctx context.Context, orgID int64, kind string, id int64) (Type, error) {
	t, err := s.store.Type(ctx, orgID, id)
	if err == nil && t.Kind != kind {
		return Type{}, ErrNotFound
	}
	return t, err
}

// SaveType creates (ID 0) or updates a type.
func (s *Service) SaveType(ctx context.Context, t Type) (Type, error) {
	if err := validKind(t.Kind); err != nil {
		return t, err
	}
	t.Name, t.Description, t.Unit = strings.TrimSpace(t.Name), strings.TrimSpace(t.Description), strings.TrimSpace(t.Unit)
	if t.Unit == "" {
		t.Unit = "day"
	}
	c := validate.New()
	if c.Required("type", t.Name) {
		c.MaxLen("type", t.Name, 100)
	}
	c.MaxText("description", t.Description, MaxDescription)
	if t.Unit != "day" && t.Unit != "hour" {
		c.Invalid("unit")
	}
	if t.DefaultAmount < 0 || t.DefaultAmount > 366*100*24 {
		c.Invalid("day_count")
	}
	if t.MaxCarry < 0 {
		c.Invalid("max_carry")
	}
	t.Policy.check(c)
	if err := c.Err(); err != nil {
		return t, err
	}
	if t.ID != 0 {
		if _, err := s.Type(ctx, t.OrgID, t.Kind, t.ID); err != nil {
			return t, err
		}
	}
	id, err := s.store.SaveType(ctx, t)
	if err != nil {
		return t, err
	}
	return s.store.Type(ctx, t.OrgID, id)
}

// DeleteType removes a type; a type in use by entitlements or applications stays.
func (s *Service) DeleteType(ctx context.Context, orgID int64, kind string, id int64) error {
	t, err := s.Type(ctx, orgID, kind, id)
	if err != nil {
		return err
	}
	if t.InUse {
		return ErrTypeInUse
	}
	return s.store.DeleteType(ctx, orgID, kind, id)
}

// ---- entitlements ----

// Entitlements lists a person's entitlements of a kind with balances.
func (s *Service) Entitlements(ctx context.Context, orgID int64, personKind string, personID int64, kind string, pg database.Page) ([]Entitlement, int, error) {
	if err := s.checkPerson(ctx, orgID, personKind, personID); err != nil {
		return nil, 0, err
	}
	ents, total, err := s.store.Entitlements(ctx, orgID, personID, kind, pg)
	if err != nil {
		return nil, 0, err
	}
	today, err := s.today(ctx, orgID)
	if err != nil {
		return nil, 0, err
	}
	if err := s.withPolicies(ctx, orgID, today, ents); err != nil {
		return nil, 0, err
	}
	// An accruing type without a stored entitlement in force today: the year's period the
	// policy computes, first on the first page (and counted in the total).
	types, _, err := s.store.Types(ctx, orgID, kind, "", database.Page{})
	if err != nil {
		return nil, 0, err
	}
	var extra []Entitlement
	for _, t := range types {
		if !t.Policy.Accrues() {
			continue
		}
		e, err := s.entitlementOn(ctx, orgID, personID, t, today)
		if errors.Is(err, ErrNoEntitlement) {
			continue
		}
		if err != nil {
			return nil, 0, err
		}
		if e.ID == 0 {
			extra = append(extra, e)
		}
	}
	total += len(extra)
	if pg.Size == 0 || pg.Number <= 1 {
		ents = append(extra, ents...)
	}
	return ents, total, nil
}

// policyOne applies the type's policy to one entitlement as of today.
func (s *Service) policyOne(ctx context.Context, orgID int64, e Entitlement) (Entitlement, error) {
	today, err := s.today(ctx, orgID)
	if err != nil {
		return e, err
	}
	ents := []Entitlement{e}
	err = s.withPolicies(ctx, orgID, today, ents)
	return ents[0], err
}

func (s *Service) checkPerson(ctx context.Context, orgID int64, personKind string, personID int64) error {
	p, err := s.store.Person(ctx, orgID, personID, false)
	if err != nil {
		return err
	}
	if !attendance.KindMatches(personKind, p.Kind) {
		return ErrNotFound
	}
	return nil
}

// Entitlement returns one entitlement of a kind (for its form).
func (s *Service) Entitlement(ctx context.Context, orgID int64, personKind, kind string, id int64) (Entitlement, error) {
	e, err := s.store.Entitlement(ctx, orgID, id)
	if err != nil {
		return e, err
	}
	t, err := s.store.Type(ctx, orgID, e.TypeID)
	if err != nil || t.Kind != kind {
		return Entitlement{}, ErrNotFound
	}
	if err := s.checkPerson(ctx, orgID, personKind, e.PersonID); err != nil {
		return Entitlement{}, err
	}
	return s.policyOne(ctx, orgID, e)
}

// SaveEntitlement creates (ID 0) or updates an entitlement; the period defaults to the
// current calendar year and the amount to the type's default.
func (s *Service) SaveEntitlement(ctx context.Context, orgID int64, personKind, kind string, e Entitlement) (Entitlement, error) {
	if err := s.checkPerson(ctx, orgID, personKind, e.PersonID); err != nil {
		return e, err
	}
	e, t, err := s.checkEntitlement(ctx, orgID, kind, e)
	if err != nil {
		return e, err
	}
	if e.ID != 0 {
		if _, err := s.Entitlement(ctx, orgID, personKind, kind, e.ID); err != nil {
			return e, err
		}
	} else if id, err := s.store.FindEntitlement(ctx, orgID, e.PersonID, t.ID, e.PeriodStart); err != nil {
		return e, err
	} else if id != 0 {
		e.ID = id // one entitlement per person, type and period: saving again updates it
	}
	id, err := s.store.SaveEntitlement(ctx, orgID, e)
	if errors.Is(err, database.ErrUniqueViolation) {
		// An edit moved the period onto the start of another entitlement of the same person
		// and type (found by the contract fuzz: it was a 500).
		return e, validate.Field("period_start", "validation.taken", "another entitlement of this person and type starts on this date")
	}
	if err != nil {
		return e, err
	}
	saved, err := s.store.Entitlement(ctx, orgID, id)
	if err != nil {
		return saved, err
	}
	return s.policyOne(ctx, orgID, saved)
}

// checkEntitlement checks the type and the fields of an entitlement, whoever it is for, and
// fills the defaults: the period is the current calendar year, valid until its end.
func (s *Service) checkEntitlement(ctx context.Context, orgID int64, kind string, e Entitlement) (Entitlement, Type, error) {
	t, err := s.Type(ctx, orgID, kind, e.TypeID)
	if errors.Is(err, ErrNotFound) {
		return e, t, validate.Field("leave_type_id", "validation.invalid", "the leave type is not valid")
	}
	if err != nil {
		return e, t, err
	}
	today, err := s.today(ctx, orgID)
	if err != nil {
		return e, t, err
	}
	if e.PeriodStart == "" {
		e.PeriodStart = today[:4] + "-01-01"
	}
	if e.ValidUntil == "" {
		if ps, err := time.Parse(time.DateOnly, e.PeriodStart); err == nil {
			e.ValidUntil = ps.Format("2006") + "-12-31"
		} else {
			e.ValidUntil = today[:4] + "-12-31" // period_start is refused below
		}
	}
	c := validate.New()
	ps, err1 := time.Parse(time.DateOnly, e.PeriodStart)
	vu, err2 := time.Parse(time.DateOnly, e.ValidUntil)
	if err1 != nil {
		c.Add("period_start", "validation.date", "period_start must be a date (YYYY-MM-DD)", nil)
	}
	if err2 != nil {
		c.Add("valid_until", "validation.date", "valid_until must be a date (YYYY-MM-DD)", nil)
	} else if err1 == nil && vu.Before(ps) {
		c.Add("valid_until", "validation.after", "valid until must not be before the period start", nil)
	}
	if t.Policy.Accrues() {
		// The policy grants the days; a manual entitlement is an adjustment (up or down)
		// on top, with its reason in the note.
		if e.Entitled < -366*100*24 || e.Entitled > 366*100*24 {
			c.Invalid("entitled")
		}
		if e.Entitled != 0 && strings.TrimSpace(e.Note) == "" {
			c.Add("note", "leave.adjustment_reason", "an adjustment to a type with a policy needs a reason", nil)
		}
	} else if e.Entitled < 0 || e.Entitled > 366*100*24 {
		c.Invalid("entitled")
	}
	if e.Carried < 0 {
		c.Invalid("carried_over")
	}
	c.MaxText("note", e.Note, 2000)
	return e, t, c.Err()
}

// BulkEntitle gives every listed person the same entitlement (their own rows); existing
// ones for that period are updated. It returns how many it saved (one per listed id, as
// saving them one by one did).
//
// It answers exactly what SaveEntitlement called for each person in turn inside one
// transaction answered (the first person checked, then the fields, then everyone), but in
// a fixed number of statements: one to check all the people and one upsert, instead of a
// lookup, a write and a balance read per person (12.7 s for 5,000 people, issue 16).
func (s *Service) BulkEntitle(ctx context.Context, orgID int64, personKind, kind string, personIDs []int64, e Entitlement) (int, error) {
	if len(personIDs) == 0 {
		return 0, nil
	}
	if err := s.checkPerson(ctx, orgID, personKind, personIDs[0]); err != nil {
		return 0, err
	}
	e.ID, e.PersonID = 0, 0
	e, _, err := s.checkEntitlement(ctx, orgID, kind, e)
	if err != nil {
		return 0, err
	}
	ids := distinct(personIDs)
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		kinds, err := s.store.PeopleKinds(ctx, orgID, ids)
		if err != nil {
			return err
		}
		for _, id := range personIDs {
			if k, ok := kinds[id]; !ok || !attendance.KindMatches(personKind, k) {
				return ErrNotFound
			}
		}
		return s.store.UpsertEntitlements(ctx, orgID, ids, e)
	})
	if err != nil {
		return 0, err
	}
	if len(ids) >= bulkAnalyzeRows { // a large set changes the planner's picture of the table
		s.db.AnalyzeSoon("leave_entitlements")
	}
	return len(personIDs), nil
}

// bulkAnalyzeRows is the size of a bulk write after which its tables are analysed (issue 16:
// PostgreSQL without statistics picks scans that take seconds).
const bulkAnalyzeRows = 1000

// distinct returns the ids without repeats, in their first order.
func distinct(ids []int64) []int64 {
	seen := make(map[int64]bool, len(ids))
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// DeleteEntitlement removes an entitlement.
func (s *Service) DeleteEntitlement(ctx context.Context, orgID int64, personKind, kind string, id int64) error {
	if _, err := s.Entitlement(ctx, orgID, personKind, kind, id); err != nil {
		return err
	}
	return s.store.DeleteEntitlement(ctx, orgID, id)
}

// Balances lists the entitlements in force on a date of everyone, with balances (one query).
func (s *Service) Balances(ctx context.Context, orgID int64, kind, date string) ([]Entitlement, error) {
	return s.store.Balances(ctx, orgID, kind, date)
}

// ---- applications ----

// Request is an application as submitted.
type Request struct {
	PersonID int64
	TypeID   int64
	From, To string
	Session  string // full (default), am, pm, or hours for a time range
	Hours    Amount // for hourly types
	// FromTime and ToTime (HH:MM, the organisation's zone) make an hourly type's application
	// a range of one day (session "hours"): the day keeps its status from the punches.
	FromTime, ToTime string
	Reason           string
	Attachment       *Attachment
}

// Actor is who acts on an application.
type Actor struct {
	UserID  int64
	Name    string
	IsAdmin bool
	// PersonID is the person linked to the actor's account (0 when unknown or none); the
	// approvals engine matches it against the approver of a level.
	PersonID int64
}

func (a Actor) approval() approval.Actor {
	return approval.Actor{UserID: a.UserID, Name: a.Name, IsAdmin: a.IsAdmin, PersonID: a.PersonID}
}

// checkRequest checks the fields of an application that need nothing stored, and fills the
// defaults (a full day; one date when to_date is empty).
func checkRequest(r Request) (Request, error) {
	r.Reason, r.Session = strings.TrimSpace(r.Reason), strings.TrimSpace(r.Session)
	if r.Session == "" {
		r.Session = "full"
	}
	if r.To == "" {
		r.To = r.From
	}
	c := validate.New()
	f, errF := time.Parse(time.DateOnly, r.From)
	t, errT := time.Parse(time.DateOnly, r.To)
	if c.Required("from_date", r.From) && errF != nil {
		c.Add("from_date", "validation.date", "from_date must be a date (YYYY-MM-DD)", nil)
	}
	if errT != nil {
		c.Add("to_date", "validation.date", "to_date must be a date (YYYY-MM-DD)", nil)
	} else if errF == nil && t.Before(f) {
		c.Add("to_date", "validation.after", "the end must not be before the start", nil)
	} else if errF == nil && t.Sub(f) > 366*24*time.Hour {
		c.Add("to_date", "validation.max_value", "an application covers at most a year", nil)
	}
	r.FromTime, r.ToTime = strings.TrimSpace(r.FromTime), strings.TrimSpace(r.ToTime)
	if (r.FromTime != "" || r.ToTime != "") && r.Session == "full" {
		r.Session = SessionHours
	}
	if r.Session == SessionHours {
		checkRange(c, r)
	} else if r.FromTime != "" || r.ToTime != "" {
		c.Add("session", "leave.range_session", "a time range has the session hours (or none)", nil)
	} else if r.Session != "full" && r.Session != "am" && r.Session != "pm" {
		c.Invalid("session")
	} else if r.Session != "full" && r.From != r.To {
		c.Add("session", "leave.half_day_range", "a half day is a single date", nil)
	}
	c.MaxText("reason", r.Reason, MaxReason)
	if r.TypeID == 0 {
		c.Add("leave_type_id", "validation.required", "leave type is required", nil)
	}
	return r, c.Err()
}

// SessionHours is the session of a partial-day application: a time range of one date.
const SessionHours = "hours"

// checkRange checks a partial-day application's range: two times of one date (HH:MM), the
// end after the start. The session "am" or "pm" cannot have a range.
func checkRange(c *validate.Checker, r Request) {
	if r.From != r.To {
		c.Add("to_date", "leave.range_one_day", "a time range covers a single date", nil)
	}
	from, errF := attendance.ParseClock(r.FromTime)
	to, errT := attendance.ParseClock(r.ToTime)
	if c.Required("from_time", r.FromTime) && errF != nil {
		c.Add("from_time", "validation.time", "from_time must be a time (HH:MM)", nil)
	}
	if !c.Required("to_time", r.ToTime) {
		return
	}
	if errT != nil {
		c.Add("to_time", "validation.time", "to_time must be a time (HH:MM)", nil)
	} else if errF == nil && to <= from {
		c.Add("to_time", "validation.after", "the end must be after the start, on the same day", nil)
	}
}

// rangeMinutes is the length of a partial-day application's range (0 for another).
func rangeMinutes(fromTime, toTime string) int {
	from, errF := attendance.ParseClock(fromTime)
	to, errT := attendance.ParseClock(toTime)
	if errF != nil || errT != nil || to <= from {
		return 0
	}
	return int(to - from)
}

// checkRequestType checks what an application's type asks of it; a range's hours are the
// range's length.
func checkRequestType(r Request, typ Type) (Request, error) {
	if typ.AttachmentRequired && r.Attachment == nil {
		return r, ErrAttachmentRequired
	}
	if r.Session == SessionHours {
		if typ.Unit != "hour" {
			return r, validate.Field("from_time", "leave.range_hourly_only", "a time range needs a type counted in hours")
		}
		h := Amount(math.Round(float64(rangeMinutes(r.FromTime, r.ToTime)) * 100 / 60))
		if r.Hours != 0 && r.Hours != h {
			return r, validate.Field("hours", "leave.range_hours", "hours must match the time range ("+h.String()+")")
		}
		r.Hours = h
	}
	if typ.Unit == "hour" && (r.Hours <= 0 || r.Hours > 24*100) {
		return r, validate.Field("hours", "validation.required", "hours are required for an hourly type (at most 24)")
	}
	return r, nil
}

// amountFor is what an application takes: its working days, half a day for a session, or
// the hours asked for an hourly type.
func amountFor(workingDays int, typ Type, r Request) (Amount, error) {
	if workingDays == 0 {
		return 0, ErrNoWorkingDays
	}
	switch {
	case typ.Unit == "hour":
		return r.Hours, nil
	case r.Session == "am" || r.Session == "pm":
		return 50, nil
	}
	return Amount(workingDays * 100), nil
}

// overlapsAny reports whether an application touches one of the person's pending or approved
// ones; the morning and the afternoon of one day do not overlap, nor do two time ranges of
// one day whose times do not meet. A full day overlaps everything, and a half day overlaps
// every range of its date (where its half ends depends on the schedule).
func overlapsAny(others []Application, r Request) bool {
	for _, o := range others {
		if o.From > r.To || o.To < r.From {
			continue
		}
		if o.Session == SessionHours && r.Session == SessionHours {
			if o.ToTime <= r.FromTime || r.ToTime <= o.FromTime {
				continue // two ranges of one day, one after the other (HH:MM compares as text)
			}
			return true
		}
		if o.From == o.To && r.From == r.To && (o.Session == "am" || o.Session == "pm") && (r.Session == "am" || r.Session == "pm") && o.Session != r.Session {
			continue // the morning and the afternoon of one day
		}
		return true
	}
	return false
}

// checkAvailable refuses an application that runs past its entitlement or takes more than
// is available.
func checkAvailable(ent Entitlement, r Request, amount Amount) error {
	if r.To > ent.ValidUntil {
		return validate.Field("to_date", "leave.beyond_entitlement", "the dates run past the entitlement's valid-until date "+ent.ValidUntil)
	}
	if ent.Available < amount {
		return fmt.Errorf("%w: %s available, %s asked", ErrInsufficient, ent.Available, amount)
	}
	return nil
}

// Apply validates and stores an application: pending, or approved at once for an assignment.
// Days counted are the person's working days in the range; overlap with a pending or
// approved application and more than the available balance are refused.
func (s *Service) Apply(ctx context.Context, orgID int64, personKind, kind string, r Request, by Actor, assignment bool) (Application, error) {
	r, err := checkRequest(r)
	if err != nil {
		return Application{}, err
	}
	typ, err := s.Type(ctx, orgID, kind, r.TypeID)
	if errors.Is(err, ErrNotFound) {
		return Application{}, validate.Field("leave_type_id", "validation.invalid", "the leave type is not valid")
	}
	if err != nil {
		return Application{}, err
	}
	if r, err = checkRequestType(r, typ); err != nil {
		return Application{}, err
	}
	today, err := s.today(ctx, orgID)
	if err != nil {
		return Application{}, err
	}
	if !by.IsAdmin && !assignment {
		if r.To < addDays(today, -30) {
			return Application{}, validate.Field("from_date", "leave.too_old", "applications for dates more than 30 days ago go through an admin")
		}
	}
	// The type's blackout ranges and minimum notice: a member is refused (422 on from_date);
	// an admin may set them aside, and the application records which.
	broken, err := typ.Policy.DateRules(r.From, r.To, today)
	override := ""
	if err != nil {
		if !by.IsAdmin {
			return Application{}, err
		}
		override = strings.Join(broken, ",")
	}
	var app Application
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		p, err := s.store.Person(ctx, orgID, r.PersonID, true)
		if err != nil {
			return err
		}
		if !attendance.KindMatches(personKind, p.Kind) {
			return ErrNotFound
		}
		days, err := s.calendar.WorkingDays(ctx, orgID, p.ID, r.From, r.To)
		if err != nil {
			return err
		}
		amount, err := amountFor(len(days), typ, r)
		if err != nil {
			return err
		}
		others, err := s.store.Overlapping(ctx, orgID, p.ID, r.From, r.To)
		if err != nil {
			return err
		}
		if overlapsAny(others, r) {
			return ErrOverlap
		}
		if !typ.AllowNegative {
			ent, err := s.entitlementOn(ctx, orgID, p.ID, typ, r.From)
			if err != nil {
				return err
			}
			if err := checkAvailable(ent, r, amount); err != nil {
				return err
			}
		}
		var attID int64
		if r.Attachment != nil {
			r.Attachment.Key = auth.RandomToken(18)
			if attID, err = s.store.SaveAttachment(ctx, orgID, *r.Attachment); err != nil {
				return err
			}
		}
		app = Application{OrgID: orgID, PersonID: p.ID, TypeID: typ.ID, Kind: kind, From: r.From, To: r.To, Session: r.Session, Amount: amount,
			FromTime: r.FromTime, ToTime: r.ToTime, Reason: r.Reason, Status: Pending, Assignment: assignment, PolicyOverride: override}
		if assignment {
			now := database.Now()
			app.Status, app.DecidedBy, app.DecidedAt = Approved, by.Name, &now
		}
		if app.ID, err = s.store.CreateApplication(ctx, app, attID, by.UserID); err != nil {
			return err
		}
		if assignment {
			return s.notifyDecision(ctx, orgID, p, app, typ)
		}
		if s.approvals != nil {
			if _, err := s.approvals.Submit(ctx, orgID, kind, app.ID, typ.ID, p.ID, by.approval()); err != nil {
				return err
			}
		}
		return s.notifyAdmins(ctx, orgID, p, app, typ)
	})
	if err != nil {
		return Application{}, err
	}
	return s.store.Application(ctx, orgID, app.ID)
}

// Decide approves or rejects a pending application (admins), or cancels a pending or
// approved one (the applicant before it starts, or an admin). Approval checks the balance
// again inside the transaction, with the person's row locked, so two approvals that
// together exceed it cannot both succeed.
func (s *Service) Decide(ctx context.Context, orgID int64, personKind, kind string, id int64, to string, by Actor, selfPersonID int64, comment string) (Application, error) {
	comment = strings.TrimSpace(comment)
	c := validate.New()
	c.MaxText("comment", comment, MaxReason)
	if to == Rejected && comment == "" {
		c.Add("comment", "validation.required", "a comment is required to reject", nil)
	}
	if err := c.Err(); err != nil {
		return Application{}, err
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		a, err := s.store.Application(ctx, orgID, id)
		if err != nil {
			return err
		}
		if a.Kind != kind || !attendance.KindMatches(personKind, a.PersonKind) {
			return ErrNotFound
		}
		if !by.IsAdmin && a.PersonID != selfPersonID {
			return ErrNotFound
		}
		p, err := s.store.Person(ctx, orgID, a.PersonID, true)
		if err != nil {
			return err
		}
		typ, err := s.store.Type(ctx, orgID, a.TypeID)
		if err != nil {
			return err
		}
		from := []string{Pending}
		switch to {
		case Approved, Rejected:
			if !by.IsAdmin {
				return ErrNotFound
			}
		case Cancelled:
			from = []string{Pending, Approved}
			if !by.IsAdmin {
				today, err := s.today(ctx, orgID)
				if err != nil {
					return err
				}
				if a.From <= today {
					return ErrStarted
				}
			}
		default:
			return ErrTransition
		}
		if (to == Approved || to == Rejected) && s.approvals != nil {
			return s.decideThroughChain(ctx, orgID, a, typ, to, by, comment)
		}
		if to == Approved && !typ.AllowNegative {
			ent, err := s.entitlementOn(ctx, orgID, a.PersonID, typ, a.From)
			if err != nil {
				return err
			}
			if ent.Balance < a.Amount {
				return fmt.Errorf("%w: %s left, %s asked", ErrInsufficient, ent.Balance, a.Amount)
			}
		}
		if err := s.store.Decide(ctx, orgID, id, from, to, by.UserID, by.Name, comment); err != nil {
			return err
		}
		if to == Cancelled && s.approvals != nil {
			if err := s.approvals.Cancel(ctx, orgID, kind, id, by.approval(), comment); err != nil {
				return err
			}
		}
		a.Status, a.Comment, a.DecidedBy = to, comment, by.Name
		if to == Cancelled && !by.IsAdmin {
			return s.notifyCancelled(ctx, orgID, p, a, typ)
		}
		return s.notifyDecision(ctx, orgID, p, a, typ)
	})
	if err != nil {
		return Application{}, err
	}
	return s.store.Application(ctx, orgID, id)
}

// decideThroughChain is an admin's approve or reject through the spec's leave calls: a
// decision at the application's current level of its chain (an override when that level is
// not the admins'). An application from before the engine is submitted to it first.
func (s *Service) decideThroughChain(ctx context.Context, orgID int64, a Application, typ Type, to string, by Actor, comment string) error {
	if a.Status != Pending {
		return ErrTransition
	}
	if _, err := s.approvals.Request(ctx, orgID, a.Kind, a.ID); errors.Is(err, approval.ErrNotFound) {
		if _, err := s.approvals.Submit(ctx, orgID, a.Kind, a.ID, typ.ID, a.PersonID, approval.Actor{Name: a.PersonName}); err != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	_, err := s.approvals.Decide(ctx, orgID, a.Kind, a.ID, to == Approved, by.approval(), comment)
	if errors.Is(err, approval.ErrDecided) {
		return ErrTransition
	}
	return err
}

// Applications pages through applications.
func (s *Service) Applications(ctx context.Context, orgID int64, f AppFilter, pg database.Page) ([]Application, int, error) {
	if err := validKind(f.Kind); err != nil {
		return nil, 0, err
	}
	if f.Status != "" && f.Status != Pending && f.Status != Approved && f.Status != Rejected && f.Status != Cancelled {
		return nil, 0, validate.Field("status", "validation.invalid", "status must be pending, approved, rejected or cancelled")
	}
	// Each application's approval steps come in the same statement (approval.TimelineColumn).
	f.Timelines = true
	return s.store.Applications(ctx, orgID, f, pg)
}

// Application returns one application of a kind.
func (s *Service) Application(ctx context.Context, orgID int64, kind string, id int64) (Application, error) {
	a, err := s.store.Application(ctx, orgID, id)
	if err == nil && a.Kind != kind {
		return Application{}, ErrNotFound
	}
	return a, err
}

// Attachment returns a document of the organisation.
func (s *Service) Attachment(ctx context.Context, orgID int64, key string) (Attachment, error) {
	return s.store.AttachmentByKey(ctx, orgID, key)
}

// CheckAttachment accepts PDFs and images up to MaxAttachmentBytes, by their content.
func CheckAttachment(name string, data []byte) (*Attachment, error) {
	if len(data) > MaxAttachmentBytes {
		return nil, validate.Field("attachment", "upload.too_large", "the attachment is too large (at most 5 MB)")
	}
	ct := http.DetectContentType(data)
	switch {
	case ct == "application/pdf", strings.HasPrefix(ct, "image/jpeg"), strings.HasPrefix(ct, "image/png"), strings.HasPrefix(ct, "image/gif"), strings.HasPrefix(ct, "image/webp"):
	default:
		return nil, validate.Field("attachment", "leave.attachment_type", "the attachment must be a PDF or an image")
	}
	return &Attachment{Name: attachmentName(name), ContentType: ct, Data: data}, nil
}

// attachmentName keeps a file name the browser sent as storable text: valid UTF-8 without
// control characters (PostgreSQL refuses NUL and invalid UTF-8), at most 200 characters, not
// cut inside a character.
func attachmentName(name string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(name, "\uFFFD"))
	if r := []rune(name); len(r) > 200 {
		name = string(r[:200])
	}
	return name
}

// Stats are the numbers of the statistics screen.
func (s *Service) Stats(ctx context.Context, orgID int64, kind string) (map[string]int, error) {
	today, err := s.today(ctx, orgID)
	if err != nil {
		return nil, err
	}
	t, _ := time.Parse(time.DateOnly, today)
	wd := int(t.Weekday())
	if wd == 0 {
		wd = 7
	}
	monday := t.AddDate(0, 0, 1-wd)
	return s.store.Stats(ctx, orgID, kind, today[:4]+"-01-01", monday.Format(time.DateOnly), monday.AddDate(0, 0, 6).Format(time.DateOnly))
}

// YearCounts counts the applications of a kind that start in the year, by status (pending,
// approved, rejected, cancelled) and in all ("total"): the leave statistics report's summary.
func (s *Service) YearCounts(ctx context.Context, orgID int64, kind string, year int) (map[string]int, error) {
	if err := validKind(kind); err != nil {
		return nil, err
	}
	return s.store.StatusCounts(ctx, orgID, kind, fmt.Sprintf("%04d-01-01", year), fmt.Sprintf("%04d-12-31", year))
}

// ---- attendance ----

// Approved implements attendance.LeaveSource: approved leave (status 3) and away (4) per
// person and working date.
func (s *Service) Approved(ctx context.Context, orgID int64, personIDs []int64, from, to string) (map[int64]map[string]attendance.Leave, error) {
	apps, err := s.store.Approved(ctx, orgID, personIDs, from, to)
	if err != nil {
		return nil, err
	}
	out := map[int64]map[string]attendance.Leave{}
	for _, a := range apps {
		st := attendance.StatusLeave
		if a.Kind == KindAway {
			st = attendance.StatusAway
		}
		if out[a.PersonID] == nil {
			out[a.PersonID] = map[string]attendance.Leave{}
		}
		if a.Session == SessionHours {
			// A partial-day range joins the date's other ranges; a full or half day of the
			// date (which the overlap rule keeps apart from ranges) decides it instead.
			fromC, errF := attendance.ParseClock(a.FromTime)
			toC, errT := attendance.ParseClock(a.ToTime)
			if errF != nil || errT != nil || a.From < from || a.From > to {
				continue
			}
			l := out[a.PersonID][a.From]
			if l.Session == "" {
				l = attendance.Leave{Status: st, Session: attendance.SessionHours, Name: a.TypeName, TypeID: a.TypeID, Paid: a.Paid}
			}
			l.Ranges = append(l.Ranges, attendance.Range{Status: st, Name: a.TypeName, TypeID: a.TypeID, Paid: a.Paid, From: fromC, To: toC})
			sort.Slice(l.Ranges, func(i, j int) bool { return l.Ranges[i].From < l.Ranges[j].From })
			out[a.PersonID][a.From] = l
			continue
		}
		l := attendance.Leave{Status: st, Session: a.Session, Name: a.TypeName, TypeID: a.TypeID, Paid: a.Paid}
		if a.Unit == "hour" {
			// An hourly application's hours, spread evenly over its dates (usually one).
			days := 1
			for d := a.From; d < a.To; d = addDays(d, 1) {
				days++
			}
			l.Minutes = max(1, int(a.Amount)*60/100/days)
		}
		for d := max(a.From, from); d <= a.To && d <= to; d = addDays(d, 1) {
			out[a.PersonID][d] = l
		}
	}
	return out, nil
}

// ---- notifications ----

func (s *Service) notifyAdmins(ctx context.Context, orgID int64, p PersonRow, a Application, t Type) error {
	what := "leave"
	if a.Kind == KindAway {
		what = "away"
	}
	m := mail.Message{OrgID: orgID, Subject: fmt.Sprintf("New %s application from %s", what, p.Name),
		Body: fmt.Sprintf("%s (%s) applied for %s: %s, %s to %s (%s %s).\nReason: %s\n\nReview it in Hadir: %s\n", p.Name, p.Code, what, t.Name, a.From, a.To,
			a.Amount, t.Unit+"s", a.Reason, s.baseURL)}
	if s.notify != nil {
		to, err := s.notify.Admins(ctx, orgID)
		if err != nil {
			return err
		}
		return s.notify.Deliver(ctx, orgID, to, notify.Note{Kind: notify.Submitted, Params: noteParams(p, a, t), Mail: &m})
	}
	emails, err := s.store.AdminEmails(ctx, orgID)
	if err != nil {
		return err
	}
	for _, to := range emails {
		m.To = to
		if err := s.mail.Enqueue(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// noteParams are what the client needs to render a notification about an application.
func noteParams(p PersonRow, a Application, t Type) map[string]any {
	return map[string]any{"application_id": a.ID, "kind": a.Kind, "person_id": p.ID, "person": p.Name, "type": t.Name,
		"from": a.From, "to": a.To, "amount": a.Amount, "unit": t.Unit, "by": a.DecidedBy, "comment": a.Comment}
}

func (s *Service) notifyDecision(ctx context.Context, orgID int64, p PersonRow, a Application, t Type) error {
	if s.notify != nil {
		m := s.decisionMessage(orgID, p, a, t)
		return s.notify.Deliver(ctx, orgID, []notify.Recipient{{UserID: p.UserID, Email: p.Email}},
			notify.Note{Kind: a.Status, Params: noteParams(p, a, t), Mail: &m})
	}
	if p.Email == "" {
		return nil
	}
	return s.mail.Enqueue(ctx, s.decisionMessage(orgID, p, a, t))
}

// notifyCancelled tells the admins, in the app only (no e-mail was sent for this before),
// that an applicant cancelled their application.
func (s *Service) notifyCancelled(ctx context.Context, orgID int64, p PersonRow, a Application, t Type) error {
	if s.notify == nil {
		return nil
	}
	to, err := s.notify.Admins(ctx, orgID)
	if err != nil {
		return err
	}
	a.DecidedBy = p.Name
	params := noteParams(p, a, t)
	params["by_applicant"] = true
	return s.notify.Deliver(ctx, orgID, to, notify.Note{Kind: notify.Cancelled, Params: params})
}

// decisionMessage is the e-mail telling a person how their application was decided.
func (s *Service) decisionMessage(orgID int64, p PersonRow, a Application, t Type) mail.Message {
	return mail.Message{OrgID: orgID, To: p.Email, Subject: fmt.Sprintf("Your %s application was %s", t.Name, a.Status),
		Body: fmt.Sprintf("Hello %s,\n\nYour application for %s from %s to %s (%s %s) was %s by %s.\n%s\nHadir: %s\n", p.Name, t.Name, a.From, a.To, a.Amount,
			t.Unit+"s", a.Status, firstNonEmpty(a.DecidedBy, "an administrator"), a.Comment, s.baseURL)}
}

// batchMailer is a Mailer that stores many messages in a few statements.
type batchMailer interface {
	EnqueueMany(ctx context.Context, ms []mail.Message) error
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

func addDays(date string, n int) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

var pageAll = database.Page{}
