package database_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// HasStatistics tells whether the planner has statistics of a table: rows in pg_stats
// (PostgreSQL) or sqlite_stat1 (SQLite).
func hasStatistics(t *testing.T, db *database.DB, table string) bool {
	t.Helper()
	q := `SELECT COUNT(*) FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1`
	if db.Dialect == database.SQLite {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_stat1'`).Scan(&n); err != nil || n == 0 {
			return false
		}
		q = `SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = $1`
	}
	var n int
	if err := db.QueryRow(q, table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n > 0
}

func fill(t *testing.T, db *database.DB, rows int) {
	t.Helper()
	if _, err := db.Exec(`CREATE TABLE bulk_t (id INTEGER PRIMARY KEY, k INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE INDEX bulk_t_k ON bulk_t (k)`); err != nil {
		t.Fatal(err)
	}
	var data [][]any
	for i := range rows {
		data = append(data, []any{i + 1, i % 17})
	}
	testdb.BulkNoAnalyze(t, db, `INSERT INTO bulk_t (id, k) VALUES `, data)
}

// Rows written in bulk get statistics in the background, once, after the delay.
func TestAnalyzeSoonGathersStatistics(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		fill(t, db, 2000)
		if hasStatistics(t, db, "bulk_t") {
			t.Fatal("statistics before any analysis: the test shows nothing")
		}
		db.AnalyzeDelay = 300 * time.Millisecond
		db.AnalyzeSoon("bulk_t")
		db.AnalyzeSoon("bulk_t") // joins the same run
		time.Sleep(100 * time.Millisecond)
		if hasStatistics(t, db, "bulk_t") {
			t.Fatal("analysed before the delay")
		}
		deadline := time.Now().Add(10 * time.Second)
		for !hasStatistics(t, db, "bulk_t") {
			if time.Now().After(deadline) {
				t.Fatal("no statistics 10 s after AnalyzeSoon")
			}
			time.Sleep(50 * time.Millisecond)
		}
		if db.Dialect == database.SQLite {
			var samples int
			if err := db.QueryRow(`SELECT COUNT(*) FROM sqlite_stat4`).Scan(&samples); err == nil && samples > 0 {
				t.Errorf("%d stat4 samples kept; averages only (see AnalyzeSQLite)", samples)
			}
		}
	})
}

// Small writes are counted, and a table is analysed once they add up.
func TestRowsWrittenAnalysesAtThreshold(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		fill(t, db, database.AnalyzeMinRows+100)
		ctx := context.Background()
		for range database.AnalyzeMinRows/100 - 1 {
			db.RowsWritten(100, "bulk_t")
		}
		if err := db.WaitAnalyzed(ctx); err != nil {
			t.Fatal(err)
		}
		if hasStatistics(t, db, "bulk_t") {
			t.Fatalf("analysed after %d rows, below the threshold of %d", database.AnalyzeMinRows-100, database.AnalyzeMinRows)
		}
		db.RowsWritten(100, "bulk_t")
		if err := db.WaitAnalyzed(ctx); err != nil {
			t.Fatal(err)
		}
		if !hasStatistics(t, db, "bulk_t") {
			t.Fatal("not analysed after reaching the threshold")
		}
	})
}

// A process that starts on a large analysed table reads its size before it counts: it does
// not analyse after the first AnalyzeMinRows rows, but after a tenth of the table.
func TestRowsWrittenKnowsTheTableAfterARestart(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		fill(t, db, 20*database.AnalyzeMinRows)
		if err := db.AnalyzeTables(ctx, "bulk_t"); err != nil { // as the process before did
			t.Fatal(err)
		}
		db.RowsWritten(database.AnalyzeMinRows+500, "bulk_t")
		if err := db.WaitAnalyzed(ctx); err != nil {
			t.Fatal(err)
		}
		db.RowsWritten(0, "bulk_t")
		if err := db.WaitAnalyzed(ctx); err != nil {
			t.Fatal(err)
		}
		if n := db.AnalyzeRuns(); n != 0 {
			t.Fatalf("analysed %d times after %d rows written to a table of %d", n, database.AnalyzeMinRows+500, 20*database.AnalyzeMinRows)
		}
		db.RowsWritten(600, "bulk_t") // now past a tenth
		if err := db.WaitAnalyzed(ctx); err != nil {
			t.Fatal(err)
		}
		if n := db.AnalyzeRuns(); n != 1 {
			t.Fatalf("analysed %d times past a tenth of the table, want 1", n)
		}
	})
}

// MissingStatistics finds a large table never analysed, and nothing once it is.
func TestMissingStatistics(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		missing, err := db.MissingStatistics(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(missing) != 0 {
			t.Fatalf("a fresh database misses statistics of %v; it has no rows worth them", missing)
		}
		fill(t, db, 3000)
		waitMissing(t, db, []string{"bulk_t"})
		tables, err := db.AnalyzeMissing(ctx)
		if err != nil || !slices.Equal(tables, []string{"bulk_t"}) {
			t.Fatalf("AnalyzeMissing: %v, %v", tables, err)
		}
		if err := db.WaitAnalyzed(ctx); err != nil {
			t.Fatal(err)
		}
		if !hasStatistics(t, db, "bulk_t") {
			t.Fatal("no statistics after AnalyzeMissing")
		}
		waitMissing(t, db, nil)
		if db.Dialect == database.SQLite {
			// A new index (as a migration adds) has no statistics yet.
			if _, err := db.Exec(`CREATE INDEX bulk_t_k_id ON bulk_t (k, id)`); err != nil {
				t.Fatal(err)
			}
			waitMissing(t, db, []string{"bulk_t"})
		}
	})
}

// waitMissing waits for MissingStatistics to list want: PostgreSQL's activity counters reach
// pg_stat_user_tables up to a second after the commit.
func waitMissing(t *testing.T, db *database.DB, want []string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, err := db.MissingStatistics(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if slices.Equal(got, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("missing statistics: %v, want %v", got, want)
		}
		if db.Dialect == database.Postgres {
			_, _ = db.Exec(`SELECT pg_stat_force_next_flush()`)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A bad name is refused, never spliced into SQL.
func TestAnalyzeTablesRefusesNames(t *testing.T) {
	db := testdb.New(t)
	for _, bad := range []string{"people; DROP TABLE people", "Robert'", ""} {
		if err := db.AnalyzeTables(context.Background(), bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// On PostgreSQL the tables analysed after a bulk change are vacuumed too, so their pages are
// marked all-visible and an index-only scan (the people lists, a page's punches) reads no
// row from the heap; without it they stay unmarked until autovacuum comes round.
func TestAnalyzeTablesMarksPagesAllVisible(t *testing.T) {
	if !slices.Contains(testdb.Engines(t), database.Postgres) {
		t.Skip("PostgreSQL only (" + testdb.EnvPostgres + " not set)")
	}
	db := testdb.Open(t, database.Postgres)
	fill(t, db, 5000)
	visible := func() (pages, all int) {
		t.Helper()
		if err := db.QueryRow(`SELECT relpages, relallvisible FROM pg_class WHERE oid = to_regclass('bulk_t')`).Scan(&pages, &all); err != nil {
			t.Fatal(err)
		}
		return pages, all
	}
	if _, all := visible(); all != 0 {
		t.Fatalf("%d pages all-visible before any vacuum: the test shows nothing", all)
	}
	// A page is marked only once its rows are visible to every transaction of the server:
	// while another test's transaction older than the rows is open, VACUUM leaves them for
	// later, so the test asks again (ANALYZE alone never marks them, however often).
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if err := db.AnalyzeTables(context.Background(), "bulk_t"); err != nil {
			t.Fatal(err)
		}
		pages, all := visible()
		if pages > 0 && all == pages {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after AnalyzeTables %d of %d pages all-visible, want all", all, pages)
		}
	}
	if !hasStatistics(t, db, "bulk_t") {
		t.Fatal("no statistics after AnalyzeTables")
	}
}
