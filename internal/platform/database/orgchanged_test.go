package database_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// OrgChanged sends one NOTIFY per organisation and transaction, however many changes tell it
// (an import creates thousands of people, each telling it), yet a savepoint rolled back takes
// its NOTIFY with it, so the transaction's own later change sends one again.
func TestOrgChangedTellsOncePerTransaction(t *testing.T) {
	db := testdb.Open(t, database.Postgres)
	notifies := func(fn func(ctx context.Context) error) int {
		t.Helper()
		ctx, captured := database.Capture(context.Background())
		if err := db.WithTx(ctx, fn); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, s := range captured() {
			if strings.Contains(s.Query, "pg_notify") {
				n++
			}
		}
		return n
	}
	if n := notifies(func(ctx context.Context) error {
		for i := 0; i < 100; i++ {
			for _, org := range []int64{41, 42} {
				if err := db.OrgChanged(ctx, org); err != nil {
					return err
				}
			}
		}
		return nil
	}); n != 2 {
		t.Fatalf("100 changes of 2 organisations sent %d NOTIFYs, want 2", n)
	}
	undo := errors.New("undone")
	if n := notifies(func(ctx context.Context) error {
		err := db.WithTx(ctx, func(ctx context.Context) error { // a savepoint
			if err := db.OrgChanged(ctx, 41); err != nil {
				return err
			}
			return undo
		})
		if !errors.Is(err, undo) {
			return err
		}
		return db.OrgChanged(ctx, 41)
	}); n != 2 {
		t.Fatalf("a change after a rolled-back savepoint's sent %d NOTIFYs in all, want 2 (the savepoint's is undone)", n)
	}
}
