package payroll

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// Errors of the payroll domain.
var (
	ErrNotFound  = errors.New("payroll: not found")
	ErrNameTaken = errors.New("payroll: mapping name taken")
	// ErrDefaultRace is a default mapping saved by someone else at the same moment (the
	// one-default index refused the second): the caller may try again.
	ErrDefaultRace = errors.New("payroll: another default mapping was saved at the same time")
)

// Column is one column of the export: its key and the header it is written under.
type Column struct {
	Key    string `json:"key"`
	Header string `json:"header"`
}

// Mapping is a saved, named choice of the export's columns: their order, their headers, and
// by leaving columns out, which ones are dropped. One mapping of an organisation may be its
// default, used when an export names none.
type Mapping struct {
	ID        int64     `json:"id"`
	OrgID     int64     `json:"-"`
	Name      string    `json:"name"`
	Default   bool      `json:"is_default"`
	Columns   []Column  `json:"columns"`
	UpdatedAt time.Time `json:"updated_at"`
}

// The keys of the fixed columns, in the export's own order. Leave columns, one per leave
// type, follow leave_unpaid_days with the key LeaveKey(type id).
const (
	KeyCode            = "code"
	KeyName            = "name"
	KeyScheduled       = "scheduled_days"
	KeyPresent         = "present_days"
	KeyAbsent          = "absent_days"
	KeyLate            = "late_count"
	KeyLateMinutes     = "late_minutes"
	KeyEarlyOutMinutes = "early_out_minutes"
	KeyPaidLeave       = "leave_paid_days"
	KeyUnpaidLeave     = "leave_unpaid_days"
	KeyAwayHours       = "away_hours"
	KeyLeaveHours      = "leave_hours"
	KeyOvertime        = "overtime_minutes"
	KeyHolidaysWorked  = "holidays_worked"
)

// fixed are the fixed columns with their default headers; leaveAfter is the index after
// which the per-type leave columns go.
var fixed = []Column{
	{KeyCode, "Code"}, {KeyName, "Name"}, {KeyScheduled, "Scheduled days"}, {KeyPresent, "Days present"},
	{KeyAbsent, "Absences"}, {KeyLate, "Late (times)"}, {KeyLateMinutes, "Late (minutes)"},
	{KeyEarlyOutMinutes, "Early out (minutes)"}, {KeyPaidLeave, "Total paid leave (days)"}, {KeyUnpaidLeave, "Total unpaid leave (days)"},
	{KeyAwayHours, "Away (hours)"}, {KeyLeaveHours, "Leave (hours)"}, {KeyOvertime, "Overtime (minutes)"}, {KeyHolidaysWorked, "Holidays worked"},
}

const leaveAfter = 9 // fixed[9] is leave_unpaid_days

// LeaveKey is the key of a leave type's column: the days taken of that type.
func LeaveKey(typeID int64) string { return "leave:" + strconv.FormatInt(typeID, 10) }

// leaveTypeOf reads a leave column's type id; ok is false for any other key.
func leaveTypeOf(key string) (int64, bool) {
	rest, ok := strings.CutPrefix(key, "leave:")
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(rest, 10, 64)
	return id, err == nil && id > 0
}

// LeaveType is a leave type as the export names its column.
type LeaveType struct {
	ID   int64
	Name string
}

// Available is every column an organisation's export can have, in the default order with
// the default headers: the fixed columns with one column per leave type after the paid and
// unpaid totals.
func Available(types []LeaveType) []Column {
	out := make([]Column, 0, len(fixed)+len(types))
	out = append(out, fixed[:leaveAfter+1]...)
	for _, t := range types {
		out = append(out, Column{Key: LeaveKey(t.ID), Header: t.Name + " (days)"})
	}
	return append(out, fixed[leaveAfter+1:]...)
}

// value is the cell of a column for a person's figures.
func value(key string, code, name string, f Figures) string {
	switch key {
	case KeyCode:
		return code
	case KeyName:
		return name
	case KeyScheduled:
		return strconv.Itoa(f.Scheduled)
	case KeyPresent:
		return strconv.Itoa(f.Present)
	case KeyAbsent:
		return strconv.Itoa(f.Absent)
	case KeyLate:
		return strconv.Itoa(f.Late)
	case KeyLateMinutes:
		return strconv.Itoa(f.LateMinutes)
	case KeyEarlyOutMinutes:
		return strconv.Itoa(f.EarlyOutMinutes)
	case KeyPaidLeave:
		return days(f.PaidHalves)
	case KeyUnpaidLeave:
		return days(f.UnpaidHalves)
	case KeyAwayHours:
		return hours(f.AwayMinutes)
	case KeyLeaveHours:
		return hours(f.LeaveMinutes)
	case KeyOvertime:
		return strconv.Itoa(f.OvertimeMinutes)
	case KeyHolidaysWorked:
		return strconv.Itoa(f.HolidaysWorked)
	}
	if id, ok := leaveTypeOf(key); ok {
		return days(f.LeaveHalves[id])
	}
	return ""
}
