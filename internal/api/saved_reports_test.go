package api_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/mail/smtptest"
	"hadir/internal/testdb"
)

func userID(t *testing.T, db *database.DB, email string) int64 {
	t.Helper()
	var id int64
	if err := db.QueryRowContext(context.Background(), `SELECT id FROM users WHERE email = $1`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// attachmentOf returns the one attached file of a received message: its name and bytes.
func attachmentOf(t *testing.T, m smtptest.Received) (string, []byte) {
	t.Helper()
	pm, err := mail.ReadMessage(strings.NewReader(m.Raw))
	if err != nil {
		t.Fatal(err)
	}
	mt, params, err := mime.ParseMediaType(pm.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/mixed" {
		t.Fatalf("content type %q (%v)", mt, err)
	}
	mr := multipart.NewReader(pm.Body, params["boundary"])
	for {
		p, err := mr.NextRawPart()
		if err == io.EOF {
			t.Fatal("no attachment")
		}
		if err != nil {
			t.Fatal(err)
		}
		if p.FileName() == "" {
			continue
		}
		raw, _ := io.ReadAll(p)
		data, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(string(raw), "\r\n", ""))
		if err != nil {
			t.Fatal(err)
		}
		return p.FileName(), data
	}
}

// xlsxText is every cell of the first sheet of an xlsx file, joined.
func xlsxText(t *testing.T, data []byte) string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not an xlsx file: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.Join(r, "|") + "\n")
	}
	return b.String()
}

func TestSavedReportsCRUDValidationAndIsolation(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Saved Co")
		other := e.company("Other Co")
		owner := userID(t, db, c.email)
		stranger := userID(t, db, other.email)
		at := time.Date(2026, 11, 23, 9, 0, 0, 0, kl)
		e.app.Reports.Now = func() time.Time { return at.UTC() }

		// Create: next run today at 18:00 in Kuala Lumpur (10:00 UTC).
		r := e.expect(e.call("POST", "/api/reports/saved", c.token, map[string]any{"name": "Office daily", "kind": "daily", "format": "xlsx",
			"schedule": "daily", "run_time": "18:00", "recipients": []int64{owner}, "lang": "ms"}), 201)
		id := idOf(r)
		if got := r.str("data", "next_run_at"); got != "2026-11-23T10:00:00Z" {
			t.Errorf("next_run_at %s, want 2026-11-23T10:00:00Z", got)
		}
		// Weekly on Monday 07:30: the 23rd is a Monday past 07:30 local, so the 30th.
		r = e.expect(e.call("PUT", fmt.Sprintf("/api/reports/saved/%d", id), c.token, map[string]any{"name": "Office weekly", "kind": "monthly",
			"filters": map[string]string{"base": "x"}, "format": "pdf", "schedule": "weekly", "weekday": 1, "run_time": "07:30", "recipients": []int64{owner}}), 200)
		if got := r.str("data", "next_run_at"); got != "2026-11-29T23:30:00Z" {
			t.Errorf("weekly next_run_at %s, want 2026-11-29T23:30:00Z", got)
		}
		// Monthly on the 31st runs on the 30th in November.
		r = e.expect(e.call("PUT", fmt.Sprintf("/api/reports/saved/%d", id), c.token, map[string]any{"name": "Office monthly", "kind": "payroll",
			"schedule": "monthly", "month_day": 31, "recipients": []int64{owner}}), 200)
		if got := r.str("data", "next_run_at"); got != "2026-11-30T15:00:00Z" {
			t.Errorf("monthly next_run_at %s, want 2026-11-30T15:00:00Z (23:00 local)", got)
		}
		if r.str("data", "format") != "xlsx" || r.str("data", "run_time") != "23:00" {
			t.Errorf("defaults: %s", r.raw)
		}
		if rs := items(e.expect(e.call("GET", "/api/reports/recipients", c.token, nil), 200)); len(rs) != 1 || rs[0]["email"] != c.email {
			t.Errorf("recipients %v, want the owner only", rs)
		}
		list := items(e.expect(e.call("GET", "/api/reports/saved", c.token, nil), 200))
		if len(list) != 1 || list[0]["name"] != "Office monthly" {
			t.Fatalf("list %v", list)
		}

		// Validation names the field.
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"name": "", "kind": "daily"}, "name"},
			{map[string]any{"name": "x", "kind": "weekly-ish"}, "kind"},
			{map[string]any{"name": "x", "kind": "daily", "filters": map[string]string{"nope": "1"}}, "filters.nope"},
			{map[string]any{"name": "x", "kind": "payroll", "filters": map[string]string{"group_id": "abc"}}, "filters.group_id"},
			{map[string]any{"name": "x", "kind": "payroll", "format": "pdf"}, "format"},
			{map[string]any{"name": "x", "kind": "daily", "schedule": "hourly"}, "schedule"},
			{map[string]any{"name": "x", "kind": "daily", "schedule": "weekly", "weekday": 7, "recipients": []int64{owner}}, "weekday"},
			{map[string]any{"name": "x", "kind": "daily", "schedule": "monthly", "month_day": 0, "recipients": []int64{owner}}, "month_day"},
			{map[string]any{"name": "x", "kind": "daily", "run_time": "25:00"}, "run_time"},
			{map[string]any{"name": "x", "kind": "daily", "lang": "xx"}, "lang"},
			{map[string]any{"name": "x", "kind": "daily", "schedule": "daily"}, "recipients"},
			{map[string]any{"name": "x", "kind": "daily", "recipients": []int64{stranger}}, "recipients"},
		} {
			r := e.call("POST", "/api/reports/saved", c.token, tc.body)
			if r.status != 422 || !strings.Contains(r.raw, `"`+tc.field+`"`) {
				t.Errorf("%v: %d %s, want 422 naming %s", tc.body, r.status, r.raw, tc.field)
			}
		}

		// Another organisation sees nothing and reaches nothing.
		if n := len(items(e.expect(e.call("GET", "/api/reports/saved", other.token, nil), 200))); n != 0 {
			t.Errorf("the other organisation lists %d reports", n)
		}
		path := fmt.Sprintf("/api/reports/saved/%d", id)
		e.expect(e.call("GET", path, other.token, nil), 404)
		e.expect(e.call("PUT", path, other.token, map[string]any{"name": "mine", "kind": "daily"}), 404)
		e.expect(e.call("POST", path+"/send", other.token, nil), 404)
		e.expect(e.call("DELETE", path, other.token, nil), 404)
		// A member may not manage them.
		member := e.user(c.orgID, "member")
		e.expect(e.call("GET", "/api/reports/saved", member, nil), 403)
		e.expect(e.call("POST", "/api/reports/saved", member, map[string]any{"name": "x", "kind": "daily"}), 403)

		// The audit trail records the saved report.
		var n int
		if err := db.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE entity = 'saved_report' AND entity_id = $1`, fmt.Sprint(id)).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 3 {
			t.Errorf("%d audit rows for the saved report, want 3 (create, two updates)", n)
		}
		e.expect(e.call("DELETE", path, c.token, nil), 204)
		e.expect(e.call("GET", path, c.token, nil), 404)
	})
}

// A saved daily report sent now arrives at a real SMTP peer with the screen's xlsx attached.
func TestSavedReportSendNow(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Send Co")
		owner := userID(t, db, c.email)
		e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "A1", "first_name": "Aminah"}), 201)
		id := idOf(e.expect(e.call("POST", "/api/reports/saved", c.token, map[string]any{"name": "Today", "kind": "daily", "recipients": []int64{owner}, "lang": "de"}), 201))
		r := e.expect(e.call("POST", fmt.Sprintf("/api/reports/saved/%d/send", id), c.token, nil), 202)
		if q := r.data()["queued"]; q != float64(1) {
			t.Fatalf("queued %v", q)
		}
		m := e.smtp.WaitFor(t, c.email, 10*time.Second)
		if m.Subject != "Bericht: Today" {
			t.Errorf("subject %q", m.Subject)
		}
		name, data := attachmentOf(t, m)
		if !strings.HasPrefix(name, "Today ") || !strings.HasSuffix(name, ".xlsx") {
			t.Errorf("file name %q", name)
		}
		if txt := xlsxText(t, data); !strings.Contains(txt, "Aminah") || !strings.Contains(txt, "A1") {
			t.Errorf("the daily xlsx lacks the person:\n%s", txt)
		}
		// The payroll export as a saved report: an xlsx with the payroll's columns.
		pid := idOf(e.expect(e.call("POST", "/api/reports/saved", c.token, map[string]any{"name": "Payroll", "kind": "payroll", "recipients": []int64{owner}}), 201))
		e.expect(e.call("POST", fmt.Sprintf("/api/reports/saved/%d/send", pid), c.token, nil), 202)
		var payMsg smtptest.Received
		for deadline := time.Now().Add(10 * time.Second); payMsg.Raw == "" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			for _, m := range e.smtp.Messages() {
				if m.Subject == "Report: Payroll" {
					payMsg = m
				}
			}
		}
		if payMsg.Raw == "" {
			t.Fatal("no payroll e-mail")
		}
		payName, pay := attachmentOf(t, payMsg)
		if txt := xlsxText(t, pay); !strings.HasPrefix(payName, "Payroll ") || !strings.Contains(txt, "Aminah") {
			t.Errorf("payroll %q:\n%s", payName, txt)
		}
		// A school's monthly staff report as PDF takes the school's route.
		sc := e.school("Send School")
		head := userID(t, db, sc.email)
		sid := idOf(e.expect(e.call("POST", "/api/reports/saved", sc.token, map[string]any{"name": "Staff month", "kind": "monthly", "format": "pdf",
			"filters": map[string]string{"kind": "staff"}, "recipients": []int64{head}}), 201))
		e.expect(e.call("POST", fmt.Sprintf("/api/reports/saved/%d/send", sid), sc.token, nil), 202)
		pname, pdf := attachmentOf(t, e.smtp.WaitFor(t, sc.email, 10*time.Second))
		if !strings.HasSuffix(pname, ".pdf") || !bytes.HasPrefix(pdf, []byte("%PDF")) {
			t.Errorf("school report %q starts %q", pname, pdf[:min(8, len(pdf))])
		}
		// A report with no recipients cannot be sent.
		id2 := idOf(e.expect(e.call("POST", "/api/reports/saved", c.token, map[string]any{"name": "Nobody", "kind": "daily"}), 201))
		e.expect(e.call("POST", fmt.Sprintf("/api/reports/saved/%d/send", id2), c.token, nil), 422)
	})
}

// Two nodes over one database run a due report once: one e-mail, and the schedule moves on
// to the next day.
func TestSavedReportScheduleRunsOnceAcrossNodes(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Twice Co")
		owner := userID(t, db, c.email)
		e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "B1", "first_name": "Badrul"}), 201)
		at := time.Date(2026, 11, 23, 9, 0, 0, 0, kl).UTC()
		e.app.Reports.Now = func() time.Time { return at }
		id := idOf(e.expect(e.call("POST", "/api/reports/saved", c.token, map[string]any{"name": "Nightly", "kind": "daily",
			"schedule": "daily", "run_time": "18:00", "recipients": []int64{owner}}), 201))

		// A second node: its own application over the same database.
		cfg := config.Default()
		cfg.SMTPURL = e.smtp.URL()
		b, err := app.New(context.Background(), cfg, db, app.Options{Hash: auth.TestHashParams})
		if err != nil {
			t.Fatal(err)
		}
		b.Reports.Now = e.app.Reports.Now
		// Not due yet: nobody runs it.
		for _, s := range []interface {
			RunDue(context.Context) (bool, error)
		}{e.app.Reports, b.Reports} {
			if found, err := s.RunDue(context.Background()); found || err != nil {
				t.Fatalf("RunDue before it is due = %v, %v", found, err)
			}
		}
		due := time.Date(2026, 11, 23, 18, 0, 5, 0, kl).UTC()
		e.app.Reports.Now = func() time.Time { return due }
		b.Reports.Now = func() time.Time { return due }
		var wg sync.WaitGroup
		var mu sync.Mutex
		runs := 0
		for _, s := range []interface {
			RunDue(context.Context) (bool, error)
		}{e.app.Reports, b.Reports, e.app.Reports, b.Reports} {
			wg.Go(func() {
				for range 5 {
					found, err := s.RunDue(context.Background())
					if err != nil {
						t.Error(err)
					}
					if found {
						mu.Lock()
						runs++
						mu.Unlock()
					}
				}
			})
		}
		wg.Wait()
		if runs != 1 {
			t.Errorf("%d runs, want 1", runs)
		}
		e.smtp.WaitFor(t, c.email, 10*time.Second)
		time.Sleep(300 * time.Millisecond)
		got := 0
		for _, m := range e.smtp.Messages() {
			if len(m.To) == 1 && m.To[0] == c.email {
				got++
				_, data := attachmentOf(t, m)
				if txt := xlsxText(t, data); !strings.Contains(txt, "Badrul") || !strings.Contains(txt, "2026-11-23") {
					t.Errorf("the scheduled xlsx:\n%s", txt)
				}
			}
		}
		if got != 1 {
			t.Errorf("%d e-mails, want 1", got)
		}
		r := e.expect(e.call("GET", fmt.Sprintf("/api/reports/saved/%d", id), c.token, nil), 200)
		if r.str("data", "next_run_at") != "2026-11-24T10:00:00Z" || r.str("data", "last_error") != "" {
			t.Errorf("after the run: %s", r.raw)
		}
	})
}
