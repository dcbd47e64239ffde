package attendance

import (
	"context"
	"sort"
	"time"
)

// Shift is a named set of times an organisation works (issue 13): time in and out with their
// cut-offs, "HH:MM"; a time out before time in crosses midnight.
type Shift struct {
	ID            int64  `json:"id"`
	OrgID         int64  `json:"-"`
	Name          string `json:"name"`
	TimeIn        string `json:"time_in"`
	CutOffTimeIn  string `json:"cut_off_time_in"`
	TimeOut       string `json:"time_out"`
	CutOffTimeOut string `json:"cut_off_time_out"`
}

// Pattern is a rotation of CycleDays days: Days[i] is the shift of cycle day i, or nil for a
// day off. 4 on 4 off is [A, A, A, A, nil, nil, nil, nil].
type Pattern struct {
	ID        int64    `json:"id"`
	OrgID     int64    `json:"-"`
	Name      string   `json:"name"`
	CycleDays int      `json:"cycle_days"`
	Days      []*int64 `json:"days"`
	// Groups is how many groups follow the pattern.
	Groups int `json:"groups"`
}

// GroupPattern is the pattern a group follows from StartDate (day 0 of the cycle) instead of
// its weekly schedule. EffectiveFrom is the date from which this choice decides (the days
// before it keep the version they had); "" when setting asks for the default.
type GroupPattern struct {
	GroupID       int64  `json:"group_id"`
	GroupName     string `json:"group_name"`
	PatternID     int64  `json:"pattern_id"`
	StartDate     string `json:"start_date"`
	EffectiveFrom string `json:"effective_from"`
}

// PatternVersion is one version of a group's pattern (migration 0043): from EffectiveFrom on,
// the group follows PatternID from StartDate (day 0 of the cycle; before it, the weekly
// schedule), or, PatternID nil, its weekly schedule again.
type PatternVersion struct {
	GroupID       int64
	PatternID     *int64
	StartDate     string
	EffectiveFrom string
}

// patternVersions is what the resolver follows: the history of group patterns, and for a
// group without history (its pattern set by a release before versions, which writes
// group_patterns only) its group_patterns row as one version in force from its start date,
// as that release read it.
func patternVersions(history []PatternVersion, current []GroupPattern) []PatternVersion {
	out := append([]PatternVersion(nil), history...)
	has := map[int64]bool{}
	for _, v := range history {
		has[v.GroupID] = true
	}
	for _, g := range current {
		if !has[g.GroupID] {
			out = append(out, legacyVersion(g))
		}
	}
	return out
}

// legacyVersion is a group_patterns row without history as a version.
func legacyVersion(g GroupPattern) PatternVersion {
	p := g.PatternID
	return PatternVersion{GroupID: g.GroupID, PatternID: &p, StartDate: g.StartDate, EffectiveFrom: g.StartDate}
}

// RosterEntry is a person's shift on a date, or a day off (ShiftID nil), overriding the
// pattern and the weekly schedule.
type RosterEntry struct {
	PersonID int64  `json:"person_id"`
	Date     string `json:"date"`
	ShiftID  *int64 `json:"shift_id"`
}

// Sources of a day's rule, as the resolver took it.
const (
	SourceNone       = "none"        // in no group and no roster entry
	SourceNotTracked = "not_tracked" // outside the tracking window
	SourceRoster     = "roster"      // a roster entry of the person and date
	SourcePattern    = "pattern"     // the rotation pattern of the person's group
	SourceWeekly     = "weekly"      // the weekly schedule version of the person's group
)

// shiftRule is a shift as the engine's rule of a working day.
func shiftRule(s Shift) Rule {
	in, _ := ParseClock(s.TimeIn)
	cutIn, _ := ParseClock(s.CutOffTimeIn)
	out, _ := ParseClock(s.TimeOut)
	cutOut, _ := ParseClock(s.CutOffTimeOut)
	return Rule{Grouped: true, Scheduled: true, DayType: DayWorking, TimeIn: in, CutOffIn: cutIn, TimeOut: out, CutOffOut: cutOut}
}

// restRule is a day off of a roster or a pattern.
var restRule = Rule{Grouped: true, DayType: DayRest}

// rota is what the resolver knows of rosters: the organisation's patterns as rules per cycle
// day, the versions of the pattern each group follows, and the roster entries of the people
// it answers for.
type rota struct {
	shifts  map[int64]Rule
	groups  map[int64][]rotation
	entries map[int64]map[string]Rule
}

// rotation is a version of a group's pattern: in force from effective (until the next
// version), the cycle from the start date; days nil is the weekly schedule.
type rotation struct {
	effective string
	start     int // day number of the start date
	from      string
	days      []Rule
}

// dayNumber counts calendar days (not hours: a DST change does not shift a rotation).
func dayNumber(ds string) (int, bool) {
	t, err := time.Parse(time.DateOnly, ds)
	if err != nil {
		return 0, false
	}
	return int(t.Unix() / 86400), true
}

func newRota(shifts []Shift, patterns []Pattern, versions []PatternVersion, entries []RosterEntry) *rota {
	r := &rota{shifts: map[int64]Rule{}, groups: map[int64][]rotation{}, entries: map[int64]map[string]Rule{}}
	for _, s := range shifts {
		r.shifts[s.ID] = shiftRule(s)
	}
	cycles := map[int64][]Rule{}
	for _, p := range patterns {
		days := make([]Rule, len(p.Days))
		for i, id := range p.Days {
			days[i] = restRule
			if id != nil {
				if sr, ok := r.shifts[*id]; ok {
					days[i] = sr
				}
			}
		}
		cycles[p.ID] = days
	}
	for _, v := range versions {
		rot := rotation{effective: v.EffectiveFrom}
		if v.PatternID != nil {
			n, ok := dayNumber(v.StartDate)
			if days := cycles[*v.PatternID]; ok && len(days) > 0 {
				rot.start, rot.from, rot.days = n, v.StartDate, days
			}
		}
		r.groups[v.GroupID] = append(r.groups[v.GroupID], rot)
	}
	for _, vs := range r.groups {
		sort.Slice(vs, func(i, j int) bool { return vs[i].effective < vs[j].effective })
	}
	for _, e := range entries {
		if r.entries[e.PersonID] == nil {
			r.entries[e.PersonID] = map[string]Rule{}
		}
		rule := restRule
		if e.ShiftID != nil {
			rule = r.shifts[*e.ShiftID]
		}
		r.entries[e.PersonID][e.Date] = rule
	}
	return r
}

// patternRule is the rule of a group's rotation on a date, if the version of the group's
// pattern in force on the date has it follow one then (on or after its start date).
func (r *rota) patternRule(groupID int64, ds string) (Rule, bool) {
	if r == nil {
		return Rule{}, false
	}
	var g *rotation
	vs := r.groups[groupID]
	for i := range vs {
		if vs[i].effective > ds {
			break
		}
		g = &vs[i]
	}
	if g == nil || g.days == nil || ds < g.from {
		return Rule{}, false
	}
	n, _ := dayNumber(ds)
	return g.days[(n-g.start)%len(g.days)], true
}

// withRota returns the book with rosters and rotations in it.
func (b ruleBook) withRota(r *rota) ruleBook {
	b.rota = r
	return b
}

// rotaBasis is the organisation-wide part of the rota (shifts, patterns, the versions of
// which group follows which), read once per report. Most organisations have no rota: the
// groups' pattern versions are read first, the patterns only when there is one, and the
// shifts only when a pattern is followed or a roster entry names a shift (each statement is a
// round trip on PostgreSQL, where the daily list ran 16 of them; issue 9).
type rotaBasis struct {
	shifts   []Shift
	patterns []Pattern
	versions []PatternVersion // shared with the cached rules: read only
	orgID    int64
	loaded   bool // shifts read
	roster   bool // the organisation has roster entries (orgRules.roster)
}

func (s *Service) rotaBasis(ctx context.Context, orgID int64) (*rotaBasis, error) {
	b := &rotaBasis{orgID: orgID}
	rules, err := s.rules(ctx, orgID)
	if err != nil {
		return b, err
	}
	b.versions, b.roster = rules.patterns, rules.roster
	if len(b.versions) == 0 {
		return b, nil
	}
	if b.patterns, err = s.store.Patterns(ctx, orgID); err != nil {
		return b, err
	}
	return b, s.loadShifts(ctx, b)
}

// loadShifts reads the organisation's shifts onto the basis once.
func (s *Service) loadShifts(ctx context.Context, b *rotaBasis) error {
	if b.loaded {
		return nil
	}
	sh, err := s.store.Shifts(ctx, b.orgID)
	if err != nil {
		return err
	}
	b.shifts, b.loaded = sh, true
	return nil
}

// rotaOf puts roster entries onto the basis, reading the shifts if an entry needs them.
func (s *Service) rotaOf(ctx context.Context, b *rotaBasis, es []RosterEntry) (*rota, error) {
	if len(es) > 0 {
		if err := s.loadShifts(ctx, b); err != nil {
			return nil, err
		}
	}
	return newRota(b.shifts, b.patterns, b.versions, es), nil
}

// rota reads the roster entries of some people in [from, to] onto the basis.
func (s *Service) rota(ctx context.Context, orgID int64, b *rotaBasis, personIDs []int64, from, to string) (*rota, error) {
	if !b.roster { // none at all: nothing to read
		return s.rotaOf(ctx, b, nil)
	}
	es, err := s.store.RosterEntries(ctx, orgID, personIDs, from, to)
	if err != nil {
		return nil, err
	}
	return s.rotaOf(ctx, b, es)
}
