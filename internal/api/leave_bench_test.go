package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"syscall"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// leaveBench is a running server over a fresh database with one company of n employees in
// a Monday-to-Friday group, for the HTTP benchmarks of the leave engine (issue 16). The
// people, their group membership and the ledger a benchmark needs beforehand go in with
// multi-row inserts (not timed); the call measured goes through the real handler over
// loopback, signed in as the owner.
type leaveBench struct {
	b      *testing.B
	db     *database.DB
	srv    *httptest.Server
	token  string
	orgID  int64
	people []int64
	group  int64
}

func newLeaveBench(b *testing.B, e database.Dialect, n int) *leaveBench {
	b.Helper()
	db := testdb.Open(b, e)
	lb := &leaveBench{b: b, db: db}
	var handler http.Handler = http.NotFoundHandler()
	lb.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	b.Cleanup(lb.srv.Close)
	cfg := config.Default()
	cfg.BaseURL = lb.srv.URL
	a, err := app.New(context.Background(), cfg, db, app.Options{Hash: auth.TestHashParams})
	if err != nil {
		b.Fatal(err)
	}
	clock := func() time.Time { return time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC) }
	a.Attendance.Now, a.Leave.Now = clock, clock
	handler = a.API
	var reg struct {
		Data struct {
			Token string `json:"access_token"`
			Org   struct {
				ID int64 `json:"id"`
			} `json:"org"`
		} `json:"data"`
	}
	lb.call("POST", "/api/auth/register", map[string]any{"name": "Owner", "email": fmt.Sprintf("owner%d@bench.test", seq.Add(1)), "company_size": "5000",
		"employer": "Bench Co", "password": pw, "timezone": "Asia/Kuala_Lumpur", "terms": true}, 201, &reg)
	lb.token, lb.orgID = reg.Data.Token, reg.Data.Org.ID
	now := database.Now()
	var rows [][]any
	for i := 0; i < n; i++ {
		rows = append(rows, []any{lb.orgID, "employee", fmt.Sprintf("E%05d", i), fmt.Sprintf("Employee %05d", i), now, now})
	}
	testdb.Bulk(b, db, `INSERT INTO people (org_id, kind, code, first_name, created_at, updated_at) VALUES `, rows)
	r, err := db.Query(`SELECT id FROM people WHERE org_id = $1 ORDER BY id`, lb.orgID)
	if err != nil {
		b.Fatal(err)
	}
	for r.Next() {
		var id int64
		r.Scan(&id)
		lb.people = append(lb.people, id)
	}
	r.Close()
	var g struct {
		Data struct {
			ID int64 `json:"id"`
		} `json:"data"`
	}
	lb.call("POST", "/api/group/record/register", map[string]any{"name": "Office", "time_in": "09:00", "cut_off_time_in": "11:00", "time_out": "17:00", "cut_off_time_out": "23:00"}, 201, &g)
	lb.group = g.Data.ID
	var week []map[string]any
	for d := 1; d <= 5; d++ {
		week = append(week, map[string]any{"id": d, "type": 1})
	}
	lb.call("POST", "/api/group/schedule", map[string]any{"id": lb.group, "days": week, "effective_from": "2025-01-01"}, 200, nil)
	rows = rows[:0]
	for _, p := range lb.people {
		rows = append(rows, []any{lb.orgID, lb.group, p, "2025-01-01", now})
	}
	testdb.Bulk(b, db, `INSERT INTO group_members (org_id, group_id, person_id, from_date, created_at) VALUES `, rows)
	return lb
}

// call sends a JSON request as the owner and decodes the answer into out (when not nil).
func (lb *leaveBench) call(method, path string, body any, want int, out any) {
	lb.b.Helper()
	lb.timed(method, path, body, want, out)
}

// timed is call, returning the time from sending the encoded request to having read the
// whole answer (encoding the body and decoding the answer are not counted).
func (lb *leaveBench) timed(method, path string, body any, want int, out any) time.Duration {
	took, _ := lb.timedCPU(method, path, body, want, out)
	return took
}

// timedCPU is timed, with the CPU time the process used meanwhile.
func (lb *leaveBench) timedCPU(method, path string, body any, want int, out any) (time.Duration, time.Duration) {
	lb.b.Helper()
	var buf []byte
	if body != nil {
		buf, _ = json.Marshal(body)
	}
	req, _ := http.NewRequest(method, lb.srv.URL+path, bytes.NewReader(buf))
	req.Header.Set("Content-Type", "application/json")
	if lb.token != "" {
		req.Header.Set("Authorization", "Bearer "+lb.token)
	}
	start, cpu0 := time.Now(), cpuTime()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		lb.b.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	took, cpu := time.Since(start), cpuTime()-cpu0
	if res.StatusCode != want {
		lb.b.Fatalf("%s %s: %d, want %d: %.500s", method, path, res.StatusCode, want, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			lb.b.Fatal(err)
		}
	}
	return took, cpu
}

func (lb *leaveBench) leaveType(name string, days float64) int64 {
	var t struct {
		Data struct {
			ID int64 `json:"id"`
		} `json:"data"`
	}
	lb.call("POST", "/api/company/leave", map[string]any{"type": name, "day_count": days}, 201, &t)
	return t.Data.ID
}

// growth keeps each size's time per call so that a larger size reports its growth factor.
var growth = struct {
	sync.Mutex
	ms map[string]map[int]float64
}{ms: map[string]map[int]float64{}}

// reportGrowth reports ms per call, the process's CPU time per call (both engines' client
// and server share the machine; on a busy machine the CPU time is the steadier figure), and,
// after a smaller size of the same benchmark and engine, the factor of time between them.
func reportGrowth(b *testing.B, key string, size int, elapsed, cpu time.Duration) {
	ms := float64(elapsed.Microseconds()) / 1000 / float64(b.N)
	b.ReportMetric(ms, "ms/call")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/call")
	growth.Lock()
	defer growth.Unlock()
	if growth.ms[key] == nil {
		growth.ms[key] = map[int]float64{}
	}
	prev := 0
	for n := range growth.ms[key] {
		if n < size && n > prev {
			prev = n
		}
	}
	if prev > 0 {
		b.ReportMetric(ms/growth.ms[key][prev], fmt.Sprintf("growth-from-%d", prev))
	}
	growth.ms[key][size] = ms
}

// cpuTime is the CPU time the process has used.
func cpuTime() time.Duration {
	var r syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &r)
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}

// BenchmarkHTTPBulkEntitlement: the same entitlement for everyone (all: true) through
// POST /api/company/leave/employee/entitlement/bulk, each call for a new period, so every
// call writes one new row per person. Target: 5,000 people ≤ 1 s.
func BenchmarkHTTPBulkEntitlement(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		for _, n := range []int{1000, 5000} {
			b.Run(fmt.Sprintf("%s/%d", e, n), func(b *testing.B) {
				lb := newLeaveBench(b, e, n)
				typ := lb.leaveType("Annual", 14)
				var took, cpu time.Duration
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					body := map[string]any{"leave_type_id": typ, "entitled": 14, "all": true, "period_start": fmt.Sprintf("%04d-01-01", 2026+i)}
					var out struct {
						Data struct {
							Saved int `json:"saved"`
						} `json:"data"`
					}
					dt, dc := lb.timedCPU("POST", "/api/company/leave/employee/entitlement/bulk", body, 200, &out)
					took, cpu = took+dt, cpu+dc
					if out.Data.Saved != n {
						b.Fatalf("saved %d of %d", out.Data.Saved, n)
					}
				}
				reportGrowth(b, "entitle/"+string(e), n, took, cpu)
			})
		}
	}
}

// BenchmarkHTTPBulkAssignment: three one-day assignments per person in one call through
// POST /api/company/leave/assignment/bulk, each checked against the person's schedule,
// applications and balance (everyone holds an entitlement of 300 days). Each call takes
// other weeks. Target: 15,000 assignments (5,000 people) ≤ 5 s.
func BenchmarkHTTPBulkAssignment(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		for _, n := range []int{1000, 5000} {
			b.Run(fmt.Sprintf("%s/%d", e, n), func(b *testing.B) {
				lb := newLeaveBench(b, e, n)
				typ := lb.leaveType("Annual", 300)
				lb.call("POST", "/api/company/leave/employee/entitlement/bulk", map[string]any{"leave_type_id": typ, "entitled": 300, "all": true, "period_start": "2026-01-01"}, 200, nil)
				var took, cpu time.Duration
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					monday := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*i)
					var list []map[string]any
					for _, p := range lb.people {
						for d := 0; d < 3; d++ {
							day := monday.AddDate(0, 0, d).Format(time.DateOnly)
							list = append(list, map[string]any{"employee_id": p, "leave_type_id": typ, "from_date": day, "to_date": day, "reason": "planned"})
						}
					}
					var out struct {
						Data struct {
							Saved int `json:"saved"`
						} `json:"data"`
					}
					dt, dc := lb.timedCPU("POST", "/api/company/leave/assignment/bulk", map[string]any{"assignments": list}, 200, &out)
					took, cpu = took+dt, cpu+dc
					if out.Data.Saved != 3*n {
						b.Fatalf("saved %d of %d", out.Data.Saved, 3*n)
					}
				}
				reportGrowth(b, "assign/"+string(e), n, took, cpu)
				b.ReportMetric(float64(3*n*b.N)/took.Seconds(), "assignments/s")
			})
		}
	}
}

// balancesBench is a company of n people with three leave types, an entitlement of each
// this year and four applications per person (one pending).
func balancesBench(b *testing.B, e database.Dialect, n int) (*leaveBench, []int64) {
	lb := newLeaveBench(b, e, n)
	types := []int64{lb.leaveType("Annual", 60), lb.leaveType("Medical", 60), lb.leaveType("Emergency", 60)}
	now := database.Now()
	var rows [][]any
	for _, p := range lb.people {
		for _, t := range types {
			rows = append(rows, []any{lb.orgID, p, t, "2026-01-01", "2026-12-31", 6000, 0, now, now})
		}
	}
	testdb.Bulk(b, lb.db, `INSERT INTO leave_entitlements (org_id, person_id, type_id, period_start, valid_until, entitled, carried, created_at, updated_at) VALUES `, rows)
	rows = rows[:0]
	start := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	for i, p := range lb.people {
		for d := 0; d < 20; d += 5 {
			from := start.AddDate(0, 0, d*7/5+i%3)
			status := "approved"
			if d == 15 {
				status = "pending"
			}
			rows = append(rows, []any{lb.orgID, p, types[d/5%3], "leave", from.Format(time.DateOnly), from.AddDate(0, 0, 4).Format(time.DateOnly), 500, status, now, now})
		}
	}
	testdb.Bulk(b, lb.db, `INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, amount, status, created_at, updated_at) VALUES `, rows)
	return lb, types
}

// timeBalances calls GET /api/company/leave/balances b.N times and reports the time per call.
func timeBalances(b *testing.B, lb *leaveBench, name string, n int) {
	var took, cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var out struct {
			Data []json.RawMessage `json:"data"`
		}
		dt, dc := lb.timedCPU("GET", "/api/company/leave/balances?date=2026-11-30", nil, 200, &out)
		took, cpu = took+dt, cpu+dc
		if len(out.Data) != 3*n {
			b.Fatalf("%d balances, want %d", len(out.Data), 3*n)
		}
	}
	reportGrowth(b, name, n, took, cpu)
}

// BenchmarkHTTPBalances: GET /api/company/leave/balances of everyone, three types each,
// with four applications per person in the year. Target: 6,000 people ≤ 80 ms.
func BenchmarkHTTPBalances(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		for _, n := range []int{2000, 6000} {
			b.Run(fmt.Sprintf("%s/%d", e, n), func(b *testing.B) {
				lb, _ := balancesBench(b, e, n)
				timeBalances(b, lb, "balances/"+string(e), n)
			})
		}
	}
}

// BenchmarkHTTPBalancesWithAccrual: the same call when the three types have the policies of
// leave.BenchmarkBalancesWithAccrual6000 (monthly pro-rata with tiers and no stored rows,
// yearly pro-rata, anniversary with a maximum and carry expiry), so every entitlement is
// computed and carries its breakdown (issue 13 with issue 16's call).
func BenchmarkHTTPBalancesWithAccrual(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		b.Run(fmt.Sprintf("%s/6000", e), func(b *testing.B) {
			lb, types := balancesBench(b, e, 6000)
			policies := []string{
				`{"grant":"monthly","days":0,"tiers":[{"from_years":0,"days":14},{"from_years":2,"days":18},{"from_years":5,"days":22}],"pro_rata":true}`,
				`{"grant":"yearly","days":14,"pro_rata":true}`,
				`{"grant":"anniversary","days":6,"max_balance":8,"carry_expiry":"03-31"}`,
			}
			for i, t := range types { // the stored form of each policy, as Policy.encode writes it
				if _, err := lb.db.Exec(`UPDATE leave_types SET policy = $1 WHERE id = $2`, policies[i], t); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := lb.db.Exec(`DELETE FROM leave_entitlements WHERE type_id = $1`, types[0]); err != nil {
				b.Fatal(err)
			}
			if _, err := lb.db.Exec(`UPDATE leave_entitlements SET carried = 300 WHERE org_id = $1`, lb.orgID); err != nil {
				b.Fatal(err)
			}
			for i, p := range lb.people {
				join := time.Date(2015, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i*4160/6000).Format(time.DateOnly)
				var leaving any
				if i%3 == 0 {
					leaving = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%200).Format(time.DateOnly)
				}
				if _, err := lb.db.Exec(`UPDATE people SET join_date = $1, leaving_date = $2 WHERE id = $3`, join, leaving, p); err != nil {
					b.Fatal(err)
				}
			}
			var out struct {
				Data []struct {
					Breakdown *json.RawMessage `json:"breakdown"`
				} `json:"data"`
			}
			lb.call("GET", "/api/company/leave/balances?date=2026-11-30", nil, 200, &out)
			if len(out.Data) != 18000 || out.Data[0].Breakdown == nil {
				b.Fatalf("%d balances, the first without a breakdown", len(out.Data))
			}
			timeBalances(b, lb, "balances-accrual/"+string(e), 6000)
		})
	}
}

// BenchmarkHTTPAssignOne: one assignment per call through POST /api/company/leave/assignment
// (the route a client without the bulk call uses), for a company of 5,000 people with
// 15,000 applications already stored. The issue measured 115 a second before the
// entitlement reads named the organisation.
func BenchmarkHTTPAssignOne(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		b.Run(fmt.Sprintf("%s/5000", e), func(b *testing.B) {
			lb := newLeaveBench(b, e, 5000)
			typ := lb.leaveType("Annual", 300)
			lb.call("POST", "/api/company/leave/employee/entitlement/bulk", map[string]any{"leave_type_id": typ, "entitled": 300, "all": true, "period_start": "2026-01-01"}, 200, nil)
			var list []map[string]any
			for _, p := range lb.people {
				for d := 0; d < 3; d++ {
					day := time.Date(2026, 1, 5+d, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
					list = append(list, map[string]any{"employee_id": p, "leave_type_id": typ, "from_date": day})
				}
			}
			lb.call("POST", "/api/company/leave/assignment/bulk", map[string]any{"assignments": list}, 200, nil)
			var took, cpu time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := lb.people[i%len(lb.people)]
				day := time.Date(2026, 2, 2, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*(i/len(lb.people))).Format(time.DateOnly)
				dt, dc := lb.timedCPU("POST", "/api/company/leave/assignment", map[string]any{"employee_id": p, "leave_type_id": typ, "from_date": day}, 201, nil)
				took, cpu = took+dt, cpu+dc
			}
			reportGrowth(b, "assign-one/"+string(e), 5000, took, cpu)
			b.ReportMetric(float64(b.N)/took.Seconds(), "assignments/s")
		})
	}
}
