package api_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
	"hadir/internal/testmem"
)

// TestMonthlyExportHeapBounded: the monthly xlsx export's memory does not grow with the
// headcount. Its report walk (attendance.ReportEach) peaks the same at 3,000 people
// (186,000 punches) as at 1,500, and so does the whole export, both well under what the
// report of the 3,000 held whole takes: rows go into the compressed spreadsheet as they are
// computed.
func TestMonthlyExportHeapBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("stores 186,000 punches")
	}
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Heap Co")
		e.setClock(time.Date(2026, 11, 5, 12, 0, 0, 0, kl))
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "All", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		var week []map[string]any
		for d := 1; d <= 5; d++ {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		added := 0
		grow := func(n int) {
			now := database.Now()
			var rows [][]any
			for i := added; i < added+n; i++ {
				rows = append(rows, []any{c.orgID, "employee", fmt.Sprintf("H%05d", i), fmt.Sprintf("Person %05d", i), "Heap", now, now})
			}
			testdb.Bulk(t, db, `INSERT INTO people (org_id, kind, code, first_name, last_name, created_at, updated_at) VALUES `, rows)
			var ids []int64
			r, err := db.Query(`SELECT id FROM people WHERE org_id = $1 AND code >= $2 ORDER BY id`, c.orgID, fmt.Sprintf("H%05d", added))
			if err != nil {
				t.Fatal(err)
			}
			for r.Next() {
				var id int64
				_ = r.Scan(&id)
				ids = append(ids, id)
			}
			r.Close()
			rows = rows[:0]
			var punches [][]any
			for i, id := range ids {
				rows = append(rows, []any{c.orgID, g, id, "2026-01-01", now})
				for d := 1; d <= 31; d++ {
					for _, at := range []time.Time{time.Date(2026, 10, d, 7, 30+i%45, 0, 0, kl), time.Date(2026, 10, d, 17, i%50, 0, 0, kl)} {
						punches = append(punches, []any{c.orgID, id, at.Unix(), at.Format("2006-01-02T15:04:05"), 480, "device:1", now})
					}
				}
			}
			testdb.Bulk(t, db, `INSERT INTO group_members (org_id, group_id, person_id, from_date, created_at) VALUES `, rows)
			testdb.Bulk(t, db, `INSERT INTO punches (org_id, person_id, at_unix, local_time, utc_offset, source, created_at) VALUES `, punches)
			added += n
		}
		export := func() uint64 {
			return testmem.PeakHeap(func() {
				req, _ := http.NewRequest("GET", e.srv.URL+"/api/employee/attendance/admin/report/monthly?date=2026-10", nil)
				req.Header.Set("Authorization", "Bearer "+c.token)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				n, _ := io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 || n < int64(added)*40 {
					t.Fatalf("export: %d, %d bytes", res.StatusCode, n)
				}
			})
		}
		walk := func() uint64 {
			return testmem.PeakHeap(func() {
				n := 0
				err := e.app.Attendance.ReportEach(context.Background(), c.orgID, attendance.Query{Kind: "employee", From: "2026-10-01", To: "2026-10-31"}, 0,
					func(r attendance.Row) error { n++; return nil })
				if err != nil || n != added {
					t.Fatal(err, n)
				}
			})
		}
		grow(1500)
		export() // warm: statement caches, pools
		small, walkSmall := export(), walk()
		grow(1500)
		large, walkLarge := export(), walk()
		whole := testmem.PeakHeap(func() {
			rows, _, _, err := e.app.Attendance.Report(context.Background(), c.orgID, attendance.Query{Kind: "employee", From: "2026-10-01", To: "2026-10-31"}, database.Page{})
			if err != nil || len(rows) != 3000 {
				t.Fatal(err, len(rows))
			}
		})
		mb := func(n uint64) float64 { return float64(n) / (1 << 20) }
		t.Logf("monthly xlsx export: heap peak %.1f MB at 1,500 people, %.1f MB at 3,000; the report walk alone %.1f and %.1f MB; the report of 3,000 held whole: %.1f MB",
			mb(small), mb(large), mb(walkSmall), mb(walkLarge), mb(whole))
		// The walk holds one page of results whatever the headcount (what it reads once for
		// the whole report, leave and manual statuses, is a few entries per person at most),
		// and the spreadsheet is compressed as it is written (export.WriteXLSX).
		if walkLarge > walkSmall+6<<20 || walkLarge > whole/2 {
			t.Errorf("the report walk grows with the headcount: %.1f MB at 1,500 people, %.1f MB at 3,000 (whole report %.1f MB)", mb(walkSmall), mb(walkLarge), mb(whole))
		}
		if large > small+6<<20 || large > whole/2 {
			t.Errorf("the export grows with the headcount: %.1f MB at 1,500 people, %.1f MB at 3,000 (whole report %.1f MB)", mb(small), mb(large), mb(whole))
		}
	})
}
