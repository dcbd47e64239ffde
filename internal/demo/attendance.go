package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"hadir/internal/app"
	"hadir/internal/attendance"
	"hadir/internal/people"
)

// Malaysia's national public holidays of 2026 (the Islamic ones as forecast).
var holidays2026 = [][3]string{
	{"New Year's Day", "2026-01-01", "2026-01-01"}, {"Thaipusam", "2026-02-01", "2026-02-01"},
	{"Chinese New Year", "2026-02-17", "2026-02-18"}, {"Hari Raya Aidilfitri", "2026-03-21", "2026-03-22"},
	{"Labour Day", "2026-05-01", "2026-05-01"}, {"Hari Raya Haji", "2026-05-27", "2026-05-27"},
	{"Wesak Day", "2026-05-31", "2026-05-31"}, {"Agong's Birthday", "2026-06-01", "2026-06-01"},
	{"Awal Muharram", "2026-06-17", "2026-06-17"}, {"Maulidur Rasul", "2026-08-26", "2026-08-26"},
	{"National Day", "2026-08-31", "2026-08-31"}, {"Malaysia Day", "2026-09-16", "2026-09-16"},
	{"Deepavali", "2026-11-08", "2026-11-08"}, {"Christmas Day", "2026-12-25", "2026-12-25"},
}

type demoGroup struct {
	name, kind, in, cutIn, out, cutOut string
	days                               []int // scheduled weekdays, 1 = Monday
	members                            []people.Person
}

// trackingStart is the first day of the demo's punches: ninety-one days before today. The
// groups' schedules and memberships start on it too, so the organisation's attendance is
// tracked from the day its punches begin and a yearly report shows no months of absence
// before the demo's history (issue 10).
func trackingStart(now time.Time) time.Time {
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location()).AddDate(0, 0, -91)
}

// seedAttendance adds groups, holidays and three months of punches up to now.
func seedAttendance(ctx context.Context, a *app.App, orgID int64, groups []demoGroup, r *rand.Rand) error {
	for _, h := range holidays2026 {
		if _, err := a.Attendance.SaveHoliday(ctx, attendance.Holiday{OrgID: orgID, Name: h[0], Start: h[1], End: h[2]}); err != nil {
			return err
		}
	}
	loc, _ := time.LoadLocation("Asia/Kuala_Lumpur")
	now := time.Now().In(loc)
	start := trackingStart(now)
	holiday := map[string]bool{}
	for _, h := range holidays2026 {
		for d := h[1]; d <= h[2]; {
			holiday[d] = true
			t, _ := time.Parse(time.DateOnly, d)
			d = t.AddDate(0, 0, 1).Format(time.DateOnly)
		}
	}
	for _, g := range groups {
		grp, err := a.Attendance.CreateGroup(ctx, orgID, g.kind, attendance.GroupInput{Name: g.name, TimeIn: g.in, CutOffTimeIn: g.cutIn, TimeOut: g.out, CutOffTimeOut: g.cutOut})
		if err != nil {
			return fmt.Errorf("group %s: %w", g.name, err)
		}
		var days []attendance.ScheduleDay
		for _, d := range g.days {
			days = append(days, attendance.ScheduleDay{Day: d, Type: attendance.DayWorking})
		}
		if _, err := a.Attendance.SaveSchedule(ctx, orgID, g.kind, grp.ID, days, start.Format(time.DateOnly)); err != nil {
			return err
		}
		var ids []int64
		for _, p := range g.members {
			ids = append(ids, p.ID)
		}
		if err := a.Attendance.AddMembers(ctx, orgID, g.kind, grp.ID, ids, start.Format(time.DateOnly)); err != nil {
			return err
		}
		in, _ := attendance.ParseClock(g.in)
		out, _ := attendance.ParseClock(g.out)
		scheduled := map[int]bool{}
		for _, d := range g.days {
			scheduled[d] = true
		}
		err = a.DB.WithTx(ctx, func(ctx context.Context) error {
			for _, p := range g.members {
				habitual := r.Float64() < 0.15 // some people are late more often than others
				for d := start; d.Before(now); d = d.AddDate(0, 0, 1) {
					wd := int(d.Weekday())
					if wd == 0 {
						wd = 7
					}
					if !scheduled[wd] || holiday[d.Format(time.DateOnly)] || r.Float64() < 0.04 {
						continue // off, holiday, or absent
					}
					lateP := 0.08
					if habitual {
						lateP = 0.35
					}
					arrive := d.Add(time.Duration(in)*time.Minute - time.Duration(r.IntN(25))*time.Minute)
					if r.Float64() < lateP {
						arrive = d.Add(time.Duration(in)*time.Minute + time.Duration(1+r.IntN(40))*time.Minute)
					}
					leaveAt := d.Add(time.Duration(out)*time.Minute + time.Duration(r.IntN(40))*time.Minute)
					if out < in {
						leaveAt = leaveAt.Add(24 * time.Hour)
					}
					if r.Float64() < 0.07 {
						leaveAt = leaveAt.Add(-time.Duration(10+r.IntN(60)) * time.Minute)
					}
					arrive = arrive.Add(time.Duration(r.IntN(60)) * time.Second)
					for i, at := range []time.Time{arrive, leaveAt} {
						if at.After(now) || (i == 1 && r.Float64() < 0.03) {
							continue
						}
						temp := 36.1 + float64(r.IntN(8))/10
						if _, err := a.Attendance.Record(ctx, attendance.Punch{OrgID: orgID, PersonID: p.ID, At: at, LocalTime: at.In(loc).Format("2006-01-02T15:04:05"),
							Offset: 480, Source: "device:demo", VerifyMode: 15, Temperature: &temp}); err != nil {
							return err
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
