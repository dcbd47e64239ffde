package payroll

import (
	"strings"
	"testing"

	"hadir/internal/attendance"
)

func TestOfAddsUpTheEnginesDays(t *testing.T) {
	annual := &attendance.Leave{Status: attendance.StatusLeave, TypeID: 7, Paid: true}
	unpaid := &attendance.Leave{Status: attendance.StatusLeave, TypeID: 8}
	away := &attendance.Leave{Status: attendance.StatusAway, TypeID: 9, Paid: true}
	days := []attendance.Result{
		{Status: attendance.StatusPresent, Scheduled: true, Late: true, LateMinutes: 12, OvertimeMinutes: 30, OvertimeApproved: 20},
		{Status: attendance.StatusPresent, Scheduled: true, EarlyOut: true, EarlyOutMinutes: 45, OvertimeMinutes: 15, OvertimeState: "pending"},
		// partial-day leave 10:00-11:30 and away 15:00-15:30 on a present day (issue 13)
		{Status: attendance.StatusPresent, Scheduled: true, RangeLeaveMinutes: 90, RangeAwayMinutes: 30},
		{Status: attendance.StatusAbsent, Scheduled: true},
		{Status: attendance.StatusLeave, Scheduled: true, LeaveSession: "full", Leave: annual, LeaveMinutes: 540},
		{Status: attendance.StatusPresent, Scheduled: true, LeaveSession: "am", Leave: annual, LeaveMinutes: 270},
		{Status: attendance.StatusLeave, Scheduled: true, LeaveSession: "full", Leave: unpaid, LeaveMinutes: 540},
		{Status: attendance.StatusAway, Scheduled: true, LeaveSession: "full", Leave: away, LeaveMinutes: 100},
		{Status: attendance.StatusHoliday, Scheduled: true, Punches: 2},
		{Status: attendance.StatusHoliday, Scheduled: true},
		{Status: attendance.StatusOffDay, Punches: 1},
		{Status: attendance.StatusNotTracked, Scheduled: true},
	}
	row := attendance.Row{Days: days}
	for _, d := range days {
		row.Totals.Add(d)
	}
	f := Of(row)
	if f.Scheduled != 8 || f.Present != 4 || f.Absent != 1 || f.Late != 1 || f.LateMinutes != 12 || f.EarlyOutMinutes != 45 || f.OvertimeMinutes != 20 || f.OvertimeWorked != 45 {
		t.Fatalf("%+v", f)
	}
	if f.HolidaysWorked != 1 || f.AwayMinutes != 130 || f.LeaveMinutes != 90 || f.PaidHalves != 3 || f.UnpaidHalves != 2 || f.LeaveHalves[7] != 3 || f.LeaveHalves[8] != 2 || f.LeaveHalves[9] != 0 {
		t.Fatalf("%+v", f)
	}
	for key, want := range map[string]string{KeyPaidLeave: "1.5", KeyUnpaidLeave: "1", LeaveKey(7): "1.5", LeaveKey(99): "0", KeyAwayHours: "2.17", KeyLeaveHours: "1.5", KeyOvertime: "20", KeyScheduled: "8", KeyCode: "E1", KeyName: "Siti"} {
		if got := value(key, "E1", "Siti", f); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
}

func TestAvailablePutsLeaveTypesAfterTheTotals(t *testing.T) {
	cols := Available([]LeaveType{{ID: 3, Name: "Annual"}, {ID: 5, Name: "Sick"}})
	var keys []string
	for _, c := range cols {
		keys = append(keys, c.Key)
	}
	want := "code name scheduled_days present_days absent_days late_count late_minutes early_out_minutes leave_paid_days leave_unpaid_days leave:3 leave:5 away_hours leave_hours overtime_minutes holidays_worked"
	if strings.Join(keys, " ") != want {
		t.Fatalf("%s", strings.Join(keys, " "))
	}
	if cols[10].Header != "Annual (days)" {
		t.Fatalf("%+v", cols[10])
	}
	if _, ok := leaveTypeOf("leave:0"); ok {
		t.Fatal("leave:0 is no type")
	}
}
