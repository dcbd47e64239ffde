package api_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// member gives a person an account and signs in as them.
func (e *env) member(orgID, personID int64) string {
	e.t.Helper()
	email := fmt.Sprintf("person%d@org%d.test", seq.Add(1), orgID)
	s, err := e.app.Accounts.CreateMember(context.Background(), orgID, "Member", email, pw, "email", account.ClientMeta{IP: "test"})
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.app.People.Link(context.Background(), orgID, personID, s.User.ID); err != nil {
		e.t.Fatal(err)
	}
	return s.Token
}

func (e *env) setClock(at time.Time) {
	e.app.Attendance.Now = func() time.Time { return at }
	e.app.Leave.Now = func() time.Time { return at }
}

func entitlementOf(t *testing.T, r resp, typeID int64) map[string]any {
	t.Helper()
	for _, it := range items(r) {
		if int64(it["leave_type_id"].(float64)) == typeID {
			return it
		}
	}
	t.Fatalf("no entitlement of type %d in %s", typeID, r.raw)
	return nil
}

func TestLeaveEngine(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s, g := schoolWithWeek(e, "Leave School")
		e.setClock(time.Date(2026, 12, 1, 9, 0, 0, 0, kl))
		teacher := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "L1", "first_name": "Nurul", "email": "nurul@leave.test"}), 201))
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{teacher}, "effective_from": "2026-01-01"}), 200)
		e.expect(e.call("POST", "/api/school/holiday/management", s.token, map[string]any{"name": "Christmas", "start": "2026-12-25"}), 201)
		tok := e.member(s.orgID, teacher)

		e.expect(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "X", "description": strings.Repeat("d", 201)}), 422)
		annual := idOf(e.expect(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Annual", "description": "Cuti tahunan", "unit": "day", "day_count": 14, "max_carry": 5}), 201))
		e.expect(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "annual"}), 409)
		medical := idOf(e.expect(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Medical", "day_count": 14, "attachment_required": true}), 201))
		unpaid := idOf(e.expect(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Unpaid", "paid": false, "allow_negative": true}), 201))
		duty := idOf(e.expect(e.call("POST", "/api/school/away/management", s.token, map[string]any{"type": "Official duty", "allow_negative": true}), 201))
		e.expect(e.call("POST", "/api/school/leave/teacher/entitlement", s.token, map[string]any{"teacher_id": teacher, "leave_type_id": annual, "entitled": 14}), 200)
		e.expect(e.call("POST", "/api/school/leave/teacher/entitlement", s.token, map[string]any{"teacher_id": teacher, "leave_type_id": medical, "entitled": 14}), 200)
		e.expect(e.call("POST", "/api/school/leave/teacher/entitlement", s.token, map[string]any{"teacher_id": teacher, "leave_type_id": duty}), 422) // an away type is not leave

		balance := func(wantBalance, wantAvailable string) {
			t.Helper()
			en := entitlementOf(t, e.expect(e.call("GET", "/api/school/personal/leave/entitlement", tok, nil), 200), annual)
			if fmt.Sprint(en["balance"]) != wantBalance || fmt.Sprint(en["available"]) != wantAvailable {
				t.Fatalf("balance %v available %v, want %s %s", en["balance"], en["available"], wantBalance, wantAvailable)
			}
		}
		balance("14", "14")
		// The unfiltered list's total is cached (database.Counts), yet each new application
		// shows on the very next call.
		listed := func(want int) {
			t.Helper()
			for i := 0; i < 2; i++ {
				if n := listTotal(t, e.expect(e.call("GET", "/api/school/leave/application/teacher", s.token, nil), 200)); n != want {
					t.Fatalf("applications listed: %d, want %d (call %d)", n, want, i+1)
				}
			}
		}
		listed(0)
		first := e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-12-07", "to_date": "2026-12-11", "reason": "Family trip"}), 201)
		listed(1)
		if first.data()["amount"].(float64) != 5 || first.data()["status"] != "pending" {
			t.Fatalf("%s", first.raw)
		}
		msg := e.smtp.WaitFor(t, s.email, 10*time.Second)
		if !strings.Contains(msg.Subject, "New leave application") || !strings.Contains(msg.Body, "2026-12-07") {
			t.Fatalf("admin e-mail: %q %q", msg.Subject, msg.Body)
		}
		balance("14", "9")
		r := e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-12-10", "to_date": "2026-12-14"}), 422)
		if r.str("code") != "leave.overlap" {
			t.Fatalf("%s", r.raw)
		}
		// 14-28 Dec holds 10 working days (the 25th is a holiday): more than the 9 available.
		r = e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-12-14", "to_date": "2026-12-28"}), 422)
		if r.str("code") != "leave.insufficient_balance" {
			t.Fatalf("%s", r.raw)
		}
		second := e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-12-14", "to_date": "2026-12-25"}), 201)
		listed(2)
		if second.data()["amount"].(float64) != 9 {
			t.Fatalf("a holiday inside the range counted: %s", second.raw)
		}
		balance("14", "0")
		e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-12-05", "to_date": "2026-12-06"}), 422) // a weekend
		e.expect(e.call("POST", "/api/school/leave/application/teacher/approve", tok, map[string]any{"id": idOf(first)}), 403)
		e.expect(e.call("POST", "/api/school/leave/application/teacher/approve", s.token, map[string]any{"id": idOf(first)}), 200)
		balance("9", "0")
		e.expect(e.call("POST", "/api/school/leave/application/teacher/reject", s.token, map[string]any{"id": idOf(second)}), 422) // a rejection says why
		e.expect(e.call("POST", "/api/school/leave/application/teacher/reject", s.token, map[string]any{"id": idOf(second), "comment": "Exam week"}), 200)
		e.expect(e.call("POST", "/api/school/leave/application/teacher/approve", s.token, map[string]any{"id": idOf(second)}), 409)
		balance("9", "9")
		waitSubject(t, e, "nurul@leave.test", "Your Annual application was approved")
		waitSubject(t, e, "nurul@leave.test", "Your Annual application was rejected")

		// Half days: the morning and the afternoon of one date are two applications.
		am := e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-12-15", "session": "am"}), 201)
		if am.data()["amount"].(float64) != 0.5 {
			t.Fatalf("%s", am.raw)
		}
		e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-12-15", "session": "pm"}), 201)
		e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-12-15"}), 422)
		e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual, "from_date": "2026-12-15", "to_date": "2026-12-16", "session": "am"}), 422)
		balance("9", "8")
		e.expect(e.call("POST", "/api/school/personal/leave/application/cancel", tok, map[string]any{"id": idOf(am)}), 200)
		balance("9", "8.5")
		e.expect(e.call("POST", "/api/school/leave/application/teacher/approve", s.token, map[string]any{"id": idOf(am)}), 409)

		// Attendance shows approved leave (3) and away (4).
		e.expect(e.call("POST", "/api/school/away/assignment/teacher", s.token, map[string]any{"id": teacher, "leave_type_id": duty, "from_date": "2026-12-17", "reason": "PPD meeting"}), 201)
		e.setClock(time.Date(2026, 12, 18, 12, 0, 0, 0, kl))
		if d := dayOf(t, e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-12-08", s.token, nil), 200), teacher); d["status"].(float64) != 3 {
			t.Fatalf("leave day: %v", d)
		}
		if d := dayOf(t, e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-12-17", s.token, nil), 200), teacher); d["status"].(float64) != 4 {
			t.Fatalf("away day: %v", d)
		}
		// After the start only an admin cancels.
		r = e.expect(e.call("POST", "/api/school/personal/leave/application/cancel", tok, map[string]any{"id": idOf(first)}), 422)
		if r.str("code") != "leave.already_started" {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", "/api/school/leave/application/teacher/cancel", s.token, map[string]any{"id": idOf(first)}), 200)
		balance("14", "13.5")
		if d := dayOf(t, e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-12-08", s.token, nil), 200), teacher); d["status"].(float64) != 2 {
			t.Fatalf("cancelled leave still shows: %v", d)
		}

		// Attachments: required for medical leave, PDF or image only.
		e.setClock(time.Date(2026, 12, 1, 9, 0, 0, 0, kl))
		r = e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": medical, "from_date": "2026-12-21"}), 422)
		if r.str("code") != "leave.attachment_required" {
			t.Fatalf("%s", r.raw)
		}
		bad := e.multipart("/api/school/personal/leave/application", tok, map[string]string{"leave_type_id": fmt.Sprint(medical), "from_date": "2026-12-21"}, "attachment", "mc.exe", []byte("MZ not a document"))
		e.expect(bad, 422)
		pdf := []byte("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")
		mc := e.expect(e.multipart("/api/school/personal/leave/application", tok, map[string]string{"leave_type_id": fmt.Sprint(medical), "from_date": "2026-12-21", "reason": "Fever"}, "attachment", "mc.pdf", pdf), 201)
		status, ctype, body := e.get(mc.str("data", "attachment_url"), s.token)
		if status != 200 || ctype != "application/pdf" || string(body) != string(pdf) {
			t.Fatalf("attachment: %d %s", status, ctype)
		}
		// Unpaid leave may go negative without an entitlement.
		e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": unpaid, "from_date": "2026-12-22", "to_date": "2026-12-24"}), 201)

		e.expect(e.call("DELETE", fmt.Sprintf("/api/school/leave/management?id=%d", annual), s.token, nil), 409)
		st := e.expect(e.call("GET", "/api/school/leave/statistics", s.token, nil), 200)
		if st.data()["pending"].(float64) != 3 || st.data()["total"].(float64) < 6 {
			t.Fatalf("%s", st.raw)
		}
		list := e.expect(e.call("GET", "/api/school/leave/application/teacher?status=pending", s.token, nil), 200)
		if len(items(list)) != 3 {
			t.Fatalf("%s", list.raw)
		}

		bal := e.expect(e.call("GET", "/api/school/leave/balances?date=2026-12-01", s.token, nil), 200)
		var sawBalance bool
		for _, row := range bal.body["data"].([]any) {
			m := row.(map[string]any)
			if m["leave_type"] == "Annual" && int64(m["employee_id"].(float64)) == teacher {
				sawBalance = m["balance"].(float64) == 14 && m["available"].(float64) == 13.5
			}
		}
		if !sawBalance {
			t.Fatalf("balances: %s", bal.raw)
		}
		ledger := e.expect(e.call("GET", "/api/school/leave/ledger?year=2026", s.token, nil), 200)
		var sawAnnual bool
		for _, row := range ledger.body["data"].([]any) {
			m := row.(map[string]any)
			if m["leave_type"] == "Annual" && m["code"] == "L1" {
				sawAnnual = m["entitled"].(float64) == 14 && m["pending"].(float64) == 0.5 && m["balance"].(float64) == 14
			}
		}
		if !sawAnnual {
			t.Fatalf("ledger: %s", ledger.raw)
		}
		// Year end: 14 entitled and nothing approved left (the afternoon is still pending) → 14
		// left; at most 5 carry into 2027.
		prev := e.expect(e.call("POST", "/api/school/leave/carry-forward", s.token, map[string]any{"leave_type_id": annual, "year": 2026}), 200)
		rows := prev.data()["rows"].([]any)
		if len(rows) != 1 || rows[0].(map[string]any)["code"] != "L1" || rows[0].(map[string]any)["remaining"].(float64) != 14 || rows[0].(map[string]any)["carried"].(float64) != 5 {
			t.Fatalf("%s", prev.raw)
		}
		if n := len(items(e.expect(e.call("GET", fmt.Sprintf("/api/school/leave/teacher/entitlement?id=%d", teacher), s.token, nil), 200))); n != 2 {
			t.Fatalf("the preview wrote entitlements: %d", n)
		}
		e.expect(e.call("POST", "/api/school/leave/carry-forward", s.token, map[string]any{"leave_type_id": annual, "year": 2026, "max_carry": 3, "apply": true}), 200)
		ents := items(e.expect(e.call("GET", fmt.Sprintf("/api/school/leave/teacher/entitlement?id=%d", teacher), s.token, nil), 200))
		if ents[0]["period_start"] != "2027-01-01" || ents[0]["carried_over"].(float64) != 3 || ents[0]["balance"].(float64) != 17 {
			t.Fatalf("%v", ents[0])
		}

		// The calendar feed lists approved leave and holidays.
		link := e.expect(e.call("GET", "/api/leave/calendar", s.token, nil), 200).str("data", "url")
		_, ctype, ics := e.get(strings.TrimPrefix(link, e.srv.URL), "")
		if ctype != "text/calendar; charset=utf-8" || !strings.Contains(string(ics), "SUMMARY:Nurul – Official duty") || !strings.Contains(string(ics), "SUMMARY:Christmas") {
			t.Fatalf("feed:\n%s", ics)
		}
		e.expect(e.call("POST", "/api/leave/calendar/reset", s.token, nil), 200)
		status, _, _ = e.get(strings.TrimPrefix(link, e.srv.URL), "")
		if status != 404 {
			t.Fatalf("an old feed link still works: %d", status)
		}
	})
}

func TestLeaveFridaySaturdayWeekendAndConcurrentApprovals(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Gulf Co")
		e.setClock(time.Date(2026, 12, 1, 9, 0, 0, 0, kl))
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Sun-Thu", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		var week []map[string]any
		for _, d := range []int{7, 1, 2, 3, 4} {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		emp := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "W1", "first_name": "Omar"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{emp}, "effective_from": "2026-01-01"}), 200)
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 5}), 201))
		e.expect(e.call("POST", "/api/company/leave/employee/entitlement/bulk", c.token, map[string]any{"leave_type_id": annual, "entitled": 5, "group_id": g}), 200)
		// Thursday 10 Dec to Sunday 13 Dec: Friday and Saturday are the weekend.
		r := e.expect(e.call("POST", "/api/company/leave/assignment", c.token, map[string]any{"employee_id": emp, "leave_type_id": annual, "from_date": "2026-12-10", "to_date": "2026-12-13"}), 201)
		if r.data()["amount"].(float64) != 2 || r.data()["status"] != "approved" {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", "/api/company/leave/application/cancel", c.token, map[string]any{"id": idOf(r)}), 200)

		// Two pending applications of 3 days each against 5 days (the entitlement was lowered
		// after they were made): approving both at once lets exactly one through.
		tok := e.member(c.orgID, emp)
		for round := 0; round < 4; round++ {
			base := time.Date(2027, 1, 3+round*14, 0, 0, 0, 0, time.UTC) // a Sunday
			period := map[string]any{"employee_id": emp, "leave_type_id": annual, "entitled": 6,
				"period_start": base.Format(time.DateOnly), "valid_until": base.AddDate(0, 0, 13).Format(time.DateOnly)}
			e.expect(e.call("POST", "/api/company/leave/employee/entitlement", c.token, period), 200)
			var ids []int64
			for _, off := range []int{0, 7} {
				ids = append(ids, idOf(e.expect(e.call("POST", "/api/school/personal/leave/application", tok, map[string]any{"leave_type_id": annual,
					"from_date": base.AddDate(0, 0, off).Format(time.DateOnly), "to_date": base.AddDate(0, 0, off+2).Format(time.DateOnly)}), 201)))
			}
			period["entitled"] = 5
			e.expect(e.call("POST", "/api/company/leave/employee/entitlement", c.token, period), 200)
			var wg sync.WaitGroup
			codes := make([]int, 2)
			for i, id := range ids {
				wg.Add(1)
				go func(i int, id int64) {
					defer wg.Done()
					codes[i] = e.call("POST", "/api/company/leave/application/approve", c.token, map[string]any{"id": id}).status
				}(i, id)
			}
			wg.Wait()
			if !(codes[0] == 200 && codes[1] == 422 || codes[1] == 200 && codes[0] == 422) {
				t.Fatalf("round %d: concurrent approvals gave %v", round, codes)
			}
			var approved int
			_ = db.QueryRow(`SELECT COUNT(*) FROM leave_applications WHERE person_id = $1 AND status = 'approved' AND from_date >= $2`, emp, base.Format(time.DateOnly)).Scan(&approved)
			if approved != 1 {
				t.Fatalf("round %d: %d approved", round, approved)
			}
		}
	})
}

func waitSubject(t *testing.T, e *env, to, subject string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, m := range e.smtp.Messages() {
			if len(m.To) > 0 && m.To[0] == to && m.Subject == subject {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no e-mail %q to %s", subject, to)
}
