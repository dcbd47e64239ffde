package api_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"hadir/internal/iclock"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// statisticsOf counts the planner's statistics rows of a table: pg_stats on PostgreSQL,
// sqlite_stat1 on SQLite.
func statisticsOf(t *testing.T, db *database.DB, table string) int {
	t.Helper()
	q := `SELECT COUNT(*) FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1`
	if db.Dialect == database.SQLite {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_stat1'`).Scan(&n); err != nil || n == 0 {
			return 0
		}
		q = `SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = $1`
	}
	var n int
	if err := db.QueryRow(q, table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func waitStatistics(t *testing.T, db *database.DB, table string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for statisticsOf(t, db, table) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no planner statistics of %s 15 s after the bulk write", table)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Issue 16, "Statistics kept": after a CSV import of people and after an ATTLOG backlog,
// Hadir gathers the planner statistics of the tables it filled, by itself, in the background.
func TestBulkWritesGetStatistics(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		db.AnalyzeDelay = 100 * time.Millisecond
		c, _, _ := companyWithDevice(e, "STAT0001", 1)
		if n := statisticsOf(t, db, "people"); n != 0 {
			t.Fatalf("people has %d statistics rows before the import: the test shows nothing", n)
		}
		const people = 1500
		var csv strings.Builder
		csv.WriteString("code,first_name,last_name,email,join_date\n")
		for i := range people {
			fmt.Fprintf(&csv, "I%04d,Imported,Person %d,,2025-01-06\n", i, i)
		}
		r := e.expect(e.uploadFile("/api/employee/import", c.token, nil, "people.csv", []byte(csv.String())), 200)
		if r.str("data", "created") != fmt.Sprint(people) {
			t.Fatalf("%s", r.raw)
		}
		waitStatistics(t, db, "people")

		// A backlog as a terminal sends it: 100 lines a request, 1,200 punches in all.
		if n := statisticsOf(t, db, "punches"); n != 0 {
			t.Fatalf("punches has %d statistics rows before the upload: the test shows nothing", n)
		}
		start := time.Date(2026, 11, 2, 8, 0, 0, 0, kl)
		for req := range 12 {
			var body strings.Builder
			for j := range 100 {
				n := req*100 + j
				body.WriteString(iclock.FormatAttLog(iclock.AttLog{PIN: fmt.Sprintf("I%04d", n), Time: start.Add(time.Duration(n) * time.Second), Verify: 15}) + "\n")
			}
			e.expect(e.call("POST", "/iclock/cdata?SN=STAT0001&table=ATTLOG", "", body.String()), 200)
		}
		waitStatistics(t, db, "punches")
	})
}

// A terminal's requests find the device in a cache (one round trip less per punch); an edit
// that disables it, sets a key or deletes it takes effect on the very next upload.
func TestTerminalCacheForgetsEdits(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, dev, _ := companyWithDevice(e, "CACHE001", 1)
		line := func(i int) string {
			return iclock.FormatAttLog(iclock.AttLog{PIN: "E1", Time: time.Date(2026, 11, 3, 8, i, 0, 0, kl), Verify: 15}) + "\n"
		}
		upload := func(i int, key string) int {
			return e.call("POST", "/iclock/cdata?SN=CACHE001&table=ATTLOG&Stamp=1"+key, "", line(i)).status
		}
		for i := range 3 { // the device is now cached, if this node caches
			if st := upload(i, ""); st != 200 {
				t.Fatalf("upload %d: %d", i, st)
			}
		}
		e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Front door", "code": "CACHE001", "enabled": false}), 200)
		if st := upload(3, ""); st != 403 {
			t.Fatalf("upload to a disabled device: %d, want 403", st)
		}
		e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Front door", "code": "CACHE001", "push_key": "k3y"}), 200)
		if st := upload(4, ""); st != 403 {
			t.Fatalf("upload without the new key: %d, want 403", st)
		}
		if st := upload(5, "&key=k3y"); st != 200 {
			t.Fatalf("upload with the new key: %d", st)
		}
		e.expect(e.call("DELETE", fmt.Sprintf("/api/device/facial?id=%d", dev), c.token, nil), 204)
		if st := upload(6, "&key=k3y"); st != 403 {
			t.Fatalf("upload to a deleted device: %d, want 403", st)
		}
	})
}
