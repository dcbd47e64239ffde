package api_test

import (
	"strings"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestBulkAssignOverHTTP: many assignments in one call, all or none, with the refused
// assignment and field named, and the balances they leave.
func TestBulkAssignOverHTTP(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Bulk Co")
		e.setClock(time.Date(2026, 6, 1, 9, 0, 0, 0, kl))
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Mon-Fri", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		var week []map[string]any
		for d := 1; d <= 5; d++ {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		var emps []int64
		for _, code := range []string{"B1", "B2", "B3"} {
			emps = append(emps, idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": "Worker " + code}), 201)))
		}
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": emps, "effective_from": "2026-01-01"}), 200)
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 5}), 201))
		e.expect(e.call("POST", "/api/company/leave/employee/entitlement/bulk", c.token, map[string]any{"leave_type_id": annual, "entitled": 5, "all": true}), 200)

		item := func(emp int64, from, to string) map[string]any {
			return map[string]any{"employee_id": emp, "leave_type_id": annual, "from_date": from, "to_date": to}
		}
		// The second overlaps the first: nothing is written, and the second is named.
		r := e.expect(e.call("POST", "/api/company/leave/assignment/bulk", c.token, map[string]any{"assignments": []any{
			item(emps[0], "2026-06-08", "2026-06-10"), item(emps[0], "2026-06-10", "2026-06-10"), item(emps[1], "2026-06-08", "2026-06-08")}}), 422)
		if !strings.Contains(r.raw, `assignments[1].from_date`) || !strings.Contains(r.raw, "leave.overlap") {
			t.Fatalf("%s", r.raw)
		}
		var n int
		_ = db.QueryRow(`SELECT COUNT(*) FROM leave_applications`).Scan(&n)
		if n != 0 {
			t.Fatalf("%d applications written by a refused list", n)
		}
		r = e.expect(e.call("POST", "/api/company/leave/assignment/bulk", c.token, map[string]any{"assignments": []any{map[string]any{"leave_type_id": annual, "from_date": "2026-06-08"}}}), 422)
		if !strings.Contains(r.raw, `assignments[0].employee_id`) {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", "/api/company/leave/assignment/bulk", c.token, map[string]any{"assignments": []any{}}), 422)

		// Monday to Wednesday, then Thursday (5 days with the first), then a Friday.
		r = e.expect(e.call("POST", "/api/company/leave/assignment/bulk", c.token, map[string]any{"assignments": []any{
			item(emps[0], "2026-06-08", "2026-06-10"), item(emps[0], "2026-06-11", "2026-06-12"), item(emps[1], "2026-06-12", "")}}), 200)
		if r.str("data", "saved") != "3" {
			t.Fatalf("%s", r.raw)
		}
		bal := e.expect(e.call("GET", "/api/company/leave/balances?date=2026-06-30", c.token, nil), 200)
		for _, want := range []string{`"taken":5,"pending":0,"balance":0,"available":0`, `"taken":1,"pending":0,"balance":4,"available":4`, `"taken":0,"pending":0,"balance":5,"available":5`} {
			if !strings.Contains(bal.raw, want) {
				t.Fatalf("balances lack %s: %s", want, bal.raw)
			}
		}
		// Nothing left for the first: one more day is refused as the single route refuses it.
		r = e.expect(e.call("POST", "/api/company/leave/assignment/bulk", c.token, map[string]any{"assignments": []any{item(emps[0], "2026-06-15", "2026-06-15")}}), 422)
		if !strings.Contains(r.raw, `assignments[0].to_date`) || !strings.Contains(r.raw, "leave.insufficient_balance") {
			t.Fatalf("%s", r.raw)
		}
		single := e.expect(e.call("POST", "/api/company/leave/assignment", c.token, item(emps[0], "2026-06-15", "2026-06-15")), 422)
		if !strings.Contains(single.raw, "leave.insufficient_balance") {
			t.Fatalf("%s", single.raw)
		}
	})
}
