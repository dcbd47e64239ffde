// Package testdb gives each test a fresh, migrated database: SQLite in a temporary folder,
// and PostgreSQL (a schema of its own, dropped afterwards) when HADIR_TEST_POSTGRES_URL is set.
package testdb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
)

// EnvPostgres names the variable with the PostgreSQL server URL for tests.
const EnvPostgres = "HADIR_TEST_POSTGRES_URL"

// Engines lists the engines tests run on here. Under CI (CI=true) a missing PostgreSQL URL
// fails the test instead of silently testing SQLite only.
func Engines(t testing.TB) []database.Dialect {
	if os.Getenv(EnvPostgres) != "" {
		return []database.Dialect{database.SQLite, database.Postgres}
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("testdb: %s is not set under CI; PostgreSQL tests cannot be skipped", EnvPostgres)
	}
	return []database.Dialect{database.SQLite}
}

// Each runs fn as a subtest per engine, each with a fresh database.
func Each(t *testing.T, fn func(t *testing.T, db *database.DB)) {
	for _, e := range Engines(t) {
		t.Run(string(e), func(t *testing.T) { fn(t, Open(t, e)) })
	}
}

// New returns a fresh migrated SQLite database.
func New(t testing.TB) *database.DB { return Open(t, database.SQLite) }

// Open returns a fresh migrated database of an engine, closed (and dropped) when the test ends.
func Open(t testing.TB, e database.Dialect) *database.DB {
	t.Helper()
	ctx := context.Background()
	var dsn string
	switch e {
	case database.SQLite:
		dsn = "sqlite://" + filepath.Join(t.TempDir(), "test.db")
	case database.Postgres:
		dsn = PostgresURL(t)
	}
	db, err := database.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := migrations.Up(ctx, db); err != nil {
		t.Fatal(err)
	}
	return db
}

// PostgresURL creates an empty schema of its own on the test server (dropped when the test
// ends) and returns the server URL with its search_path set to that schema. Nothing is
// migrated: callers that want to watch a start from empty use it.
func PostgresURL(t testing.TB) string {
	base := os.Getenv(EnvPostgres)
	if base == "" {
		t.Fatalf("testdb: %s is not set", EnvPostgres)
	}
	admin, err := database.Open(base)
	if err != nil {
		t.Fatal(err)
	}
	schema := fmt.Sprintf("t_%d_%d", os.Getpid(), rand.Int64N(1<<40))
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		admin.Close()
		t.Fatalf("testdb: create schema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
