package api_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestOvertimeAPI is issue 13's overtime end to end: a group's threshold and approval
// setting (validated, kept by an update without them); without approval the daily report,
// the monthly totals and payroll carry worked = approved; with approval a member asks once
// per day (asking again answers the same request), the request goes through the overtime
// chain (manager, then admins), the manager lowers the minutes, and only the approved
// minutes reach the monthly totals and payroll; a rejection approves nothing; another
// organisation gets 404, a bystander 403.
func TestOvertimeAPI(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, other := e.company("Overtime Co"), e.company("Other Overtime Co")
		at := time.Date(2026, 11, 25, 12, 0, 0, 0, kl)
		e.setClock(at)
		e.app.Approvals.Now = func() time.Time { return at }
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00", "effective_from": "2026-01-01", "overtime_threshold_minutes": 30}), 201))
		group := func() map[string]any {
			for _, it := range items(e.expect(e.call("GET", "/api/group/record", c.token, nil), 200)) {
				if int64(it["id"].(float64)) == g {
					return it
				}
			}
			t.Fatal("the group is not listed")
			return nil
		}
		if gr := group(); gr["overtime_threshold_minutes"] != float64(30) || gr["overtime_needs_approval"] != false {
			t.Fatalf("a new group's overtime settings: %v", gr)
		}
		for _, v := range []any{-1, 1441, "many"} {
			bad := e.expect(e.call("POST", "/api/group/record/update", c.token, map[string]any{"id": g, "name": "Office", "overtime_threshold_minutes": v}), 422)
			if fieldCode(bad, "overtime_threshold_minutes") == "" {
				t.Fatalf("threshold %v: %s", v, bad.raw)
			}
		}
		var week []map[string]any
		for d := 1; d <= 7; d++ {
			typ := 1
			if d >= 6 {
				typ = 3
			}
			week = append(week, map[string]any{"id": d, "type": typ})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		person := func(code string) int64 {
			return idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": code}), 201))
		}
		worker, boss, bystander := person("W"), person("M"), person("O")
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{worker}, "effective_from": "2026-11-01"}), 200)
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": worker, "manager_id": boss}), 200)
		wtok, mtok, otok := e.member(c.orgID, worker), e.member(c.orgID, boss), e.member(c.orgID, bystander)
		e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "overtime", "levels": []string{"manager", "admins"}}), 200)

		e.punch(c.orgID, worker, "2026-11-16 08:00") // Monday: 105 minutes after 17:00
		e.punch(c.orgID, worker, "2026-11-16 18:45")
		e.punch(c.orgID, worker, "2026-11-17 08:00") // Tuesday: 20 minutes, below the threshold
		e.punch(c.orgID, worker, "2026-11-17 17:20")
		e.punch(c.orgID, worker, "2026-11-21 09:00") // Saturday, a rest day: 09:00 to 13:00
		e.punch(c.orgID, worker, "2026-11-21 13:00")
		day := func(date string) map[string]any {
			return dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date="+date, c.token, nil), 200), worker)
		}
		monthly := func() map[string]any {
			m := e.expect(e.call("GET", fmt.Sprintf("/api/employee/attendance/monthly/individual?id=%d&date=2026-11", worker), c.token, nil), 200)
			return m.body["data"].(map[string]any)["totals"].(map[string]any)
		}
		payroll := func() string {
			return byHeader(t, payrollCSV(t, e, c.token, "month=2026-11"))["W"]["Overtime (minutes)"]
		}
		check := func(date string, worked, approved float64, state any) {
			t.Helper()
			d := day(date)
			if d["overtime_minutes"] != worked || d["overtime_approved_minutes"] != approved || d["overtime_state"] != state {
				t.Fatalf("%s: %v", date, d)
			}
		}
		check("2026-11-16", 105, 105, nil)
		check("2026-11-17", 0, 0, nil)
		check("2026-11-21", 240, 240, nil)
		if tot := monthly(); tot["overtime_minutes"] != float64(345) || tot["overtime_approved_minutes"] != float64(345) {
			t.Fatalf("monthly totals without approval: %v", tot)
		}
		if p := payroll(); p != "345" {
			t.Fatalf("payroll overtime without approval: %q", p)
		}
		// Nothing to ask for while the group needs no approval.
		if bad := e.expect(e.call("POST", "/api/requests/overtime", wtok, map[string]any{"date": "2026-11-16"}), 422); fieldCode(bad, "date") != "overtime.none" {
			t.Fatalf("asking without approval: %s", bad.raw)
		}

		// The group now needs approval; an update without the threshold keeps it.
		e.expect(e.call("POST", "/api/group/record/update", c.token, map[string]any{"id": g, "name": "Office", "overtime_needs_approval": true}), 200)
		if gr := group(); gr["overtime_threshold_minutes"] != float64(30) || gr["overtime_needs_approval"] != true {
			t.Fatalf("after requiring approval: %v", gr)
		}
		check("2026-11-16", 105, 0, nil)
		if d := day("2026-11-16"); d["overtime_needs_approval"] != true {
			t.Fatalf("needs approval: %v", d)
		}
		if p := payroll(); p != "0" {
			t.Fatalf("payroll before approval: %q", p)
		}
		for name, body := range map[string]map[string]any{
			"date": {"date": "2026-13-01"},
		} {
			if bad := e.expect(e.call("POST", "/api/requests/overtime", wtok, body), 422); fieldCode(bad, name) == "" {
				t.Fatalf("%s: %s", name, bad.raw)
			}
		}
		if bad := e.expect(e.call("POST", "/api/requests/overtime", wtok, map[string]any{"date": "2026-11-25"}), 422); fieldCode(bad, "date") != "overtime.not_decided" {
			t.Fatalf("today: %s", bad.raw)
		}
		if bad := e.expect(e.call("POST", "/api/requests/overtime", wtok, map[string]any{"date": "2026-11-17"}), 422); fieldCode(bad, "date") != "overtime.none" {
			t.Fatalf("below the threshold: %s", bad.raw)
		}
		e.expect(e.call("POST", "/api/requests/overtime", c.token, map[string]any{"date": "2026-11-16"}), 422) // the owner has no person

		first := e.expect(e.call("POST", "/api/requests/overtime", wtok, map[string]any{"date": "2026-11-16", "reason": "Month-end close"}), 201)
		req := idOf(first)
		if d := first.body["data"].(map[string]any); d["worked_minutes"] != float64(105) || d["minutes"] != float64(105) || d["state"] != "pending" {
			t.Fatalf("the request: %v", d)
		}
		if again := idOf(e.expect(e.call("POST", "/api/requests/overtime", wtok, map[string]any{"date": "2026-11-16"}), 200)); again != req {
			t.Fatalf("asking again made request %d, not %d", again, req)
		}
		check("2026-11-16", 105, 0, "pending")
		waiting := func(tok string) []map[string]any {
			return items(e.expect(e.call("GET", "/api/approvals", tok, nil), 200))
		}
		w := waiting(mtok)
		if len(w) != 1 || w[0]["kind"] != "overtime" || w[0]["ref_id"] != float64(req) {
			t.Fatalf("the manager waits for %v", w)
		}
		if ot, _ := w[0]["overtime"].(map[string]any); ot == nil || ot["date"] != "2026-11-16" || ot["minutes"] != float64(105) {
			t.Fatalf("the inbox item's overtime: %v", w[0])
		}
		path := fmt.Sprintf("/api/approvals/overtime/%d", req)
		e.expect(e.call("POST", path+"/approve", otok, nil), 403)
		e.expect(e.call("POST", path+"/approve", wtok, nil), 403)
		e.expect(e.call("POST", path+"/approve", other.token, nil), 404)
		if bad := e.expect(e.call("POST", path+"/approve", mtok, map[string]any{"minutes": 200}), 422); fieldCode(bad, "minutes") == "" {
			t.Fatalf("more than asked: %s", bad.raw)
		}
		e.expect(e.call("POST", path+"/approve", mtok, map[string]any{"minutes": 60, "comment": "One hour agreed"}), 200)
		check("2026-11-16", 105, 0, "pending") // the admins' level is left
		e.expect(e.call("POST", path+"/approve", c.token, nil), 200)
		e.expect(e.call("POST", path+"/approve", c.token, nil), 409)
		check("2026-11-16", 105, 60, "approved")
		// The member is told, with the date and the minutes approved.
		told := false
		for _, it := range items(e.expect(e.call("GET", "/api/notifications", wtok, nil), 200)) {
			p, _ := it["params"].(map[string]any)
			if it["kind"] == "approved" && p["request_kind"] == "overtime" && p["date"] == "2026-11-16" && p["minutes"] == float64(60) {
				told = true
			}
		}
		if !told {
			t.Fatal("the member was not told of the approval")
		}
		mine := items(e.expect(e.call("GET", "/api/requests/overtime", wtok, nil), 200))
		if len(mine) != 1 || mine[0]["state"] != "approved" || mine[0]["minutes"] != float64(60) || len(mine[0]["timeline"].([]any)) != 3 {
			t.Fatalf("my overtime requests: %v", mine)
		}
		// The rest day is rejected: nothing of it is approved.
		rest := idOf(e.expect(e.call("POST", "/api/requests/overtime", wtok, map[string]any{"date": "2026-11-21"}), 201))
		e.expect(e.call("POST", fmt.Sprintf("/api/approvals/overtime/%d/reject", rest), mtok, map[string]any{"comment": "Not planned"}), 200)
		check("2026-11-21", 240, 0, "rejected")
		if tot := monthly(); tot["overtime_minutes"] != float64(345) || tot["overtime_approved_minutes"] != float64(60) {
			t.Fatalf("monthly totals with approval: %v", tot)
		}
		if p := payroll(); p != "60" {
			t.Fatalf("payroll takes the approved minutes: %q", p)
		}
		// The daily and monthly exports carry worked and approved overtime: xlsx and pdf.
		sheet := func(path string) [][]string {
			t.Helper()
			res := e.expect(e.call("GET", path, c.token, nil), 200)
			f, err := excelize.OpenReader(strings.NewReader(res.raw))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			rows, _ := f.GetRows(f.GetSheetList()[0])
			return rows
		}
		overtimeCells := func(rows [][]string, code string, codeCol int, worked, approved string) (string, string) {
			t.Helper()
			col := -1
			for _, r := range rows {
				for i, h := range r {
					if h == worked && i+1 < len(r) && r[i+1] == approved {
						col = i
					}
				}
				if col >= 0 && len(r) > col+1 && r[codeCol] == code {
					return r[col], r[col+1]
				}
			}
			t.Fatalf("no overtime columns for %s: %v", code, rows)
			return "", ""
		}
		if w, a := overtimeCells(sheet("/api/employee/attendance/admin/report/daily?date=2026-11-16"), "W", 1, "Overtime (min)", "OT approved (min)"); w != "105" || a != "60" {
			t.Fatalf("daily xlsx overtime %s / %s", w, a)
		}
		monthRows := sheet("/api/employee/attendance/admin/report/monthly?date=2026-11")
		if got := cellUnder(t, monthRows, "OT", "W"); got != "345/60" {
			t.Fatalf("monthly xlsx overtime %q", got)
		}
		t.Run("pdf", func(t *testing.T) { // skipped, alone, where pdftotext is missing outside CI
			// The daily pdf has the overtime columns; the monthly grid's pdf has no room for them
			// (its names would wrap), so its overtime is in the xlsx.
			status, _, pdf := e.get("/api/employee/attendance/admin/report/daily?type=pdf&date=2026-11-16", c.token)
			if status != 200 {
				t.Fatalf("daily pdf: %d", status)
			}
			text := pdfText(t, pdf)
			if !strings.Contains(text, "Overtime") || !regexp.MustCompile(`\b105\b`).MatchString(text) || !regexp.MustCompile(`\b60\b`).MatchString(text) {
				t.Fatalf("daily pdf without its overtime:\n%s", text)
			}
		})

		// minutes belong to overtime requests only.
		e.expect(e.call("POST", "/api/approvals/leave/1/approve", c.token, map[string]any{"minutes": 5}), 422)
		if items(e.expect(e.call("GET", "/api/requests/overtime", otok, nil), 200)) == nil {
			t.Fatal("a bystander's list is not a list")
		}
	})
}

// cellUnder is the cell of a sheet's header column for the row whose first cell is code.
func cellUnder(t *testing.T, rows [][]string, header, code string) string {
	t.Helper()
	col := -1
	for _, r := range rows {
		for i, h := range r {
			if h == header && len(r) > 1 && r[0] == "Code" {
				col = i
			}
		}
		if col >= 0 && len(r) > col && r[0] == code {
			return r[col]
		}
	}
	t.Fatalf("no %s for %s: %v", header, code, rows)
	return ""
}

// TestOvertimeWithdraw: a member withdraws their own pending overtime request through the
// approvals engine (the engine's request is cancelled, with a cancelled step on its
// timeline, and leaves the manager's inbox); the day shows it withdrawn with nothing
// approved, and asking again answers the withdrawn request. Somebody else's request is 404
// (a colleague, another organisation), a decided one 409, and an approval of a withdrawn
// request 409 too.
func TestOvertimeWithdraw(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, other := e.company("Withdraw Co"), e.company("Other Withdraw Co")
		at := time.Date(2026, 11, 25, 12, 0, 0, 0, kl)
		e.setClock(at)
		e.app.Approvals.Now = func() time.Time { return at }
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00", "effective_from": "2026-01-01", "overtime_needs_approval": true}), 201))
		var week []map[string]any
		for d := 1; d <= 7; d++ {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		person := func(code string) int64 {
			return idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": code}), 201))
		}
		worker, boss, colleague := person("W"), person("M"), person("C")
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{worker, colleague}, "effective_from": "2026-11-01"}), 200)
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": worker, "manager_id": boss}), 200)
		wtok, mtok, ctok := e.member(c.orgID, worker), e.member(c.orgID, boss), e.member(c.orgID, colleague)
		e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "overtime", "levels": []string{"manager", "admins"}}), 200)
		e.punch(c.orgID, worker, "2026-11-16 08:00") // 105 minutes after 17:00
		e.punch(c.orgID, worker, "2026-11-16 18:45")
		e.punch(c.orgID, worker, "2026-11-17 08:00") // 60 minutes
		e.punch(c.orgID, worker, "2026-11-17 18:00")
		day := func(date string) map[string]any {
			return dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date="+date, c.token, nil), 200), worker)
		}

		req := idOf(e.expect(e.call("POST", "/api/requests/overtime", wtok, map[string]any{"date": "2026-11-16"}), 201))
		path := fmt.Sprintf("/api/requests/overtime/%d/withdraw", req)
		if len(items(e.expect(e.call("GET", "/api/approvals", mtok, nil), 200))) != 1 {
			t.Fatal("the manager does not wait for the request")
		}
		// Not theirs: a colleague, the manager, another organisation, an owner without a person.
		e.expect(e.call("POST", path, ctok, nil), 404)
		e.expect(e.call("POST", path, mtok, nil), 404)
		e.expect(e.call("POST", path, other.token, nil), 404)
		e.expect(e.call("POST", path, c.token, nil), 404)
		e.expect(e.call("POST", "/api/requests/overtime/999999/withdraw", wtok, nil), 404)
		if bad := e.expect(e.call("POST", path, wtok, map[string]any{"comment": strings.Repeat("x", 2001)}), 422); fieldCode(bad, "comment") == "" {
			t.Fatalf("a long comment: %s", bad.raw)
		}
		if d := day("2026-11-16"); d["overtime_state"] != "pending" {
			t.Fatalf("after the refused withdrawals: %v", d)
		}

		out := e.expect(e.call("POST", path, wtok, map[string]any{"comment": "Counted twice"}), 200).data()
		if out["state"] != "cancelled" || out["decided_at"] == nil {
			t.Fatalf("the withdrawn request: %v", out)
		}
		steps := out["timeline"].([]any)
		last := steps[len(steps)-1].(map[string]any)
		if len(steps) != 2 || last["action"] != "cancelled" || last["comment"] != "Counted twice" {
			t.Fatalf("the timeline: %v", steps)
		}
		var engine string
		if err := db.QueryRow(`SELECT status FROM approval_requests WHERE org_id = $1 AND kind = 'overtime' AND ref_id = $2`, c.orgID, req).Scan(&engine); err != nil || engine != "cancelled" {
			t.Fatalf("the engine's request: %q %v", engine, err)
		}
		if w := items(e.expect(e.call("GET", "/api/approvals", mtok, nil), 200)); len(w) != 0 {
			t.Fatalf("the manager still waits for %v", w)
		}
		if d := day("2026-11-16"); d["overtime_state"] != "cancelled" || d["overtime_minutes"] != float64(105) || d["overtime_approved_minutes"] != float64(0) {
			t.Fatalf("the withdrawn day: %v", d)
		}
		e.expect(e.call("POST", path, wtok, nil), 409)
		e.expect(e.call("POST", fmt.Sprintf("/api/approvals/overtime/%d/approve", req), c.token, nil), 409)
		if again := e.expect(e.call("POST", "/api/requests/overtime", wtok, map[string]any{"date": "2026-11-16"}), 200); idOf(again) != req || again.data()["state"] != "cancelled" {
			t.Fatalf("asking again: %s", again.raw)
		}

		// A decided request cannot be withdrawn: its approved minutes stay.
		next := idOf(e.expect(e.call("POST", "/api/requests/overtime", wtok, map[string]any{"date": "2026-11-17"}), 201))
		e.expect(e.call("POST", fmt.Sprintf("/api/approvals/overtime/%d/approve", next), mtok, nil), 200)
		e.expect(e.call("POST", fmt.Sprintf("/api/approvals/overtime/%d/approve", next), c.token, nil), 200)
		if r := e.expect(e.call("POST", fmt.Sprintf("/api/requests/overtime/%d/withdraw", next), wtok, nil), 409); !strings.Contains(r.raw, "approval.decided") {
			t.Fatalf("withdrawing an approved request: %s", r.raw)
		}
		if d := day("2026-11-17"); d["overtime_state"] != "approved" || d["overtime_approved_minutes"] != float64(60) {
			t.Fatalf("the approved day: %v", d)
		}
		mine := items(e.expect(e.call("GET", "/api/requests/overtime", wtok, nil), 200))
		if len(mine) != 2 || mine[0]["state"] != "approved" || mine[1]["state"] != "cancelled" {
			t.Fatalf("my overtime requests: %v", mine)
		}
	})
}
