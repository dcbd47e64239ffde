// Package attendance turns clock records into daily statuses: the status engine (one place
// for the rules of DESIGN §5), groups with versioned weekly schedules, holidays, punches,
// manual corrections with their audit log, and the reports built on them.
package attendance

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Status is a day's attendance status (spec §4).
type Status int

// The statuses; StatusOpen is a day not decided yet (before cut-off-in, or in the future).
const (
	StatusOpen    Status = 0
	StatusPresent Status = 1
	StatusAbsent  Status = 2
	StatusLeave   Status = 3
	StatusAway    Status = 4
	StatusHoliday Status = 5
	StatusOffDay  Status = 6
	// StatusNotTracked is a date outside the person's tracking window (before the
	// organisation's tracking start or their joining date, after their leaving date): no
	// status, and counted in no total (issue 13).
	StatusNotTracked Status = 7
	// StatusNoSchedule is a tracked date on which no rule applies to the person at all: in
	// no group, no roster and no rotation pattern (issue 13). It is neither an off day nor an
	// absence: totals count it apart (no_schedule), and the dashboard lists such people so
	// that an admin can give them a group.
	StatusNoSchedule Status = 8
)

// Day types of a schedule day (day_status_id). A day without a type is not scheduled.
const (
	DayWorking = 1 // a full working day
	DayHalf    = 2 // a half working day (its own, earlier time out)
	DayRest    = 3 // a rest day: not scheduled
)

// Clock is a time of day in minutes after midnight.
type Clock int

// ParseClock reads "HH:MM".
func ParseClock(s string) (Clock, error) {
	digit := func(b byte) (int, bool) { return int(b - '0'), b >= '0' && b <= '9' }
	if len(s) != 5 || s[2] != ':' {
		return 0, fmt.Errorf("attendance: time %q is not HH:MM", s)
	}
	h1, ok1 := digit(s[0])
	h2, ok2 := digit(s[1])
	m1, ok3 := digit(s[3])
	m2, ok4 := digit(s[4])
	h, m := h1*10+h2, m1*10+m2
	if !ok1 || !ok2 || !ok3 || !ok4 || h > 23 || m > 59 {
		return 0, fmt.Errorf("attendance: time %q is not HH:MM", s)
	}
	return Clock(h*60 + m), nil
}

func (c Clock) String() string { return fmt.Sprintf("%02d:%02d", int(c)/60, int(c)%60) }

// Rule is what a person's schedule says about one date.
type Rule struct {
	// NotTracked says the date lies outside the person's tracking window; nothing else of
	// the rule applies then.
	NotTracked bool
	// Grouped says the person is in a group whose schedule covers the date; a day that is
	// not Scheduled is then a rest or off day of that schedule, and otherwise no schedule
	// applies to the person at all.
	Grouped   bool
	Scheduled bool
	DayType   int
	TimeIn    Clock
	CutOffIn  Clock
	TimeOut   Clock
	CutOffOut Clock
	// LateAfterCutOff is the group's setting: a first punch after cut-off-in makes the day
	// present and late instead of absent (issue 13).
	LateAfterCutOff bool
	// OvertimeThreshold and OvertimeApproval are the group's overtime settings: overtime
	// shorter than the threshold (minutes) does not count, and counted overtime needs
	// approval through the approvals engine before it is approved.
	OvertimeThreshold int
	OvertimeApproval  bool
}

// Crosses reports whether the shift ends on the next day (time out earlier than time in).
func (r Rule) Crosses() bool { return r.Scheduled && r.TimeOut < r.TimeIn }

// Leave is approved leave or away covering a date.
type Leave struct {
	Status  Status // StatusLeave or StatusAway
	Session string // "full", "am" or "pm"
	Name    string
	// TypeID and Paid are the leave or away type's id and paid flag, for the payroll export.
	TypeID int64
	Paid   bool
	// Minutes is the time an hourly type's application takes on this date (0 for a type
	// counted in days, whose time is the scheduled day's, or half of it for a session).
	Minutes int
	// Ranges are the partial-day applications of the date (Session SessionHours, issue 13):
	// time ranges of leave or away that leave the day's status to the punches.
	Ranges []Range
}

// SessionHours is the session of a date that holds only partial-day ranges.
const SessionHours = "hours"

// Range is one partial-day application: leave or away from a clock time to a later one of
// the date, in the organisation's zone.
type Range struct {
	Status   Status // StatusLeave or StatusAway
	Name     string
	TypeID   int64
	Paid     bool
	From, To Clock
}

// Manual is a status an admin set for a date.
type Manual struct {
	Status Status
	Remark string
	By     string // the name of who set it, for the day's reason
}

// Day is everything the engine needs to decide one person's date.
type Day struct {
	Date    time.Time // midnight of the date, in the organisation's zone
	Rule    Rule
	Holiday string
	Leave   *Leave
	Manual  *Manual
	Punches []time.Time // the punches that belong to this day, in order
}

// Result is one person's decided date.
type Result struct {
	Date         string     `json:"date"`
	Status       Status     `json:"status"`
	Late         bool       `json:"late"`
	EarlyOut     bool       `json:"early_out"`
	MissingOut   bool       `json:"missing_out"`
	InTime       *time.Time `json:"in_time"`
	LastSeen     *time.Time `json:"last_seen"`
	Punches      int        `json:"punches"`
	Manual       bool       `json:"manual"`
	Remark       string     `json:"remark,omitempty"`
	Holiday      string     `json:"holiday,omitempty"`
	LeaveSession string     `json:"leave_session,omitempty"`
	Scheduled    bool       `json:"scheduled"`
	Reason       Reason     `json:"reason"`
	// OvertimeMinutes is the overtime worked (issue 13): on a working day from the scheduled
	// time out to the last punch, on a rest or off day of the person's schedule and on a
	// holiday the whole span from the first punch to the last; nothing when it is shorter
	// than the group's threshold. OvertimeApproved is the part of it that counts as approved
	// (payroll and the monthly sums): all of it when the group needs no approval, else what
	// the approvers allowed (0 until then); OvertimeState is the approval request's state
	// ("" without one).
	OvertimeMinutes  int    `json:"overtime_minutes"`
	OvertimeApproved int    `json:"overtime_approved_minutes"`
	OvertimeState    string `json:"overtime_state,omitempty"`
	// OvertimeNeedsApproval says the overtime of the date needs approval (the group's
	// setting): the member may ask for it (POST /api/requests/overtime).
	OvertimeNeedsApproval bool `json:"overtime_needs_approval"`
	// The minutes behind the flags, for the payroll export (issue 15); not part of the
	// reports' JSON. LateMinutes is from time in to the first punch when Late; EarlyOutMinutes
	// from the last punch to time out when EarlyOut; LeaveMinutes the part of the scheduled
	// day that the leave or away of Leave covers.
	LateMinutes     int `json:"-"`
	EarlyOutMinutes int `json:"-"`
	LeaveMinutes    int `json:"-"`
	// RangeLeaveMinutes and RangeAwayMinutes are the minutes of the date's partial-day leave
	// and away ranges (issue 13), on a scheduled working day that they leave present, late or
	// absent as the punches say.
	RangeLeaveMinutes int `json:"leave_minutes"`
	RangeAwayMinutes  int `json:"away_minutes"`
	// Leave is the approved leave or away the engine applied to the date (full or half day).
	Leave *Leave `json:"-"`
	// Ends is when the date stops taking punches (End): from then on its status is final
	// unless someone corrects it. Set by the reports, not by Evaluate.
	Ends time.Time `json:"-"`
}

// at is the instant of a clock time on a date (plus days), in loc; DST gaps and overlaps are
// resolved as time.Date does.
func at(date time.Time, c Clock, plusDays int, loc *time.Location) time.Time {
	return time.Date(date.Year(), date.Month(), date.Day()+plusDays, int(c)/60, int(c)%60, 0, 0, loc)
}

// End is when the punches of a date stop belonging to it: for a shift that crosses midnight,
// its cut-off-out on the next day; otherwise the next midnight.
func End(date time.Time, r Rule, loc *time.Location) time.Time {
	if r.Crosses() {
		return at(date, r.CutOffOut, 1, loc)
	}
	return at(date, 0, 1, loc)
}

// Start is when punches start belonging to a date: midnight, or later when the previous
// day's shift crossed midnight and its punches run into this morning.
func Start(date time.Time, prev Rule, loc *time.Location) time.Time {
	start := at(date, 0, 0, loc)
	if prev.Crosses() {
		if e := End(date.AddDate(0, 0, -1), prev, loc); e.After(start) {
			return e
		}
	}
	return start
}

// Evaluate decides one date: not tracked > manual > holiday > no schedule > off day > leave/away > punches > absent
// after cut-off-in; before cut-off-in (or in the future) the day is still open.
func Evaluate(d Day, loc *time.Location, now time.Time) Result {
	return evaluate(d, d.Date.Format(time.DateOnly), loc, now, nil)
}

// withOvertime applies the group's threshold to the overtime worked and fills what counts
// as approved when the group needs no approval.
func withOvertime(res Result, r Rule, worked int) Result {
	if worked <= 0 || worked < r.OvertimeThreshold {
		return res
	}
	res.OvertimeMinutes, res.OvertimeNeedsApproval = worked, r.OvertimeApproval
	if !r.OvertimeApproval {
		res.OvertimeApproved = worked
	}
	return res
}

// spanMinutes is the whole worked span of a day without scheduled hours (a rest or off day,
// a holiday): from the first punch to the last, by their minutes.
func spanMinutes(ps []time.Time) int {
	if len(ps) < 2 {
		return 0
	}
	return int(ps[len(ps)-1].Truncate(time.Minute).Sub(ps[0].Truncate(time.Minute)) / time.Minute)
}

// dayTimes are the instants of a scheduled date's rule: time in, cut-off-in, time out and
// the end of the date's punches.
type dayTimes struct{ timeIn, cutIn, timeOut, end time.Time }

func timesOf(date time.Time, r Rule, loc *time.Location) dayTimes {
	t := dayTimes{timeIn: at(date, r.TimeIn, 0, loc), cutIn: at(date, r.CutOffIn, 0, loc), timeOut: at(date, r.TimeOut, 0, loc), end: End(date, r, loc)}
	if r.CutOffIn < r.TimeIn { // a cut-off after midnight for a late shift
		t.cutIn = at(date, r.CutOffIn, 1, loc)
	}
	if r.Crosses() {
		t.timeOut = at(date, r.TimeOut, 1, loc)
	}
	return t
}

// evaluate is Evaluate with the date already formatted and, when times is not nil, the
// rule's instants already computed: a report deciding thousands of people's dates computes
// them once per date and rule.
func evaluate(d Day, date string, loc *time.Location, now time.Time, times *dayTimes) Result {
	res := Result{Date: date, Punches: len(d.Punches), Scheduled: d.Rule.Scheduled, Holiday: d.Holiday}
	var ranges []Range // partial-day ranges: they do not decide the day
	if d.Leave != nil && d.Leave.Session == SessionHours {
		ranges, d.Leave = d.Leave.Ranges, nil
	}
	if len(d.Punches) > 0 {
		in, last := d.Punches[0].In(loc), d.Punches[len(d.Punches)-1].In(loc)
		res.InTime, res.LastSeen = &in, &last
	}
	switch {
	case d.Rule.NotTracked:
		res.Status = StatusNotTracked
		res.Reason.Code = ReasonNotTracked
		return res
	case d.Manual != nil:
		res.Status, res.Manual, res.Remark = d.Manual.Status, true, d.Manual.Remark
		res.Reason = Reason{Code: ReasonManual, Params: ReasonParams{By: d.Manual.By, Comment: d.Manual.Remark}}
		return res
	case d.Holiday != "":
		res.Status = StatusHoliday
		res.Reason = Reason{Code: ReasonHoliday, Params: ReasonParams{Name: d.Holiday}}
		if d.Rule.Grouped {
			return withOvertime(res, d.Rule, spanMinutes(d.Punches))
		}
		return res
	case !d.Rule.Scheduled && !d.Rule.Grouped: // no rule at all: not an off day (issue 13)
		res.Status = StatusNoSchedule
		res.Reason.Code = ReasonNoSchedule
		return res
	case !d.Rule.Scheduled:
		res.Status = StatusOffDay
		res.Reason.Code = ReasonOffDay
		if d.Rule.DayType == DayRest {
			res.Reason.Code = ReasonRestDay
		}
		if d.Rule.Grouped {
			return withOvertime(res, d.Rule, spanMinutes(d.Punches))
		}
		return res
	case d.Leave != nil && d.Leave.Session == "full":
		res.Status, res.LeaveSession, res.Leave = d.Leave.Status, "full", d.Leave
		res.LeaveMinutes = leaveMinutes(d, loc, times)
		res.Reason = Reason{Code: ReasonLeave, Params: ReasonParams{Type: d.Leave.Name}}
		if d.Leave.Status == StatusAway {
			res.Reason.Code = ReasonAway
		}
		return res
	}
	var t dayTimes
	if times != nil {
		t = *times
	} else {
		t = timesOf(d.Date, d.Rule, loc)
	}
	timeIn, cutIn, timeOut := t.timeIn, t.cutIn, t.timeOut
	for _, r := range ranges {
		from, to := at(d.Date, r.From, 0, loc), at(d.Date, r.To, 0, loc)
		if r.Status == StatusAway {
			res.RangeAwayMinutes += int(r.To - r.From)
		} else {
			res.RangeLeaveMinutes += int(r.To - r.From)
		}
		// A range over time in moves it (and cut-off-in with it) to the range's end, one over
		// time out moves time out to its start: nobody is late for the time they were away.
		if !from.After(timeIn) && to.After(timeIn) {
			cutIn = cutIn.Add(to.Sub(timeIn)) // the grace after time in keeps its length
			timeIn = to
		}
		if from.Before(timeOut) && !to.Before(timeOut) {
			timeOut = from
		}
	}
	var half ReasonParams // the half-day leave or away the reason names beside the punches' rule
	if d.Leave != nil {   // half-day leave: the leave covers one session, punches judge the other
		res.LeaveSession, res.Leave = d.Leave.Session, d.Leave
		res.LeaveMinutes = leaveMinutes(d, loc, &t)
		half = ReasonParams{Type: d.Leave.Name, Session: d.Leave.Session}
		mid := timeIn.Add(timeOut.Sub(timeIn) / 2)
		if d.Leave.Session == "am" {
			timeIn = mid
			if cutIn.Before(mid) {
				cutIn = mid.Add(cutIn.Sub(t.timeIn))
			}
		} else {
			timeOut = mid
		}
	}
	// A punch counts by its minute, as it is shown: 08:00:40 is "08:00", on time for 08:00.
	if len(d.Punches) > 0 && (d.Rule.LateAfterCutOff || !d.Punches[0].Truncate(time.Minute).After(cutIn)) {
		res.Status = StatusPresent
		first, last := d.Punches[0].Truncate(time.Minute), d.Punches[len(d.Punches)-1].Truncate(time.Minute)
		res.Late = first.After(timeIn)
		if res.Late {
			res.LateMinutes = int(first.Sub(timeIn) / time.Minute)
		}
		dayOver := now.After(t.end)
		if len(d.Punches) > 1 {
			// Before time out nobody has left early yet: a second punch may be a break.
			res.EarlyOut = !now.Before(timeOut) && d.Punches[len(d.Punches)-1].Before(timeOut)
			if res.EarlyOut {
				res.EarlyOutMinutes = int(timeOut.Sub(last) / time.Minute)
			}
			if last.After(t.timeOut) {
				res = withOvertime(res, d.Rule, int(last.Sub(t.timeOut)/time.Minute))
			}
		} else if dayOver {
			res.MissingOut = true
		}
		res.Reason = presentReason(res.Late, res.EarlyOut, res.MissingOut, d.Punches[0], d.Punches[len(d.Punches)-1], timeIn, timeOut, loc)
		res.Reason.Params.Type, res.Reason.Params.Session = half.Type, half.Session
		return res
	}
	if now.After(cutIn) {
		if d.Leave != nil {
			res.Status = d.Leave.Status // on leave for one half and absent for the other
			half.CutOff = hm(cutIn, loc)
			res.Reason = Reason{Code: ReasonHalfLeave, Params: half}
			if d.Leave.Status == StatusAway {
				res.Reason.Code = ReasonHalfAway
			}
			return res
		}
		res.Status = StatusAbsent
		res.Reason = Reason{Code: ReasonAbsent, Params: ReasonParams{CutOff: hm(cutIn, loc)}}
		if len(d.Punches) > 0 {
			res.Reason = Reason{Code: ReasonAbsentAfterCutOff, Params: ReasonParams{FirstPunch: hm(d.Punches[0], loc), CutOff: hm(cutIn, loc)}}
		}
		return res
	}
	res.Status = StatusOpen
	res.Reason = Reason{Code: ReasonNotDecided, Params: ReasonParams{CutOff: hm(cutIn, loc)}}
	if now.Before(at(d.Date, 0, 0, loc)) {
		res.Reason = Reason{Code: ReasonFuture}
	}
	return res
}

// leaveMinutes is the part of a scheduled date that its leave or away covers: an hourly
// type's own minutes, else the scheduled day from time in to time out, or half of it for a
// session.
func leaveMinutes(d Day, loc *time.Location, times *dayTimes) int {
	if d.Leave.Minutes > 0 {
		return d.Leave.Minutes
	}
	var t dayTimes
	if times != nil && !times.timeIn.IsZero() {
		t = *times
	} else {
		t = timesOf(d.Date, d.Rule, loc)
	}
	m := int(t.timeOut.Sub(t.timeIn) / time.Minute)
	if d.Leave.Session != "full" {
		m /= 2
	}
	return m
}

// Split assigns sorted punches to consecutive dates by their windows. windows[i] is the
// [start, end) of date i; a punch in no window (between a night shift's cut-off and the next
// midnight window, say) is dropped from the days but stays in the clock records.
func Split(punches []time.Time, windows [][2]time.Time) [][]time.Time {
	out := make([][]time.Time, len(windows))
	sort.Slice(punches, func(i, j int) bool { return punches[i].Before(punches[j]) })
	j := 0
	for i, w := range windows {
		for j < len(punches) && punches[j].Before(w[0]) {
			j++
		}
		k := j
		for k < len(punches) && punches[k].Before(w[1]) {
			k++
		}
		out[i] = punches[j:k]
		j = k
	}
	return out
}

// StatusName is the English word of a status, used in exports' legends.
func StatusName(s Status) string {
	names := [...]string{"open", "present", "absent", "leave", "away", "holiday", "off day", "not tracked", "no schedule"}
	if s < 0 || int(s) >= len(names) {
		return "unknown"
	}
	return names[s]
}

// ParseStatus reads a status code or name.
func ParseStatus(s string) (Status, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, n := range []string{"open", "present", "absent", "leave", "away", "holiday", "off day", "not tracked", "no schedule"} {
		if s == n || s == fmt.Sprint(i) {
			return Status(i), true
		}
	}
	return 0, false
}
