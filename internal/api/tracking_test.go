package api_test

import (
	"context"
	"fmt"
	"testing"

	"hadir/internal/attendance"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestTrackingWindow: a company that starts tracking on 1 August shows nothing before it in
// its yearly report, and a person who joined on 7 September and left on 5 October is absent
// only on the working days between (issue 13).
func TestTrackingWindow(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Tracking Co")
		profile := map[string]any{"name": "Tracking Co", "email": "hr@tracking.test", "phone": "+60 3-1111 2222", "address1": "1 Jalan Satu",
			"city": "Shah Alam", "postal_code": "40000", "timezone": "Asia/Kuala_Lumpur", "state_id": 10}
		bad := map[string]any{"tracking_start": "August"}
		for k, v := range profile {
			bad[k] = v
		}
		if r := e.expect(e.call("POST", "/api/company/profile/update", c.token, bad), 422); fieldCode(r, "tracking_start") != "validation.date" {
			t.Fatalf("tracking_start 422: %s", r.raw)
		}
		profile["tracking_start"] = "2026-08-01"
		if r := e.expect(e.call("POST", "/api/company/profile/update", c.token, profile), 200); r.str("data", "tracking_start") != "2026-08-01" {
			t.Fatalf("profile: %s", r.raw)
		}
		early := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "T1", "first_name": "Early"}), 201))
		r := e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "T2", "first_name": "Brief",
			"join_date": "2026-10-05", "leaving_date": "2026-09-07"}), 422)
		if fieldCode(r, "leaving_date") != "validation.after" {
			t.Fatalf("leaving before joining: %s", r.raw)
		}
		brief := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "T2", "first_name": "Brief",
			"join_date": "2026-09-07", "leaving_date": "2026-10-05"}), 201))
		// The roster grid takes the window from the dates its page read: the days after the
		// leaving date are not tracked.
		grid := items(e.expect(e.call("GET", "/api/attendance/roster?from=2026-09-30&search=Brief", c.token, nil), 200))
		if len(grid) != 1 {
			t.Fatalf("roster rows: %v", grid)
		}
		var sources []string
		for _, d := range grid[0]["days"].([]any) {
			sources = append(sources, d.(map[string]any)["source"].(string))
		}
		if sources[5] == "not_tracked" || sources[6] != "not_tracked" {
			t.Fatalf("roster sources around the leaving date (5 October): %v", sources)
		}
		ctx := context.Background()
		g, err := e.app.Attendance.CreateGroup(ctx, c.orgID, "employee", attendance.GroupInput{Name: "Weekdays", TimeIn: "08:00", CutOffTimeIn: "10:00", TimeOut: "17:00", CutOffTimeOut: "23:00"})
		if err != nil {
			t.Fatal(err)
		}
		var week []attendance.ScheduleDay
		for d := 1; d <= 5; d++ {
			week = append(week, attendance.ScheduleDay{Day: d, Type: attendance.DayWorking})
		}
		if _, err := e.app.Attendance.SaveSchedule(ctx, c.orgID, "employee", g.ID, week, attendance.Beginning); err != nil {
			t.Fatal(err)
		}
		if err := e.app.Attendance.AddMembers(ctx, c.orgID, "employee", g.ID, []int64{early, brief}, "2026-01-01"); err != nil {
			t.Fatal(err)
		}
		year := func(id int64) []map[string]any {
			y := e.expect(e.call("GET", fmt.Sprintf("/api/employee/attendance/yearly/individual?id=%d&date=2026", id), c.token, nil), 200).data()
			var out []map[string]any
			for _, m := range y["months"].([]any) {
				out = append(out, m.(map[string]any)["totals"].(map[string]any))
			}
			return append(out, y["totals"].(map[string]any))
		}
		counted := func(t map[string]any) int {
			n := 0
			for _, k := range []string{"present", "absent", "leave", "away", "holiday", "off_day", "open"} {
				n += int(t[k].(float64))
			}
			return n
		}
		ey := year(early)
		for m := 0; m < 7; m++ {
			if counted(ey[m]) != 0 {
				t.Errorf("month %d before the tracking start counts: %v", m+1, ey[m])
			}
		}
		if ey[7]["absent"].(float64) != 21 { // August 2026: 21 weekdays, no punch
			t.Errorf("August: %v", ey[7])
		}
		by := year(brief)
		if tot := by[12]; tot["absent"].(float64) != 21 || tot["off_day"].(float64) != 8 || counted(tot) != 29 {
			t.Errorf("7 Sep – 5 Oct: %v", tot) // 21 weekdays and 8 weekend days, both ends included
		}
		// The leaving date shows and can be cleared.
		p := e.expect(e.call("GET", fmt.Sprintf("/api/employee/details?employee_id=%d", brief), c.token, nil), 200)
		if p.str("data", "leaving_date") != "2026-10-05" && p.str("data", "general", "leaving_date") != "2026-10-05" {
			t.Errorf("details: %.400s", p.raw)
		}
		// A day outside the window reads "not tracked" in the daily report.
		d := e.expect(e.call("GET", "/api/employee/attendance?date=2026-07-15", c.token, nil), 200)
		if rows := d.body["data"].([]any); len(rows) != 2 {
			t.Fatalf("daily: %.300s", d.raw)
		}
		for _, row := range d.body["data"].([]any) {
			m := row.(map[string]any)
			if m["status"].(float64) != 7 || m["reason"].(map[string]any)["code"] != "not_tracked" {
				t.Errorf("daily before the start: %v", m)
			}
		}
	})
}
