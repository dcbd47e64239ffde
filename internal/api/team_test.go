package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"hadir/internal/attendance"
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

// TestTeamDaily: a manager's "My team" day lists each direct report's status on a date from
// the attendance engine (a manual status shows as set), nobody of another team; a bad date
// names the field; a member who manages nobody gets 403.
func TestTeamDaily(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		c := e.company("Team Day Co")
		person := func(code, first string) int64 {
			return idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": first}), 201))
		}
		m, a, b, q, x := person("M", "Maya"), person("A", "Ali"), person("B", "Bina"), person("Q", "Qis"), person("X", "Xu")
		for _, r := range []int64{a, b} {
			e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": r, "manager_id": m}), 200)
		}
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": q, "manager_id": x}), 200)
		mtok := e.member(c.orgID, m)
		if _, err := e.app.Attendance.SetStatus(ctx, attendance.Actor{Name: "Admin"}, c.orgID, "", b, "2026-11-16", attendance.Status(4), "client visit"); err != nil {
			t.Fatal(err)
		}
		rows := items(e.expect(e.call("GET", "/api/team/attendance/daily?date=2026-11-16", mtok, nil), 200))
		if len(rows) != 2 || rows[0]["id"] != float64(a) || rows[1]["id"] != float64(b) {
			t.Fatalf("M's team day: %v", rows)
		}
		if rows[1]["status"] != float64(4) || rows[1]["manual"] != true || rows[1]["date"] != "2026-11-16" {
			t.Fatalf("Bina's day: %v", rows[1])
		}
		if rows[0]["manual"] == true {
			t.Fatalf("Ali's day: %v", rows[0])
		}
		if today := items(e.expect(e.call("GET", "/api/team/attendance/daily", mtok, nil), 200)); len(today) != 2 {
			t.Fatalf("today: %v", today)
		}
		if bad := e.expect(e.call("GET", "/api/team/attendance/daily?date=16-11-2026", mtok, nil), 422); fieldCode(bad, "date") == "" {
			t.Fatalf("a bad date: %s", bad.raw)
		}
		e.expect(e.call("GET", "/api/team/attendance/daily", e.member(c.orgID, a), nil), 403)
		e.expect(e.call("GET", "/api/team/attendance/daily", c.token, nil), 403)
	})
}

// TestSubstitutes: the colleagues a member may name as a substitute are the organisation's
// people with an account, teachers and staff alike in a school, never the caller, another
// organisation's, or someone without an account; only id, code and name are shown.
func TestSubstitutes(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s, other := e.school("Sub School"), e.school("Other Sub School")
		teacher := func(s tenant, code, first string) int64 {
			return idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": code, "first_name": first}), 201))
		}
		me := teacher(s, "T1", "Aminah")
		mate := teacher(s, "T2", "Amir")
		staff := idOf(e.expect(e.call("POST", "/api/school/employee/staff", s.token, map[string]any{"code": "S1", "first_name": "Amran"}), 201))
		teacher(s, "T3", "Amy") // no account
		far := teacher(other, "T9", "Amira")
		tok := e.member(s.orgID, me)
		e.member(s.orgID, mate)
		e.member(s.orgID, staff)
		e.member(other.orgID, far)
		got := items(e.expect(e.call("GET", "/api/approvals/substitutes?search=am", tok, nil), 200))
		var ids []float64
		for _, g := range got {
			ids = append(ids, g["id"].(float64))
			if len(g) != 3 || g["name"] == "" || g["code"] == "" {
				t.Fatalf("a substitute shows more or less than id, code and name: %v", g)
			}
		}
		if fmt.Sprint(ids) != fmt.Sprint([]float64{float64(mate), float64(staff)}) {
			t.Fatalf("substitutes %v, want Amir (teacher) then Amran (staff)", got)
		}
		if got := items(e.expect(e.call("GET", "/api/approvals/substitutes?search=S1", tok, nil), 200)); len(got) != 1 || got[0]["id"] != float64(staff) {
			t.Fatalf("by code: %v", got)
		}
		if bad := e.expect(e.call("GET", "/api/approvals/substitutes?search="+strings.Repeat("x", 101), tok, nil), 422); fieldCode(bad, "search") == "" {
			t.Fatalf("a long search: %s", bad.raw)
		}
	})
}
