package database_test

import (
	"context"
	"errors"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestMapErrorRestrictedDelete: deleting a row that an ON DELETE RESTRICT foreign key still
// points at is a foreign-key conflict on both engines. SQLite reports a RESTRICT action with
// the extended code SQLITE_CONSTRAINT_TRIGGER (1811), not SQLITE_CONSTRAINT_FOREIGNKEY, and
// that code went through unmapped (a 500 where the API answers 409).
func TestMapErrorRestrictedDelete(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		for _, q := range []string{
			`CREATE TABLE map_parent (id INTEGER PRIMARY KEY)`,
			`CREATE TABLE map_child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES map_parent (id) ON DELETE RESTRICT)`,
			`INSERT INTO map_parent (id) VALUES (1)`,
			`INSERT INTO map_child (id, parent_id) VALUES (1, 1)`,
		} {
			if _, err := db.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		_, err := db.ExecContext(ctx, `DELETE FROM map_parent WHERE id = 1`)
		if err == nil {
			t.Fatal("the restricted delete went through")
		}
		if !errors.Is(database.MapError(err), database.ErrForeignKey) {
			t.Fatalf("MapError(%v) is not ErrForeignKey", err)
		}
		// A trigger that raises is not a foreign-key conflict.
		if db.Dialect == database.SQLite {
			if _, err := db.ExecContext(ctx, `CREATE TRIGGER map_guard BEFORE UPDATE ON map_child BEGIN SELECT RAISE(ABORT, 'append-only'); END`); err != nil {
				t.Fatal(err)
			}
			_, err := db.ExecContext(ctx, `UPDATE map_child SET parent_id = 1`)
			if err == nil || errors.Is(database.MapError(err), database.ErrForeignKey) {
				t.Fatalf("a raising trigger: err %v mapped to a foreign-key conflict", err)
			}
		}
	})
}
