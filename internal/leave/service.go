package leave

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode"

	"hadir/internal/attendance"
	"hadir/internal/org"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/mail"
	"hadir/internal/platform/validate"
)

// Calendar tells which dates a person works (schedules minus holidays).
type Calendar interface {
	WorkingDays(ctx context.Context, orgID, personID int64, from, to string) ([]string, error)
}

// Orgs gives the organisation's name and zone.
type Orgs interface {
	Get(ctx context.Context, id int64) (org.Org, error)
}

// Mailer queues e-mail.
type Mailer interface {
	Enqueue(ctx context.Context, m mail.Message) error
}

// Service holds the leave rules for both kinds.
type Service struct {
	db       *database.DB
	store    *SQLStore
	calendar Calendar
	orgs     Orgs
	mail     Mailer
	baseURL  string
	// Now is the clock.
	Now func() time.Time
}

// NewService returns a Service.
func NewService(db *database.DB, store *SQLStore, cal Calendar, orgs Orgs, m Mailer, baseURL string) *Service {
	return &Service{db: db, store: store, calendar: cal, orgs: orgs, mail: m, baseURL: baseURL, Now: time.Now}
}

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
	return s.store.Entitlements(ctx, orgID, personID, kind, pg)
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
	return e, nil
}

// SaveEntitlement creates (ID 0) or updates an entitlement; the period defaults to the
// current calendar year and the amount to the type's default.
func (s *Service) SaveEntitlement(ctx context.Context, orgID int64, personKind, kind string, e Entitlement) (Entitlement, error) {
	if err := s.checkPerson(ctx, orgID, personKind, e.PersonID); err != nil {
		return e, err
	}
	t, err := s.Type(ctx, orgID, kind, e.TypeID)
	if errors.Is(err, ErrNotFound) {
		return e, validate.Field("leave_type_id", "validation.invalid", "the leave type is not valid")
	}
	if err != nil {
		return e, err
	}
	today, err := s.today(ctx, orgID)
	if err != nil {
		return e, err
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
	if e.Entitled < 0 || e.Entitled > 366*100*24 {
		c.Invalid("entitled")
	}
	if e.Carried < 0 {
		c.Invalid("carried_over")
	}
	c.MaxText("note", e.Note, 2000)
	if err := c.Err(); err != nil {
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
	return s.store.Entitlement(ctx, orgID, id)
}

// BulkEntitle gives every listed person the same entitlement (their own rows); existing
// ones for that period are updated. It returns how many it saved.
func (s *Service) BulkEntitle(ctx context.Context, orgID int64, personKind, kind string, personIDs []int64, e Entitlement) (int, error) {
	n := 0
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		for _, id := range personIDs {
			x := e
			x.ID, x.PersonID = 0, id
			if _, err := s.SaveEntitlement(ctx, orgID, personKind, kind, x); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
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
	PersonID   int64
	TypeID     int64
	From, To   string
	Session    string // full (default), am or pm
	Hours      Amount // for hourly types
	Reason     string
	Attachment *Attachment
}

// Actor is who acts on an application.
type Actor struct {
	UserID  int64
	Name    string
	IsAdmin bool
}

// Apply validates and stores an application: pending, or approved at once for an assignment.
// Days counted are the person's working days in the range; overlap with a pending or
// approved application and more than the available balance are refused.
func (s *Service) Apply(ctx context.Context, orgID int64, personKind, kind string, r Request, by Actor, assignment bool) (Application, error) {
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
	if r.Session != "full" && r.Session != "am" && r.Session != "pm" {
		c.Invalid("session")
	} else if r.Session != "full" && r.From != r.To {
		c.Add("session", "leave.half_day_range", "a half day is a single date", nil)
	}
	c.MaxText("reason", r.Reason, MaxReason)
	if r.TypeID == 0 {
		c.Add("leave_type_id", "validation.required", "leave type is required", nil)
	}
	if err := c.Err(); err != nil {
		return Application{}, err
	}
	typ, err := s.Type(ctx, orgID, kind, r.TypeID)
	if errors.Is(err, ErrNotFound) {
		return Application{}, validate.Field("leave_type_id", "validation.invalid", "the leave type is not valid")
	}
	if err != nil {
		return Application{}, err
	}
	if typ.AttachmentRequired && r.Attachment == nil {
		return Application{}, ErrAttachmentRequired
	}
	if typ.Unit == "hour" && (r.Hours <= 0 || r.Hours > 24*100) {
		return Application{}, validate.Field("hours", "validation.required", "hours are required for an hourly type (at most 24)")
	}
	if !by.IsAdmin && !assignment {
		today, err := s.today(ctx, orgID)
		if err != nil {
			return Application{}, err
		}
		if r.To < addDays(today, -30) {
			return Application{}, validate.Field("from_date", "leave.too_old", "applications for dates more than 30 days ago go through an admin")
		}
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
		if len(days) == 0 {
			return ErrNoWorkingDays
		}
		amount := Amount(len(days) * 100)
		switch {
		case typ.Unit == "hour":
			amount = r.Hours
		case r.Session != "full":
			amount = 50
		}
		others, err := s.store.Overlapping(ctx, orgID, p.ID, r.From, r.To)
		if err != nil {
			return err
		}
		for _, o := range others {
			if o.From == o.To && r.From == r.To && o.Session != "full" && r.Session != "full" && o.Session != r.Session {
				continue // the morning and the afternoon of one day
			}
			return ErrOverlap
		}
		if !typ.AllowNegative {
			ent, err := s.store.EntitlementOn(ctx, orgID, p.ID, typ.ID, r.From)
			if err != nil {
				return err
			}
			if r.To > ent.ValidUntil {
				return validate.Field("to_date", "leave.beyond_entitlement", "the dates run past the entitlement's valid-until date "+ent.ValidUntil)
			}
			if ent.Available < amount {
				return fmt.Errorf("%w: %s available, %s asked", ErrInsufficient, ent.Available, amount)
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
			Reason: r.Reason, Status: Pending, Assignment: assignment}
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
		if to == Approved && !typ.AllowNegative {
			ent, err := s.store.EntitlementOn(ctx, orgID, a.PersonID, a.TypeID, a.From)
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
		a.Status, a.Comment, a.DecidedBy = to, comment, by.Name
		if to == Cancelled && !by.IsAdmin {
			return nil
		}
		return s.notifyDecision(ctx, orgID, p, a, typ)
	})
	if err != nil {
		return Application{}, err
	}
	return s.store.Application(ctx, orgID, id)
}

// Applications pages through applications.
func (s *Service) Applications(ctx context.Context, orgID int64, f AppFilter, pg database.Page) ([]Application, int, error) {
	if err := validKind(f.Kind); err != nil {
		return nil, 0, err
	}
	if f.Status != "" && f.Status != Pending && f.Status != Approved && f.Status != Rejected && f.Status != Cancelled {
		return nil, 0, validate.Field("status", "validation.invalid", "status must be pending, approved, rejected or cancelled")
	}
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
		for d := max(a.From, from); d <= a.To && d <= to; d = addDays(d, 1) {
			out[a.PersonID][d] = attendance.Leave{Status: st, Session: a.Session, Name: a.TypeName}
		}
	}
	return out, nil
}

// ---- notifications ----

func (s *Service) notifyAdmins(ctx context.Context, orgID int64, p PersonRow, a Application, t Type) error {
	emails, err := s.store.AdminEmails(ctx, orgID)
	if err != nil {
		return err
	}
	what := "leave"
	if a.Kind == KindAway {
		what = "away"
	}
	for _, to := range emails {
		if err := s.mail.Enqueue(ctx, mail.Message{OrgID: orgID, To: to, Subject: fmt.Sprintf("New %s application from %s", what, p.Name),
			Body: fmt.Sprintf("%s (%s) applied for %s: %s, %s to %s (%s %s).\nReason: %s\n\nReview it in Hadir: %s\n", p.Name, p.Code, what, t.Name, a.From, a.To,
				a.Amount, t.Unit+"s", a.Reason, s.baseURL)}); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) notifyDecision(ctx context.Context, orgID int64, p PersonRow, a Application, t Type) error {
	if p.Email == "" {
		return nil
	}
	return s.mail.Enqueue(ctx, mail.Message{OrgID: orgID, To: p.Email, Subject: fmt.Sprintf("Your %s application was %s", t.Name, a.Status),
		Body: fmt.Sprintf("Hello %s,\n\nYour application for %s from %s to %s (%s %s) was %s by %s.\n%s\nHadir: %s\n", p.Name, t.Name, a.From, a.To, a.Amount,
			t.Unit+"s", a.Status, firstNonEmpty(a.DecidedBy, "an administrator"), a.Comment, s.baseURL)})
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
