package api_test

import (
	"fmt"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// The rules every report reads (schedule versions, group settings, holidays, pattern choices,
// whether a roster exists, a day's manual statuses) are cached per organisation
// (attendance.orgRules), yet each change a manager makes shows on the very next call, after a
// call that answered from the cache, on both engines (a group's settings:
// TestLateAfterCutOffSetting).
func TestRulesCachedYetExact(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Rules Co")
		e.app.Attendance.Now = func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, kl) }
		const date = "2026-11-20" // a Friday
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00", "effective_from": "2026-01-01"}), 201))
		p := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "R1", "first_name": "Rina"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{p}, "effective_from": "2026-11-01"}), 200)
		week := func(dayType int) {
			var days []map[string]any
			for d := 1; d <= 7; d++ {
				days = append(days, map[string]any{"id": d, "type": dayType})
			}
			e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": days, "effective_from": "2026-11-01"}), 200)
		}
		const absent, holiday, offDay = 2, 5, 6
		checkOn := func(date, what string, want float64) {
			t.Helper()
			for i := 0; i < 2; i++ { // the second call answers from the cache
				r := e.expect(e.call("GET", "/api/employee/attendance?date="+date, c.token, nil), 200)
				if got := dayOf(t, r, p)["status"].(float64); got != want {
					t.Fatalf("%s, %s (call %d): status %v, want %v", what, date, i+1, got, want)
				}
			}
		}
		check := func(what string, want float64) { t.Helper(); checkOn(date, what, want) }
		week(1)
		check("a working week", absent)
		// A manual status of the day (the day's statuses are cached too), then cleared.
		e.expect(e.call("POST", "/api/employee/attendance/admin/status", c.token, map[string]any{"employee_id": p, "date": date, "status": 4, "remark": "Site visit"}), 200)
		check("a manual status", 4)
		e.expect(e.call("POST", "/api/employee/attendance/admin/status", c.token, map[string]any{"employee_id": p, "date": date, "status": 0, "remark": "Set in error"}), 200)
		check("the manual status cleared", absent)
		h := int64(e.expect(e.call("POST", "/api/holiday/record", c.token, map[string]any{"name": "Deepavali", "start": date, "end": date}), 201).data()["holiday_id"].(float64))
		check("a holiday added", holiday)
		e.expect(e.call("POST", "/api/holiday/record/update", c.token, map[string]any{"id": h, "name": "Deepavali", "start": "2026-11-19", "end": "2026-11-19"}), 200)
		check("the holiday moved", absent)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/holiday/record?id=%d", h), c.token, nil), 204)
		check("the holiday deleted", absent)
		week(3)
		check("a schedule of rest days", offDay)
		week(1)
		check("a working schedule again", absent)
		// The organisation's first roster entry: the rules said it had none.
		e.expect(e.call("POST", "/api/attendance/roster/fill", c.token, map[string]any{"person_ids": []int64{p}, "from": date, "to": date, "off": true}), 200)
		check("a day off on the roster", offDay)
		e.expect(e.call("POST", "/api/attendance/roster/clear", c.token, map[string]any{"person_ids": []int64{p}, "from": date, "to": date}), 200)
		check("the roster cleared", absent)
		off := idOf(e.expect(e.call("POST", "/api/attendance/patterns", c.token, map[string]any{"name": "Off", "cycle_days": 1, "days": []any{nil}}), 201))
		e.expect(e.call("PUT", fmt.Sprintf("/api/attendance/group-patterns/%d", g), c.token, map[string]any{"pattern_id": off, "start_date": "2026-11-01", "effective_from": "2026-11-01"}), 200)
		check("a pattern of rest days", offDay)
		checkOn("2026-11-25", "a pattern of rest days", offDay)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/group-patterns/%d", g), c.token, nil), 200)
		checkOn("2026-11-25", "the pattern left from today", absent)
		check("the pattern left from today", offDay)

		// Approved leave and memberships are cached too (a page of the daily list picks its
		// people's from the organisation's): an application approved and then cancelled, and the
		// person leaving the group and joining it again, each show on the next call.
		const today, leave, noSchedule = "2026-11-25", 3, 8
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "allow_negative": true}), 201))
		app := idOf(e.expect(e.call("POST", "/api/school/personal/leave/application", e.member(c.orgID, p), map[string]any{"leave_type_id": annual, "from_date": today}), 201))
		checkOn(today, "a pending application", absent)
		e.expect(e.call("POST", "/api/company/leave/application/approve", c.token, map[string]any{"id": app}), 200)
		checkOn(today, "the application approved", leave)
		e.expect(e.call("POST", "/api/company/leave/application/cancel", c.token, map[string]any{"id": app}), 200)
		checkOn(today, "the leave cancelled", absent)
		e.expect(e.call("POST", "/api/company/leave/assignment", c.token, map[string]any{"employee_id": p, "leave_type_id": annual, "from_date": today}), 201)
		checkOn(today, "leave assigned", leave)
		e.expect(e.call("DELETE", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{p}, "effective_from": "2026-11-24"}), 200)
		checkOn("2026-11-24", "the group left", noSchedule)
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{p}, "effective_from": "2026-11-24"}), 200)
		checkOn("2026-11-24", "the group joined again", offDay) // the pattern of rest days, until today
	})
}
