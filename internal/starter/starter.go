// Package starter gives a new organisation a ready start (issue 13): leave types, away
// types and a default group with an office week, named in the language chosen at
// registration. They are ordinary rows, created through the same services an admin uses, so
// every one of them can be edited or deleted afterwards.
package starter

import (
	"context"

	"hadir/internal/attendance"
	"hadir/internal/leave"
)

// Seeder creates the starter rows through the leave and attendance services.
type Seeder struct {
	Leave      *leave.Service
	Attendance *attendance.Service
}

// typeSpec is one starter leave or away type with its defaults.
type typeSpec struct {
	key, kind, unit string
	amount, carry   leave.Amount
	paid, negative  bool
	attachment      bool
}

// types are the starter types. Days are in hundredths (leave.Amount). Annual leave carries
// up to 5 days forward; sick leave asks for a certificate; unpaid leave and away have no
// balance to run out of, so they may go negative.
var types = []typeSpec{
	{key: "annual", kind: leave.KindLeave, unit: "day", amount: 1400, carry: 500, paid: true},
	{key: "sick", kind: leave.KindLeave, unit: "day", amount: 1400, paid: true, attachment: true},
	{key: "emergency", kind: leave.KindLeave, unit: "day", amount: 300, paid: true},
	{key: "unpaid", kind: leave.KindLeave, unit: "day", negative: true},
	{key: "errand", kind: leave.KindAway, unit: "hour", paid: true, negative: true},
	{key: "meeting", kind: leave.KindAway, unit: "hour", paid: true, negative: true},
	{key: "outstation", kind: leave.KindAway, unit: "day", paid: true, negative: true},
}

// Office hours of the default group: in at 08:00 (late after it, absent without a punch by
// 10:00), out at 17:00, punches until 23:00 still count as clocking out.
const (
	timeIn, cutOffIn, timeOut, cutOffOut = "08:00", "10:00", "17:00", "23:00"
)

// Seed creates the starter rows of a new organisation of kind ("school" or "company") in
// language lang (unknown codes fall back to English). It runs inside the caller's
// transaction when ctx carries one, so registration and its starter data commit together.
func (s Seeder) Seed(ctx context.Context, orgID int64, kind, lang string) error {
	words, ok := names[lang]
	if !ok {
		words = names["en"]
	}
	for _, t := range types {
		if _, err := s.Leave.SaveType(ctx, leave.Type{OrgID: orgID, Kind: t.kind, Name: words[t.key], Unit: t.unit,
			DefaultAmount: t.amount, MaxCarry: t.carry, Paid: t.paid, AllowNegative: t.negative, AttachmentRequired: t.attachment}); err != nil {
			return err
		}
	}
	groups := [][2]string{{"employee", words["group"]}}
	if kind == "school" {
		groups = [][2]string{{"teacher", words["group_teacher"]}, {"staff", words["group_staff"]}}
	}
	week := []attendance.ScheduleDay{
		{Day: 1, Type: attendance.DayWorking}, {Day: 2, Type: attendance.DayWorking}, {Day: 3, Type: attendance.DayWorking},
		{Day: 4, Type: attendance.DayWorking}, {Day: 5, Type: attendance.DayWorking},
		{Day: 6, Type: attendance.DayRest}, {Day: 7, Type: attendance.DayRest},
	}
	for _, g := range groups {
		grp, err := s.Attendance.CreateGroup(ctx, orgID, g[0], attendance.GroupInput{Name: g[1],
			TimeIn: timeIn, CutOffTimeIn: cutOffIn, TimeOut: timeOut, CutOffTimeOut: cutOffOut})
		if err != nil {
			return err
		}
		// The week counts from the beginning, like the group's first times, so that the
		// first people added are judged by it on any day they are tracked.
		if _, err := s.Attendance.SaveSchedule(ctx, orgID, g[0], grp.ID, week, attendance.Beginning); err != nil {
			return err
		}
	}
	return nil
}
