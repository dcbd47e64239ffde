package database

import (
	"context"
	"path/filepath"
	"testing"
)

// Capture records the statements run through Q under its context, inside a transaction and
// outside one, with their arguments; other contexts record nothing.
func TestCaptureRecordsStatementsRunThroughQ(t *testing.T) {
	db, err := Open("sqlite://" + filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	plain := context.Background()
	if _, err := db.Q(plain).ExecContext(plain, `CREATE TABLE t (a INTEGER)`); err != nil {
		t.Fatal(err)
	}
	ctx, captured := Capture(plain)
	if _, err := db.Q(ctx).ExecContext(ctx, `INSERT INTO t (a) VALUES ($1)`, 7); err != nil {
		t.Fatal(err)
	}
	err = db.WithTx(ctx, func(ctx context.Context) error {
		var n int
		return db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM t WHERE a = $1`, 7).Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.Q(plain).QueryRowContext(plain, `SELECT COUNT(*) FROM t`).Scan(&n); err != nil || n != 1 {
		t.Fatal(n, err)
	}
	got := captured()
	if len(got) != 2 || got[0].Query != `INSERT INTO t (a) VALUES ($1)` || got[0].Args[0] != 7 ||
		got[1].Query != `SELECT COUNT(*) FROM t WHERE a = $1` || got[1].Args[0] != 7 {
		t.Fatalf("captured %+v", got)
	}
}
