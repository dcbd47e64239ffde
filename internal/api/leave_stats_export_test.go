package api_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/mail/smtptest"
	"hadir/internal/testdb"
)

// Issue 15: the leave statistics screen as a file (xlsx, pdf) and as a saved report that a
// schedule e-mails: the applications of the year by status and the year's ledger, with the
// figures of the applications made and decided here.
func TestLeaveStatisticsReport(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Leave Stats Co")
		owner := userID(t, db, c.email)
		e.setClock(time.Date(2026, 12, 1, 9, 0, 0, 0, kl))
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		var week []map[string]any
		for _, d := range []int{1, 2, 3, 4, 5} {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		siti := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "A1", "first_name": "Siti"}), 201))
		badrul := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "B2", "first_name": "Badrul"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{siti, badrul}, "effective_from": "2026-01-01"}), 200)
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 14}), 201))
		e.expect(e.call("POST", "/api/company/leave/employee/entitlement/bulk", c.token, map[string]any{"leave_type_id": annual, "entitled": 14, "group_id": g}), 200)

		// Siti: two days approved, one pending, one rejected; Badrul: one day cancelled.
		tokens := map[int64]string{siti: e.member(c.orgID, siti), badrul: e.member(c.orgID, badrul)}
		apply := func(person int64, from, to string) int64 {
			return idOf(e.expect(e.call("POST", "/api/school/personal/leave/application", tokens[person],
				map[string]any{"leave_type_id": annual, "from_date": from, "to_date": to, "reason": "Family"}), 201))
		}
		e.expect(e.call("POST", "/api/company/leave/application/approve", c.token, map[string]any{"id": apply(siti, "2026-12-07", "2026-12-08")}), 200)
		apply(siti, "2026-12-10", "2026-12-10")
		e.expect(e.call("POST", "/api/company/leave/application/reject", c.token, map[string]any{"id": apply(siti, "2026-12-14", "2026-12-14"), "comment": "Busy week"}), 200)
		e.expect(e.call("POST", "/api/company/leave/application/cancel", c.token, map[string]any{"id": apply(badrul, "2026-12-15", "2026-12-15")}), 200)

		// Code, name, type, entitled, carried, taken, pending, balance, January to December.
		sitiRow := "A1|Siti|Annual|14|0|2|1|12|0|0|0|0|0|0|0|0|0|0|0|2"
		badrulRow := "B2|Badrul|Annual|14|0|0|0|14|"
		summary := "Applications: 4 · Approved: 1 · Pending: 1 · Rejected: 1 · Cancelled: 1"
		status, ctype, data := e.get("/api/company/leave/statistics/report?year=2026&type=xlsx&lang=en", c.token)
		if status != 200 || !strings.Contains(ctype, "spreadsheetml") {
			t.Fatalf("download: %d %s %s", status, ctype, data)
		}
		txt := xlsxText(t, data)
		for _, want := range []string{"Leave statistics 2026", summary, sitiRow, badrulRow} {
			if !strings.Contains(txt, want) {
				t.Errorf("the xlsx lacks %q:\n%s", want, txt)
			}
		}
		// Another year has the people's nothing; the words follow lang; pdf is a PDF.
		_, _, data = e.get("/api/company/leave/statistics/report?year=2025&type=xlsx&lang=ms", c.token)
		if txt := xlsxText(t, data); !strings.Contains(txt, "Statistik cuti 2025") || !strings.Contains(txt, "Permohonan: 0") || strings.Contains(txt, "Siti") {
			t.Errorf("2025 in Malay:\n%s", txt)
		}
		if status, ctype, data := e.get("/api/company/leave/statistics/report?year=2026&type=pdf", c.token); status != 200 || ctype != "application/pdf" || !bytes.HasPrefix(data, []byte("%PDF")) {
			t.Errorf("pdf: %d %s", status, ctype)
		}
		// The away face is its own: none of the leave.
		_, _, data = e.get("/api/company/away/statistics/report?year=2026&type=xlsx", c.token)
		if txt := xlsxText(t, data); !strings.Contains(txt, "Away statistics 2026") || strings.Contains(txt, "Siti") {
			t.Errorf("away:\n%s", txt)
		}
		if r := e.call("GET", "/api/company/leave/statistics/report?type=doc", c.token, nil); r.status != 422 || !strings.Contains(r.raw, `"type"`) {
			t.Errorf("bad type: %d %s", r.status, r.raw)
		}
		if r := e.call("GET", "/api/company/leave/statistics/report?year=20x6", c.token, nil); r.status != 422 || !strings.Contains(r.raw, `"date"`) {
			t.Errorf("bad year: %d %s", r.status, r.raw)
		}
		e.expect(e.call("GET", "/api/company/leave/statistics/report", e.user(c.orgID, "member"), nil), 403)

		// As a saved report: the filter is checked, and the schedule e-mails the same figures.
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"name": "x", "kind": "leave_statistics", "filters": map[string]string{"leave_kind": "sick"}}, "filters.leave_kind"},
			{map[string]any{"name": "x", "kind": "leave_statistics", "filters": map[string]string{"kind": "staff"}}, "filters.kind"},
		} {
			if r := e.call("POST", "/api/reports/saved", c.token, tc.body); r.status != 422 || !strings.Contains(r.raw, `"`+tc.field+`"`) {
				t.Errorf("%v: %d %s, want 422 naming %s", tc.body, r.status, r.raw, tc.field)
			}
		}
		e.app.Reports.Now = func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, kl).UTC() }
		id := idOf(e.expect(e.call("POST", "/api/reports/saved", c.token, map[string]any{"name": "Leave year", "kind": "leave_statistics",
			"filters": map[string]string{"leave_kind": "leave"}, "format": "xlsx", "schedule": "daily", "run_time": "18:00", "recipients": []int64{owner}}), 201))
		e.app.Reports.Now = func() time.Time { return time.Date(2026, 12, 1, 18, 0, 5, 0, kl).UTC() }
		if found, err := e.app.Reports.RunDue(context.Background()); !found || err != nil {
			t.Fatalf("RunDue = %v, %v", found, err)
		}
		name, data := attachmentOf(t, mailWithSubject(t, e, "Report: Leave year"))
		if name != "Leave year 2026-12-01.xlsx" {
			t.Errorf("file name %q", name)
		}
		txt = xlsxText(t, data)
		for _, want := range []string{"Leave statistics 2026", summary, sitiRow, badrulRow} {
			if !strings.Contains(txt, want) {
				t.Errorf("the scheduled xlsx lacks %q:\n%s", want, txt)
			}
		}
		r := e.expect(e.call("GET", fmt.Sprintf("/api/reports/saved/%d", id), c.token, nil), 200)
		if r.str("data", "last_error") != "" || r.str("data", "next_run_at") != "2026-12-02T10:00:00Z" {
			t.Errorf("after the run: %s", r.raw)
		}

		// A school's away statistics, as PDF, take the school's away route.
		sc := e.school("Stats School")
		head := userID(t, db, sc.email)
		sid := idOf(e.expect(e.call("POST", "/api/reports/saved", sc.token, map[string]any{"name": "Away year", "kind": "leave_statistics", "format": "pdf",
			"filters": map[string]string{"leave_kind": "away"}, "recipients": []int64{head}}), 201))
		e.expect(e.call("POST", fmt.Sprintf("/api/reports/saved/%d/send", sid), sc.token, nil), 202)
		pname, pdf := attachmentOf(t, mailWithSubject(t, e, "Report: Away year"))
		if !strings.HasPrefix(pname, "Away year ") || !strings.HasSuffix(pname, ".pdf") || !bytes.HasPrefix(pdf, []byte("%PDF")) {
			t.Errorf("school away report %q starts %q", pname, pdf[:min(8, len(pdf))])
		}
		if status, _, data := e.get("/api/school/away/statistics/report?type=xlsx", sc.token); status != 200 || !strings.Contains(xlsxText(t, data), "Away statistics") {
			t.Errorf("school away download: %d", status)
		}
	})
}

// mailWithSubject waits for the message of that subject (the owner also gets the leave
// notifications).
func mailWithSubject(t *testing.T, e *env, subject string) smtptest.Received {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, m := range e.smtp.Messages() {
			if m.Subject == subject {
				return m
			}
		}
	}
	t.Fatalf("no e-mail %q", subject)
	return smtptest.Received{}
}
