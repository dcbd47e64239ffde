package attendance

import (
	"context"
	"fmt"
	"strings"
	"time"

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
	db    *database.DB
	store *SQLStore
	orgs  Orgs
	leave LeaveSource
	// Now is the clock.
	Now func() time.Time
}

// NewService returns a Service.
func NewService(db *database.DB, store *SQLStore, orgs Orgs) *Service {
	return &Service{db: db, store: store, orgs: orgs, Now: time.Now}
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

// Actor is who makes a manual change, for the audit log.
type Actor struct {
	UserID int64
	Name   string
}

// Record stores a punch once (see SQLStore.InsertPunch); its local time and offset are those
// of the organisation's zone unless the punch brings its own.
func (s *Service) Record(ctx context.Context, p Punch) (bool, error) {
	if p.LocalTime == "" {
		loc, err := s.location(ctx, p.OrgID)
		if err != nil {
			return false, err
		}
		local := p.At.In(loc)
		_, off := local.Zone()
		p.LocalTime, p.Offset = local.Format("2006-01-02T15:04:05"), off/60
	}
	_, created, err := s.store.InsertPunch(ctx, p)
	return created, err
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
		return s.store.AddAudit(ctx, orgID, Audit{PersonID: personID, Date: date, Action: "time_add", NewValue: clock, Reason: reason, UserName: a.Name}, a.UserID)
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
		return s.store.AddAudit(ctx, orgID, a2, a.UserID)
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
		return s.store.AddAudit(ctx, orgID, Audit{PersonID: personID, Date: date, Action: "status", OldValue: oldValue, NewValue: newValue, Reason: reason, UserName: a.Name}, a.UserID)
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

// ruleBook answers the rule of any person's date from memberships and schedule versions,
// with every version's week turned into rules once.
type ruleBook struct {
	members  map[int64][]Membership
	versions map[int64][]compiled
}

// compiled is a version with its seven days as rules (index 1 = Monday … 7 = Sunday).
type compiled struct {
	from string
	week [8]Rule
}

func newRuleBook(ms []Membership, vs []Version) ruleBook {
	b := ruleBook{members: map[int64][]Membership{}, versions: map[int64][]compiled{}}
	for _, m := range ms {
		b.members[m.PersonID] = append(b.members[m.PersonID], m)
	}
	for _, v := range vs {
		b.versions[v.GroupID] = append(b.versions[v.GroupID], compile(v))
	}
	return b
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
		c.week[d.Day] = Rule{Scheduled: true, DayType: d.Type, TimeIn: in, TimeOut: out, CutOffIn: shift(gCutIn, gIn, in), CutOffOut: shift(gCutOut, gOut, out)}
	}
	return c
}

func (b ruleBook) rule(personID int64, date time.Time) Rule {
	ds := date.Format(time.DateOnly)
	var groupID int64
	for _, m := range b.members[personID] {
		if m.From <= ds && (m.To == "" || m.To >= ds) {
			groupID = m.GroupID
		}
	}
	if groupID == 0 {
		return Rule{}
	}
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
	wd := int(date.Weekday())
	if wd == 0 {
		wd = 7
	}
	return v.week[wd]
}

// compute decides every date in [from, to] for the people, from their punches, schedules,
// holidays, leave and manual statuses, with one query per kind of data.
func (s *Service) compute(ctx context.Context, orgID int64, people []PersonRef, from, to string) (map[int64][]Result, error) {
	loc, err := s.location(ctx, orgID)
	if err != nil {
		return nil, err
	}
	return s.computeIn(ctx, orgID, loc, people, from, to)
}

// computeIn is compute with the organisation's time zone already read.
func (s *Service) computeIn(ctx context.Context, orgID int64, loc *time.Location, people []PersonRef, from, to string) (map[int64][]Result, error) {
	fromD, err := time.ParseInLocation(time.DateOnly, from, loc)
	if err != nil {
		return nil, validate.Field("date", "validation.date", "date must be a date (YYYY-MM-DD)")
	}
	toD, err := time.ParseInLocation(time.DateOnly, to, loc)
	if err != nil {
		return nil, validate.Field("date", "validation.date", "date must be a date (YYYY-MM-DD)")
	}
	ids := make([]int64, len(people))
	for i, p := range people {
		ids[i] = p.ID
	}
	out := make(map[int64][]Result, len(people))
	if len(people) == 0 {
		return out, nil
	}
	before := fromD.AddDate(0, 0, -1)
	ms, err := s.store.Memberships(ctx, orgID, ids, before.Format(time.DateOnly), to)
	if err != nil {
		return nil, err
	}
	vs, err := s.store.Versions(ctx, orgID, nil)
	if err != nil {
		return nil, err
	}
	book := newRuleBook(ms, vs)
	hs, _, err := s.store.ListHolidays(ctx, orgID, "", from, to, database.Page{})
	if err != nil {
		return nil, err
	}
	holiday := map[string]string{}
	for _, h := range hs {
		for d := h.Start; d <= h.End; d = addDays(d, 1) {
			holiday[d] = h.Name
		}
	}
	manual, err := s.store.Overrides(ctx, orgID, from, to)
	if err != nil {
		return nil, err
	}
	var leave map[int64]map[string]Leave
	if s.leave != nil {
		if leave, err = s.leave.Approved(ctx, orgID, ids, from, to); err != nil {
			return nil, err
		}
	}
	punches, err := s.store.PunchTimes(ctx, orgID, ids, before, toD.AddDate(0, 0, 2))
	if err != nil {
		return nil, err
	}
	now := s.Now()
	n := int(toD.Sub(fromD).Hours()/24+0.5) + 1
	for _, p := range people {
		rules := make([]Rule, n+1) // rules[0] is the day before from
		for i := 0; i <= n; i++ {
			rules[i] = book.rule(p.ID, before.AddDate(0, 0, i))
		}
		windows := make([][2]time.Time, n)
		for i := 0; i < n; i++ {
			d := fromD.AddDate(0, 0, i)
			windows[i] = [2]time.Time{Start(d, rules[i], loc), End(d, rules[i+1], loc)}
		}
		split := Split(punches[p.ID], windows)
		res := make([]Result, n)
		for i := 0; i < n; i++ {
			d := fromD.AddDate(0, 0, i)
			ds := d.Format(time.DateOnly)
			day := Day{Date: d, Rule: rules[i+1], Holiday: holiday[ds], Punches: split[i]}
			if m, ok := manual[p.ID][ds]; ok {
				day.Manual = &m
			}
			if l, ok := leave[p.ID][ds]; ok {
				day.Leave = &l
			}
			res[i] = Evaluate(day, loc, now)
		}
		out[p.ID] = res
	}
	return out, nil
}

// Totals counts the statuses of a set of results.
type Totals struct {
	Present  int `json:"present"`
	Absent   int `json:"absent"`
	Leave    int `json:"leave"`
	Away     int `json:"away"`
	Holiday  int `json:"holiday"`
	OffDay   int `json:"off_day"`
	Open     int `json:"open"`
	Late     int `json:"late"`
	EarlyOut int `json:"early_out"`
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
	default:
		t.Open++
	}
	if r.Late {
		t.Late++
	}
	if r.EarlyOut {
		t.EarlyOut++
	}
}

// ByStatus lists the totals as status and total pairs (the dashboard's shape).
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
	From, To  string
	Status    *Status // keep only people whose (single) day has this status
}

// Report computes the rows of a query; with a Status filter the paging applies after it.
func (s *Service) Report(ctx context.Context, orgID int64, q Query, pg database.Page) ([]Row, int, Totals, error) {
	loc, err := s.location(ctx, orgID)
	if err != nil {
		return nil, 0, Totals{}, err
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
		return nil, 0, Totals{}, err
	}
	filter := PeopleFilter{Kind: q.Kind, Base: strings.TrimSpace(q.Base), FirstName: strings.TrimSpace(q.FirstName)}
	if q.PersonID > 0 {
		filter.IDs = []int64{q.PersonID}
	}
	page := pg
	if q.Status != nil {
		page = database.Page{} // filter on the computed status first, then page
	}
	people, total, err := s.store.People(ctx, orgID, filter, page)
	if err != nil {
		return nil, 0, Totals{}, err
	}
	if q.PersonID > 0 && len(people) == 0 {
		return nil, 0, Totals{}, ErrNotFound
	}
	results, err := s.computeIn(ctx, orgID, loc, people, q.From, q.To)
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
	vs, err := s.store.Versions(ctx, orgID, nil)
	if err != nil {
		return nil, Result{}, err
	}
	book := newRuleBook(ms, vs)
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
	ms, err := s.store.Memberships(ctx, orgID, []int64{personID}, from, to)
	if err != nil {
		return nil, err
	}
	vs, err := s.store.Versions(ctx, orgID, nil)
	if err != nil {
		return nil, err
	}
	book := newRuleBook(ms, vs)
	hs, _, err := s.store.ListHolidays(ctx, orgID, "", from, to, database.Page{})
	if err != nil {
		return nil, err
	}
	off := map[string]bool{}
	for _, h := range hs {
		for d := h.Start; d <= h.End; d = addDays(d, 1) {
			off[d] = true
		}
	}
	f, err1 := time.Parse(time.DateOnly, from)
	t, err2 := time.Parse(time.DateOnly, to)
	if err1 != nil || err2 != nil {
		return nil, validate.Field("from_date", "validation.date", "dates must be YYYY-MM-DD")
	}
	var out []string
	for d := f; !d.After(t); d = d.AddDate(0, 0, 1) {
		ds := d.Format(time.DateOnly)
		if !off[ds] && book.rule(personID, d).Scheduled {
			out = append(out, ds)
		}
	}
	return out, nil
}

// RecordBatch stores punches that already carry their local time (a device upload) in the
// caller's transaction; duplicates are ignored. It returns how many were new.
func (s *Service) RecordBatch(ctx context.Context, ps []Punch) (int, error) {
	return s.store.InsertPunches(ctx, ps)
}
