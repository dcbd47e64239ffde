package httpbench_test

import (
	"fmt"
	"net/http"
	"sync"
	"syscall"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// sizes are the headcounts of the companies; the first is the base of the growth factors.
var sizes = []int{1000, 2500, 5000}

var (
	timesMu sync.Mutex
	times   = map[string]float64{} // ms per call by benchmark, engine and size
)

// check verifies one answer before the timing (not timed), so a benchmark never times an
// error or an empty answer.
type check func(b *testing.B, c *company, tok string)

// bench times GET path at every engine and size: ns/op, ms/op, the process's CPU time per
// call (cpu-ms/op), the time per call of a client in a process of its own (client-ms/op,
// see outOfProcess) and, on PostgreSQL, that time over SQLite's (pg/sqlite); at the larger
// sizes "growth" and "cpu-growth", the time per call over the time at 1,000 people in the
// same run.
func bench(b *testing.B, name, path string, ok check) {
	for _, e := range testdb.Engines(b) {
		for _, n := range sizes {
			b.Run(fmt.Sprintf("%s/%d", e, n), func(b *testing.B) {
				c := built(b, e, n)
				tok := c.auth(b)
				ok(b, c, tok)
				b.ResetTimer()
				t0, cpu0 := time.Now(), cpuTime()
				for i := 0; i < b.N; i++ {
					req, _ := http.NewRequest("GET", c.url+path, nil)
					c.send(b, req, tok, 200, nil)
				}
				ms := float64(time.Since(t0).Microseconds()) / 1000 / float64(b.N)
				cpu := float64((cpuTime() - cpu0).Microseconds()) / 1000 / float64(b.N)
				b.StopTimer()
				ext := outOfProcess(b, c.url+path, c.auth(b), b.N, min(b.N, 3))
				b.ReportMetric(ms, "ms/op")
				b.ReportMetric(cpu, "cpu-ms/op")
				b.ReportMetric(ext, "client-ms/op")
				timesMu.Lock()
				defer timesMu.Unlock()
				times[fmt.Sprintf("%s/%s/%d", name, e, n)] = ms
				times[fmt.Sprintf("%s/%s/%d/cpu", name, e, n)] = cpu
				times[fmt.Sprintf("%s/%s/%d/client", name, e, n)] = ext
				if lite, ok := times[fmt.Sprintf("%s/%s/%d/client", name, database.SQLite, n)]; ok && e != database.SQLite {
					b.ReportMetric(ext/lite, "pg/sqlite")
				}
				if base, ok := times[fmt.Sprintf("%s/%s/%d", name, e, sizes[0])]; ok && n != sizes[0] {
					b.ReportMetric(ms/base, "growth")
					b.ReportMetric(cpu/times[fmt.Sprintf("%s/%s/%d/cpu", name, e, sizes[0])], "cpu-growth")
				}
			})
		}
	}
}

// cpuTime is the CPU time (user and system) the process has used: the server, the client
// and, on SQLite, the database. On a machine shared with other work it is steadier than the
// wall time; on PostgreSQL it leaves out the server's processes.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// total checks that a list answer counts want rows in all.
func total(path string, want func(c *company) int) check {
	return func(b *testing.B, c *company, tok string) {
		var r struct {
			Data []any `json:"data"`
			Meta struct {
				Pagination struct {
					Total int `json:"total"`
				} `json:"pagination"`
			} `json:"meta"`
		}
		c.call(b, "GET", path, tok, nil, 200, &r)
		if r.Meta.Pagination.Total != want(c) || len(r.Data) == 0 {
			b.Fatalf("%s: total %d with %d rows, want total %d", path, r.Meta.Pagination.Total, len(r.Data), want(c))
		}
	}
}

func everyone(c *company) int { return c.people }

// spreadsheet checks that an export (a workbook, or a CSV file) is of some size for its people.
func spreadsheet(path string) check {
	return func(b *testing.B, c *company, tok string) {
		req, _ := http.NewRequest("GET", c.url+path, nil)
		if n := c.send(b, req, tok, 200, nil); n < int64(c.people)*20 {
			b.Fatalf("%s: %d bytes for %d people", path, n, c.people)
		}
	}
}

const (
	monthlyXLSX  = "/api/employee/attendance/admin/report/monthly?date=2026-10"
	yearlyXLSX   = "/api/employee/attendance/admin/report/yearly?date=2026"
	balances     = "/api/company/leave/balances?date=2026-10-15"
	dailyList    = "/api/employee/attendance?date=2026-10-15"
	applications = "/api/company/leave/application"
	peoplePage   = "/api/employee/record"
)

// BenchmarkHTTPMonthlyXLSX: the monthly spreadsheet of everyone, 31 days (October 2026).
// Target (SQLite, 2 cores): ≤ 500 ms at 5,000 people, growth from 1,000 ≤ 5.5×.
func BenchmarkHTTPMonthlyXLSX(b *testing.B) {
	bench(b, "monthly-xlsx", monthlyXLSX, spreadsheet(monthlyXLSX))
}

// BenchmarkHTTPYearlyXLSX: the yearly spreadsheet of everyone (2026). Target: ≤ 3 s at 5,000.
func BenchmarkHTTPYearlyXLSX(b *testing.B) {
	bench(b, "yearly-xlsx", yearlyXLSX, spreadsheet(yearlyXLSX))
}

// BenchmarkHTTPBalances: the leave balances of everyone on a date.
func BenchmarkHTTPBalances(b *testing.B) {
	bench(b, "balances", balances, func(b *testing.B, c *company, tok string) {
		var r struct {
			Data []any `json:"data"`
		}
		c.call(b, "GET", balances, tok, nil, 200, &r)
		if len(r.Data) != c.people {
			b.Fatalf("balances: %d rows for %d people", len(r.Data), c.people)
		}
	})
}

// BenchmarkHTTPDailyList: the first page of the day's attendance (the screen's default size).
func BenchmarkHTTPDailyList(b *testing.B) {
	bench(b, "daily-list", dailyList, total(dailyList, everyone))
}

// BenchmarkHTTPApplicationsPage: the first page of the leave applications.
func BenchmarkHTTPApplicationsPage(b *testing.B) {
	bench(b, "applications-page", applications, total(applications, func(c *company) int { return (c.people + 9) / 10 }))
}

// BenchmarkHTTPPeoplePage: the first page of the employees.
func BenchmarkHTTPPeoplePage(b *testing.B) {
	bench(b, "people-page", peoplePage, total(peoplePage, everyone))
}

const (
	payrollXLSX = "/api/payroll/export?month=2026-10&format=xlsx"
	payrollCSV  = "/api/payroll/export?month=2026-10&format=csv"
)

// BenchmarkHTTPPayrollXLSX: the payroll export of everyone for October 2026 (issue 15): the
// same walk as the monthly xlsx, one row of figures per person instead of 31 status cells.
func BenchmarkHTTPPayrollXLSX(b *testing.B) {
	bench(b, "payroll-xlsx", payrollXLSX, spreadsheet(payrollXLSX))
}

// BenchmarkHTTPPayrollCSV: the same export as CSV.
func BenchmarkHTTPPayrollCSV(b *testing.B) {
	bench(b, "payroll-csv", payrollCSV, spreadsheet(payrollCSV))
}
