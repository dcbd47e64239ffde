package migrations_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
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

// Several nodes started at once on an empty PostgreSQL database all come up, and each migration
// is applied exactly once (issue 9, D5). Five rounds, each on a fresh schema, three nodes each
// opening its own pool, released together.
func TestManyNodesStartTogetherOnEmptyPostgres(t *testing.T) {
	if os.Getenv(testdb.EnvPostgres) == "" {
		t.Skip("needs " + testdb.EnvPostgres)
	}
	const rounds, nodes = 5, 3
	list, err := migrations.List(database.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	for round := range rounds {
		url := testdb.PostgresURL(t)
		start := make(chan struct{})
		errs := make([]error, nodes)
		var wg sync.WaitGroup
		for i := range nodes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				db, err := database.Open(url)
				if err != nil {
					errs[i] = err
					return
				}
				defer db.Close()
				// Warm a connection first so that the nodes race on SQL, not on connecting.
				if err := db.Ping(context.Background()); err != nil {
					errs[i] = err
					return
				}
				<-start
				errs[i] = migrations.Up(context.Background(), db)
			}()
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("round %d, node %d: %v", round+1, i+1, err)
			}
		}
		db, err := database.Open(url)
		if err != nil {
			t.Fatal(err)
		}
		var n, distinct int
		err = db.QueryRow(`SELECT COUNT(*), COUNT(DISTINCT version) FROM schema_migrations`).Scan(&n, &distinct)
		db.Close()
		if err != nil {
			t.Fatalf("round %d: %v", round+1, err)
		}
		if n != len(list) || distinct != len(list) {
			t.Errorf("round %d: %d rows (%d versions) in schema_migrations, want %d", round+1, n, distinct, len(list))
		}
	}
}

// A binary that finds a schema newer than it knows (a newer release ran on the database)
// refuses it with a message naming both versions, and changes nothing.
func TestNewerSchemaRefused(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		latest := migrations.Latest(db.Dialect)
		if v, err := migrations.Version(ctx, db); err != nil || v != latest || latest == 0 {
			t.Fatalf("version %d (latest %d): %v", v, latest, err)
		}
		if _, err := db.Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'from_the_future.sql', '2099-01-01T00:00:00Z')`, latest+1); err != nil {
			t.Fatal(err)
		}
		err := migrations.Up(ctx, db)
		if !errors.Is(err, migrations.ErrSchemaTooNew) {
			t.Fatalf("Up on a newer schema: %v", err)
		}
		for _, want := range []string{fmt.Sprint(latest + 1), fmt.Sprint(latest)} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("message %q does not name version %s", err, want)
			}
		}
		list, _ := migrations.List(db.Dialect)
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(list)+1 {
			t.Fatalf("schema_migrations changed: %d rows, %v", n, err)
		}
	})
}

// A rolling upgrade: release N+1 migrates the database while a node of release N still
// serves. An expand-only migration leaves the schema usable by N, whose node starts (and
// migrates nothing); a migration marked as breaking older code makes N refuse it with a
// message naming the version it needs. N+1 itself is the current list plus one migration.
func TestOlderReleaseOnNewerSchema(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		current, err := migrations.List(db.Dialect)
		if err != nil {
			t.Fatal(err)
		}
		latest := current[len(current)-1].Version
		expand := migrations.Migration{Version: latest + 1, Name: fmt.Sprintf("%04d_next_release.sql", latest+1),
			SQL: `CREATE TABLE next_release_notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`}
		next := append(append([]migrations.Migration{}, current...), expand)
		if err := migrations.UpKnowing(ctx, db, next); err != nil {
			t.Fatalf("release N+1 migrating: %v", err)
		}
		var oldest int
		if err := db.QueryRow(`SELECT oldest_code FROM schema_migrations WHERE version = $1`, latest+1).Scan(&oldest); err != nil || oldest > latest {
			t.Fatalf("an expand-only migration records oldest code %d (%v), want at most %d", oldest, err, latest)
		}
		// Release N's node starts on it, changes nothing, and its data is there.
		if err := migrations.Up(ctx, db); err != nil {
			t.Fatalf("release N on N+1's expand-only schema: %v", err)
		}
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(next) {
			t.Fatalf("schema_migrations has %d rows (%v), want %d", n, err, len(next))
		}

		// Release N+2 drops what N reads: N refuses, naming the version it would need.
		breaking := migrations.Migration{Version: latest + 2, Name: fmt.Sprintf("%04d_contract.sql", latest+2),
			SQL: migrations.BreaksMarker + "\nDROP TABLE next_release_notes", Breaks: true}
		if err := migrations.UpKnowing(ctx, db, append(next, breaking)); err != nil {
			t.Fatalf("release N+2 migrating: %v", err)
		}
		err = migrations.Up(ctx, db)
		if !errors.Is(err, migrations.ErrSchemaTooNew) || !strings.Contains(err.Error(), fmt.Sprint(latest+2)) {
			t.Fatalf("release N on a schema that breaks it: %v", err)
		}
		// N+1 (which knows the expand migration but not the contract) refuses too.
		if err := migrations.UpKnowing(ctx, db, next); !errors.Is(err, migrations.ErrSchemaTooNew) {
			t.Fatalf("release N+1 after N+2's breaking migration: %v", err)
		}
	})
}

// Statements that break the code of the previous release (dropping or renaming a table or a
// column) are declared with migrations.BreaksMarker, from the migration that started
// recording compatibility on. SQLite's table rebuilds (create the new table, copy, drop the
// old, rename the new) keep the schema older code sees and may say so with
// "-- hadir: rebuild keeps older code".
func TestMigrationsDeclareBreakingChanges(t *testing.T) {
	breaking := regexp.MustCompile(`(?i)\b(DROP\s+TABLE|DROP\s+COLUMN|RENAME\s+(TO|COLUMN))\b`)
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		list, err := migrations.List(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range list {
			if m.Version < migrations.CompatFrom || m.Breaks || strings.Contains(m.SQL, "-- hadir: rebuild keeps older code") {
				continue
			}
			var code []string
			for _, line := range strings.Split(m.SQL, "\n") {
				if !strings.HasPrefix(strings.TrimSpace(line), "--") {
					code = append(code, line)
				}
			}
			if s := breaking.FindString(strings.Join(code, "\n")); s != "" {
				t.Errorf("%s/%s: %q breaks the previous release's code: mark the file with %q (or, for a table rebuild, say it keeps older code)", d, m.Name, s, migrations.BreaksMarker)
			}
		}
	}
}
