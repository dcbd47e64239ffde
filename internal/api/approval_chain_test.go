package api_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"hadir/internal/approval"
	"hadir/internal/leave"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestApprovalChains walks the one approvals engine (issue 12, DESIGN §10) over leave on both
// engines: a two-level chain manager → admins, a rejection at level 1 that ends it, a manager
// who is the applicant skipped, a level resolving to nobody skipped, a delegation used only
// inside its dates, 403 for a person the request is not waiting for, 409 once decided, and an
// admin's override at a level not theirs.
// officeWeek registers a company group "Office" (08:00–17:00) working Monday to Friday from
// 2026-01-01, for the approval tests' applications, and returns its id.
func officeWeek(e *env, token string) int64 {
	e.t.Helper()
	g := idOf(e.expect(e.call("POST", "/api/group/record/register", token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
	var week []map[string]any
	for d := 1; d <= 5; d++ {
		week = append(week, map[string]any{"id": d, "type": 1})
	}
	e.expect(e.call("POST", "/api/group/schedule", token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
	return g
}

func TestApprovalChains(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		c := e.company("Chain Co")
		at := time.Date(2026, 12, 1, 9, 0, 0, 0, kl)
		e.setClock(at)
		e.app.Approvals.Now = func() time.Time { return at }
		g := officeWeek(e, c.token)
		person := func(code string) int64 {
			id := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": code}), 201))
			e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{id}, "effective_from": "2026-01-01"}), 200)
			return id
		}
		boss, worker, sub, top := person("BOSS"), person("WORK"), person("SUB"), person("TOP")
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": worker, "manager_id": boss}), 200)
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 20}), 201))
		e.expect(e.call("POST", "/api/company/leave/employee/entitlement/bulk", c.token, map[string]any{"leave_type_id": annual, "entitled": 20, "group_id": g}), 200)
		if _, err := e.app.Approvals.SetChain(ctx, c.orgID, approval.KindLeave, annual, []string{"manager", "admins"}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.app.Approvals.SetChain(ctx, c.orgID, approval.KindLeave, annual, []string{"person:999999"}); err == nil {
			t.Fatal("a chain naming a stranger was accepted")
		}
		day := 7
		apply := func(who int64) int64 {
			t.Helper()
			d := time.Date(2026, 12, day, 0, 0, 0, 0, time.UTC)
			for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
				d, day = d.AddDate(0, 0, 1), day+1
			}
			day++
			from := d.Format(time.DateOnly)
			a, err := e.app.Leave.Apply(ctx, c.orgID, "employee", leave.KindLeave, leave.Request{PersonID: who, TypeID: annual, From: from, To: from, Reason: "r"}, leave.Actor{Name: "applicant"}, false)
			if err != nil {
				t.Fatal(err)
			}
			return a.ID
		}
		asPerson := func(id int64) approval.Actor {
			return approval.Actor{UserID: 0, Name: fmt.Sprint("person ", id), PersonID: id}
		}
		admin := approval.Actor{Name: "Owner", IsAdmin: true}
		waitingFor := func(id int64) []int64 {
			rs, err := e.app.Approvals.Waiting(ctx, c.orgID, asPerson(id), 100)
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for _, r := range rs {
				out = append(out, r.RefID)
			}
			return out
		}
		status := func(id int64) string {
			a, err := e.app.Leave.Application(ctx, c.orgID, leave.KindLeave, id)
			if err != nil {
				t.Fatal(err)
			}
			return a.Status
		}
		actions := func(id int64) string {
			tl, err := e.app.Approvals.Timeline(ctx, c.orgID, approval.KindLeave, id)
			if err != nil {
				t.Fatal(err)
			}
			s := ""
			for _, d := range tl {
				s += fmt.Sprintf("%d:%s:%s:%v ", d.Level, d.Action, d.Comment, d.Override)
			}
			return s
		}

		// Two levels walk through: the manager, then the admins; the balance is re-checked at
		// the end and the application is approved.
		a1 := apply(worker)
		if w := waitingFor(boss); len(w) != 1 || w[0] != a1 {
			t.Fatalf("the manager waits for %v", w)
		}
		if _, err := e.app.Approvals.Decide(ctx, c.orgID, approval.KindLeave, a1, true, asPerson(sub), ""); !errors.Is(err, approval.ErrNotWaiting) {
			t.Fatalf("someone else approving: %v", err)
		}
		if _, err := e.app.Approvals.Decide(ctx, c.orgID, approval.KindLeave, a1, true, asPerson(boss), "ok"); err != nil {
			t.Fatal(err)
		}
		if status(a1) != leave.Pending || len(waitingFor(boss)) != 0 {
			t.Fatalf("after level 1: %s, boss waits for %v", status(a1), waitingFor(boss))
		}
		if _, err := e.app.Approvals.Decide(ctx, c.orgID, approval.KindLeave, a1, true, admin, ""); err != nil {
			t.Fatal(err)
		}
		if status(a1) != leave.Approved {
			t.Fatalf("after level 2: %s", status(a1))
		}
		if got := actions(a1); got != "0:submitted::false 0:approved:ok:false 1:approved::false " {
			t.Fatalf("timeline %q", got)
		}
		// The application list carries each application's timeline.
		for _, it := range items(e.expect(e.call("GET", "/api/company/leave/application?status=approved", c.token, nil), 200)) {
			if it["id"] == float64(a1) {
				if tl, _ := it["timeline"].([]any); len(tl) != 3 {
					t.Fatalf("the listed timeline: %v", it["timeline"])
				}
			}
		}
		if _, err := e.app.Approvals.Decide(ctx, c.orgID, approval.KindLeave, a1, true, admin, ""); !errors.Is(err, approval.ErrDecided) {
			t.Fatalf("deciding twice: %v", err)
		}

		// A rejection at level 1 ends the application.
		a2 := apply(worker)
		if _, err := e.app.Approvals.Decide(ctx, c.orgID, approval.KindLeave, a2, false, asPerson(boss), "busy \"week\" — ça\nnext"); err != nil {
			t.Fatal(err)
		}
		if status(a2) != leave.Rejected {
			t.Fatalf("rejected at level 1: %s", status(a2))
		}
		if rs, _ := e.app.Approvals.Waiting(ctx, c.orgID, admin, 100); len(rs) != 0 {
			t.Fatalf("the admins still wait for %v", rs)
		}

		// The manager is the applicant: a chain "person:BOSS, admins" skips BOSS's own level; a
		// manager level for BOSS (who has none) resolves to nobody and is skipped too.
		if _, err := e.app.Approvals.SetChain(ctx, c.orgID, approval.KindLeave, annual, []string{"person:" + fmt.Sprint(boss), "manager", "admins"}); err != nil {
			t.Fatal(err)
		}
		a3 := apply(boss)
		if got := actions(a3); got != "0:submitted::false 0:skipped:approver_is_applicant:false 1:skipped:no_approver:false " {
			t.Fatalf("timeline %q", got)
		}
		if r, _ := e.app.Approvals.Request(ctx, c.orgID, approval.KindLeave, a3); r.Level != 2 || r.ApproverID != nil {
			t.Fatalf("the request is at %+v", r)
		}
		// An admin decides at the admins' level: not an override.
		if _, err := e.app.Approvals.Decide(ctx, c.orgID, approval.KindLeave, a3, true, admin, ""); err != nil {
			t.Fatal(err)
		}
		if got := actions(a3); got[len(got)-len("2:approved::false "):] != "2:approved::false " {
			t.Fatalf("timeline %q", got)
		}

		// Delegation: BOSS names SUB for 5–10 December. Submitted on 1 December the request
		// goes to BOSS; on 6 December to SUB; on 11 December to BOSS again.
		if _, err := e.app.Approvals.SetChain(ctx, c.orgID, approval.KindLeave, annual, []string{"manager", "person:" + fmt.Sprint(top)}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.app.Approvals.Delegate(ctx, c.orgID, approval.Delegation{PersonID: boss, SubstituteID: sub, From: "2026-12-05", To: "2026-12-10"}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.app.Approvals.Delegate(ctx, c.orgID, approval.Delegation{PersonID: boss, SubstituteID: sub, From: "2026-12-10", To: "2026-12-05"}); err == nil {
			t.Fatal("a range ending before it starts was accepted")
		}
		before := apply(worker)
		e.app.Approvals.Now = func() time.Time { return time.Date(2026, 12, 6, 9, 0, 0, 0, kl) }
		inside := apply(worker)
		e.app.Approvals.Now = func() time.Time { return time.Date(2026, 12, 11, 9, 0, 0, 0, kl) }
		after := apply(worker)
		if w := waitingFor(boss); len(w) != 2 || w[0] != after || w[1] != before {
			t.Fatalf("BOSS waits for %v, want [%d %d]", w, after, before)
		}
		if w := waitingFor(sub); len(w) != 1 || w[0] != inside {
			t.Fatalf("SUB waits for %v, want [%d]", w, inside)
		}
		// The substitute approves level 1; level 2 is TOP; an admin overrides it.
		if _, err := e.app.Approvals.Decide(ctx, c.orgID, approval.KindLeave, inside, true, asPerson(sub), ""); err != nil {
			t.Fatal(err)
		}
		if w := waitingFor(top); len(w) != 1 || w[0] != inside {
			t.Fatalf("TOP waits for %v", w)
		}
		if _, err := e.app.Approvals.Decide(ctx, c.orgID, approval.KindLeave, inside, true, admin, "TOP is away"); err != nil {
			t.Fatal(err)
		}
		if got := actions(inside); got != "0:submitted::false 0:approved::false 1:approved:TOP is away:true " || status(inside) != leave.Approved {
			t.Fatalf("timeline %q, status %s", got, status(inside))
		}
		// The list reads the timelines in its own statement (approval.TimelineColumn): each
		// listed timeline is the engine's own, step for step, comments (quotes, accents, a line
		// break) and overrides included.
		listed := 0
		for _, it := range items(e.expect(e.call("GET", "/api/company/leave/application?page[size]=100", c.token, nil), 200)) {
			id := int64(it["id"].(float64))
			tl, err := e.app.Approvals.Timeline(ctx, c.orgID, approval.KindLeave, id)
			if err != nil {
				t.Fatal(err)
			}
			steps, _ := it["timeline"].([]any)
			if len(steps) != len(tl) {
				t.Fatalf("application %d lists %d steps, has %d", id, len(steps), len(tl))
			}
			for i, d := range tl {
				st := steps[i].(map[string]any)
				at, err := time.Parse(time.RFC3339Nano, st["created_at"].(string))
				if err != nil || !at.Equal(d.CreatedAt) || st["id"] != float64(d.ID) || st["level"] != float64(d.Level) || st["level_kind"] != d.LevelKind ||
					st["action"] != d.Action || st["actor_name"] != d.ActorName || st["comment"] != d.Comment || st["override"] != d.Override {
					t.Fatalf("application %d step %d listed as %v, is %+v", id, i, st, d)
				}
				listed++
			}
		}
		if listed < 12 {
			t.Fatalf("only %d steps listed", listed)
		}

		// The spec's approve call is an admin's decision at the current level: with the manager
		// level first it is an override there and the application waits at the next level.
		e.expect(e.call("POST", "/api/company/leave/application/approve", c.token, map[string]any{"id": before}), 200)
		if status(before) != leave.Pending || len(waitingFor(top)) != 1 {
			t.Fatalf("after the spec's approve: %s, TOP waits for %v", status(before), waitingFor(top))
		}
		e.expect(e.call("POST", "/api/company/leave/application/approve", c.token, map[string]any{"id": before}), 200)
		if status(before) != leave.Approved {
			t.Fatalf("after the second approve: %s", status(before))
		}
		e.expect(e.call("POST", "/api/company/leave/application/approve", c.token, map[string]any{"id": before}), 409)
	})
}

// TestChainAPI: a type's chain is the default (admins) until set; levels are validated on
// their index; an empty list restores the default; a member cannot set one.
func TestChainAPI(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Chain API Co")
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 20}), 201))
		path := fmt.Sprintf("/api/approvals/chain?kind=leave&type_id=%d", annual)
		got := e.expect(e.call("GET", path, c.token, nil), 200)
		if fmt.Sprint(got.data()["levels"]) != "[admins]" || got.data()["own"] != false {
			t.Fatalf("default chain: %s", got.raw)
		}
		bad := e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "leave", "type_id": annual, "levels": []string{"manager", "boss"}}), 422)
		if fieldCode(bad, "levels.1") == "" {
			t.Fatalf("an unknown level: %s", bad.raw)
		}
		e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "holiday", "type_id": annual, "levels": []string{"manager"}}), 422)
		e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "leave", "type_id": annual, "levels": []string{"manager", "department_head", "admins"}}), 200)
		got = e.expect(e.call("GET", path, c.token, nil), 200)
		if fmt.Sprint(got.data()["levels"]) != "[manager department_head admins]" || got.data()["own"] != true {
			t.Fatalf("saved chain: %s", got.raw)
		}
		e.expect(e.call("POST", "/api/approvals/chain", e.user(c.orgID, "member"), map[string]any{"kind": "leave", "type_id": annual, "levels": []string{}}), 403)
		e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "leave", "type_id": annual, "levels": []string{}}), 200)
		if got = e.expect(e.call("GET", path, c.token, nil), 200); fmt.Sprint(got.data()["levels"]) != "[admins]" {
			t.Fatalf("restored default: %s", got.raw)
		}
	})
}

// TestConcurrentFinalApprovals: two applications that the balance covers one at a time pass
// the manager's level, then both are approved at the admins' level at once through
// /api/approvals: exactly one goes through and the other is refused (the balance re-check in
// the final approval's transaction, with the person's row locked).
func TestConcurrentFinalApprovals(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		c := e.company("Race Co")
		e.setClock(time.Date(2026, 12, 1, 9, 0, 0, 0, kl))
		e.app.Approvals.Now = func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, kl) }
		g := officeWeek(e, c.token)
		boss := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "B", "first_name": "B"}), 201))
		emp := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "W", "first_name": "W"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{emp}, "effective_from": "2026-01-01"}), 200)
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": emp, "manager_id": boss}), 200)
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 5}), 201))
		e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "leave", "type_id": annual, "levels": []string{"manager", "admins"}}), 200)
		period := map[string]any{"employee_id": emp, "leave_type_id": annual, "entitled": 6, "period_start": "2026-12-01", "valid_until": "2026-12-31"}
		e.expect(e.call("POST", "/api/company/leave/employee/entitlement", c.token, period), 200)
		wtok, btok := e.member(c.orgID, emp), e.member(c.orgID, boss)
		var ids []int64
		for _, from := range []string{"2026-12-07", "2026-12-14"} {
			to := from[:8] + fmt.Sprint(map[string]string{"2026-12-07": "09", "2026-12-14": "16"}[from])
			ids = append(ids, idOf(e.expect(e.call("POST", "/api/school/personal/leave/application", wtok, map[string]any{"leave_type_id": annual, "from_date": from, "to_date": to}), 201)))
		}
		for _, id := range ids {
			e.expect(e.call("POST", fmt.Sprintf("/api/approvals/leave/%d/approve", id), btok, nil), 200)
		}
		period["entitled"] = 5
		e.expect(e.call("POST", "/api/company/leave/employee/entitlement", c.token, period), 200)
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = e.call("POST", fmt.Sprintf("/api/approvals/leave/%d/approve", id), c.token, nil).status
			}()
		}
		wg.Wait()
		if !(codes[0] == 200 && codes[1] == 422 || codes[1] == 200 && codes[0] == 422) {
			t.Fatalf("concurrent final approvals gave %v", codes)
		}
		var approved int
		_ = db.QueryRowContext(ctx, `SELECT COUNT(*) FROM leave_applications WHERE person_id = $1 AND status = 'approved'`, emp).Scan(&approved)
		if approved != 1 {
			t.Fatalf("%d approved", approved)
		}
	})
}
