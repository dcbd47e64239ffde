// Package payroll is the monthly payroll export of issue 15: per person, the month's
// attendance figures a payroll system imports (days scheduled and present, lateness,
// early-outs, absences, leave by type, paid and unpaid, away and partial-day leave hours, overtime, holidays
// worked), and the column mappings an organisation saves so that the file matches its
// payroll system's import (renamed, reordered and dropped columns).
//
// Every figure is read off the attendance engine's decided days (attendance.ReportEach and
// its Result): nothing here decides a day a second time, so the export always agrees with
// the monthly report of the same month.
package payroll

import (
	"math"
	"strconv"

	"hadir/internal/attendance"
)

// Figures are one person's payroll figures for a range of dates.
type Figures struct {
	// Scheduled is the tracked dates whose rule is a working day of the person's schedule,
	// public holidays left out.
	Scheduled int
	// Present, Absent and Late are the monthly report's totals of the same days.
	Present, Absent, Late int
	LateMinutes           int
	EarlyOutMinutes       int
	// OvertimeMinutes is the approved overtime (issue 13): the overtime the engine counted
	// (above the group's threshold) where the group needs no approval, else what the
	// approvers allowed. OvertimeWorked is all the overtime counted, approved or not.
	OvertimeMinutes int
	OvertimeWorked  int
	// HolidaysWorked is the public holidays with a punch.
	HolidaysWorked int
	// AwayMinutes is the scheduled time that approved away covers (an hourly type's hours).
	AwayMinutes int
	// LeaveMinutes is the partial-day (time-range) leave of the days (issue 13): the days stay
	// present, late or absent as the punches say, so these hours are in no day count; the
	// monthly report's leave_minutes total.
	LeaveMinutes int
	// Leave in half days: by leave type id, and split by the type's paid flag.
	LeaveHalves  map[int64]int
	PaidHalves   int
	UnpaidHalves int
}

// Of reads a person's figures off the engine's decided days of a report row.
func Of(row attendance.Row) Figures {
	f := Figures{Present: row.Totals.Present, Absent: row.Totals.Absent, Late: row.Totals.Late, LeaveHalves: map[int64]int{}}
	for _, d := range row.Days {
		if d.Status == attendance.StatusNotTracked {
			continue
		}
		if d.Scheduled && d.Status != attendance.StatusHoliday {
			f.Scheduled++
		}
		if d.Status == attendance.StatusHoliday && d.Punches > 0 {
			f.HolidaysWorked++
		}
		f.LateMinutes += d.LateMinutes
		f.EarlyOutMinutes += d.EarlyOutMinutes
		f.OvertimeMinutes += d.OvertimeApproved
		f.OvertimeWorked += d.OvertimeMinutes
		f.AwayMinutes += d.RangeAwayMinutes // partial-day away (issue 13)
		f.LeaveMinutes += d.RangeLeaveMinutes
		if d.Leave == nil {
			continue
		}
		if d.Leave.Status == attendance.StatusAway {
			f.AwayMinutes += d.LeaveMinutes
			continue
		}
		halves := 1
		if d.LeaveSession == "full" {
			halves = 2
		}
		f.LeaveHalves[d.Leave.TypeID] += halves
		if d.Leave.Paid {
			f.PaidHalves += halves
		} else {
			f.UnpaidHalves += halves
		}
	}
	return f
}

// days writes a number of half days as days: "3", "2.5".
func days(halves int) string {
	s := strconv.Itoa(halves / 2)
	if halves%2 != 0 {
		s += ".5"
	}
	return s
}

// hours writes minutes as hours with two decimals at most: "7.5", "1.25", "0".
func hours(minutes int) string {
	return strconv.FormatFloat(math.Round(float64(minutes)/60*100)/100, 'f', -1, 64)
}
