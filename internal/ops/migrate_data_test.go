package ops_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/attendance"
	"hadir/internal/config"
	"hadir/internal/demo"
	"hadir/internal/ops"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// needPostgres skips a SQLite → PostgreSQL test where no PostgreSQL is given (CI has one:
// testdb.Engines fails there when it is missing).
func needPostgres(t *testing.T) {
	t.Helper()
	if len(testdb.Engines(t)) < 2 {
		t.Skip("no PostgreSQL (" + testdb.EnvPostgres + ")")
	}
}

func openSQLite(t *testing.T) (*database.DB, string) {
	t.Helper()
	dsn := "sqlite://" + filepath.Join(t.TempDir(), "hadir.db")
	db, err := database.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := migrations.Up(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return db, dsn
}

// migrateTeachers is the size of the demo school copied: the demo's 40 plus a generated
// school of this many teachers (HADIR_MIGRATE_TEST_TEACHERS; see docs/deployment.md for the
// figures of a 5,000-person run).
func migrateTeachers(t *testing.T) int {
	if v := os.Getenv("HADIR_MIGRATE_TEST_TEACHERS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	return 300
}

// The demo (a school grown to migrateTeachers, and the company) moves from SQLite to
// PostgreSQL: every table of the schema (enumerated here, not taken from the copier) has the
// same rows on both sides, the monthly reports of every organisation and kind are equal, the
// sequences go on after the copied ids, a second run refuses the now full target unless
// forced, and a source at another schema version is refused.
func TestMigrateDataSQLiteToPostgres(t *testing.T) {
	needPostgres(t)
	ctx := context.Background()
	src, from := openSQLite(t)
	a, err := app.New(ctx, config.Default(), src, app.Options{Hash: auth.TestHashParams})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := demo.SeedWith(ctx, a, demo.Options{Teachers: migrateTeachers(t)}); err != nil {
		t.Fatal(err)
	}
	// Rows the demo does not make, so their tables are copied with something in them too.
	if _, err := ops.SetRetention(ctx, src, 1, ops.RetentionPolicy{PunchesDays: 3650, UnknownPINsDays: 30, DeviceRecordsDays: 30, DeviceCommandsDays: 30, NotificationsDays: 30}); err != nil {
		t.Fatal(err)
	}
	if _, err := (&ops.Jobs{DB: src, Node: "n"}).Run(ctx, ops.JobBackup, time.Now(), func(context.Context) (int64, string, error) { return 1, "x", nil }); err != nil {
		t.Fatal(err)
	}
	t.Logf("seeded in %s", time.Since(start).Round(time.Millisecond))

	to := testdb.PostgresURL(t)
	start = time.Now()
	copied, err := ops.MigrateData(ctx, from, to, ops.MigrateOptions{Batch: 300})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("copied in %s", time.Since(start).Round(time.Millisecond))
	dst, err := database.Open(to)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()

	report := map[string]ops.TableCopy{}
	var total int64
	for _, c := range copied {
		report[c.Table] = c
		total += c.Source
	}
	rows, err := src.Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, n)
	}
	rows.Close()
	if len(tables) < 40 {
		t.Fatalf("only %d tables in the schema", len(tables))
	}
	var empty []string
	for _, tbl := range tables {
		var a, b int64
		if err := src.QueryRow(`SELECT COUNT(*) FROM "` + tbl + `"`).Scan(&a); err != nil {
			t.Fatal(err)
		}
		if tbl == "audit_context" || tbl == "audit_maintenance" {
			// SQLite's stand-ins for PostgreSQL's transaction-local settings (0023): not
			// copied, so they must hold nothing outside a transaction.
			if a != 0 {
				t.Errorf("SQLite-only table %s holds %d rows outside a transaction", tbl, a)
			}
			continue
		}
		if err := dst.QueryRow(`SELECT COUNT(*) FROM "` + tbl + `"`).Scan(&b); err != nil {
			t.Fatalf("table %s on PostgreSQL: %v", tbl, err)
		}
		c, ok := report[tbl]
		switch {
		case !ok:
			t.Errorf("table %s is not in the copy's summary", tbl)
		case a != b || c.Source != a || c.Target != b:
			t.Errorf("table %s: %d rows in SQLite, %d in PostgreSQL (summary %+v)", tbl, a, b, c)
		case a > 0 && c.Sampled == 0:
			t.Errorf("table %s: no row compared", tbl)
		}
		if a == 0 {
			empty = append(empty, tbl)
		}
	}
	t.Logf("%d tables, %d rows; empty in the demo: %s", len(tables), total, strings.Join(empty, ", "))
	if report["punches"].Source < 10000 || report["people"].Source < 90 {
		t.Fatalf("too small a copy to mean anything: %+v %+v", report["punches"], report["people"])
	}

	// The monthly reports agree, organisation by organisation.
	b, err := app.New(ctx, config.Default(), dst, app.Options{Hash: auth.TestHashParams})
	if err != nil {
		t.Fatal(err)
	}
	var orgs []struct {
		id   int64
		kind string
	}
	orows, err := src.Query(`SELECT id, kind FROM orgs ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for orows.Next() {
		var o struct {
			id   int64
			kind string
		}
		if err := orows.Scan(&o.id, &o.kind); err != nil {
			t.Fatal(err)
		}
		orgs = append(orgs, o)
	}
	orows.Close()
	month := time.Now().AddDate(0, -1, 0)
	from1 := time.Date(month.Year(), month.Month(), 1, 0, 0, 0, 0, time.UTC)
	q := attendance.Query{From: from1.Format("2006-01-02"), To: from1.AddDate(0, 1, -1).Format("2006-01-02")}
	compared := 0
	for _, o := range orgs {
		kinds := []string{"employee"}
		if o.kind == "school" {
			kinds = []string{"teacher", "staff"}
		}
		for _, k := range kinds {
			q.Kind = k
			ra, na, ta, err := a.Attendance.Report(ctx, o.id, q, database.Page{Number: 1, Size: 100})
			if err != nil {
				t.Fatal(err)
			}
			rb, nb, tb, err := b.Attendance.Report(ctx, o.id, q, database.Page{Number: 1, Size: 100})
			if err != nil {
				t.Fatal(err)
			}
			if na != nb || ta != tb || len(ra) != len(rb) {
				t.Fatalf("org %d %s report: SQLite %d rows %+v, PostgreSQL %d rows %+v", o.id, k, na, ta, nb, tb)
			}
			if ta == (attendance.Totals{}) {
				t.Fatalf("org %d %s: an empty report compares nothing", o.id, k)
			}
			compared++
		}
	}
	if compared < 3 {
		t.Fatalf("compared %d reports", compared)
	}

	// The sequences go on after the copied ids.
	var maxID, newID int64
	if err := dst.QueryRow(`SELECT MAX(id) FROM punches`).Scan(&maxID); err != nil {
		t.Fatal(err)
	}
	if err := dst.QueryRow(`INSERT INTO punches (org_id, person_id, at_unix, local_time, utc_offset, source, created_at)
		SELECT org_id, person_id, 1, '', 0, 'after-copy', created_at FROM punches LIMIT 1 RETURNING id`).Scan(&newID); err != nil {
		t.Fatalf("a new row after the copy: %v", err)
	}
	if newID <= maxID {
		t.Fatalf("new punch id %d, copied up to %d", newID, maxID)
	}

	// The target now holds data: refused, unless forced (which replaces it, the new row too).
	if _, err := ops.MigrateData(ctx, from, to, ops.MigrateOptions{}); !errors.Is(err, ops.ErrTargetHoldsData) {
		t.Fatalf("second run without -force: %v", err)
	}
	if _, err := ops.MigrateData(ctx, from, to, ops.MigrateOptions{Force: true}); err != nil {
		t.Fatalf("with -force: %v", err)
	}
	var n int
	if err := dst.QueryRow(`SELECT COUNT(*) FROM punches WHERE source = 'after-copy'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("-force kept the target's own rows: %d %v", n, err)
	}

	// Another schema version is refused before the target is touched.
	old, oldDSN := openSQLite(t)
	if _, err := old.Exec(`DELETE FROM schema_migrations WHERE version = $1`, migrations.Latest(database.SQLite)); err != nil {
		t.Fatal(err)
	}
	if _, err := ops.MigrateData(ctx, oldDSN, testdb.PostgresURL(t), ops.MigrateOptions{}); err == nil || !strings.Contains(err.Error(), "schema version") {
		t.Fatalf("a source at an older schema: %v", err)
	}
}
