package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/people"
	"hadir/internal/platform/auth"
	"hadir/internal/testdb"
)

// BenchmarkApprovalsWaiting is GET /api/approvals for a member manager with `waiting` requests
// routed to them, in a company of `people` people with `requests` approval requests (one per
// application: pending ones at other approvers and the admins, and decided ones), through the
// whole handler chain (session, manager's person, query, JSON). Issue 12's target: ≤ 20 ms at
// 5,000 people, 50,000 requests, 500 waiting.
func BenchmarkApprovalsWaiting(b *testing.B) {
	for _, size := range []struct{ people, requests, waiting int }{{1000, 10000, 100}, {5000, 50000, 500}} {
		for _, e := range testdb.Engines(b) {
			b.Run(fmt.Sprintf("%s/people=%d/requests=%d/waiting=%d", e, size.people, size.requests, size.waiting), func(b *testing.B) {
				db := testdb.Open(b, e)
				ctx := context.Background()
				a, err := app.New(ctx, config.Default(), db, app.Options{Hash: auth.TestHashParams})
				if err != nil {
					b.Fatal(err)
				}
				reg, err := a.Accounts.RegisterCompany(ctx, account.CompanySignup{Name: "Owner", Email: "owner@bench.test", CompanySize: "25", Employer: "Bench Co",
					Password: pw, Timezone: "Asia/Kuala_Lumpur", Terms: true}, account.ClientMeta{IP: "127.0.0.1"})
				if err != nil {
					b.Fatal(err)
				}
				o := reg.Org
				mgr, err := a.People.Create(ctx, o.ID, people.Employee, people.General{Code: "MGR", FirstName: "Manager"})
				if err != nil {
					b.Fatal(err)
				}
				s, err := a.Accounts.CreateMember(ctx, o.ID, "Manager", "mgr@bench.test", pw, "email", account.ClientMeta{IP: "127.0.0.1"})
				if err != nil {
					b.Fatal(err)
				}
				if err := a.People.Link(ctx, o.ID, mgr.ID, s.User.ID); err != nil {
					b.Fatal(err)
				}
				now := time.Now().UTC()
				var rows [][]any
				for i := range size.people {
					rows = append(rows, []any{o.ID, "employee", fmt.Sprintf("E%05d", i), fmt.Sprintf("Person %d", i), "", "", now, now})
				}
				testdb.BulkNoAnalyze(b, db, `INSERT INTO people (org_id, kind, code, first_name, last_name, email, created_at, updated_at) VALUES `, rows)
				var first int64
				if err := db.QueryRow(`SELECT MIN(id) FROM people WHERE org_id = $1 AND code LIKE 'E%'`, o.ID).Scan(&first); err != nil {
					b.Fatal(err)
				}
				rows = rows[:0]
				kinds := []string{"leave", "away", "attendance_correction"}
				for i := range size.requests {
					person := first + int64(i%size.people)
					var approver any = first + int64((i+1)%size.people) // another person's inbox
					status := "pending"
					switch {
					case i < size.waiting:
						approver = mgr.ID
					case i%3 == 0:
						approver = nil // the admins
					case i%2 == 0:
						status = "approved"
					}
					rows = append(rows, []any{o.ID, kinds[i%3], int64(i + 1), person, `["manager","admins"]`, 0, status, approver, now, now})
				}
				testdb.Bulk(b, db, `INSERT INTO approval_requests (org_id, kind, ref_id, person_id, chain, level, status, approver_id, created_at, updated_at) VALUES `, rows)
				req := httptest.NewRequest("GET", "/api/approvals", nil)
				req.Header.Set("Authorization", "Bearer "+s.Token)
				req.RemoteAddr = "127.0.0.1:40000"
				check := httptest.NewRecorder()
				a.API.ServeHTTP(check, req)
				var body struct {
					Data []map[string]any `json:"data"`
				}
				if check.Code != 200 || json.Unmarshal(check.Body.Bytes(), &body) != nil || len(body.Data) != size.waiting {
					b.Fatalf("waiting list: %d, %d items: %.300s", check.Code, len(body.Data), check.Body.String())
				}
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					w := httptest.NewRecorder()
					a.API.ServeHTTP(w, req)
					if w.Code != 200 {
						b.Fatalf("waiting list: %d", w.Code)
					}
				}
			})
		}
	}
}
