package attendance

import (
	"testing"
	"time"
)

// TestOvertime is the overtime rule of issue 13: after time out on a working day, the whole
// span from the first punch to the last on a rest day and on a holiday, nothing below the
// group's threshold, and approved equal to worked only when the group needs no approval.
func TestOvertime(t *testing.T) {
	kl := mustLoc(t, "Asia/Kuala_Lumpur")
	date := time.Date(2026, 11, 16, 0, 0, 0, 0, kl) // a Monday
	p := func(day int, hm string, sec int) time.Time {
		c := clk(hm)
		return time.Date(2026, 11, 16+day, int(c)/60, int(c)%60, sec, 0, kl)
	}
	later := time.Date(2026, 11, 20, 0, 0, 0, 0, kl)
	grouped := func(r Rule, threshold int, approval bool) Rule {
		r.Grouped, r.OvertimeThreshold, r.OvertimeApproval = true, threshold, approval
		return r
	}
	rest := Rule{Grouped: true, DayType: DayRest}
	cases := []struct {
		name             string
		day              Day
		worked, approved int
		status           Status
	}{
		{"no threshold: every minute after time out", Day{Rule: grouped(office, 0, false), Punches: []time.Time{p(0, "08:00", 0), p(0, "17:05", 0)}}, 5, 5, StatusPresent},
		{"below the threshold: nothing", Day{Rule: grouped(office, 30, false), Punches: []time.Time{p(0, "08:00", 0), p(0, "17:29", 59)}}, 0, 0, StatusPresent},
		{"at the threshold: all of it", Day{Rule: grouped(office, 30, false), Punches: []time.Time{p(0, "08:00", 0), p(0, "17:30", 0)}}, 30, 30, StatusPresent},
		{"above the threshold: all of it", Day{Rule: grouped(office, 30, false), Punches: []time.Time{p(0, "08:00", 0), p(0, "18:45", 0)}}, 105, 105, StatusPresent},
		{"needs approval: none approved yet", Day{Rule: grouped(office, 30, true), Punches: []time.Time{p(0, "08:00", 0), p(0, "18:45", 0)}}, 105, 0, StatusPresent},
		{"leaving early: none", Day{Rule: grouped(office, 0, false), Punches: []time.Time{p(0, "08:00", 0), p(0, "16:00", 0)}}, 0, 0, StatusPresent},
		{"one punch: none", Day{Rule: grouped(office, 0, false), Punches: []time.Time{p(0, "08:00", 0)}}, 0, 0, StatusPresent},
		{"rest day: first punch to last", Day{Rule: grouped(rest, 60, false), Punches: []time.Time{p(0, "09:00", 10), p(0, "11:00", 0), p(0, "13:30", 40)}}, 270, 270, StatusOffDay},
		{"rest day below the threshold", Day{Rule: grouped(rest, 300, false), Punches: []time.Time{p(0, "09:00", 0), p(0, "13:30", 0)}}, 0, 0, StatusOffDay},
		{"rest day, one punch: none", Day{Rule: grouped(rest, 0, false), Punches: []time.Time{p(0, "09:00", 0)}}, 0, 0, StatusOffDay},
		{"rest day needing approval", Day{Rule: grouped(rest, 0, true), Punches: []time.Time{p(0, "09:00", 0), p(0, "10:00", 0)}}, 60, 0, StatusOffDay},
		{"holiday on a working day: first punch to last", Day{Rule: grouped(office, 30, false), Holiday: "Deepavali", Punches: []time.Time{p(0, "09:00", 0), p(0, "19:00", 0)}}, 600, 600, StatusHoliday},
		{"holiday below the threshold", Day{Rule: grouped(office, 30, false), Holiday: "Deepavali", Punches: []time.Time{p(0, "09:00", 0), p(0, "09:20", 0)}}, 0, 0, StatusHoliday},
		{"night shift across midnight: after 06:00 the next day", Day{Rule: grouped(night, 15, false), Punches: []time.Time{p(0, "21:55", 0), p(1, "07:30", 0)}}, 90, 90, StatusPresent},
		{"night shift, below the threshold", Day{Rule: grouped(night, 15, false), Punches: []time.Time{p(0, "21:55", 0), p(1, "06:10", 0)}}, 0, 0, StatusPresent},
		{"no schedule at all: none", Day{Rule: Rule{}, Punches: []time.Time{p(0, "09:00", 0), p(0, "19:00", 0)}}, 0, 0, StatusNoSchedule},
		{"a manual status: none", Day{Rule: grouped(office, 0, false), Manual: &Manual{Status: StatusPresent}, Punches: []time.Time{p(0, "08:00", 0), p(0, "20:00", 0)}}, 0, 0, StatusPresent},
		{"full-day leave: none", Day{Rule: grouped(office, 0, false), Leave: &Leave{Status: StatusLeave, Session: "full"}, Punches: []time.Time{p(0, "08:00", 0), p(0, "20:00", 0)}}, 0, 0, StatusLeave},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.day.Date = date
			got := Evaluate(c.day, kl, later)
			if got.Status != c.status || got.OvertimeMinutes != c.worked || got.OvertimeApproved != c.approved {
				t.Fatalf("status %d worked %d approved %d; want %d %d %d", got.Status, got.OvertimeMinutes, got.OvertimeApproved, c.status, c.worked, c.approved)
			}
		})
	}
}

// TestResolverOvertimeSettings: the group's overtime settings reach every rule of its members,
// the weekly schedule's working and rest days and a roster's shift alike, and nobody else's.
func TestResolverOvertimeSettings(t *testing.T) {
	book := newRuleBook([]Membership{{PersonID: 1, GroupID: 9, From: "2026-01-01"}},
		[]Version{{GroupID: 9, EffectiveFrom: beginning, TimeIn: "08:00", CutOffTimeIn: "10:00", TimeOut: "17:00", CutOffTimeOut: "23:00",
			Days: []ScheduleDay{{Day: 1, Type: DayWorking}, {Day: 6, Type: DayRest}}, OvertimeThreshold: 45, OvertimeApproval: true}})
	book.rota = &rota{entries: map[int64]map[string]Rule{1: {"2026-11-17": {Grouped: true, Scheduled: true, DayType: DayWorking, TimeIn: clk("14:00"), TimeOut: clk("22:00")}}}}
	for _, c := range []struct {
		person int64
		date   string
		wd     int
		want   bool
	}{
		{1, "2026-11-16", 1, true}, // a working Monday
		{1, "2026-11-21", 6, true}, // a rest Saturday
		{1, "2026-11-17", 2, true}, // a rostered shift
		{2, "2026-11-16", 1, false},
	} {
		r := book.ruleOn(c.person, c.date, c.wd)
		if got := r.OvertimeThreshold == 45 && r.OvertimeApproval; got != c.want {
			t.Errorf("person %d on %s: %+v", c.person, c.date, r)
		}
	}
}
