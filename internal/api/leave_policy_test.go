package api_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestLeavePolicies: a type with a monthly accrual policy (12 days, pro-rata), a blackout and
// a minimum notice, on both engines. A teacher who joined on 16 July has no entitlement row
// and still gets the pro-rated year with its breakdown; a member is refused in the blackout
// and inside the notice (422 on from_date); an admin assigns there and the override is
// recorded; a manual entitlement is an adjustment that needs a reason.
func TestLeavePolicies(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s, g := schoolWithWeek(e, "Policy School")
		e.setClock(time.Date(2026, 9, 1, 9, 0, 0, 0, kl))
		teacher := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "P1", "first_name": "Siti", "join_date": "2026-07-16"}), 201))
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{teacher}, "effective_from": "2026-01-01"}), 200)
		tok := e.member(s.orgID, teacher)

		field := func(r resp, name string) {
			t.Helper()
			if r.status != 422 {
				t.Fatalf("status %d, want 422 naming %s: %s", r.status, name, r.raw)
			}
			if errs, _ := r.body["errors"].(map[string]any); errs[name] == nil {
				t.Fatalf("422 without %s: %s", name, r.raw)
			}
		}
		field(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Bad", "policy": map[string]any{"grant": "weekly"}}), "policy.grant")
		field(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Bad", "policy": map[string]any{"grant": "yearly",
			"blackouts": []map[string]any{{"from": "2026-12-31", "to": "2026-12-20"}}}}), "policy.blackouts.0.to")
		field(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Bad", "policy": map[string]any{"carry_expiry": "13-01"}}), "policy.carry_expiry")

		policy := map[string]any{"grant": "monthly", "days": 12, "pro_rata": true, "min_notice_days": 7,
			"blackouts": []map[string]any{{"from": "2026-12-20", "to": "2026-12-31", "note": "Year-end"}}}
		annual := idOf(e.expect(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Annual", "policy": policy}), 201))
		// an update without a policy keeps it
		got := e.expect(e.call("POST", "/api/school/leave/management/update", s.token, map[string]any{"id": annual, "type": "Annual leave"}), 200)
		if got.str("data", "policy", "grant") != "monthly" || got.str("data", "policy", "min_notice_days") != "7" {
			t.Fatalf("update lost the policy: %s", got.raw)
		}

		// As of 1 Sep: July 16/31 × 1 = 0.516 → 0.52 (16 Jul), +1 on 1 Aug, +1 on 1 Sep = 2.52;
		// the year 0.516 + 5 = 5.52, factor 5.516/12 = 0.4597.
		check := func(r resp, balance, available, accrued string) {
			t.Helper()
			var en map[string]any
			for _, it := range items(r) {
				if int64(it["leave_type_id"].(float64)) == annual && int64(it["employee_id"].(float64)) == teacher {
					en = it
				}
			}
			if en == nil {
				t.Fatalf("no entitlement: %s", r.raw)
			}
			b, _ := en["breakdown"].(map[string]any)
			if fmt.Sprint(en["balance"]) != balance || fmt.Sprint(en["available"]) != available || b == nil ||
				fmt.Sprint(b["accrued_to_date"]) != accrued || fmt.Sprint(b["granted"]) != "5.52" || fmt.Sprint(b["pro_rata_factor"]) != "0.4597" ||
				fmt.Sprint(b["rate"]) != "12" || b["grant"] != "monthly" {
				t.Fatalf("want balance %s available %s accrued %s: %v", balance, available, accrued, en)
			}
		}
		check(e.expect(e.call("GET", "/api/school/leave/balances?date=2026-09-01", s.token, nil), 200), "2.52", "2.52", "2.52")
		check(e.expect(e.call("GET", "/api/school/personal/leave/entitlement", tok, nil), 200), "2.52", "2.52", "2.52")
		// 1 Dec: three more months (Oct, Nov, Dec) on 2.52: 5.52, the year's last accrual.
		check(e.expect(e.call("GET", "/api/school/leave/balances?date=2026-12-01", s.token, nil), 200), "5.52", "5.52", "5.52")

		// A member: inside the 7 days' notice (earliest 8 Sep), and in the blackout.
		field(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-09-02"}), "from_date")
		field(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-12-21"}), "from_date")
		// 14 Sep (Mon): 1 day of the 2.52 accrued by then.
		app := e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-09-14"}), 201)
		if app.str("data", "policy_override") != "" || app.str("data", "status") != "pending" {
			t.Fatalf("%s", app.raw)
		}
		check(e.expect(e.call("GET", "/api/school/leave/balances?date=2026-09-01", s.token, nil), 200), "2.52", "1.52", "2.52")
		// more than accrued by 5 Oct (3.52 − 1 pending = 2.52): 5–7 Oct is 3 days
		if r := e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-10-05", "to_date": "2026-10-07"}); r.status == 201 {
			t.Fatalf("took more than accrued: %s", r.raw)
		}

		// An admin may assign in the blackout and inside the notice; the override is recorded.
		// 2 Sep: 2.52 − 1 pending; 21 Dec: 5.52 − 1 approved − 1 pending.
		n := e.expect(e.call("POST", "/api/school/leave/assignment/teacher", s.token, map[string]any{"id": teacher, "leave_type_id": annual, "from_date": "2026-09-02"}), 201)
		if n.str("data", "policy_override") != "notice" {
			t.Fatalf("notice override not recorded: %s", n.raw)
		}
		b := e.expect(e.call("POST", "/api/school/leave/assignment/teacher", s.token, map[string]any{"id": teacher, "leave_type_id": annual, "from_date": "2026-12-21"}), 201)
		if b.str("data", "policy_override") != "blackout" {
			t.Fatalf("blackout override not recorded: %s", b.raw)
		}
		// 1 Dec: 5.52 − 2 approved (2 Sep and 21 Dec) = 3.52; 1 pending: 2.52 available.
		check(e.expect(e.call("GET", "/api/school/leave/balances?date=2026-12-01", s.token, nil), 200), "3.52", "2.52", "5.52")

		// A manual entitlement is an adjustment on top, with a reason.
		field(e.call("POST", "/api/school/leave/teacher/entitlement", s.token, map[string]any{"teacher_id": teacher, "leave_type_id": annual, "entitled": 1}), "note")
		adj := e.expect(e.call("POST", "/api/school/leave/teacher/entitlement", s.token, map[string]any{"teacher_id": teacher, "leave_type_id": annual, "entitled": 1,
			"note": "Worked the open day"}), 200)
		if adj.str("data", "breakdown", "adjustment") != "1" || adj.str("data", "entitled") == "" {
			t.Fatalf("%s", adj.raw)
		}
		// As of today (1 Sep): 1 + 2.52 − 2 approved = 1.52; 1 pending → 0.52 available.
		check(e.expect(e.call("GET", "/api/school/leave/balances?date=2026-09-01", s.token, nil), 200), "1.52", "0.52", "2.52")

		// Another organisation sees none of it.
		o := e.school("Other Policy School")
		for _, it := range items(e.expect(e.call("GET", "/api/school/leave/balances?date=2026-09-01", o.token, nil), 200)) {
			t.Fatalf("another organisation's balance: %v", it)
		}
		e.expect(e.call("GET", fmt.Sprintf("/api/school/leave/management/form?id=%d", annual), o.token, nil), 404)
	})
}

// TestBulkAssignmentFollowsPolicies: a bulk assignment of a type whose policy grants the days
// is checked against the balance the policy works out (as a single assignment is), not
// against stored rows an accruing type does not have; the assignments before it in the list
// count; blackout dates and notice do not stop the admin but are recorded on each
// application. Both engines.
func TestBulkAssignmentFollowsPolicies(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Bulk Policy Sdn Bhd")
		e.setClock(time.Date(2026, 9, 1, 9, 0, 0, 0, kl))
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		var days []map[string]any
		for d := 1; d <= 5; d++ {
			days = append(days, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": days, "effective_from": "2026-01-01"}), 200)
		joiner := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "J1", "first_name": "Siti", "join_date": "2026-07-16"}), 201))
		veteran := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "V1", "first_name": "Ahmad", "join_date": "2020-03-01"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{joiner, veteran}, "effective_from": "2026-01-01"}), 200)
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "policy": map[string]any{
			"grant": "monthly", "days": 12, "pro_rata": true, "min_notice_days": 7,
			"blackouts": []map[string]any{{"from": "2026-12-20", "to": "2026-12-31", "note": "Year-end"}}}}), 201))
		bulk := func(list ...map[string]any) resp {
			for _, a := range list {
				a["leave_type_id"] = annual
			}
			return e.call("POST", "/api/company/leave/assignment/bulk", c.token, map[string]any{"assignments": list})
		}

		// The joiner has 2.52 accrued by 2 Sep and 5.52 by 21 Dec: inside the notice and in the
		// blackout, the admin's assignments go in, each recording what it set aside.
		r := e.expect(bulk(map[string]any{"employee_id": joiner, "from_date": "2026-09-02"}, map[string]any{"employee_id": joiner, "from_date": "2026-12-21"}), 200)
		if r.str("data", "saved") != "2" {
			t.Fatalf("saved: %s", r.raw)
		}
		overrides := map[string]string{}
		for _, it := range items(e.expect(e.call("GET", "/api/company/leave/application?page[size]=50", c.token, nil), 200)) {
			overrides[fmt.Sprint(it["from_date"])] = fmt.Sprint(it["policy_override"])
		}
		if overrides["2026-09-02"] != "notice" || overrides["2026-12-21"] != "blackout" {
			t.Fatalf("overrides recorded: %v", overrides)
		}
		// 5–7 Oct is 3 days; by 5 Oct the joiner has 3.52 accrued and 2 taken: refused, naming it.
		over := e.expect(bulk(map[string]any{"employee_id": joiner, "from_date": "2026-10-05", "to_date": "2026-10-07"}), 422)
		if !strings.Contains(over.raw, "assignments[0]") {
			t.Fatalf("over the accrued balance: %s", over.raw)
		}
		// The veteran has 9 by mid-September: 5 days fit, the next 5 in the same list do not
		// (the first took them), and then nothing of the list is stored.
		two := e.expect(bulk(map[string]any{"employee_id": veteran, "from_date": "2026-09-14", "to_date": "2026-09-18"},
			map[string]any{"employee_id": veteran, "from_date": "2026-09-21", "to_date": "2026-09-25"}), 422)
		if !strings.Contains(two.raw, "assignments[1]") {
			t.Fatalf("the second assignment should be the one refused: %s", two.raw)
		}
		var stored int
		if err := db.QueryRow(`SELECT COUNT(*) FROM leave_applications WHERE person_id = $1`, veteran).Scan(&stored); err != nil || stored != 0 {
			t.Fatalf("%d applications of the refused list were stored (%v)", stored, err)
		}
		e.expect(bulk(map[string]any{"employee_id": veteran, "from_date": "2026-09-14", "to_date": "2026-09-18"}), 200)
		// Balances read the same figures: 9 − 5 = 4 as of 1 Sep's view of the year (asOf today).
		for _, it := range items(e.expect(e.call("GET", "/api/company/leave/balances?date=2026-09-01", c.token, nil), 200)) {
			if int64(it["employee_id"].(float64)) == veteran && int64(it["leave_type_id"].(float64)) == annual && fmt.Sprint(it["balance"]) != "4" {
				t.Fatalf("the veteran's balance after 5 days: %v", it)
			}
		}
	})
}
