package attendance

import (
	"context"
	"errors"
	"strings"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// Errors of rosters and rotations.
var (
	ErrShiftName   = errors.New("attendance: shift name taken")
	ErrPatternName = errors.New("attendance: pattern name taken")
	ErrShiftInUse  = errors.New("attendance: shift in use")
	ErrPatternUsed = errors.New("attendance: pattern in use")
)

// Limits of rosters: a pattern's cycle, and one bulk fill or clear.
const (
	MaxCycleDays    = 366
	MaxRosterPeople = 500
	MaxRosterDays   = 62
)

// Shifts lists the organisation's shifts.
func (s *Service) Shifts(ctx context.Context, orgID int64) ([]Shift, error) {
	return s.store.Shifts(ctx, orgID)
}

// SaveShift creates (ID 0) or updates a shift after checking its name and times.
func (s *Service) SaveShift(ctx context.Context, x Shift) (Shift, error) {
	x.Name = strings.TrimSpace(x.Name)
	c := validate.New()
	if c.Required("name", x.Name) {
		c.MaxLen("name", x.Name, 100)
	}
	validTimes(c, GroupInput{TimeIn: x.TimeIn, CutOffTimeIn: x.CutOffTimeIn, TimeOut: x.TimeOut, CutOffTimeOut: x.CutOffTimeOut})
	if err := c.Err(); err != nil {
		return x, err
	}
	id, err := s.store.SaveShift(ctx, x)
	if errors.Is(err, database.ErrUniqueViolation) {
		return x, ErrShiftName
	}
	x.ID = id
	return x, err
}

// DeleteShift removes a shift that no pattern and no roster entry uses.
func (s *Service) DeleteShift(ctx context.Context, orgID, id int64) error {
	ps, err := s.store.Patterns(ctx, orgID)
	if err != nil {
		return err
	}
	for _, p := range ps {
		for _, d := range p.Days {
			if d != nil && *d == id {
				return ErrShiftInUse
			}
		}
	}
	err = s.store.DeleteShift(ctx, orgID, id)
	if errors.Is(err, database.ErrForeignKey) {
		return ErrShiftInUse
	}
	return err
}

// Patterns lists the organisation's rotation patterns.
func (s *Service) Patterns(ctx context.Context, orgID int64) ([]Pattern, error) {
	return s.store.Patterns(ctx, orgID)
}

// SavePattern creates (ID 0) or updates a pattern: a name, a cycle of 1 to 366 days, and
// for each cycle day a shift of the organisation or null for a day off.
func (s *Service) SavePattern(ctx context.Context, x Pattern) (Pattern, error) {
	x.Name = strings.TrimSpace(x.Name)
	c := validate.New()
	if c.Required("name", x.Name) {
		c.MaxLen("name", x.Name, 100)
	}
	if x.CycleDays < 1 || x.CycleDays > MaxCycleDays {
		c.Add("cycle_days", "validation.range", "cycle_days must be from 1 to 366", map[string]any{"min": 1, "max": MaxCycleDays})
	} else if len(x.Days) != x.CycleDays {
		c.Add("days", "validation.invalid", "days must hold one entry (a shift id or null) per day of the cycle", nil)
	}
	if !c.Has("days") && !c.Has("cycle_days") {
		shifts, err := s.store.Shifts(ctx, x.OrgID)
		if err != nil {
			return x, err
		}
		known := map[int64]bool{}
		for _, sh := range shifts {
			known[sh.ID] = true
		}
		for _, d := range x.Days {
			if d != nil && !known[*d] {
				c.Add("days", "validation.invalid", "days names a shift that does not exist", nil)
				break
			}
		}
	}
	if err := c.Err(); err != nil {
		return x, err
	}
	id, err := s.store.SavePattern(ctx, x)
	if errors.Is(err, database.ErrUniqueViolation) {
		return x, ErrPatternName
	}
	x.ID = id
	return x, err
}

// DeletePattern removes a pattern no group follows.
func (s *Service) DeletePattern(ctx context.Context, orgID, id int64) error {
	err := s.store.DeletePattern(ctx, orgID, id)
	if errors.Is(err, database.ErrForeignKey) {
		return ErrPatternUsed
	}
	return err
}

// GroupPatterns lists which groups follow which pattern, each with the date its latest
// version decides from.
func (s *Service) GroupPatterns(ctx context.Context, orgID int64) ([]GroupPattern, error) {
	gps, err := s.store.GroupPatterns(ctx, orgID)
	if err != nil {
		return nil, err
	}
	history, err := s.store.PatternVersions(ctx, orgID)
	if err != nil {
		return nil, err
	}
	latest := map[int64]string{}
	for _, v := range history {
		if v.EffectiveFrom > latest[v.GroupID] {
			latest[v.GroupID] = v.EffectiveFrom
		}
	}
	for i := range gps {
		gps[i].EffectiveFrom = gps[i].StartDate
		if from, ok := latest[gps[i].GroupID]; ok {
			gps[i].EffectiveFrom = from
		}
	}
	return gps, nil
}

// SetGroupPattern makes a group of the organisation follow a pattern from a date (day 0 of the
// cycle) instead of its weekly schedule. The choice is a new version of the group's pattern
// (migration 0043) in force from x.EffectiveFrom; the days before it keep the rule they had.
// Without an effective date: a group that never followed a pattern follows it from its start
// date (nothing was decided by a pattern before); otherwise the change decides from today, or
// from the start date when that is later (the pattern followed now runs until then).
func (s *Service) SetGroupPattern(ctx context.Context, orgID int64, x GroupPattern) (GroupPattern, error) {
	g, err := s.store.GetGroup(ctx, orgID, x.GroupID)
	if err != nil {
		return x, err
	}
	c := validate.New()
	if _, err := time.Parse(time.DateOnly, x.StartDate); err != nil {
		c.Add("start_date", "validation.date", "start_date must be a date (YYYY-MM-DD)", nil)
	}
	validEffective(c, x.EffectiveFrom)
	if x.PatternID < 1 {
		c.Add("pattern_id", "validation.required", "pattern id is required", nil)
	} else {
		ps, err := s.store.Patterns(ctx, orgID)
		if err != nil {
			return x, err
		}
		found := false
		for _, p := range ps {
			found = found || p.ID == x.PatternID
		}
		if !found {
			c.Add("pattern_id", "validation.invalid", "pattern_id names no pattern of the organisation", nil)
		}
	}
	if err := c.Err(); err != nil {
		return x, err
	}
	x.GroupName = g.Name
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		followed, err := s.versionsBefore(ctx, orgID, x.GroupID)
		if err != nil {
			return err
		}
		if x.EffectiveFrom == "" {
			if !followed {
				x.EffectiveFrom = x.StartDate
			} else if x.EffectiveFrom, _, err = s.today(ctx, orgID); err != nil {
				return err
			} else if x.StartDate > x.EffectiveFrom {
				x.EffectiveFrom = x.StartDate
			}
		}
		pattern := x.PatternID
		if err := s.store.SetPatternVersion(ctx, orgID, PatternVersion{GroupID: x.GroupID, PatternID: &pattern, StartDate: x.StartDate, EffectiveFrom: x.EffectiveFrom}); err != nil {
			return err
		}
		return s.store.SetGroupPattern(ctx, orgID, x)
	})
	return x, err
}

// validEffective checks an optional effective date.
func validEffective(c *validate.Checker, from string) {
	if from == "" {
		return
	}
	if _, err := time.Parse(time.DateOnly, from); err != nil {
		c.Add("effective_from", "validation.date", "effective_from must be a date (YYYY-MM-DD)", nil)
	}
}

// versionsBefore makes sure a group's pattern has its history, and reports whether it has
// any: a group whose pattern was set before versions (or by a release without them) gets its
// group_patterns row written as the version in force from its start date first, so that the
// change after it leaves the days before untouched.
func (s *Service) versionsBefore(ctx context.Context, orgID, groupID int64) (bool, error) {
	history, err := s.store.PatternVersions(ctx, orgID)
	if err != nil {
		return false, err
	}
	for _, v := range history {
		if v.GroupID == groupID {
			return true, nil
		}
	}
	gps, err := s.store.GroupPatterns(ctx, orgID)
	if err != nil {
		return false, err
	}
	for _, g := range gps {
		if g.GroupID == groupID {
			return true, s.store.SetPatternVersion(ctx, orgID, legacyVersion(g))
		}
	}
	return false, nil
}

// ClearGroupPattern puts a group back on its weekly schedule from a date (effectiveFrom, ""
// for today): a version without a pattern; the days before keep the pattern they had.
func (s *Service) ClearGroupPattern(ctx context.Context, orgID, groupID int64, effectiveFrom string) error {
	if _, err := s.store.GetGroup(ctx, orgID, groupID); err != nil {
		return err
	}
	c := validate.New()
	validEffective(c, effectiveFrom)
	if err := c.Err(); err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		followed, err := s.versionsBefore(ctx, orgID, groupID)
		if err != nil {
			return err
		}
		if !followed {
			return ErrNotFound // it follows no pattern (as before versions)
		}
		if effectiveFrom == "" {
			if effectiveFrom, _, err = s.today(ctx, orgID); err != nil {
				return err
			}
		}
		if err := s.store.SetPatternVersion(ctx, orgID, PatternVersion{GroupID: groupID, EffectiveFrom: effectiveFrom}); err != nil {
			return err
		}
		if err := s.store.ClearGroupPattern(ctx, orgID, groupID); err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		return nil
	})
}

// RosterFill is a bulk change of the roster: some people over a range of dates.
type RosterFill struct {
	PersonIDs []int64
	From, To  string
	ShiftID   *int64 // nil with Off: a day off
	Off       bool
}

// checkRange checks a fill's people and dates: at most 500 people of the organisation (any
// other id is not found) and 62 days.
func (s *Service) checkRange(ctx context.Context, orgID int64, personIDs []int64, from, to string, c *validate.Checker) ([]string, error) {
	if len(personIDs) == 0 {
		c.Add("person_ids", "validation.required", "person ids is required", nil)
	} else if len(personIDs) > MaxRosterPeople {
		c.Add("person_ids", "validation.max_items", "at most 500 people at once", map[string]any{"max": MaxRosterPeople})
	}
	f, err1 := time.Parse(time.DateOnly, from)
	t, err2 := time.Parse(time.DateOnly, to)
	if err1 != nil {
		c.Add("from", "validation.date", "from must be a date (YYYY-MM-DD)", nil)
	}
	if err2 != nil {
		c.Add("to", "validation.date", "to must be a date (YYYY-MM-DD)", nil)
	}
	if err1 == nil && err2 == nil {
		if t.Before(f) {
			c.Add("to", "validation.after", "the end must not be before the start", nil)
		} else if t.Sub(f) >= MaxRosterDays*24*time.Hour {
			c.Add("to", "validation.max_value", "at most 62 days at once", map[string]any{"max": MaxRosterDays})
		}
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	ok, err := s.store.ExistingPeople(ctx, orgID, personIDs)
	if err != nil {
		return nil, err
	}
	for _, id := range personIDs {
		if !ok[id] {
			return nil, ErrNotFound
		}
	}
	var dates []string
	for d := f; !d.After(t); d = d.AddDate(0, 0, 1) {
		dates = append(dates, d.Format(time.DateOnly))
	}
	return dates, nil
}

// FillRoster sets a shift, or a day off, for every person and date of a range; it returns how
// many entries it wrote. Run it in a transaction: a failure leaves nothing half-written.
func (s *Service) FillRoster(ctx context.Context, orgID int64, in RosterFill) (int, error) {
	c := validate.New()
	if in.ShiftID == nil && !in.Off {
		c.Add("shift_id", "validation.required", "shift_id is required, or off: true for a day off", nil)
	} else if in.ShiftID != nil && in.Off {
		c.Add("shift_id", "validation.invalid", "give a shift_id or off: true, not both", nil)
	}
	if in.ShiftID != nil && !c.Has("shift_id") {
		shifts, err := s.store.Shifts(ctx, orgID)
		if err != nil {
			return 0, err
		}
		found := false
		for _, sh := range shifts {
			found = found || sh.ID == *in.ShiftID
		}
		if !found {
			c.Add("shift_id", "validation.invalid", "shift_id names no shift of the organisation", nil)
		}
	}
	dates, err := s.checkRange(ctx, orgID, in.PersonIDs, in.From, in.To, c)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, p := range in.PersonIDs {
		for _, d := range dates {
			if err := s.store.SetRosterEntry(ctx, orgID, RosterEntry{PersonID: p, Date: d, ShiftID: in.ShiftID}); err != nil {
				return 0, err
			}
			n++
		}
	}
	if n == 0 {
		return 0, nil
	}
	return n, s.store.RosterWritten(ctx, orgID)
}

// ClearRoster removes the roster entries of some people in a range: their pattern or weekly
// schedule decides those dates again. It returns how many entries it removed.
func (s *Service) ClearRoster(ctx context.Context, orgID int64, personIDs []int64, from, to string) (int, error) {
	if _, err := s.checkRange(ctx, orgID, personIDs, from, to, validate.New()); err != nil {
		return 0, err
	}
	return s.store.ClearRoster(ctx, orgID, personIDs, from, to)
}

// CopyWeek copies the roster entries of some people (all who have entries when none are
// named) from the 7 days starting at from to the 7 days starting at to, replacing the
// entries there. It returns how many entries it wrote.
func (s *Service) CopyWeek(ctx context.Context, orgID int64, personIDs []int64, from, to string) (int, error) {
	c := validate.New()
	f, err1 := time.Parse(time.DateOnly, from)
	t, err2 := time.Parse(time.DateOnly, to)
	if err1 != nil {
		c.Add("from", "validation.date", "from must be a date (YYYY-MM-DD)", nil)
	}
	if err2 != nil {
		c.Add("to", "validation.date", "to must be a date (YYYY-MM-DD)", nil)
	}
	if err1 == nil && err2 == nil && from == to {
		c.Add("to", "validation.invalid", "the target week must differ from the source week", nil)
	}
	if len(personIDs) > MaxRosterPeople {
		c.Add("person_ids", "validation.max_items", "at most 500 people at once", map[string]any{"max": MaxRosterPeople})
	}
	if err := c.Err(); err != nil {
		return 0, err
	}
	if len(personIDs) > 0 {
		ok, err := s.store.ExistingPeople(ctx, orgID, personIDs)
		if err != nil {
			return 0, err
		}
		for _, id := range personIDs {
			if !ok[id] {
				return 0, ErrNotFound
			}
		}
	}
	var ids []int64
	if len(personIDs) > 0 {
		ids = personIDs
	}
	src, err := s.store.RosterEntries(ctx, orgID, ids, from, addDays(from, 6))
	if err != nil {
		return 0, err
	}
	if ids == nil {
		seen := map[int64]bool{}
		for _, e := range src {
			if !seen[e.PersonID] {
				seen[e.PersonID] = true
				ids = append(ids, e.PersonID)
			}
		}
	}
	if len(ids) == 0 {
		return 0, nil
	}
	if _, err := s.store.ClearRoster(ctx, orgID, ids, to, addDays(to, 6)); err != nil {
		return 0, err
	}
	shift := int(t.Sub(f).Hours() / 24)
	for _, e := range src {
		e.Date = addDays(e.Date, shift)
		if err := s.store.SetRosterEntry(ctx, orgID, e); err != nil {
			return 0, err
		}
	}
	if len(src) == 0 {
		return 0, nil
	}
	return len(src), s.store.RosterWritten(ctx, orgID)
}

// RosterDay is one cell of the roster grid: the rule the resolver takes for a person's date
// and where it came from (roster, pattern, weekly, none, not_tracked).
type RosterDay struct {
	Date    string `json:"date"`
	Source  string `json:"source"`
	ShiftID *int64 `json:"shift_id"`
	Working bool   `json:"working"`
	TimeIn  string `json:"time_in,omitempty"`
	TimeOut string `json:"time_out,omitempty"`
}

// RosterRow is a person's week on the roster grid.
type RosterRow struct {
	Person PersonRef   `json:"person"`
	Days   []RosterDay `json:"days"`
}

// RosterWeek pages through the active people (searched by name, code or e-mail) with the
// rule of each of the 7 days from a date, as the one resolver takes it.
func (s *Service) RosterWeek(ctx context.Context, orgID int64, from, search string, pg database.Page) ([]RosterRow, int, error) {
	f, err := time.Parse(time.DateOnly, from)
	if err != nil {
		return nil, 0, validate.Field("from", "validation.date", "from must be a date (YYYY-MM-DD)")
	}
	to := addDays(from, 6)
	people, total, err := s.store.People(ctx, orgID, PeopleFilter{Base: strings.TrimSpace(search)}, pg)
	if err != nil {
		return nil, 0, err
	}
	rows := make([]RosterRow, 0, len(people))
	if len(people) == 0 {
		return rows, total, nil
	}
	ids := make([]int64, len(people))
	for i, p := range people {
		ids[i] = p.ID
	}
	ms, err := s.memberships(ctx, orgID, ids, from, to)
	if err != nil {
		return nil, 0, err
	}
	rules, err := s.rules(ctx, orgID)
	if err != nil {
		return nil, 0, err
	}
	vs := rules.versions
	track, err := s.store.TrackingOf(ctx, orgID, people, ids) // the page read their dates
	if err != nil {
		return nil, 0, err
	}
	rb, err := s.rotaBasis(ctx, orgID)
	if err != nil {
		return nil, 0, err
	}
	es, err := s.store.RosterEntries(ctx, orgID, ids, from, to)
	if err != nil {
		return nil, 0, err
	}
	entry := map[int64]map[string]*int64{}
	for _, e := range es {
		if entry[e.PersonID] == nil {
			entry[e.PersonID] = map[string]*int64{}
		}
		entry[e.PersonID][e.Date] = e.ShiftID
	}
	ro, err := s.rotaOf(ctx, rb, es)
	if err != nil {
		return nil, 0, err
	}
	book := newRuleBook(ms, vs).withTracking(track).withRota(ro)
	for _, p := range people {
		row := RosterRow{Person: p}
		for i := 0; i < 7; i++ {
			d := f.AddDate(0, 0, i)
			ds := d.Format(time.DateOnly)
			wd := int(d.Weekday())
			if wd == 0 {
				wd = 7
			}
			r, source := book.resolve(p.ID, ds, wd)
			day := RosterDay{Date: ds, Source: source, Working: r.Scheduled}
			if source == SourceRoster {
				day.ShiftID = entry[p.ID][ds]
			}
			if r.Scheduled {
				day.TimeIn, day.TimeOut = r.TimeIn.String(), r.TimeOut.String()
			}
			row.Days = append(row.Days, day)
		}
		rows = append(rows, row)
	}
	return rows, total, nil
}
