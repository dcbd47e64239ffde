package attendance

import (
	"testing"
	"time"
)

func id(n int64) *int64 { return &n }

var (
	shiftMorning = Shift{ID: 1, Name: "Morning", TimeIn: "06:00", CutOffTimeIn: "07:00", TimeOut: "14:00", CutOffTimeOut: "18:00"}
	shiftNight   = Shift{ID: 2, Name: "Night", TimeIn: "22:00", CutOffTimeIn: "23:00", TimeOut: "06:00", CutOffTimeOut: "10:00"}
	// 4 mornings on, 4 off.
	fourOnFourOff = Pattern{ID: 7, Name: "4 on 4 off", CycleDays: 8, Days: []*int64{id(1), id(1), id(1), id(1), nil, nil, nil, nil}}
)

// rosterBook: group 9 works Monday–Friday 08:00–17:00 and follows 4-on-4-off from Monday
// 2026-03-02; group 10 works the same week and follows no pattern. Person 1 is in group 9,
// person 2 in group 10, person 3 in no group; person 4 is in group 9 but joined on 2026-03-10.
func rosterBook(entries []RosterEntry) ruleBook {
	week := []ScheduleDay{{Day: 1, Type: DayWorking}, {Day: 2, Type: DayWorking}, {Day: 3, Type: DayWorking}, {Day: 4, Type: DayWorking}, {Day: 5, Type: DayWorking}, {Day: 6, Type: DayRest}, {Day: 7, Type: DayRest}}
	vs := []Version{
		{GroupID: 9, EffectiveFrom: beginning, TimeIn: "08:00", CutOffTimeIn: "10:00", TimeOut: "17:00", CutOffTimeOut: "23:00", Days: week},
		{GroupID: 10, EffectiveFrom: beginning, TimeIn: "08:00", CutOffTimeIn: "10:00", TimeOut: "17:00", CutOffTimeOut: "23:00", Days: week},
	}
	ms := []Membership{{PersonID: 1, GroupID: 9, From: "2026-01-01"}, {PersonID: 2, GroupID: 10, From: "2026-01-01"}, {PersonID: 4, GroupID: 9, From: "2026-01-01"}}
	ro := newRota([]Shift{shiftMorning, shiftNight}, []Pattern{fourOnFourOff}, patternVersions(nil, []GroupPattern{{GroupID: 9, PatternID: 7, StartDate: "2026-03-02"}}), entries)
	return newRuleBook(ms, vs).withTracking(Tracking{People: map[int64][2]string{4: {"2026-03-10", ""}}}).withRota(ro)
}

// Every order of the three rules: a roster entry beats the pattern and the weekly schedule,
// the pattern beats the weekly schedule, and the weekly schedule decides what neither covers;
// the tracking window comes before all of them.
func TestResolverRuleOrder(t *testing.T) {
	book := rosterBook([]RosterEntry{
		{PersonID: 1, Date: "2026-03-03", ShiftID: id(2)}, // a pattern morning made a night
		{PersonID: 1, Date: "2026-03-04", ShiftID: nil},   // a pattern morning made a day off
		{PersonID: 1, Date: "2026-03-07", ShiftID: id(1)}, // a pattern day off made a morning
		{PersonID: 2, Date: "2026-03-03", ShiftID: id(2)}, // a weekly Tuesday made a night
		{PersonID: 2, Date: "2026-03-07", ShiftID: id(1)}, // a weekly Saturday made a morning
		{PersonID: 2, Date: "2026-03-09", ShiftID: nil},   // a weekly Monday made a day off
		{PersonID: 3, Date: "2026-03-03", ShiftID: id(1)}, // somebody in no group, rostered
		{PersonID: 4, Date: "2026-03-03", ShiftID: id(1)}, // before joining: not tracked all the same
	})
	morning, nightR, office := shiftRule(shiftMorning), shiftRule(shiftNight), book.weekly(9, "2026-03-02", 1)
	rest := restRule
	weekend := Rule{Grouped: true, DayType: DayRest}
	for _, c := range []struct {
		name   string
		person int64
		date   string
		want   Rule
		source string
	}{
		{"roster shift beats pattern", 1, "2026-03-03", nightR, SourceRoster},
		{"roster day off beats pattern's working day", 1, "2026-03-04", rest, SourceRoster},
		{"roster shift beats pattern's day off", 1, "2026-03-07", morning, SourceRoster},
		{"roster shift beats weekly working day", 2, "2026-03-03", nightR, SourceRoster},
		{"roster shift beats weekly rest day", 2, "2026-03-07", morning, SourceRoster},
		{"roster day off beats weekly working day", 2, "2026-03-09", rest, SourceRoster},
		{"pattern working day (cycle day 0)", 1, "2026-03-02", morning, SourcePattern},
		{"pattern day off beats weekly Friday", 1, "2026-03-06", rest, SourcePattern},
		{"the cycle repeats: day 8 is day 0", 1, "2026-03-10", morning, SourcePattern},
		{"pattern day off on a Saturday", 1, "2026-03-14", rest, SourcePattern},
		{"pattern working day beats weekly Saturday (day 19 = 3)", 1, "2026-03-21", morning, SourcePattern},
		{"pattern's 4th working day", 1, "2026-03-13", morning, SourcePattern},
		{"before the pattern starts: weekly", 1, "2026-02-27", office, SourceWeekly},
		{"before the pattern starts: weekly weekend", 1, "2026-02-28", weekend, SourceWeekly},
		{"no pattern: weekly", 2, "2026-03-04", office, SourceWeekly},
		{"no group, rostered", 3, "2026-03-03", morning, SourceRoster},
		{"no group, not rostered: no schedule", 3, "2026-03-04", Rule{}, SourceNone},
		{"outside the tracking window beats the roster", 4, "2026-03-03", Rule{NotTracked: true}, SourceNotTracked},
		{"inside the window: pattern", 4, "2026-03-10", morning, SourcePattern},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, _ := time.Parse(time.DateOnly, c.date)
			wd := int(d.Weekday())
			if wd == 0 {
				wd = 7
			}
			got, source := book.resolve(c.person, c.date, wd)
			if got != c.want || source != c.source {
				t.Fatalf("got %+v from %s; want %+v from %s", got, source, c.want, c.source)
			}
		})
	}
	if office.TimeIn != clk("08:00") || !office.Scheduled {
		t.Fatalf("weekly rule: %+v", office)
	}
}

// A rotation counts calendar days, not hours: Europe/Berlin moves to summer time on Sunday
// 2026-03-29 (a 23-hour day), and the cycle does not slip. A night shift from the pattern on
// the Saturday before runs into that Sunday and keeps its morning punch.
func TestRotationAcrossDSTWithNightShift(t *testing.T) {
	berlin := mustLoc(t, "Europe/Berlin")
	nights := Pattern{ID: 8, Name: "2 nights 2 off", CycleDays: 4, Days: []*int64{id(2), id(2), nil, nil}}
	ro := newRota([]Shift{shiftNight}, []Pattern{nights}, patternVersions(nil, []GroupPattern{{GroupID: 9, PatternID: 8, StartDate: "2026-03-20"}}), nil)
	book := newRuleBook([]Membership{{PersonID: 1, GroupID: 9, From: "2026-01-01"}}, nil).withRota(ro)
	// Cycle day = calendar days since 2026-03-20, mod 4: 0 and 1 are nights.
	want := map[string]bool{
		"2026-03-27": false, // day 7
		"2026-03-28": true,  // day 8 → 0
		"2026-03-29": true,  // day 9 → 1, the 23-hour day
		"2026-03-30": false, // day 10 → 2
		"2026-03-31": false, // day 11 → 3
		"2026-04-01": true,  // day 12 → 0
		"2026-10-24": false, // day 218 → 2
		"2026-10-25": false, // day 219 → 3, the 25-hour day back to winter time
		"2026-10-26": true,  // day 220 → 0
	}
	for ds, night := range want {
		d, _ := time.ParseInLocation(time.DateOnly, ds, berlin)
		r := book.rule(1, d)
		if r.Scheduled != night || (night && r.TimeIn != clk("22:00")) {
			t.Errorf("%s: %+v, want night %v", ds, r, night)
		}
	}

	// The night of Saturday 28 March: in at 21:55 (UTC+1), out at 06:05 on Sunday (UTC+2),
	// eight hours and ten minutes later by the wall clock but seven by the clock of the world.
	sat := time.Date(2026, 3, 28, 0, 0, 0, 0, berlin)
	sun := sat.AddDate(0, 0, 1)
	in, out := time.Date(2026, 3, 28, 21, 55, 0, 0, berlin), time.Date(2026, 3, 29, 6, 5, 0, 0, berlin)
	if out.Sub(in) != 7*time.Hour+10*time.Minute {
		t.Fatalf("the DST change is not in the test: %v", out.Sub(in))
	}
	fri, satR, sunR := book.rule(1, sat.AddDate(0, 0, -1)), book.rule(1, sat), book.rule(1, sun)
	windows := [][2]time.Time{{Start(sat, fri, berlin), End(sat, satR, berlin)}, {Start(sun, satR, berlin), End(sun, sunR, berlin)}}
	split := Split([]time.Time{in, out}, windows)
	if len(split[0]) != 2 || len(split[1]) != 0 {
		t.Fatalf("punches by date: %v", split)
	}
	res := Evaluate(Day{Date: sat, Rule: satR, Punches: split[0]}, berlin, time.Date(2026, 3, 30, 12, 0, 0, 0, berlin))
	if res.Status != StatusPresent || res.Late || res.EarlyOut || res.MissingOut || res.OvertimeMinutes != 5 {
		t.Fatalf("Saturday night: %+v", res)
	}
	// Sunday's own night (also from the pattern) has no punch: absent after its cut-off.
	res = Evaluate(Day{Date: sun, Rule: sunR, Punches: split[1]}, berlin, time.Date(2026, 3, 30, 12, 0, 0, 0, berlin))
	if res.Status != StatusAbsent {
		t.Fatalf("Sunday night: %+v", res)
	}
}

// TestResolverPatternVersions: a group's pattern is versioned (migration 0043), and the
// resolver takes the version in force on the day asked, so a change leaves the days before it
// as they were. Group 9 follows 4-on-4-off from Monday 2 March; from 16 March it follows
// "2 nights 2 off" (day 0 on the 16th); from 30 March its weekly schedule again; from 6 April
// mornings every day, but only from their start on the 8th. Group 10 has no history, only
// the group_patterns row a release before versions wrote: it follows it from its start date.
// Group 11 has history and a group_patterns row that disagrees: the history decides.
func TestResolverPatternVersions(t *testing.T) {
	week := []ScheduleDay{{Day: 1, Type: DayWorking}, {Day: 2, Type: DayWorking}, {Day: 3, Type: DayWorking}, {Day: 4, Type: DayWorking}, {Day: 5, Type: DayWorking}, {Day: 6, Type: DayRest}, {Day: 7, Type: DayRest}}
	var vs []Version
	var ms []Membership
	for g := int64(9); g <= 11; g++ {
		vs = append(vs, Version{GroupID: g, EffectiveFrom: beginning, TimeIn: "08:00", CutOffTimeIn: "10:00", TimeOut: "17:00", CutOffTimeOut: "23:00", Days: week})
		ms = append(ms, Membership{PersonID: g - 8, GroupID: g, From: "2026-01-01"})
	}
	nights := Pattern{ID: 8, Name: "2 nights 2 off", CycleDays: 4, Days: []*int64{id(2), id(2), nil, nil}}
	mornings := Pattern{ID: 9, Name: "Mornings", CycleDays: 1, Days: []*int64{id(1)}}
	history := []PatternVersion{ // in no order, as the store reads them
		{GroupID: 9, PatternID: id(8), StartDate: "2026-03-16", EffectiveFrom: "2026-03-16"},
		{GroupID: 9, PatternID: id(9), StartDate: "2026-04-08", EffectiveFrom: "2026-04-06"},
		{GroupID: 9, PatternID: id(7), StartDate: "2026-03-02", EffectiveFrom: "2026-03-02"},
		{GroupID: 9, EffectiveFrom: "2026-03-30"},
		{GroupID: 11, PatternID: id(8), StartDate: "2026-03-02", EffectiveFrom: "2026-03-02"},
	}
	current := []GroupPattern{
		{GroupID: 9, PatternID: 9, StartDate: "2026-04-08"},
		{GroupID: 10, PatternID: 7, StartDate: "2026-03-02"},
		{GroupID: 11, PatternID: 9, StartDate: "2026-03-02"},
	}
	ro := newRota([]Shift{shiftMorning, shiftNight}, []Pattern{fourOnFourOff, nights, mornings}, patternVersions(history, current),
		[]RosterEntry{{PersonID: 1, Date: "2026-03-17", ShiftID: id(1)}})
	book := newRuleBook(ms, vs).withRota(ro)
	morning, nightR, office := shiftRule(shiftMorning), shiftRule(shiftNight), book.weekly(9, "2026-03-02", 1)
	weekend := Rule{Grouped: true, DayType: DayRest}
	for _, c := range []struct {
		name   string
		person int64
		date   string
		want   Rule
		source string
	}{
		{"before any version: weekly", 1, "2026-03-01", weekend, SourceWeekly},
		{"first version, cycle day 0", 1, "2026-03-02", morning, SourcePattern},
		{"first version, cycle day 13 = 5: off", 1, "2026-03-15", restRule, SourcePattern},
		{"first version, cycle day 8 = 0", 1, "2026-03-10", morning, SourcePattern},
		{"second version from its date: a night", 1, "2026-03-16", nightR, SourcePattern},
		{"a roster entry still beats the version in force", 1, "2026-03-17", morning, SourceRoster},
		{"second version, cycle day 2: off", 1, "2026-03-18", restRule, SourcePattern},
		{"second version's last day, cycle day 13 = 1: a night", 1, "2026-03-29", nightR, SourcePattern},
		{"weekly again from the third version", 1, "2026-03-30", office, SourceWeekly},
		{"weekly weekend under the third version", 1, "2026-04-04", weekend, SourceWeekly},
		{"fourth version before its pattern's start: weekly", 1, "2026-04-07", office, SourceWeekly},
		{"fourth version from its start", 1, "2026-04-08", morning, SourcePattern},
		{"fourth version on a Saturday", 1, "2026-04-11", morning, SourcePattern},
		{"no history: the old row from its start date", 2, "2026-03-02", morning, SourcePattern},
		{"no history: before the old row's start", 2, "2026-03-01", weekend, SourceWeekly},
		{"no history: the old row's cycle", 2, "2026-03-06", restRule, SourcePattern},
		{"history beats a disagreeing old row", 3, "2026-03-02", nightR, SourcePattern},
		{"history beats a disagreeing old row, off day", 3, "2026-03-04", restRule, SourcePattern},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, _ := time.Parse(time.DateOnly, c.date)
			wd := int(d.Weekday())
			if wd == 0 {
				wd = 7
			}
			got, source := book.resolve(c.person, c.date, wd)
			if got != c.want || source != c.source {
				t.Fatalf("got %+v from %s; want %+v from %s", got, source, c.want, c.source)
			}
		})
	}
}
