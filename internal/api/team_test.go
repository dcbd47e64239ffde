package api_test

import (
	"fmt"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestManagerTeam: a member who manages people reads their reports' attendance, leave and
// requests through "My team"; another team's person answers 404; a member who manages nobody,
// or an owner with no person, gets 403 (issue 12).
func TestManagerTeam(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Team Co")
		person := func(code string) int64 {
			return idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": code}), 201))
		}
		m, w, n, q, x := person("M"), person("W"), person("N"), person("Q"), person("X")
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": w, "manager_id": m}), 200)
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": q, "manager_id": n}), 200)
		mtok, ntok, xtok := e.member(c.orgID, m), e.member(c.orgID, n), e.member(c.orgID, x)

		team := e.expect(e.call("GET", "/api/team", mtok, nil), 200)
		if list := team.body["data"].([]any); len(list) != 1 || list[0].(map[string]any)["id"] != float64(w) {
			t.Fatalf("M's team: %s", team.raw)
		}
		e.expect(e.call("GET", "/api/team", xtok, nil), 403)
		e.expect(e.call("GET", "/api/team", c.token, nil), 403)
		for _, sub := range []string{"attendance/monthly?date=2026-11-01", "leave", "leave?kind=away", "requests"} {
			e.expect(e.call("GET", fmt.Sprintf("/api/team/%d/%s", w, sub), mtok, nil), 200)
			e.expect(e.call("GET", fmt.Sprintf("/api/team/%d/%s", q, sub), mtok, nil), 404) // another team
			e.expect(e.call("GET", fmt.Sprintf("/api/team/%d/%s", w, sub), ntok, nil), 404) // the other manager
			e.expect(e.call("GET", fmt.Sprintf("/api/team/%d/%s", m, sub), mtok, nil), 404) // oneself is not a report
			e.expect(e.call("GET", fmt.Sprintf("/api/team/%d/%s", w, sub), xtok, nil), 403) // no reports at all
		}
	})
}
