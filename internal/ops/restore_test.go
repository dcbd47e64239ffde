package ops_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/demo"
	"hadir/internal/ops"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// source returns a migrated database of an engine seeded with the demo, and its address.
func source(t *testing.T, e database.Dialect) (*database.DB, string) {
	t.Helper()
	var dsn string
	if e == database.SQLite {
		dsn = "sqlite://" + filepath.Join(t.TempDir(), "hadir.db")
	} else {
		dsn = testdb.PostgresURL(t)
	}
	db, err := database.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := context.Background()
	if err := migrations.Up(ctx, db); err != nil {
		t.Fatal(err)
	}
	a, err := app.New(ctx, config.Default(), db, app.Options{Hash: auth.TestHashParams})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Seed(ctx, a); err != nil {
		t.Fatal(err)
	}
	return db, dsn
}

// target returns the address of an empty database to restore into: a new SQLite file, or a
// new PostgreSQL database (dropped afterwards) whose search_path is the source's schema, the
// one the archive recreates.
func target(t *testing.T, e database.Dialect, srcDSN string) string {
	return restoreTarget(t, e, srcDSN)
}

func restoreTarget(t *testing.T, e database.Dialect, srcDSN string) string {
	t.Helper()
	if e == database.SQLite {
		return "sqlite://" + filepath.Join(t.TempDir(), "new-machine", "hadir.db")
	}
	base := os.Getenv(testdb.EnvPostgres)
	admin, err := database.Open(base)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("restore_%d_%d", os.Getpid(), rand.Int64N(1<<40))
	if _, err := admin.Exec(`CREATE DATABASE ` + name); err != nil {
		admin.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`)
		admin.Close()
	})
	su, _ := url.Parse(srcDSN)
	u, _ := url.Parse(base)
	u.Path = "/" + name
	q := u.Query()
	q.Set("search_path", su.Query().Get("search_path"))
	u.RawQuery = q.Encode()
	return u.String()
}

func tables(t *testing.T, db *database.DB) []string {
	t.Helper()
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if db.Dialect == database.Postgres {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// dump returns every row of a table, each formatted as one string, sorted.
func dump(t *testing.T, db *database.DB, table string) []string {
	t.Helper()
	rows, err := db.Query(`SELECT * FROM "` + table + `"`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			if tm, ok := v.(time.Time); ok {
				vals[i] = tm.UTC().Format(time.RFC3339Nano)
			}
		}
		out = append(out, fmt.Sprintf("%q", vals))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// A backup taken while writes go on restores, with one command, into an empty database on
// both engines: every table equals the source, and the rows written by the load form an
// unbroken prefix (one snapshot) that holds everything committed before the backup began.
// The restored database then refuses a second restore unless forced, and refuses a damaged
// backup, or one from a newer schema, without changing anything.
func TestBackupRestoreRoundTripUnderLoad(t *testing.T) {
	for _, e := range testdb.Engines(t) {
		t.Run(string(e), func(t *testing.T) {
			ctx := context.Background()
			src, srcDSN := source(t, e)
			// The load: numbered rows, each its own committed transaction, as fast as they go.
			var committed atomic.Int64
			committed.Store(-1)
			stop := make(chan struct{})
			var wg sync.WaitGroup
			var loadErr error
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := int64(0); ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					_, err := src.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES ($1, $2)`,
						fmt.Sprintf("load-%07d", i), fmt.Sprint(i*7))
					if err != nil {
						loadErr = err
						return
					}
					committed.Store(i)
				}
			}()
			for committed.Load() < 50 { // the load is running before the backup begins
				time.Sleep(time.Millisecond)
			}
			before := committed.Load()
			file := filepath.Join(t.TempDir(), "backup")
			if err := src.Backup(ctx, srcDSN, file); err != nil {
				t.Fatal(err)
			}
			during := committed.Load()
			time.Sleep(20 * time.Millisecond)
			close(stop)
			wg.Wait()
			if loadErr != nil {
				t.Fatalf("the load failed during the backup: %v", loadErr)
			}
			after := committed.Load()
			t.Logf("rows committed: %d before the backup, %d when it ended, %d in all", before+1, during+1, after+1)

			dst := target(t, e, srcDSN)
			v, err := ops.Restore(ctx, dst, file, ops.RestoreOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if v != migrations.Latest(e) {
				t.Fatalf("restored schema version %d, want %d", v, migrations.Latest(e))
			}
			got, err := database.Open(dst)
			if err != nil {
				t.Fatal(err)
			}
			defer got.Close()
			// The restored database is usable as it is: nothing to migrate.
			if err := migrations.Up(ctx, got); err != nil {
				t.Fatal(err)
			}
			srcTables, gotTables := tables(t, src), tables(t, got)
			if strings.Join(srcTables, ",") != strings.Join(gotTables, ",") {
				t.Fatalf("tables differ:\n source   %v\n restored %v", srcTables, gotTables)
			}
			nonEmpty := 0
			for _, table := range srcTables {
				a, b := dump(t, src, table), dump(t, got, table)
				if table == "settings" {
					// The load's rows: a prefix 0..k with k between before and after.
					var keep []string
					loads := map[string]bool{}
					for _, r := range b {
						if strings.Contains(r, `"load-`) {
							loads[r] = true
						} else {
							keep = append(keep, r)
						}
					}
					k := int64(len(loads)) - 1
					if k < before || k > after {
						t.Errorf("restored %d load rows; %d were committed before the backup began, %d in all", k+1, before+1, after+1)
					}
					for _, r := range a {
						if !strings.Contains(r, `"load-`) {
							continue
						}
						var i int64
						if _, err := fmt.Sscanf(r[strings.Index(r, `"load-`)+6:], "%d", &i); err != nil {
							t.Fatal(err)
						}
						if i <= k && !loads[r] {
							t.Errorf("load row %d (committed before row %d, which was restored) is missing or different", i, k)
						}
					}
					var srcKeep []string
					for _, r := range a {
						if !strings.Contains(r, `"load-`) {
							srcKeep = append(srcKeep, r)
						}
					}
					a, b = srcKeep, keep
				}
				if len(a) > 0 {
					nonEmpty++
				}
				if strings.Join(a, "\n") != strings.Join(b, "\n") {
					t.Errorf("table %s: %d rows in the source, %d restored, not equal", table, len(a), len(b))
				}
			}
			if nonEmpty < 15 {
				t.Fatalf("only %d tables with rows: the demo did not fill the source", nonEmpty)
			}

			// A database that holds data is not replaced unless forced.
			if _, err := ops.Restore(ctx, dst, file, ops.RestoreOptions{}); !errors.Is(err, ops.ErrHoldsData) {
				t.Fatalf("restore over data without --force: %v", err)
			}
			// A damaged backup is refused and the target is untouched.
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			bad := filepath.Join(t.TempDir(), "bad")
			if err := os.WriteFile(bad, b[:len(b)*2/3], 0o600); err != nil {
				t.Fatal(err)
			}
			got.Close()
			if _, err := ops.Restore(ctx, dst, bad, ops.RestoreOptions{Force: true}); err == nil {
				t.Fatal("a truncated backup was restored")
			}
			// A backup from a newer schema is refused.
			if _, err := src.Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'future.sql', '2099-01-01T00:00:00Z')`, migrations.Latest(e)+1); err != nil {
				t.Fatal(err)
			}
			newer := filepath.Join(t.TempDir(), "newer")
			if err := src.Backup(ctx, srcDSN, newer); err != nil {
				t.Fatal(err)
			}
			if _, err := ops.Restore(ctx, dst, newer, ops.RestoreOptions{Force: true}); err == nil || !strings.Contains(err.Error(), fmt.Sprint(migrations.Latest(e)+1)) {
				t.Fatalf("a backup of a newer schema: %v", err)
			}
			again, err := database.Open(dst)
			if err != nil {
				t.Fatal(err)
			}
			defer again.Close()
			for _, table := range []string{"people", "punches", "settings"} {
				if n, m := len(dump(t, again, table)), len(dump(t, got2(t, dst), table)); n == 0 || n != m {
					t.Fatalf("%s after refused restores: %d rows", table, n)
				}
			}
			// With --force the same backup replaces the database.
			again.Close()
			if _, err := ops.Restore(ctx, dst, file, ops.RestoreOptions{Force: true}); err != nil {
				t.Fatalf("forced restore: %v", err)
			}
			final := got2(t, dst)
			if a, b := dump(t, src, "people"), dump(t, final, "people"); strings.Join(a, "\n") != strings.Join(b, "\n") {
				t.Fatal("people differ after a forced restore")
			}
		})
	}
}

func got2(t *testing.T, dsn string) *database.DB {
	t.Helper()
	db, err := database.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// dbDialect is the engine of the subtest testdb.Each runs.
func dbDialect(t *testing.T) database.Dialect {
	if strings.HasSuffix(t.Name(), "/postgres") {
		return database.Postgres
	}
	return database.SQLite
}
