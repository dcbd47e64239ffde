package api_test

import (
	"strconv"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestCompanyAwayApprovedByOwner: a company employee's away application, accepted as pending
// from the Personal area, is seen and approved by the owner under /api/company/away, and the
// company's away types, entitlements and statistics are its own (never the leave ones).
func TestCompanyAwayApprovedByOwner(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Away Co")
		e.setClock(time.Date(2026, 12, 1, 9, 0, 0, 0, kl))
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		var week []map[string]any
		for _, d := range []int{1, 2, 3, 4, 5} {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		emp := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "A1", "first_name": "Siti"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{emp}, "effective_from": "2026-01-01"}), 200)

		// Away types are the company's own, apart from its leave types.
		e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 14}), 201)
		trip := idOf(e.expect(e.call("POST", "/api/company/away", c.token, map[string]any{"type": "Business trip", "day_count": 10}), 201))
		e.expect(e.call("POST", "/api/company/away", c.token, map[string]any{"type": "business trip"}), 409)
		if ts := items(e.expect(e.call("GET", "/api/company/away", c.token, nil), 200)); len(ts) != 1 || ts[0]["type"] != "Business trip" {
			t.Fatalf("away types: %v", ts)
		}
		e.expect(e.call("GET", "/api/company/away/form?id="+strconv.FormatInt(trip, 10), c.token, nil), 200)
		e.expect(e.call("POST", "/api/company/away/employee/entitlement/bulk", c.token, map[string]any{"leave_type_id": trip, "entitled": 10, "group_id": g}), 200)
		ents := items(e.expect(e.call("GET", "/api/company/away/employee/entitlement?employee_id="+strconv.FormatInt(emp, 10), c.token, nil), 200))
		if len(ents) != 1 {
			t.Fatalf("away entitlements: %v", ents)
		}
		if len(items(e.expect(e.call("GET", "/api/company/leave/employee/entitlement?employee_id="+strconv.FormatInt(emp, 10), c.token, nil), 200))) != 0 {
			t.Fatal("an away entitlement shows among the leave entitlements")
		}

		// The employee applies from the Personal area: pending.
		tok := e.member(c.orgID, emp)
		app := e.expect(e.call("POST", "/api/school/personal/away/application", tok, map[string]any{"leave_type_id": trip, "from_date": "2026-12-07", "to_date": "2026-12-08", "reason": "Client visit"}), 201)
		if app.data()["status"] != "pending" {
			t.Fatalf("%s", app.raw)
		}
		id := idOf(app)

		// A plain member cannot approve; the owner sees it among the away (not leave) applications.
		e.expect(e.call("POST", "/api/company/away/application/approve", tok, map[string]any{"id": id}), 403)
		if len(items(e.expect(e.call("GET", "/api/company/leave/application?status=pending", c.token, nil), 200))) != 0 {
			t.Fatal("an away application shows among the leave applications")
		}
		pending := items(e.expect(e.call("GET", "/api/company/away/application?status=pending", c.token, nil), 200))
		if len(pending) != 1 || int64(pending[0]["id"].(float64)) != id {
			t.Fatalf("pending away: %v", pending)
		}
		// The leave calls do not reach an away application.
		e.expect(e.call("POST", "/api/company/leave/application/approve", c.token, map[string]any{"id": id}), 404)
		r := e.expect(e.call("POST", "/api/company/away/application/approve", c.token, map[string]any{"id": id, "comment": "Safe trip"}), 200)
		if r.data()["status"] != "approved" {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", "/api/company/away/application/approve", c.token, map[string]any{"id": id}), 409)

		// The member sees it approved; the balance and the statistics count it.
		mine := items(e.expect(e.call("GET", "/api/school/personal/away/application", tok, nil), 200))
		if len(mine) != 1 || mine[0]["status"] != "approved" {
			t.Fatalf("member's away: %v", mine)
		}
		ent := entitlementOf(t, e.expect(e.call("GET", "/api/company/away/employee/entitlement?employee_id="+strconv.FormatInt(emp, 10), c.token, nil), 200), trip)
		if ent["balance"].(float64) != 8 {
			t.Fatalf("balance after 2 days away: %v", ent)
		}
		st := e.expect(e.call("GET", "/api/company/away/statistics", c.token, nil), 200).data()
		if st["approved"].(float64) != 1 {
			t.Fatalf("away statistics: %v", st)
		}
		e.expect(e.call("GET", "/api/company/away/ledger?year=2026", c.token, nil), 200)
		e.expect(e.call("GET", "/api/company/away/balances", c.token, nil), 200)
	})
}
