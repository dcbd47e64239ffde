package api_test

import (
	"fmt"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestReportingLines: a person's manager is set in the job area (a person of the same
// organisation; a cycle is refused with a 422 naming manager_id, and nothing of the area is
// written), and a department's head on the department (issue 12).
func TestReportingLines(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, other := e.company("Lines Co"), e.company("Other Lines Co")
		person := func(v tenant, code string) int64 {
			return idOf(e.expect(e.call("POST", "/api/employee/record/register", v.token, map[string]any{"code": code, "first_name": code}), 201))
		}
		a, b, d := person(c, "A"), person(c, "B"), person(c, "D")
		stranger := person(other, "X")
		job := func(id int64, body map[string]any) resp {
			body["employee_id"] = id
			return e.call("POST", "/api/employee/detail/job", c.token, body)
		}
		manager := func(id int64) string {
			return e.expect(e.call("GET", fmt.Sprintf("/api/employee/details?employee_id=%d", id), c.token, nil), 200).str("data", "job", "manager_id")
		}
		// B reports to A, D to B.
		e.expect(job(b, map[string]any{"position": "Clerk", "manager_id": a}), 200)
		e.expect(job(d, map[string]any{"manager_id": fmt.Sprint(b)}), 200)
		if got := manager(b); got != fmt.Sprint(a) {
			t.Fatalf("B's manager %s, want %d", got, a)
		}
		// A manager of another organisation does not exist here; oneself and cycles are refused.
		for name, body := range map[string]map[string]any{
			"other org":  {"manager_id": stranger},
			"self":       {"manager_id": a},
			"cycle 2":    {"manager_id": b},
			"cycle 3":    {"manager_id": d},
			"not an id":  {"manager_id": "abc"},
			"fractional": {"manager_id": 1.5},
		} {
			bad := e.expect(job(a, body), 422)
			if fieldCode(bad, "manager_id") == "" {
				t.Fatalf("%s: not refused on manager_id: %s", name, bad.raw)
			}
		}
		// The refused cycle wrote nothing: A's job area is still empty and A has no manager.
		e.expect(job(a, map[string]any{"position": "Boss", "manager_id": d}), 422)
		det := e.expect(e.call("GET", fmt.Sprintf("/api/employee/details?employee_id=%d", a), c.token, nil), 200)
		if det.str("data", "job") != "<nil>" {
			t.Fatalf("a refused save left the job area %s", det.raw)
		}
		// Saving the job area without manager_id keeps the manager; null clears it.
		e.expect(job(b, map[string]any{"position": "Senior clerk"}), 200)
		if got := manager(b); got != fmt.Sprint(a) {
			t.Fatalf("a save without manager_id changed it to %s", got)
		}
		e.expect(job(b, map[string]any{"manager_id": nil}), 200)
		if got := manager(b); got != "<nil>" {
			t.Fatalf("cleared manager is %s", got)
		}
		// Now that B has no manager, A may report to D (D → B → nobody).
		e.expect(job(a, map[string]any{"manager_id": d}), 200)

		// Department head: a person of the organisation; absent on update keeps it.
		bad := e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": "Ops", "head_id": stranger}), 422)
		if fieldCode(bad, "head_id") == "" {
			t.Fatalf("a stranger as head: %s", bad.raw)
		}
		dep := idOf(e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": "Ops", "head_id": a}), 201))
		e.expect(e.call("POST", "/api/department/record/update", c.token, map[string]any{"id": dep, "name": "Operations"}), 200)
		list := items(e.expect(e.call("GET", "/api/department/record", c.token, nil), 200))
		if len(list) != 1 || list[0]["head_id"] != float64(a) || list[0]["head_name"] != "A" {
			t.Fatalf("departments: %v", list)
		}
		e.expect(e.call("POST", "/api/department/record/update", c.token, map[string]any{"id": dep, "name": "Operations", "head_id": nil}), 200)
		list = items(e.expect(e.call("GET", "/api/department/record", c.token, nil), 200))
		if list[0]["head_id"] != nil {
			t.Fatalf("cleared head: %v", list)
		}
	})
}
