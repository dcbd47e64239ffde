package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hadir/internal/approval"
	"hadir/internal/leave"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// The approvals engine tells whoever a request waits for: a manager who is a member with an
// account at level 1, then the admins at level 2 (who were told "submitted" at the start).
func TestWaitingNotificationsFollowTheChain(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		c := e.company("Waiting Co")
		at := time.Date(2026, 12, 1, 9, 0, 0, 0, kl)
		e.setClock(at)
		e.app.Approvals.Now = func() time.Time { return at }
		g := officeWeek(e, c.token)
		person := func(code string) int64 {
			id := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": code, "last_name": "Lee"}), 201))
			e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{id}, "effective_from": "2026-01-01"}), 200)
			return id
		}
		boss, worker := person("BOSS"), person("WORK")
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": worker, "manager_id": boss}), 200)
		bossTok := e.member(c.orgID, boss)
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 20}), 201))
		e.expect(e.call("POST", "/api/company/leave/employee/entitlement", c.token, map[string]any{"employee_id": worker, "leave_type_id": annual, "entitled": 20}), 200)
		if _, err := e.app.Approvals.SetChain(ctx, c.orgID, approval.KindLeave, annual, []string{"manager", "admins"}); err != nil {
			t.Fatal(err)
		}
		waiting := func(tok string) []map[string]any {
			t.Helper()
			r := e.expect(e.call("GET", "/api/notifications", tok, nil), 200)
			list, _ := r.body["data"].([]any)
			var out []map[string]any
			for _, it := range list {
				if n, _ := it.(map[string]any); n["kind"] == "waiting" {
					out = append(out, n)
				}
			}
			return out
		}
		if n := waiting(bossTok); len(n) != 0 {
			t.Fatalf("the manager was told before anything was submitted: %v", n)
		}
		a, err := e.app.Leave.Apply(ctx, c.orgID, "employee", leave.KindLeave, leave.Request{PersonID: worker, TypeID: annual, From: "2026-12-07", To: "2026-12-07", Reason: "r"}, leave.Actor{Name: "applicant"}, false)
		if err != nil {
			t.Fatal(err)
		}
		got := waiting(bossTok)
		if len(got) != 1 {
			t.Fatalf("the manager has %d waiting notifications after the application, want 1", len(got))
		}
		p, _ := got[0]["params"].(map[string]any)
		if p["person"] != "WORK Lee" || p["request_kind"] != "leave" {
			t.Fatalf("waiting params %v", p)
		}
		if n := waiting(c.token); len(n) != 0 {
			t.Fatalf("the admins were told 'waiting' at the manager's level: %v", n)
		}
		e.expect(e.call("POST", fmt.Sprintf("/api/approvals/leave/%d/approve", a.ID), bossTok, map[string]any{"comment": "fine"}), 200)
		if n := waiting(c.token); len(n) != 1 {
			t.Fatalf("the owner has %d waiting notifications once the manager approved, want 1", len(n))
		}
		if n := waiting(bossTok); len(n) != 1 {
			t.Fatalf("the manager was told again: %d", len(n))
		}
	})
}
