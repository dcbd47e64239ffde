package database

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
)

// Past its bound the cache keeps working: statements are evicted, queries still answer.
func TestStmtCacheBound(t *testing.T) {
	db, err := Open("sqlite://" + filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	for i := range stmtCacheSize + 50 {
		var n int
		if err := db.Q(ctx).QueryRowContext(ctx, "SELECT "+strconv.Itoa(i)+" + $1", 1).Scan(&n); err != nil || n != i+1 {
			t.Fatalf("query %d: %d, %v", i, n, err)
		}
	}
	if got := len(db.stmts.m); got != stmtCacheSize {
		t.Fatalf("%d statements cached, want %d", got, stmtCacheSize)
	}
	rows, err := db.Q(ctx).QueryContext(ctx, "SELECT 7")
	if err != nil {
		t.Fatal(err)
	}
	db.stmts.forgetAll() // closing while rows are open must not break them
	if !rows.Next() {
		t.Fatal(rows.Err())
	}
	rows.Close()
}
