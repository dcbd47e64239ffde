package iclock_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/attendance"
	"hadir/internal/config"
	"hadir/internal/device"
	"hadir/internal/iclock"
	"hadir/internal/org"
	"hadir/internal/people"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// terminal sets up a company with 200 people and one device, served over loopback HTTP.
func terminal(b *testing.B, e database.Dialect) (url string, pins []string) {
	db := servedDB(b, e)
	ctx := context.Background()
	a, err := app.New(ctx, config.Default(), db, app.Options{Hash: auth.TestHashParams})
	if err != nil {
		b.Fatal(err)
	}
	orgID, err := a.Orgs.Create(ctx, org.Org{Kind: org.KindCompany, Name: "Bench", Timezone: "Asia/Kuala_Lumpur"})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		p, err := a.People.Create(ctx, orgID, people.Employee, people.General{Code: fmt.Sprintf("P%03d", i), FirstName: "Bench"})
		if err != nil {
			b.Fatal(err)
		}
		pins = append(pins, p.Code)
	}
	if _, err := a.Devices.Save(ctx, device.Device{OrgID: orgID, Name: "Bench", Code: "BENCH0001", Enabled: true}); err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(a.API)
	b.Cleanup(srv.Close)
	return srv.URL, pins
}

func post(b *testing.B, client *http.Client, url, body string) {
	postQuery(b, client, url, "", body)
}

// postQuery uploads ATTLOG lines with more of the query string (a terminal sends "&Stamp=...").
func postQuery(b *testing.B, client *http.Client, url, query, body string) {
	res, err := client.Post(url+"/iclock/cdata?SN=BENCH0001&table=ATTLOG"+query, "text/plain", strings.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 64)
	n, _ := res.Body.Read(buf)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(string(buf[:n]), "OK") {
		b.Fatalf("%d %q", res.StatusCode, buf[:n])
	}
}

// BenchmarkATTLOGBatches: 10,000 punches uploaded as a terminal sends a backlog, 100 lines
// a request, through HTTP on loopback. Target: ≥ 20,000 punches/s on SQLite.
func BenchmarkATTLOGBatches(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		b.Run(string(e), func(b *testing.B) {
			url, pins := terminal(b, e)
			client := &http.Client{}
			start := time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)
			n := 0
			b.ResetTimer()
			t0 := time.Now()
			for i := 0; i < b.N; i++ {
				for batch := 0; batch < 100; batch++ {
					var sb strings.Builder
					for j := 0; j < 100; j++ {
						n++
						sb.WriteString(iclock.FormatAttLog(iclock.AttLog{PIN: pins[n%len(pins)], Time: start.Add(time.Duration(n) * time.Second), Verify: 15}) + "\n")
					}
					post(b, client, url, sb.String())
				}
			}
			b.ReportMetric(float64(n)/time.Since(t0).Seconds(), "punches/s")
		})
	}
}

// BenchmarkATTLOGRealtime: one request per punch, as a terminal in real-time mode sends it
// (with its stamp).
func BenchmarkATTLOGRealtime(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		b.Run(string(e), func(b *testing.B) {
			url, pins := terminal(b, e)
			client := &http.Client{}
			start := time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				postQuery(b, client, url, fmt.Sprintf("&Stamp=%d", 1000+i), iclock.FormatAttLog(iclock.AttLog{PIN: pins[i%len(pins)], Time: start.Add(time.Duration(i) * time.Second), Verify: 15})+"\n")
			}
		})
	}
}

// BenchmarkSinglePunchLarge: one punch per request (a terminal in real-time mode, stamp and
// all) at a
// company of 5,000 people with 363,000 punches stored, the size at which issue 16 measured a
// p99 of 5.1 ms on PostgreSQL. Each op is 200 requests; reported with p50 and p99 per request.
// Target: p99 ≤ 3 ms on PostgreSQL.
func BenchmarkSinglePunchLarge(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		b.Run(string(e), func(b *testing.B) {
			const headcount, stored = 5000, 363_000
			db := servedDB(b, e)
			ctx := context.Background()
			a, err := app.New(ctx, config.Default(), db, app.Options{Hash: auth.TestHashParams})
			if err != nil {
				b.Fatal(err)
			}
			loc, _ := time.LoadLocation("Asia/Kuala_Lumpur")
			orgID, err := a.Orgs.Create(ctx, org.Org{Kind: org.KindCompany, Name: "Bench", Timezone: loc.String()})
			if err != nil {
				b.Fatal(err)
			}
			var rows [][]any
			now := time.Now().UTC()
			for i := range headcount {
				rows = append(rows, []any{orgID, string(people.Employee), fmt.Sprintf("P%04d", i), "Bench", now, now})
			}
			testdb.BulkNoAnalyze(b, db, `INSERT INTO people (org_id, kind, code, first_name, created_at, updated_at) VALUES `, rows)
			var ids []int64
			r, err := db.Query(`SELECT id FROM people WHERE org_id = $1 ORDER BY id`, orgID)
			if err != nil {
				b.Fatal(err)
			}
			for r.Next() {
				var id int64
				_ = r.Scan(&id)
				ids = append(ids, id)
			}
			r.Close()
			dev, err := a.Devices.Save(ctx, device.Device{OrgID: orgID, Name: "Bench", Code: "BENCH0001", Enabled: true})
			if err != nil {
				b.Fatal(err)
			}
			// Two punches a working day per person, back from the day before the benchmark's.
			day := time.Date(2026, 10, 31, 8, 0, 0, 0, loc)
			rows = rows[:0]
			for n := 0; n < stored; n++ {
				pi, d := n%headcount, n/(2*headcount)
				at := day.AddDate(0, 0, -d).Add(time.Duration(pi) * time.Second)
				if n/headcount%2 == 1 {
					at = at.Add(9 * time.Hour)
				}
				rows = append(rows, []any{orgID, ids[pi], at.Unix(), at.Format("2006-01-02T15:04:05"), 480, attendance.DeviceSource(dev.ID), dev.ID, 0, 15, "", now})
			}
			testdb.Bulk(b, db, `INSERT INTO punches (org_id, person_id, at_unix, local_time, utc_offset, source, device_id, state, verify_mode, raw, created_at) VALUES `, rows)
			srv := httptest.NewServer(a.API)
			b.Cleanup(srv.Close)
			client := &http.Client{}
			start := time.Date(2026, 11, 2, 7, 0, 0, 0, loc)
			post(b, client, srv.URL, iclock.FormatAttLog(iclock.AttLog{PIN: "P0000", Time: start.Add(-time.Hour), Verify: 15})+"\n") // warm up
			const per = 200
			lat := make([]time.Duration, 0, b.N*per)
			b.ResetTimer()
			for i := 0; i < b.N*per; i++ {
				line := iclock.FormatAttLog(iclock.AttLog{PIN: fmt.Sprintf("P%04d", i%headcount), Time: start.Add(time.Duration(i) * time.Second), Verify: 15}) + "\n"
				t0 := time.Now()
				postQuery(b, client, srv.URL, fmt.Sprintf("&Stamp=%d", 1000+i), line) // as a terminal sends it
				lat = append(lat, time.Since(t0))
			}
			b.StopTimer()
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			// The floor under any durable write: one row-sized commit, timed on the same
			// database right after (PostgreSQL waits for its WAL flush, fsync, on each).
			commits := make([]time.Duration, 0, 200)
			for i := range 200 {
				t0 := time.Now()
				if _, err := db.Exec(`UPDATE devices SET att_stamp = $1 WHERE id = $2`, fmt.Sprint(i), dev.ID); err != nil {
					b.Fatal(err)
				}
				commits = append(commits, time.Since(t0))
			}
			slices.Sort(commits)
			b.ReportMetric(float64(commits[len(commits)*99/100].Microseconds())/1000, "commit-p99-ms")
			b.ReportMetric(float64(commits[len(commits)/2].Microseconds())/1000, "commit-p50-ms")
		})
	}
}

// servedDB is a fresh migrated database set up as hadir serve has it: on PostgreSQL that
// includes the LISTEN connection that turns the per-organisation caches on.
func servedDB(b *testing.B, e database.Dialect) *database.DB {
	if e != database.Postgres {
		return testdb.Open(b, e)
	}
	dsn := testdb.PostgresURL(b)
	db, err := database.Open(dsn)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if err := migrations.Up(context.Background(), db); err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { db.ListenForCounts(ctx, dsn); close(done) }()
	b.Cleanup(func() { cancel(); <-done })
	for deadline := time.Now().Add(10 * time.Second); !db.HearsCounts(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			b.Fatal("the counts listener did not start")
		}
	}
	return db
}
