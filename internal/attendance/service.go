package attendance

import (
	"context"
	"fmt"
	"strings"
	"time"

	"hadir/internal/notify"
	"hadir/internal/org"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// LeaveSource gives approved leave and away per person and date (YYYY-MM-DD). The leave
// domain plugs in here; without one, nobody is on leave.
type LeaveSource interface {
	Approved(ctx context.Context, orgID int64, personIDs []int64, from, to string) (map[int64]map[string]Leave, error)
}

// Orgs gives the organisation's time zone.
type Orgs interface {
	Get(ctx context.Context, id int64) (org.Org, error)
}

// Service holds the attendance rules: groups, holidays, punches, corrections and reports.
type Service struct {
	db     *database.DB
	store  *SQLStore
	orgs   Orgs
	leave  LeaveSource
	notify Notifier // nil: corrections tell nobody
	events Emitter  // nil: punches tell no webhook
	// Now is the clock.
	Now func() time.Time
}

// NewService returns a Service.
func NewService(db *database.DB, store *SQLStore, orgs Orgs) *Service {
	return &Service{db: db, store: store, orgs: orgs, Now: time.Now}
}

// Notifier tells people of a change in its transaction (notify.Service).
type Notifier interface {
	Deliver(ctx context.Context, orgID int64, to []notify.Recipient, n notify.Note) error
	Person(ctx context.Context, orgID, personID int64) (notify.Recipient, error)
}

// SetNotifier makes manual corrections tell the person corrected (in-app, and by e-mail if
// they chose it).
func (s *Service) SetNotifier(n Notifier) { s.notify = n }

// noteCorrection tells the person whose attendance an admin corrected, in the correction's
// transaction.
func (s *Service) noteCorrection(ctx context.Context, orgID int64, au Audit) error {
	if s.notify == nil {
		return nil
	}
	r, err := s.notify.Person(ctx, orgID, au.PersonID)
	if err != nil {
		return err
	}
	if r.UserID == 0 {
		return nil // nobody to tell in the app; no e-mail was ever sent for this
	}
	r.Email = ""
	return s.notify.Deliver(ctx, orgID, []notify.Recipient{r}, notify.Note{Kind: notify.CorrectionApplied, Params: map[string]any{
		"person_id": au.PersonID, "date": au.Date, "action": au.Action, "old": au.OldValue, "new": au.NewValue, "by": au.UserName, "reason": au.Reason}})
}

// SetLeaveSource plugs in approved leave.
func (s *Service) SetLeaveSource(l LeaveSource) { s.leave = l }

// The zone is cached per organisation (database.Cached), forgotten on every node when the
// organisation's profile is saved (org.SQLStore), so a report needs no round trip for it.
func (s *Service) location(ctx context.Context, orgID int64) (*time.Location, error) {
	v, err := s.db.Cached(ctx, orgID, "org:location", func() (any, error) {
		o, err := s.orgs.Get(ctx, orgID)
		if err != nil {
			return nil, err
		}
		return o.Location(), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*time.Location), nil
}

// Location is the organisation's time zone, from the same cache as the reports' (a device
// upload needs it for every punch).
func (s *Service) Location(ctx context.Context, orgID int64) (*time.Location, error) {
	return s.location(ctx, orgID)
}

// Actor is who makes a manual change, for the audit log.
type Actor struct {
	UserID int64
	Name   string
}

// Record stores a punch once (see SQLStore.InsertPunch); its local time and offset are those
// of the organisation's zone unless the punch brings its own.
func (s *Service) Record(ctx context.Context, p Punch) (bool, error) {
	_, created, err := s.RecordPunch(ctx, p)
	return created, err
}

// Emitter records an event for the organisation's webhooks in ctx's transaction
// (webhook.Service.Emit); Wants says whether any active webhook of the organisation takes it.
type Emitter interface {
	Emit(ctx context.Context, orgID int64, event, entity string, data any) error
	Wants(ctx context.Context, orgID int64, event string) (bool, error)
}

// PunchRecorded is the webhook event of a new punch.
const PunchRecorded = "punch.recorded"

// SetEmitter makes every new punch (web, kiosk, terminal, manual) tell the webhooks.
func (s *Service) SetEmitter(e Emitter) { s.events = e }

// punchEvent tells the webhooks of a new punch; the deliveries of one person are in order.
func (s *Service) punchEvent(ctx context.Context, p Punch) error {
	if s.events == nil || p.ID == 0 {
		return nil
	}
	return s.events.Emit(ctx, p.OrgID, PunchRecorded, fmt.Sprintf("person:%d", p.PersonID), map[string]any{
		"punch_id": p.ID, "person_id": p.PersonID, "at": p.At.UTC(), "local_time": p.LocalTime, "utc_offset": p.Offset,
		"source": p.Source, "device_id": p.DeviceID, "state": p.State})
}

// RecordPunch is Record returning the punch as stored: with its id and local time (id 0
// when the same punch was stored before).
func (s *Service) RecordPunch(ctx context.Context, p Punch) (Punch, bool, error) {
	if p.LocalTime == "" {
		loc, err := s.location(ctx, p.OrgID)
		if err != nil {
			return p, false, err
		}
		local := p.At.In(loc)
		_, off := local.Zone()
		p.LocalTime, p.Offset = local.Format("2006-01-02T15:04:05"), off/60
	}
	var created bool
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		id, c, err := s.store.InsertPunch(ctx, p)
		p.ID, created = id, c
		if err != nil || !c {
			return err
		}
		return s.punchEvent(ctx, p)
	})
	return p, created, err
}

// checkPerson makes sure a person is an active person of a kind in the organisation.
func (s *Service) checkPerson(ctx context.Context, orgID int64, kind string, personID int64) (PersonRef, error) {
	ps, _, err := s.store.People(ctx, orgID, PeopleFilter{Kind: kind, IDs: []int64{personID}}, database.Page{})
	if err != nil {
		return PersonRef{}, err
	}
	if len(ps) == 0 {
		return PersonRef{}, ErrNotFound
	}
	return ps[0], nil
}

func parseDate(c *validate.Checker, field, v string, loc *time.Location) time.Time {
	if !c.Required(field, v) {
		return time.Time{}
	}
	t, err := time.ParseInLocation(time.DateOnly, v, loc)
	if err != nil {
		c.Add(field, "validation.date", field+" must be a date (YYYY-MM-DD)", nil)
	}
	return t
}

func checkReason(c *validate.Checker, reason string) {
	if c.Required("remark", reason) {
		c.MaxText("remark", reason, 2000)
	}
}

// AddTime enters a punch by hand for a person's date, with the reason, in the audit log.
func (s *Service) AddTime(ctx context.Context, a Actor, orgID int64, kind string, personID int64, date, clock, reason string) (Punch, error) {
	loc, err := s.location(ctx, orgID)
	if err != nil {
		return Punch{}, err
	}
	c := validate.New()
	d := parseDate(c, "date", date, loc)
	var ck Clock
	if c.Required("time", clock) {
		if ck, err = ParseClock(clock); err != nil {
			c.Add("time", "validation.time", "time must be a time (HH:MM)", nil)
		}
	}
	checkReason(c, reason)
	if err := c.Err(); err != nil {
		return Punch{}, err
	}
	if _, err := s.checkPerson(ctx, orgID, kind, personID); err != nil {
		return Punch{}, err
	}
	instant := at(d, ck, 0, loc)
	if instant.After(s.Now().Add(time.Minute)) {
		return Punch{}, validate.Field("time", "attendance.future", "a punch cannot be in the future")
	}
	local := instant.In(loc)
	_, off := local.Zone()
	by := a.UserID
	p := Punch{OrgID: orgID, PersonID: personID, At: instant, LocalTime: local.Format("2006-01-02T15:04:05"), Offset: off / 60,
		Source: SourceManual, Raw: reason, CreatedBy: &by}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		id, _, err := s.store.InsertPunch(ctx, p)
		if err != nil {
			return err
		}
		p.ID = id
		if err := s.punchEvent(ctx, p); err != nil {
			return err
		}
		au := Audit{PersonID: personID, Date: date, Action: "time_add", NewValue: clock, Reason: reason, UserName: a.Name}
		if err := s.store.AddAudit(ctx, orgID, au, a.UserID); err != nil {
			return err
		}
		return s.noteCorrection(ctx, orgID, au)
	})
	return p, err
}

// EditTime moves a punch to another time of the same local date (or removes it when clock
// is empty), keeping the old value in the audit log.
func (s *Service) EditTime(ctx context.Context, a Actor, orgID int64, kind string, punchID int64, clock, reason string) error {
	loc, err := s.location(ctx, orgID)
	if err != nil {
		return err
	}
	c := validate.New()
	var ck Clock
	if clock != "" {
		if ck, err = ParseClock(clock); err != nil {
			c.Add("time", "validation.time", "time must be a time (HH:MM)", nil)
		}
	}
	checkReason(c, reason)
	if err := c.Err(); err != nil {
		return err
	}
	p, err := s.store.GetPunch(ctx, orgID, punchID)
	if err != nil {
		return err
	}
	if _, err := s.checkPerson(ctx, orgID, kind, p.PersonID); err != nil {
		return err
	}
	old := p.At.In(loc)
	date := old.Format(time.DateOnly)
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		a2 := Audit{PersonID: p.PersonID, Date: date, OldValue: old.Format("15:04"), Reason: reason, UserName: a.Name}
		if clock == "" {
			a2.Action = "time_delete"
			if err := s.store.DeletePunch(ctx, orgID, punchID); err != nil {
				return err
			}
		} else {
			a2.Action, a2.NewValue = "time_edit", clock
			instant := at(old, ck, 0, loc)
			local := instant.In(loc)
			_, off := local.Zone()
			if err := s.store.MovePunch(ctx, orgID, punchID, instant, local.Format("2006-01-02T15:04:05"), off/60); err != nil {
				return err
			}
		}
		if err := s.store.AddAudit(ctx, orgID, a2, a.UserID); err != nil {
			return err
		}
		return s.noteCorrection(ctx, orgID, a2)
	})
}

// SetStatus sets (or, with StatusOpen, clears) a person's status for a date by hand; the
// status it replaces goes into the audit log with who, when and why.
func (s *Service) SetStatus(ctx context.Context, a Actor, orgID int64, kind string, personID int64, date string, status Status, reason string) (Result, error) {
	loc, err := s.location(ctx, orgID)
	if err != nil {
		return Result{}, err
	}
	c := validate.New()
	parseDate(c, "date", date, loc)
	if status < StatusOpen || status > StatusOffDay {
		c.Invalid("status")
	}
	checkReason(c, reason)
	if err := c.Err(); err != nil {
		return Result{}, err
	}
	p, err := s.checkPerson(ctx, orgID, kind, personID)
	if err != nil {
		return Result{}, err
	}
	before, err := s.compute(ctx, orgID, []PersonRef{p}, date, date)
	if err != nil {
		return Result{}, err
	}
	old := before[personID][0]
	oldValue := StatusName(old.Status)
	if old.Manual {
		oldValue += " (manual)"
	}
	newValue := StatusName(status) + " (manual)"
	if status == StatusOpen {
		newValue = "computed"
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.SetOverride(ctx, orgID, personID, date, Manual{Status: status, Remark: reason}, a.UserID); err != nil {
			return err
		}
		au := Audit{PersonID: personID, Date: date, Action: "status", OldValue: oldValue, NewValue: newValue, Reason: reason, UserName: a.Name}
		if err := s.store.AddAudit(ctx, orgID, au, a.UserID); err != nil {
			return err
		}
		return s.noteCorrection(ctx, orgID, au)
	})
	if err != nil {
		return Result{}, err
	}
	after, err := s.compute(ctx, orgID, []PersonRef{p}, date, date)
	if err != nil {
		return Result{}, err
	}
	return after[personID][0], nil
}

// AuditLog pages through manual changes.
func (s *Service) AuditLog(ctx context.Context, orgID int64, kind string, personID int64, from, to string, pg database.Page) ([]Audit, int, error) {
	if personID > 0 {
		if _, err := s.checkPerson(ctx, orgID, kind, personID); err != nil {
			return nil, 0, err
		}
	}
	if from == "" {
		from = "0000-01-01"
	}
	if to == "" {
		to = "9999-12-31"
	}
	return s.store.AuditLog(ctx, orgID, personID, from, to, pg)
}

// ruleBook answers the rule of any person's date from the tracking window, memberships and
// schedule versions, with every version's week turned into rules once.
type ruleBook struct {
	members  map[int64][]Membership
	versions map[int64][]compiled
	// overtime is each group's overtime settings (threshold, approval), applied to every
	// rule of its members, rostered or not.
	overtime map[int64]overtimeSettings
	// track is the tracking window; nil tracks every date.
	track *Tracking
	// rota is the rosters and rotation patterns; nil has none.
	rota *rota
}

// withTracking returns the book with the tracking window applied.
func (b ruleBook) withTracking(t Tracking) ruleBook {
	b.track = &t
	return b
}

// compiled is a version with its seven days as rules (index 1 = Monday … 7 = Sunday).
type compiled struct {
	from string
	week [8]Rule
}

func newRuleBook(ms []Membership, vs []Version) ruleBook {
	b := ruleBook{members: map[int64][]Membership{}, versions: map[int64][]compiled{}, overtime: map[int64]overtimeSettings{}}
	for _, m := range ms {
		b.members[m.PersonID] = append(b.members[m.PersonID], m)
	}
	for _, v := range vs {
		b.versions[v.GroupID] = append(b.versions[v.GroupID], compile(v))
		b.overtime[v.GroupID] = overtimeSettings{v.OvertimeThreshold, v.OvertimeApproval}
	}
	return b
}

// overtimeSettings is a group's threshold (minutes) and whether its overtime needs approval.
type overtimeSettings struct {
	threshold int
	approval  bool
}

// withGroup applies the overtime settings of the person's group on the date to a rule.
func (b ruleBook) withGroup(r Rule, groupID int64) Rule {
	if o, ok := b.overtime[groupID]; ok && groupID != 0 {
		r.OvertimeThreshold, r.OvertimeApproval = o.threshold, o.approval
	}
	return r
}

// compile turns a version's days into rules. A day with its own times keeps the group's
// grace: the cut-offs move with the times.
func compile(v Version) compiled {
	c := compiled{from: v.EffectiveFrom}
	gIn, _ := ParseClock(v.TimeIn)
	gCutIn, _ := ParseClock(v.CutOffTimeIn)
	gOut, _ := ParseClock(v.TimeOut)
	gCutOut, _ := ParseClock(v.CutOffTimeOut)
	shift := func(x, base, to Clock) Clock { return Clock(((int(x)-int(base)+int(to))%1440 + 1440) % 1440) }
	for _, d := range v.Days {
		if d.Day < 1 || d.Day > 7 {
			continue
		}
		if d.Type != DayWorking && d.Type != DayHalf {
			c.week[d.Day] = Rule{DayType: d.Type}
			continue
		}
		in, err1 := ParseClock(d.TimeIn)
		out, err2 := ParseClock(d.TimeOut)
		if err1 != nil {
			in = gIn
		}
		if err2 != nil {
			out = gOut
		}
		c.week[d.Day] = Rule{Scheduled: true, DayType: d.Type, TimeIn: in, TimeOut: out, CutOffIn: shift(gCutIn, gIn, in), CutOffOut: shift(gCutOut, gOut, out),
			LateAfterCutOff: v.LateAfterCutOff}
	}
	return c
}

func (b ruleBook) rule(personID int64, date time.Time) Rule {
	wd := int(date.Weekday())
	if wd == 0 {
		wd = 7
	}
	return b.ruleOn(personID, date.Format(time.DateOnly), wd)
}

// ruleOn is rule for a date already formatted (YYYY-MM-DD) with its weekday (1 Monday … 7
// Sunday), as a report walking many people over the same dates has them. It is the one
// resolver of a person's rule on a date (DESIGN §10); see resolve.
func (b ruleBook) ruleOn(personID int64, ds string, wd int) Rule {
	r, _ := b.resolve(personID, ds, wd)
	return r
}

// resolve is the one resolver of a person's rule on a date and where it came from: outside
// the tracking window the date is not tracked; otherwise a roster entry of the person and
// date decides, then the rotation pattern the person's group follows on the date, then the
// group's weekly schedule version. Holidays, leave and manual statuses are the engine's.
func (b ruleBook) resolve(personID int64, ds string, wd int) (Rule, string) {
	if b.track != nil && !b.track.Tracked(personID, ds) {
		return Rule{NotTracked: true}, SourceNotTracked
	}
	groupID := b.groupOn(personID, ds)
	if b.rota != nil {
		if r, ok := b.rota.entries[personID][ds]; ok {
			return b.withGroup(r, groupID), SourceRoster
		}
	}
	if groupID == 0 {
		return Rule{}, SourceNone
	}
	if r, ok := b.rota.patternRule(groupID, ds); ok {
		return b.withGroup(r, groupID), SourcePattern
	}
	return b.withGroup(b.weekly(groupID, ds, wd), groupID), SourceWeekly
}

// groupOn is the group a person belongs to on a date (0: none).
func (b ruleBook) groupOn(personID int64, ds string) int64 {
	var groupID int64
	for _, m := range b.members[personID] {
		if m.From <= ds && (m.To == "" || m.To >= ds) {
			groupID = m.GroupID
		}
	}
	return groupID
}

// weekly is the rule of a group's weekly schedule version on a date.
func (b ruleBook) weekly(groupID int64, ds string, wd int) Rule {
	var v *compiled
	vs := b.versions[groupID]
	for i := range vs {
		if vs[i].from <= ds {
			v = &vs[i]
		}
	}
	if v == nil {
		return Rule{}
	}
	r := v.week[wd]
	r.Grouped = true
	return r
}

// compute decides every date in [from, to] for the people, from their punches, schedules,
// holidays, leave and manual statuses, with one query per kind of data.
func (s *Service) compute(ctx context.Context, orgID int64, people []PersonRef, from, to string) (map[int64][]Result, error) {
	loc, err := s.location(ctx, orgID)
	if err != nil {
		return nil, err
	}
	return s.computeIn(ctx, orgID, loc, people, from, to, nil)
}

// computeIn is compute with the organisation's time zone already read, and with the
// people's punches when the caller read them already (punchWindow; nil: read here).
func (s *Service) computeIn(ctx context.Context, orgID int64, loc *time.Location, people []PersonRef, from, to string, punches map[int64][]time.Time) (map[int64][]Result, error) {
	if len(people) == 0 {
		if _, err := newSpan(loc, from, to); err != nil {
			return nil, err
		}
		return map[int64][]Result{}, nil
	}
	b, err := s.basis(ctx, orgID, loc, from, to, false)
	if err != nil {
		return nil, err
	}
	return s.computePage(ctx, orgID, b, people, punches)
}

// punchWindow is the span of instants a report of [from, to] reads punches in: from the
// day before from (whose night shift may run into it) to two days after to (a night shift
// of to, and its late punches out).
func (sp span) punchWindow() (time.Time, time.Time) { return sp.days[0], sp.toD.AddDate(0, 0, 2) }

// span is the dates of a report, each formatted and with its weekday once, from the day
// before the first (whose night shift may run into it) to the last.
type span struct {
	fromD, toD time.Time
	n          int         // dates in [from, to]
	days       []time.Time // n+1 midnights, days[0] the day before from
	dates      []string    // the same, as YYYY-MM-DD
	weekdays   []int       // the same, 1 Monday … 7 Sunday
}

func newSpan(loc *time.Location, from, to string) (span, error) {
	fromD, err := time.ParseInLocation(time.DateOnly, from, loc)
	if err != nil {
		return span{}, validate.Field("date", "validation.date", "date must be a date (YYYY-MM-DD)")
	}
	toD, err := time.ParseInLocation(time.DateOnly, to, loc)
	if err != nil {
		return span{}, validate.Field("date", "validation.date", "date must be a date (YYYY-MM-DD)")
	}
	sp := span{fromD: fromD, toD: toD, n: int(toD.Sub(fromD).Hours()/24+0.5) + 1}
	if sp.n < 0 {
		sp.n = 0
	}
	for i := -1; i < sp.n; i++ {
		d := fromD.AddDate(0, 0, i)
		wd := int(d.Weekday())
		if wd == 0 {
			wd = 7
		}
		sp.days, sp.dates, sp.weekdays = append(sp.days, d), append(sp.dates, d.Format(time.DateOnly)), append(sp.weekdays, wd)
	}
	return sp, nil
}

// reportBasis is what a report reads once, whatever its number of people: its dates, the
// schedule versions, holidays and manual statuses of the range and, for a walk through the
// whole organisation, the approved leave.
type reportBasis struct {
	span
	loc      *time.Location
	from, to string
	versions []Version
	holiday  []string // per date of [from, to]
	manual   map[int64]map[string]Manual
	leave    map[int64]map[string]Leave
	allLeave bool // leave holds everyone's; otherwise each page reads its people's
	rota     *rotaBasis
	now      time.Time
	// The instants of a date depend only on its rule (and the day before's, for its
	// window); most people share them, so each date keeps the last ones it computed.
	memo []dateMemo
}

type dateMemo struct {
	prev, cur Rule
	ok        bool
	window    [2]time.Time
	times     dayTimes
}

// basis reads what every page of a report shares. With allLeave the approved leave of the
// whole organisation in the range is read here too, once, instead of per page.
func (s *Service) basis(ctx context.Context, orgID int64, loc *time.Location, from, to string, allLeave bool) (*reportBasis, error) {
	sp, err := newSpan(loc, from, to)
	if err != nil {
		return nil, err
	}
	b := &reportBasis{span: sp, loc: loc, from: from, to: to, now: s.Now(), allLeave: allLeave, memo: make([]dateMemo, sp.n)}
	rules, err := s.rules(ctx, orgID)
	if err != nil {
		return nil, err
	}
	b.versions, b.holiday = rules.versions, rules.holidayNames(sp)
	if b.rota, err = s.rotaBasis(ctx, orgID); err != nil {
		return nil, err
	}
	if b.manual, err = s.overrides(ctx, orgID, from, to); err != nil {
		return nil, err
	}
	if allLeave && s.leave != nil {
		if b.leave, err = s.leave.Approved(ctx, orgID, nil, from, to); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// computePage decides every date of the basis for a page of people: their memberships and
// punches (by person, punches_org_person_at) and, unless the basis holds everyone's, their
// approved leave. punches, when not nil, are the people's instants in the basis's
// punchWindow, read with the page.
func (s *Service) computePage(ctx context.Context, orgID int64, b *reportBasis, people []PersonRef, punches map[int64][]time.Time) (map[int64][]Result, error) {
	out := make(map[int64][]Result, len(people))
	if len(people) == 0 {
		return out, nil
	}
	ids := make([]int64, len(people))
	for i, p := range people {
		ids[i] = p.ID
	}
	ms, err := s.memberships(ctx, orgID, ids, b.dates[0], b.to)
	if err != nil {
		return nil, err
	}
	track, err := s.store.TrackingOf(ctx, orgID, people, ids)
	if err != nil {
		return nil, err
	}
	ro, err := s.rota(ctx, orgID, b.rota, ids, b.dates[0], b.to)
	if err != nil {
		return nil, err
	}
	book := newRuleBook(ms, b.versions).withTracking(track).withRota(ro)
	leave := b.leave
	if !b.allLeave && s.leave != nil {
		if leave, err = s.leave.Approved(ctx, orgID, ids, b.from, b.to); err != nil {
			return nil, err
		}
	}
	if punches == nil {
		from, to := b.punchWindow()
		if punches, err = s.store.PunchTimes(ctx, orgID, ids, from, to); err != nil {
			return nil, err
		}
	}
	n, loc := b.n, b.loc
	rules := make([]Rule, n+1) // rules[0] is the day before from
	windows := make([][2]time.Time, n)
	for _, p := range people {
		for i := 0; i <= n; i++ {
			rules[i] = book.ruleOn(p.ID, b.dates[i], b.weekdays[i])
		}
		for i := 0; i < n; i++ {
			m := &b.memo[i]
			if !m.ok || m.prev != rules[i] || m.cur != rules[i+1] {
				d := b.days[i+1]
				*m = dateMemo{prev: rules[i], cur: rules[i+1], ok: true, window: [2]time.Time{Start(d, rules[i], loc), End(d, rules[i+1], loc)}}
				if rules[i+1].Scheduled {
					m.times = timesOf(d, rules[i+1], loc)
				}
			}
			windows[i] = m.window
		}
		split := Split(punches[p.ID], windows)
		res := make([]Result, n)
		manual, lv := b.manual[p.ID], leave[p.ID]
		for i := 0; i < n; i++ {
			ds := b.dates[i+1]
			day := Day{Date: b.days[i+1], Rule: rules[i+1], Holiday: b.holiday[i], Punches: split[i]}
			if m, ok := manual[ds]; ok {
				day.Manual = &m
			}
			if l, ok := lv[ds]; ok {
				day.Leave = &l
			}
			res[i] = evaluate(day, ds, loc, b.now, &b.memo[i].times)
			res[i].Ends = windows[i][1]
		}
		out[p.ID] = res
	}
	if book.needsApproval() {
		ot, err := s.store.OvertimeRequests(ctx, orgID, ids, b.from, b.to)
		if err != nil {
			return nil, err
		}
		for id, res := range out {
			for i := range res {
				if r, ok := ot[id][res[i].Date]; ok && res[i].OvertimeNeedsApproval {
					res[i] = r.apply(res[i])
				}
			}
		}
	}
	return out, nil
}

// OvertimeRequest is the state of a person-date's overtime request and the minutes its
// approvers allow.
type OvertimeRequest struct {
	State   string
	Minutes int
}

// apply sets a date's approval state and, once approved, its approved minutes: what the
// approvers allowed, never more than the overtime the date has now.
func (o OvertimeRequest) apply(r Result) Result {
	r.OvertimeState = o.State
	if o.State == "approved" {
		r.OvertimeApproved = min(o.Minutes, r.OvertimeMinutes)
	}
	return r
}

// needsApproval reports whether any group of the book needs its overtime approved.
func (b ruleBook) needsApproval() bool {
	for _, o := range b.overtime {
		if o.approval {
			return true
		}
	}
	return false
}

// Totals counts the statuses of a set of results.
type Totals struct {
	Present int `json:"present"`
	Absent  int `json:"absent"`
	Leave   int `json:"leave"`
	Away    int `json:"away"`
	Holiday int `json:"holiday"`
	OffDay  int `json:"off_day"`
	// NoSchedule counts the days with no rule at all (status 8): neither off days nor
	// absences, kept apart so that a person left out of every group shows (issue 13).
	NoSchedule int `json:"no_schedule"`
	Open       int `json:"open"`
	Late       int `json:"late"`
	EarlyOut   int `json:"early_out"`
	// LeaveMinutes and AwayMinutes sum the days' partial-day leave and away (issue 13).
	LeaveMinutes int `json:"leave_minutes"`
	AwayMinutes  int `json:"away_minutes"`
	// OvertimeMinutes and OvertimeApproved sum the days' overtime worked and approved.
	OvertimeMinutes  int `json:"overtime_minutes"`
	OvertimeApproved int `json:"overtime_approved_minutes"`
}

// Add counts one result.
func (t *Totals) Add(r Result) {
	switch r.Status {
	case StatusPresent:
		t.Present++
	case StatusAbsent:
		t.Absent++
	case StatusLeave:
		t.Leave++
	case StatusAway:
		t.Away++
	case StatusHoliday:
		t.Holiday++
	case StatusOffDay:
		t.OffDay++
	case StatusNoSchedule:
		t.NoSchedule++
	case StatusNotTracked:
		// outside the tracking window: in no total
	default:
		t.Open++
	}
	if r.Late {
		t.Late++
	}
	if r.EarlyOut {
		t.EarlyOut++
	}
	t.LeaveMinutes += r.RangeLeaveMinutes
	t.AwayMinutes += r.RangeAwayMinutes
	t.OvertimeMinutes += r.OvertimeMinutes
	t.OvertimeApproved += r.OvertimeApproved
}

// ByStatus lists the totals as status and total pairs (the dashboard's shape): the statuses
// 1-6 that the charts draw; no schedule is in the totals object (no_schedule) and the
// dashboard shows it apart.
func (t Totals) ByStatus() []map[string]int {
	return []map[string]int{{"status": 1, "total": t.Present}, {"status": 2, "total": t.Absent}, {"status": 3, "total": t.Leave},
		{"status": 4, "total": t.Away}, {"status": 5, "total": t.Holiday}, {"status": 6, "total": t.OffDay}}
}

// Row is one person's results in a report.
type Row struct {
	Person PersonRef
	Days   []Result
	Totals Totals
}

// Query selects the people and dates of a report.
type Query struct {
	Kind      string
	Base      string
	FirstName string
	PersonID  int64
	PersonIDs []int64 // when set (and PersonID is not), only these people (a manager's reports)
	From, To  string
	Status    *Status // keep only people whose (single) day has this status
	// GroupID keeps the people who were members of the group during the range (0: all).
	GroupID int64
	// DepartmentID keeps the people of one department (0: all).
	DepartmentID int64
}

// Report computes the rows of a query; with a Status filter the paging applies after it.
func (s *Service) Report(ctx context.Context, orgID int64, q Query, pg database.Page) ([]Row, int, Totals, error) {
	loc, filter, err := s.checkQuery(ctx, orgID, q)
	if err != nil {
		return nil, 0, Totals{}, err
	}
	page := pg
	if q.Status != nil {
		page = database.Page{} // filter on the computed status first, then page
	}
	var people []PersonRef
	var punches map[int64][]time.Time
	var total int
	if page.Size > 0 && page.Size <= 500 {
		// A page reads its people's punches in the same statement (one round trip).
		sp, err := newSpan(loc, q.From, q.To)
		if err != nil {
			return nil, 0, Totals{}, err
		}
		from, to := sp.punchWindow()
		people, punches, total, err = s.store.PeoplePunches(ctx, orgID, filter, page, from, to)
		if err != nil {
			return nil, 0, Totals{}, err
		}
	} else if people, total, err = s.store.People(ctx, orgID, filter, page); err != nil {
		return nil, 0, Totals{}, err
	}
	if q.PersonID > 0 && len(people) == 0 {
		return nil, 0, Totals{}, ErrNotFound
	}
	results, err := s.computeIn(ctx, orgID, loc, people, q.From, q.To, punches)
	if err != nil {
		return nil, 0, Totals{}, err
	}
	var rows []Row
	var all Totals
	for _, p := range people {
		r := Row{Person: p, Days: results[p.ID]}
		for _, d := range r.Days {
			r.Totals.Add(d)
		}
		if q.Status != nil && (len(r.Days) == 0 || r.Days[0].Status != *q.Status) {
			continue
		}
		for _, d := range r.Days {
			all.Add(d)
		}
		rows = append(rows, r)
	}
	if q.Status != nil {
		total = len(rows)
		if pg.Size > 0 {
			lo := min(pg.Offset(), len(rows))
			rows = rows[lo:min(lo+pg.Size, len(rows))]
		}
	}
	return rows, total, all, nil
}

// checkQuery validates a report's range (at most a year) and returns the organisation's
// zone and the filter of its people.
func (s *Service) checkQuery(ctx context.Context, orgID int64, q Query) (*time.Location, PeopleFilter, error) {
	loc, err := s.location(ctx, orgID)
	if err != nil {
		return nil, PeopleFilter{}, err
	}
	c := validate.New()
	f := parseDate(c, "from_date", q.From, loc)
	t := parseDate(c, "to_date", q.To, loc)
	if c.Err() == nil && t.Before(f) {
		c.Add("to_date", "validation.after", "the end must not be before the start", nil)
	}
	if c.Err() == nil && t.Sub(f) > 367*24*time.Hour {
		c.Add("to_date", "validation.max_value", "a report covers at most a year", nil)
	}
	if err := c.Err(); err != nil {
		return nil, PeopleFilter{}, err
	}
	filter := PeopleFilter{Kind: q.Kind, Base: strings.TrimSpace(q.Base), FirstName: strings.TrimSpace(q.FirstName)}
	if q.PersonID > 0 {
		filter.IDs = []int64{q.PersonID}
	} else if len(q.PersonIDs) > 0 {
		filter.IDs = q.PersonIDs
	}
	if q.GroupID > 0 {
		if _, err := s.store.GetGroup(ctx, orgID, q.GroupID); err != nil {
			return nil, PeopleFilter{}, err
		}
		filter.Group = GroupSpan{ID: q.GroupID, From: q.From, To: q.To}
	}
	if q.DepartmentID > 0 {
		ok, err := s.store.DepartmentExists(ctx, orgID, q.DepartmentID)
		if err != nil {
			return nil, PeopleFilter{}, err
		}
		if !ok {
			return nil, PeopleFilter{}, ErrNotFound
		}
		filter.DepartmentID = q.DepartmentID
	}
	return loc, filter, nil
}

// CheckReport validates a report's query as Report and ReportEach do, without computing it:
// a caller that streams checks first, so a bad range is a clean error before any output.
func (s *Service) CheckReport(ctx context.Context, orgID int64, q Query) error {
	_, _, err := s.checkQuery(ctx, orgID, q)
	return err
}

// ReportDays is how many person-days ReportEach computes at a time: pages of at most 500
// people (ReportPage), fewer for long ranges (175 for a year), so a year's report holds
// about as much as a month's (a few MB of results).
const ReportDays = 64_000

// ReportPage is the most people ReportEach reads at once.
const ReportPage = 500

// ReportEach computes the row of every person a query selects, in name order, and hands
// them to fn one by one (a Status filter does not apply): the walk of the exports. It reads
// the schedules, holidays, manual statuses and approved leave of the range once, then the
// people a page at a time by keyset (PeopleAfter, never OFFSET) with each page's
// memberships and punches by person; memory holds one page of results, whatever the
// headcount. pageSize 0 chooses from ReportDays and ReportPage.
func (s *Service) ReportEach(ctx context.Context, orgID int64, q Query, pageSize int, fn func(Row) error) error {
	loc, filter, err := s.checkQuery(ctx, orgID, q)
	if err != nil {
		return err
	}
	b, err := s.basis(ctx, orgID, loc, q.From, q.To, true)
	if err != nil {
		return err
	}
	if pageSize <= 0 {
		pageSize = min(ReportPage, max(1, ReportDays/b.n))
	}
	var after PersonKey
	for {
		var people []PersonRef
		people, after, err = s.store.PeopleAfter(ctx, orgID, filter, after, pageSize)
		if err != nil {
			return err
		}
		results, err := s.computePage(ctx, orgID, b, people, nil)
		if err != nil {
			return err
		}
		for _, p := range people {
			r := Row{Person: p, Days: results[p.ID]}
			for _, d := range r.Days {
				r.Totals.Add(d)
			}
			delete(results, p.ID)
			if err := fn(r); err != nil {
				return err
			}
		}
		if len(people) < pageSize {
			return nil
		}
	}
}

// Clock returns a person's punches of a date (the date's window, so a night shift's morning
// punches show with the night) and the date's result.
func (s *Service) Clock(ctx context.Context, orgID int64, kind string, personID int64, date string) ([]Punch, Result, error) {
	rows, _, _, err := s.Report(ctx, orgID, Query{Kind: kind, PersonID: personID, From: date, To: date}, database.Page{})
	if err != nil {
		return nil, Result{}, err
	}
	loc, err := s.location(ctx, orgID)
	if err != nil {
		return nil, Result{}, err
	}
	d, _ := time.ParseInLocation(time.DateOnly, date, loc)
	ms, err := s.store.Memberships(ctx, orgID, []int64{personID}, addDays(date, -1), date)
	if err != nil {
		return nil, Result{}, err
	}
	rules, err := s.rules(ctx, orgID)
	if err != nil {
		return nil, Result{}, err
	}
	vs := rules.versions
	rb, err := s.rotaBasis(ctx, orgID)
	if err != nil {
		return nil, Result{}, err
	}
	ro, err := s.rota(ctx, orgID, rb, []int64{personID}, addDays(date, -1), date)
	if err != nil {
		return nil, Result{}, err
	}
	book := newRuleBook(ms, vs).withRota(ro)
	start, end := Start(d, book.rule(personID, d.AddDate(0, 0, -1)), loc), End(d, book.rule(personID, d), loc)
	ps, err := s.store.Punches(ctx, orgID, personID, start, end)
	if err != nil {
		return nil, Result{}, err
	}
	if ps == nil {
		ps = []Punch{}
	}
	return ps, rows[0].Days[0], nil
}

// Headcount counts the active people of a kind.
func (s *Service) Headcount(ctx context.Context, orgID int64, kind string) (int, error) {
	return s.store.CountPeople(ctx, orgID, kind)
}

// Today is the organisation's current date.
func (s *Service) Today(ctx context.Context, orgID int64) (string, error) {
	d, _, err := s.today(ctx, orgID)
	return d, err
}

// Trend counts the statuses of each of the days days up to a date, for the dashboard chart.
func (s *Service) Trend(ctx context.Context, orgID int64, kind, to string, days int) ([]map[string]any, error) {
	from := addDays(to, -(days - 1))
	rows, _, _, err := s.Report(ctx, orgID, Query{Kind: kind, From: from, To: to}, database.Page{})
	if err != nil {
		return nil, err
	}
	per := make([]Totals, days)
	for _, r := range rows {
		for i, d := range r.Days {
			per[i].Add(d)
		}
	}
	out := make([]map[string]any, days)
	for i := range per {
		out[i] = map[string]any{"date": addDays(from, i), "totals": per[i]}
	}
	return out, nil
}

// DescribeStatus is a short English description for audit values and exports.
func DescribeStatus(r Result) string {
	s := StatusName(r.Status)
	if r.Late {
		s += ", late"
	}
	if r.EarlyOut {
		s += ", early out"
	}
	if r.Manual {
		s += " (manual)"
	}
	return fmt.Sprint(s)
}

// WorkingDays lists the dates in [from, to] that a person's schedule works and no holiday
// covers: the days a leave application counts.
func (s *Service) WorkingDays(ctx context.Context, orgID, personID int64, from, to string) ([]string, error) {
	c, err := s.WorkCalendar(ctx, orgID, []int64{personID}, from, to)
	if err != nil {
		return nil, err
	}
	return c.Days(personID, from, to)
}

// WorkCalendar answers which dates people work, for many people and applications at once.
type WorkCalendar struct {
	book ruleBook
	off  map[string]bool
}

// WorkCalendar loads the schedules of some people and the holidays in [from, to], for Days
// to answer within that range: a few statements whatever their number (memberships and rules
// from the organisation's cache outside a transaction, the tracking windows, the roster).
func (s *Service) WorkCalendar(ctx context.Context, orgID int64, personIDs []int64, from, to string) (*WorkCalendar, error) {
	ms, err := s.memberships(ctx, orgID, personIDs, from, to)
	if err != nil {
		return nil, err
	}
	rules, err := s.rules(ctx, orgID)
	if err != nil {
		return nil, err
	}
	vs := rules.versions
	off := map[string]bool{}
	for _, h := range rules.holidays {
		if h.End < from || h.Start > to {
			continue
		}
		for d := max(h.Start, from); d <= h.End && d <= to; d = addDays(d, 1) {
			off[d] = true
		}
	}
	track, err := s.store.Tracking(ctx, orgID, personIDs)
	if err != nil {
		return nil, err
	}
	rb, err := s.rotaBasis(ctx, orgID)
	if err != nil {
		return nil, err
	}
	ro, err := s.rota(ctx, orgID, rb, personIDs, from, to)
	if err != nil {
		return nil, err
	}
	return &WorkCalendar{book: newRuleBook(ms, vs).withTracking(track).withRota(ro), off: off}, nil
}

// Days lists the dates in [from, to] that a person's schedule works and no holiday covers.
func (c *WorkCalendar) Days(personID int64, from, to string) ([]string, error) {
	f, err1 := time.Parse(time.DateOnly, from)
	t, err2 := time.Parse(time.DateOnly, to)
	if err1 != nil || err2 != nil {
		return nil, validate.Field("from_date", "validation.date", "dates must be YYYY-MM-DD")
	}
	var out []string
	for d := f; !d.After(t); d = d.AddDate(0, 0, 1) {
		ds := d.Format(time.DateOnly)
		if !c.off[ds] && c.book.rule(personID, d).Scheduled {
			out = append(out, ds)
		}
	}
	return out, nil
}

// RecordBatch stores punches that already carry their local time (a device upload) in the
// caller's transaction; duplicates are ignored. It returns how many were new.
// Each new punch tells the webhooks when the organisation has one that takes punches.
func (s *Service) RecordBatch(ctx context.Context, ps []Punch) (int, error) {
	if s.events == nil || len(ps) == 0 {
		return s.store.InsertPunches(ctx, ps, nil)
	}
	wants, err := s.events.Wants(ctx, ps[0].OrgID, PunchRecorded)
	if err != nil || !wants {
		if err != nil {
			return 0, err
		}
		return s.store.InsertPunches(ctx, ps, nil)
	}
	var n int
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		n, err = s.store.InsertPunches(ctx, ps, func(p Punch) error { return s.punchEvent(ctx, p) })
		return err
	})
	return n, err
}

// PunchOf returns one punch of the organisation (a correction request names the punch to
// move).
func (s *Service) PunchOf(ctx context.Context, orgID, id int64) (Punch, error) {
	return s.store.GetPunch(ctx, orgID, id)
}
