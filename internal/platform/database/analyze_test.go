package database

import (
	"context"
	"path/filepath"
	"testing"
)

// After AnalyzeSQLite a prepared statement whose parameter meets an indexed column is not
// planned again on every execution: the statistics keep no stat4 samples.
func TestAnalyzeSQLiteKeepsAveragesOnly(t *testing.T) {
	db, err := Open("sqlite://" + filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (a INTEGER, b INTEGER)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `CREATE INDEX t_a ON t (a, b)`); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		if _, err := db.ExecContext(ctx, `INSERT INTO t VALUES ($1, $2)`, i%7, i); err != nil {
			t.Fatal(err)
		}
	}
	var samples int // a plain ANALYZE does keep samples with this driver's build
	if _, err := db.ExecContext(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_stat4`).Scan(&samples); err != nil || samples == 0 {
		t.Fatalf("sqlite_stat4 after ANALYZE: %d rows, %v; the test no longer shows anything", samples, err)
	}
	if err := db.AnalyzeSQLite(ctx); err != nil {
		t.Fatal(err)
	}
	var stat1, stat4 int
	if err := db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM sqlite_stat1), (SELECT COUNT(*) FROM sqlite_stat4)`).Scan(&stat1, &stat4); err != nil {
		t.Fatal(err)
	}
	if stat1 == 0 || stat4 != 0 {
		t.Fatalf("sqlite_stat1 %d rows, sqlite_stat4 %d rows; want averages only", stat1, stat4)
	}
}
