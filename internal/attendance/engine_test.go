package attendance

import (
	"testing"
	"time"
)

func mustLoc(t *testing.T, name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func clk(s string) Clock {
	c, err := ParseClock(s)
	if err != nil {
		panic(err)
	}
	return c
}

var office = Rule{Scheduled: true, DayType: DayWorking, TimeIn: clk("08:00"), CutOffIn: clk("10:00"), TimeOut: clk("17:00"), CutOffOut: clk("23:59")}
var night = Rule{Scheduled: true, DayType: DayWorking, TimeIn: clk("22:00"), CutOffIn: clk("23:30"), TimeOut: clk("06:00"), CutOffOut: clk("10:00")}

func TestEvaluateRulesAndPrecedence(t *testing.T) {
	kl := mustLoc(t, "Asia/Kuala_Lumpur")
	date := time.Date(2026, 11, 16, 0, 0, 0, 0, kl) // a Monday
	p := func(hm string) time.Time {
		c := clk(hm)
		return time.Date(2026, 11, 16, int(c)/60, int(c)%60, 0, 0, kl)
	}
	later := time.Date(2026, 11, 20, 0, 0, 0, 0, kl)
	leave := &Leave{Status: StatusLeave, Session: "full"}
	away := &Leave{Status: StatusAway, Session: "full"}
	manual := &Manual{Status: StatusPresent, Remark: "attended a course"}
	cases := []struct {
		name                 string
		day                  Day
		now                  time.Time
		want                 Status
		late, early, missing bool
	}{
		{"manual beats holiday", Day{Rule: office, Holiday: "Deepavali", Manual: manual}, later, StatusPresent, false, false, false},
		{"manual absent beats punches", Day{Rule: office, Manual: &Manual{Status: StatusAbsent}, Punches: []time.Time{p("07:50")}}, later, StatusAbsent, false, false, false},
		{"holiday beats off day", Day{Rule: Rule{}, Holiday: "Deepavali"}, later, StatusHoliday, false, false, false},
		{"holiday beats leave and punches", Day{Rule: office, Holiday: "Deepavali", Leave: leave, Punches: []time.Time{p("07:50")}}, later, StatusHoliday, false, false, false},
		{"off day beats leave", Day{Rule: Rule{Grouped: true}, Leave: leave}, later, StatusOffDay, false, false, false},
		{"rest day with punches is still off", Day{Rule: Rule{Grouped: true, DayType: DayRest}, Punches: []time.Time{p("09:00")}}, later, StatusOffDay, false, false, false},
		// Issue 13: no rule at all is "no schedule", not an off day; not tracked, a manual
		// status and a holiday still come first.
		{"no group: no schedule", Day{Rule: Rule{}}, later, StatusNoSchedule, false, false, false},
		{"no group with punches and leave: no schedule", Day{Rule: Rule{}, Leave: leave, Punches: []time.Time{p("07:50"), p("17:00")}}, later, StatusNoSchedule, false, false, false},
		{"no group, before today: still no schedule", Day{Rule: Rule{}}, p("00:00").AddDate(0, 0, -3), StatusNoSchedule, false, false, false},
		{"not tracked beats no schedule", Day{Rule: Rule{NotTracked: true}}, later, StatusNotTracked, false, false, false},
		{"manual beats no schedule", Day{Rule: Rule{}, Manual: manual}, later, StatusPresent, false, false, false},
		{"leave beats punches", Day{Rule: office, Leave: leave, Punches: []time.Time{p("07:50")}}, later, StatusLeave, false, false, false},
		{"away", Day{Rule: office, Leave: away}, later, StatusAway, false, false, false},
		{"present on time", Day{Rule: office, Punches: []time.Time{p("07:55"), p("17:05")}}, later, StatusPresent, false, false, false},
		{"present exactly at time in", Day{Rule: office, Punches: []time.Time{p("08:00"), p("17:00")}}, later, StatusPresent, false, false, false},
		{"late", Day{Rule: office, Punches: []time.Time{p("08:01"), p("17:30")}}, later, StatusPresent, true, false, false},
		{"late at cut-off is present", Day{Rule: office, Punches: []time.Time{p("10:00"), p("17:30")}}, later, StatusPresent, true, false, false},
		{"after cut-off is absent", Day{Rule: office, Punches: []time.Time{p("10:01"), p("17:30")}}, later, StatusAbsent, false, false, false},
		{"early out", Day{Rule: office, Punches: []time.Time{p("07:45"), p("16:30")}}, later, StatusPresent, false, true, false},
		{"one punch, day over: missing out", Day{Rule: office, Punches: []time.Time{p("07:45")}}, later, StatusPresent, false, false, true},
		{"one punch, day running", Day{Rule: office, Punches: []time.Time{p("07:45")}}, p("12:00"), StatusPresent, false, false, false},
		{"no punch after cut-off: absent", Day{Rule: office}, p("10:01"), StatusAbsent, false, false, false},
		{"no punch before cut-off: open", Day{Rule: office}, p("09:59"), StatusOpen, false, false, false},
		{"future day: open", Day{Rule: office}, p("00:00").AddDate(0, 0, -3), StatusOpen, false, false, false},
		{"half-day leave am, in at noon", Day{Rule: office, Leave: &Leave{Status: StatusLeave, Session: "am"}, Punches: []time.Time{p("12:20"), p("17:00")}}, later, StatusPresent, false, false, false},
		{"half-day leave am, in late", Day{Rule: office, Leave: &Leave{Status: StatusLeave, Session: "am"}, Punches: []time.Time{p("12:40"), p("17:00")}}, later, StatusPresent, true, false, false},
		{"half-day leave pm, leaves at noon", Day{Rule: office, Leave: &Leave{Status: StatusLeave, Session: "pm"}, Punches: []time.Time{p("07:58"), p("12:31")}}, later, StatusPresent, false, false, false},
		{"half-day leave, no punches", Day{Rule: office, Leave: &Leave{Status: StatusLeave, Session: "pm"}}, later, StatusLeave, false, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.day.Date = date
			got := Evaluate(c.day, kl, c.now)
			if got.Status != c.want || got.Late != c.late || got.EarlyOut != c.early || got.MissingOut != c.missing {
				t.Fatalf("got status %d late %v early %v missing %v; want %d %v %v %v", got.Status, got.Late, got.EarlyOut, got.MissingOut, c.want, c.late, c.early, c.missing)
			}
			if len(c.day.Punches) > 0 && (got.InTime == nil || !got.InTime.Equal(c.day.Punches[0]) || !got.LastSeen.Equal(c.day.Punches[len(c.day.Punches)-1])) {
				t.Fatalf("in time %v last seen %v", got.InTime, got.LastSeen)
			}
		})
	}
}

// windows builds the windows of consecutive dates with one rule for all.
func windows(from time.Time, n int, r Rule, loc *time.Location) [][2]time.Time {
	var w [][2]time.Time
	for i := 0; i < n; i++ {
		d := from.AddDate(0, 0, i)
		w = append(w, [2]time.Time{Start(d, r, loc), End(d, r, loc)})
	}
	return w
}

func TestNightShiftAcrossMidnight(t *testing.T) {
	kl := mustLoc(t, "Asia/Kuala_Lumpur")
	d0 := time.Date(2026, 11, 16, 0, 0, 0, 0, kl)
	in := time.Date(2026, 11, 16, 21, 55, 0, 0, kl)
	out := time.Date(2026, 11, 17, 6, 5, 0, 0, kl)
	nextIn := time.Date(2026, 11, 17, 22, 10, 0, 0, kl)
	nextOut := time.Date(2026, 11, 18, 5, 30, 0, 0, kl)
	// Out of order and one punch twice: the split sorts; storage makes duplicates one punch.
	days := Split([]time.Time{nextOut, out, in, nextIn}, windows(d0, 2, night, kl))
	if len(days[0]) != 2 || !days[0][0].Equal(in) || !days[0][1].Equal(out) || len(days[1]) != 2 {
		t.Fatalf("split: %v", days)
	}
	now := time.Date(2026, 11, 20, 0, 0, 0, 0, kl)
	r0 := Evaluate(Day{Date: d0, Rule: night, Punches: days[0]}, kl, now)
	if r0.Status != StatusPresent || r0.Late || r0.EarlyOut {
		t.Fatalf("first night: %+v", r0)
	}
	r1 := Evaluate(Day{Date: d0.AddDate(0, 0, 1), Rule: night, Punches: days[1]}, kl, now)
	if r1.Status != StatusPresent || !r1.Late || !r1.EarlyOut {
		t.Fatalf("second night: %+v", r1)
	}
	// The morning's punches until cut-off-out belong to the night before, not to the new day.
	if s := Start(d0.AddDate(0, 0, 1), night, kl); !s.Equal(time.Date(2026, 11, 17, 10, 0, 0, 0, kl)) {
		t.Fatalf("window start %v", s)
	}
	// Before the night's cut-off-in (23:30) the day is open; after it, absent.
	if r := Evaluate(Day{Date: d0, Rule: night}, kl, time.Date(2026, 11, 16, 23, 0, 0, 0, kl)); r.Status != StatusOpen {
		t.Fatalf("night before cut-off: %+v", r)
	}
	if r := Evaluate(Day{Date: d0, Rule: night}, kl, time.Date(2026, 11, 16, 23, 31, 0, 0, kl)); r.Status != StatusAbsent {
		t.Fatalf("night after cut-off: %+v", r)
	}
}

func TestDaylightSavingTime(t *testing.T) {
	ny := mustLoc(t, "America/New_York")
	// 2026-03-08: clocks jump from 02:00 to 03:00. A night shift 22:00 → 06:00 is 7 hours long.
	d := time.Date(2026, 3, 7, 0, 0, 0, 0, ny)
	in := time.Date(2026, 3, 7, 21, 58, 0, 0, ny)
	out := time.Date(2026, 3, 8, 6, 1, 0, 0, ny)
	days := Split([]time.Time{in, out}, windows(d, 2, night, ny))
	if len(days[0]) != 2 {
		t.Fatalf("split across DST: %v", days)
	}
	now := time.Date(2026, 3, 10, 0, 0, 0, 0, ny)
	if r := Evaluate(Day{Date: d, Rule: night, Punches: days[0]}, ny, now); r.Status != StatusPresent || r.Late || r.EarlyOut {
		t.Fatalf("DST night: %+v", r)
	}
	if got := End(d, night, ny).Sub(Start(d, night, ny)); got != 23*time.Hour { // 10:00 EST to 10:00 EDT the next day
		t.Fatalf("window across the spring-forward night is %v, want 23h", got)
	}
	// A day shift on the DST day is judged in local time: 08:00 EDT is 12:00 UTC.
	dd := time.Date(2026, 3, 8, 0, 0, 0, 0, ny)
	onTime := time.Date(2026, 3, 8, 12, 0, 0, 0, time.UTC)
	if r := Evaluate(Day{Date: dd, Rule: office, Punches: []time.Time{onTime, onTime.Add(9 * time.Hour)}}, ny, now); r.Status != StatusPresent || r.Late {
		t.Fatalf("DST day shift: %+v", r)
	}
	if r := Evaluate(Day{Date: dd, Rule: office, Punches: []time.Time{onTime.Add(time.Minute)}}, ny, now); !r.Late {
		t.Fatalf("DST day shift one minute late: %+v", r)
	}
	// Autumn: 2026-11-01 01:00-02:00 happens twice; a day still ends at the next midnight.
	fall := time.Date(2026, 11, 1, 0, 0, 0, 0, ny)
	if got := End(fall, office, ny).Sub(Start(fall, office, ny)); got != 25*time.Hour {
		t.Fatalf("fall-back day is %v long", got)
	}
}

func TestParseClock(t *testing.T) {
	for _, bad := range []string{"", "8:00", "24:00", "12:60", "ab:cd", "12-00"} {
		if _, err := ParseClock(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if c, _ := ParseClock("07:45"); c.String() != "07:45" || c != 465 {
		t.Fatalf("%v", c)
	}
}

// Not-tracked days (issue 13): outside the tracking window a date has no status, whatever
// else is true of it, and counts in no total.
func TestNotTrackedDays(t *testing.T) {
	kl := mustLoc(t, "Asia/Kuala_Lumpur")
	date := time.Date(2026, 3, 2, 0, 0, 0, 0, kl)
	later := date.AddDate(0, 1, 0)
	out := Rule{NotTracked: true}
	for name, d := range map[string]Day{
		"no punch":       {Rule: out},
		"punches":        {Rule: out, Punches: []time.Time{date.Add(8 * time.Hour)}},
		"holiday":        {Rule: out, Holiday: "Hari Raya"},
		"manual present": {Rule: out, Manual: &Manual{Status: StatusPresent}},
		"leave":          {Rule: out, Leave: &Leave{Status: StatusLeave, Session: "full"}},
	} {
		d.Date = date
		r := Evaluate(d, kl, later)
		if r.Status != StatusNotTracked || r.Reason.Code != ReasonNotTracked {
			t.Errorf("%s: %+v", name, r)
		}
		var tot Totals
		tot.Add(r)
		if tot != (Totals{}) {
			t.Errorf("%s counted: %+v", name, tot)
		}
	}
}

// The resolver puts the tracking window before the weekly schedule: the organisation's start,
// the person's joining date and leaving date bound it, each inclusive.
func TestResolverTrackingWindow(t *testing.T) {
	book := newRuleBook([]Membership{{PersonID: 1, GroupID: 9, From: "2026-01-01"}, {PersonID: 2, GroupID: 9, From: "2026-01-01"}},
		[]Version{{GroupID: 9, EffectiveFrom: beginning, TimeIn: "08:00", CutOffTimeIn: "10:00", TimeOut: "17:00", CutOffTimeOut: "23:00",
			Days: []ScheduleDay{{Day: 1, Type: DayWorking}}}})
	book = book.withTracking(Tracking{Start: "2026-08-01", People: map[int64][2]string{2: {"2026-09-07", "2026-10-05"}}})
	for _, c := range []struct {
		person     int64
		date       string
		notTracked bool
	}{
		{1, "2026-07-27", true},  // before the organisation's start
		{1, "2026-08-03", false}, // a Monday after it
		{2, "2026-08-31", true},  // before joining
		{2, "2026-09-07", false}, // the joining date itself
		{2, "2026-10-05", false}, // the leaving date itself
		{2, "2026-10-12", true},  // after leaving
	} {
		r := book.ruleOn(c.person, c.date, 1)
		if r.NotTracked != c.notTracked || (!c.notTracked && !r.Scheduled) {
			t.Errorf("person %d on %s: %+v", c.person, c.date, r)
		}
	}
}

// TestEvaluateMinutes checks the minutes behind the flags, which the payroll export adds up:
// late from time in to the first punch, early out from the last punch to time out, overtime
// from time out to the last punch, and the part of the day leave or away covers.
func TestEvaluateMinutes(t *testing.T) {
	kl := mustLoc(t, "Asia/Kuala_Lumpur")
	date := time.Date(2026, 11, 16, 0, 0, 0, 0, kl)
	p := func(hm string, sec int) time.Time {
		c := clk(hm)
		return time.Date(2026, 11, 16, int(c)/60, int(c)%60, sec, 0, kl)
	}
	later := time.Date(2026, 11, 20, 0, 0, 0, 0, kl)
	cases := []struct {
		name                         string
		day                          Day
		late, early, overtime, leave int
	}{
		{"on time, out on time", Day{Rule: office, Punches: []time.Time{p("07:55", 0), p("17:00", 0)}}, 0, 0, 0, 0},
		{"late by the minute shown", Day{Rule: office, Punches: []time.Time{p("08:14", 59), p("17:00", 30)}}, 14, 0, 0, 0},
		{"early out", Day{Rule: office, Punches: []time.Time{p("07:50", 0), p("16:30", 20)}}, 0, 30, 0, 0},
		{"overtime to the last punch", Day{Rule: office, Punches: []time.Time{p("08:05", 0), p("12:00", 0), p("18:45", 10)}}, 5, 0, 105, 0},
		{"one punch: no overtime", Day{Rule: office, Punches: []time.Time{p("07:50", 0)}}, 0, 0, 0, 0},
		{"absent: nothing", Day{Rule: office, Punches: []time.Time{p("10:30", 0), p("19:00", 0)}}, 0, 0, 0, 0},
		{"full-day leave covers the day", Day{Rule: office, Leave: &Leave{Status: StatusLeave, Session: "full"}}, 0, 0, 0, 540},
		{"hourly away covers its hours", Day{Rule: office, Leave: &Leave{Status: StatusAway, Session: "full", Minutes: 90}}, 0, 0, 0, 90},
		{"half-day leave am, late for the afternoon", Day{Rule: office, Leave: &Leave{Status: StatusLeave, Session: "am"}, Punches: []time.Time{p("12:40", 0), p("17:20", 0)}}, 10, 0, 20, 270},
		{"holiday worked: no minutes", Day{Rule: office, Holiday: "Deepavali", Punches: []time.Time{p("09:00", 0), p("19:00", 0)}}, 0, 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.day.Date = date
			got := Evaluate(c.day, kl, later)
			if got.LateMinutes != c.late || got.EarlyOutMinutes != c.early || got.OvertimeMinutes != c.overtime || got.LeaveMinutes != c.leave {
				t.Fatalf("late %d early %d overtime %d leave %d; want %d %d %d %d", got.LateMinutes, got.EarlyOutMinutes, got.OvertimeMinutes, got.LeaveMinutes, c.late, c.early, c.overtime, c.leave)
			}
			if (got.Leave != nil) != (c.day.Leave != nil && c.day.Holiday == "") {
				t.Fatalf("leave applied: %v", got.Leave)
			}
		})
	}
}

// TestLateAfterCutOff: a group's setting decides a first punch after cut-off-in: absent (the
// default, today's rule) or present and late by the minutes from time in; the minutes are
// worked out by hand in each case, also for a night shift whose punch after the cut-off falls
// on the next calendar day (issue 13).
func TestLateAfterCutOff(t *testing.T) {
	kl := mustLoc(t, "Asia/Kuala_Lumpur")
	d0 := time.Date(2026, 11, 16, 0, 0, 0, 0, kl)
	at := func(day int, hm string) time.Time {
		c := clk(hm)
		return time.Date(2026, 11, day, int(c)/60, int(c)%60, 0, 0, kl)
	}
	later := time.Date(2026, 11, 20, 0, 0, 0, 0, kl)
	lateOffice, lateNight := office, night
	lateOffice.LateAfterCutOff, lateNight.LateAfterCutOff = true, true
	cases := []struct {
		name     string
		rule     Rule
		punches  []time.Time
		now      time.Time
		want     Status
		lateMins int
	}{
		{"absent rule: 10:01 after a 10:00 cut-off", office, []time.Time{at(16, "10:01"), at(16, "17:30")}, later, StatusAbsent, 0},
		{"late rule: 10:01 is 121 minutes late", lateOffice, []time.Time{at(16, "10:01"), at(16, "17:30")}, later, StatusPresent, 121},
		{"late rule: one punch at 13:30 is 330 minutes late", lateOffice, []time.Time{at(16, "13:30")}, later, StatusPresent, 330},
		{"late rule: before the cut-off as before, 09:00 is 60 late", lateOffice, []time.Time{at(16, "09:00"), at(16, "17:00")}, later, StatusPresent, 60},
		{"late rule: on time stays on time", lateOffice, []time.Time{at(16, "07:55"), at(16, "17:00")}, later, StatusPresent, 0},
		{"late rule: no punch after the cut-off is still absent", lateOffice, nil, at(16, "10:01"), StatusAbsent, 0},
		{"late rule: no punch before the cut-off is open", lateOffice, nil, at(16, "09:59"), StatusOpen, 0},
		// Night 22:00 → 06:00, cut-off-in 23:30: 00:15 the next morning is 135 minutes after 22:00.
		{"night, absent rule: 00:15 after a 23:30 cut-off", night, []time.Time{at(17, "00:15"), at(17, "06:10")}, later, StatusAbsent, 0},
		{"night, late rule: 00:15 is 135 minutes late", lateNight, []time.Time{at(17, "00:15"), at(17, "06:10")}, later, StatusPresent, 135},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The punches go to the date by its window, as the reports split them.
			days := Split(append([]time.Time(nil), c.punches...), windows(d0, 2, c.rule, kl))
			if len(days[0]) != len(c.punches) {
				t.Fatalf("the punches fell on other dates: %v", days)
			}
			got := Evaluate(Day{Date: d0, Rule: c.rule, Punches: days[0]}, kl, c.now)
			if got.Status != c.want || got.LateMinutes != c.lateMins || got.Late != (c.lateMins > 0) {
				t.Fatalf("got status %d late %v (%d min); want %d, %d min (reason %+v)", got.Status, got.Late, got.LateMinutes, c.want, c.lateMins, got.Reason)
			}
			if c.want == StatusAbsent && len(c.punches) > 0 && got.Reason.Code != ReasonAbsentAfterCutOff {
				t.Fatalf("absent after the cut-off gives reason %+v", got.Reason)
			}
		})
	}
}

// TestNoScheduleUntilJoiningAGroup walks one person's days through the resolver and the
// engine (issue 13): before they join a group every tracked day is "no schedule" (not an off
// day, not absent); from the joining date the group's schedule decides as for anyone; and
// outside the tracking window the day stays "not tracked".
func TestNoScheduleUntilJoiningAGroup(t *testing.T) {
	kl := mustLoc(t, "Asia/Kuala_Lumpur")
	week := []ScheduleDay{{Day: 1, Type: DayWorking}, {Day: 2, Type: DayWorking}, {Day: 3, Type: DayWorking}, {Day: 4, Type: DayWorking},
		{Day: 5, Type: DayWorking}, {Day: 6, Type: DayRest}}
	v := Version{GroupID: 9, EffectiveFrom: "2026-11-01", TimeIn: "08:00", CutOffTimeIn: "10:00", TimeOut: "17:00", CutOffTimeOut: "23:59", Days: week}
	book := newRuleBook([]Membership{{PersonID: 1, GroupID: 9, From: "2026-11-18"}}, []Version{v}).
		withTracking(Tracking{People: map[int64][2]string{1: {"2026-11-10", ""}}})
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, kl)
	cases := []struct {
		date   string
		punch  bool
		want   Status
		reason ReasonCode
	}{
		{"2026-11-09", false, StatusNotTracked, ReasonNotTracked}, // before joining the organisation
		{"2026-11-16", false, StatusNoSchedule, ReasonNoSchedule}, // a Monday in no group
		{"2026-11-17", true, StatusNoSchedule, ReasonNoSchedule},  // punches do not make it a day
		{"2026-11-14", false, StatusNoSchedule, ReasonNoSchedule}, // a Saturday in no group: not an off day
		{"2026-11-18", true, StatusPresent, ReasonPresent},        // joined: the schedule decides
		{"2026-11-19", false, StatusAbsent, ReasonAbsent},
		{"2026-11-28", false, StatusOffDay, ReasonRestDay}, // a Saturday in the group: off day
		{"2026-11-29", false, StatusOffDay, ReasonOffDay},  // Sunday: no type, not scheduled
	}
	for _, c := range cases {
		t.Run(c.date, func(t *testing.T) {
			date, _ := time.ParseInLocation(time.DateOnly, c.date, kl)
			d := Day{Date: date, Rule: book.rule(1, date)}
			if c.punch {
				d.Punches = []time.Time{date.Add(7*time.Hour + 55*time.Minute), date.Add(17*time.Hour + 5*time.Minute)}
			}
			got := Evaluate(d, kl, now)
			if got.Status != c.want || got.Reason.Code != c.reason {
				t.Fatalf("got status %d (%s), want %d (%s)", got.Status, got.Reason.Code, c.want, c.reason)
			}
			var tt Totals
			tt.Add(got)
			if c.want == StatusNoSchedule && (tt.NoSchedule != 1 || tt.OffDay+tt.Absent+tt.Open != 0) {
				t.Fatalf("no schedule counted as %+v", tt)
			}
		})
	}
}

// Partial-day away and leave (issue 13): time ranges of one date leave the status to the
// punches and add their minutes; a range over time in or time out moves it.
func TestEvaluatePartialDayRanges(t *testing.T) {
	kl := mustLoc(t, "Asia/Kuala_Lumpur")
	date := time.Date(2026, 11, 16, 0, 0, 0, 0, kl) // a Monday
	p := func(hm string) time.Time {
		c := clk(hm)
		return time.Date(2026, 11, 16, int(c)/60, int(c)%60, 0, 0, kl)
	}
	later := time.Date(2026, 11, 20, 0, 0, 0, 0, kl)
	rng := func(st Status, from, to string) Range {
		return Range{Status: st, Name: "Errand", From: clk(from), To: clk(to)}
	}
	hours := func(rs ...Range) *Leave { return &Leave{Status: rs[0].Status, Session: SessionHours, Ranges: rs} }
	cases := []struct {
		name        string
		day         Day
		want        Status
		late, early bool
		leave, away int
	}{
		{"2-hour errand: present with 2 h away", Day{Rule: office, Leave: hours(rng(StatusAway, "10:00", "12:00")), Punches: []time.Time{p("07:55"), p("17:05")}},
			StatusPresent, false, false, 0, 120},
		{"errand does not excuse a late arrival", Day{Rule: office, Leave: hours(rng(StatusAway, "13:00", "15:00")), Punches: []time.Time{p("08:30"), p("17:05")}},
			StatusPresent, true, false, 0, 120},
		{"two ranges of one day sum", Day{Rule: office, Leave: hours(rng(StatusAway, "09:00", "10:00"), rng(StatusLeave, "14:00", "15:30")), Punches: []time.Time{p("07:55"), p("17:05")}},
			StatusPresent, false, false, 90, 60},
		{"a range over time in: arriving at its end is on time", Day{Rule: office, Leave: hours(rng(StatusLeave, "08:00", "10:00")), Punches: []time.Time{p("10:00"), p("17:05")}},
			StatusPresent, false, false, 120, 0},
		{"a range over time in moves cut-off-in with it", Day{Rule: office, Leave: hours(rng(StatusLeave, "07:00", "10:00")), Punches: []time.Time{p("11:30"), p("17:05")}},
			StatusPresent, true, false, 180, 0},
		{"a range over time out: leaving at its start is not early", Day{Rule: office, Leave: hours(rng(StatusAway, "15:00", "17:00")), Punches: []time.Time{p("07:55"), p("15:00")}},
			StatusPresent, false, false, 0, 120},
		{"leaving before the range is early", Day{Rule: office, Leave: hours(rng(StatusAway, "15:00", "17:00")), Punches: []time.Time{p("07:55"), p("14:00")}},
			StatusPresent, false, true, 0, 120},
		{"no punches: absent, not away", Day{Rule: office, Leave: hours(rng(StatusAway, "10:00", "12:00"))},
			StatusAbsent, false, false, 0, 120},
		{"holiday keeps the range out", Day{Rule: office, Holiday: "Deepavali", Leave: hours(rng(StatusAway, "10:00", "12:00"))},
			StatusHoliday, false, false, 0, 0},
		{"a full day still decides the day", Day{Rule: office, Leave: &Leave{Status: StatusAway, Session: "full"}, Punches: []time.Time{p("07:55")}},
			StatusAway, false, false, 0, 0},
	}
	for _, c := range cases {
		c.day.Date = date
		r := Evaluate(c.day, kl, later)
		if r.Status != c.want || r.Late != c.late || r.EarlyOut != c.early || r.RangeLeaveMinutes != c.leave || r.RangeAwayMinutes != c.away {
			t.Errorf("%s: got status %d late %v early %v leave %d away %d, want %d %v %v %d %d", c.name,
				r.Status, r.Late, r.EarlyOut, r.RangeLeaveMinutes, r.RangeAwayMinutes, c.want, c.late, c.early, c.leave, c.away)
		}
		if c.want == StatusPresent && r.Leave != nil {
			t.Errorf("%s: a partial day names no leave of the day (%+v)", c.name, r.Leave)
		}
	}
	var tot Totals
	for _, c := range cases[:3] {
		c.day.Date = date
		tot.Add(Evaluate(c.day, kl, later))
	}
	if tot.Present != 3 || tot.AwayMinutes != 300 || tot.LeaveMinutes != 90 {
		t.Errorf("totals %+v, want 3 present, 300 away minutes and 90 leave minutes", tot)
	}
}
