package migrations_test

import (
	"context"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// Both engines migrate from empty, a second run changes nothing, and both have the same migrations.
func TestUpFromEmptyAndAgain(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		if err := migrations.Up(context.Background(), db); err != nil {
			t.Fatalf("second run: %v", err)
		}
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		list, _ := migrations.List(db.Dialect)
		if n != len(list) || n == 0 {
			t.Fatalf("applied %d of %d migrations", n, len(list))
		}
	})
}

func TestEnginesHaveTheSameMigrations(t *testing.T) {
	a, err := migrations.List(database.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	b, err := migrations.List(database.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) {
		t.Fatalf("sqlite has %d migrations, postgres %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Name != b[i].Name {
			t.Errorf("migration %d: sqlite %s, postgres %s", i, a[i].Name, b[i].Name)
		}
	}
}
