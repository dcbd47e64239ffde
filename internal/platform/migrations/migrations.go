// Package migrations holds the numbered schema migrations of each engine and applies the
// missing ones at start, each in its own transaction.
package migrations

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"

	"hadir/internal/platform/database"
)

//go:embed sqlite/*.sql postgres/*.sql
var files embed.FS

// Migration is one numbered SQL file.
type Migration struct {
	Version int
	Name    string
	SQL     string
	// Breaks is set by a line "-- hadir: breaks older code" in the file: the code of earlier
	// releases cannot run on the schema it leaves (see Compatibility).
	Breaks bool
}

// Compatibility. Migrations are expand-only by default: they add tables, columns, indexes and
// triggers that the previous release's code does not read and that it can write around, so a
// node of release N-1 keeps serving while release N's nodes have migrated the database (a
// rolling upgrade). A migration that removes or renames what older code uses says so with a
// line "-- hadir: breaks older code"; from then on older binaries refuse the database as
// before. Each applied migration records in schema_migrations.oldest_code the oldest schema
// version whose code still runs (from CompatFrom on; earlier rows have none, and a binary that
// finds a newer schema without it refuses). TestMigrationsDeclareBreakingChanges keeps the
// marker honest for the statements that break older code.
const BreaksMarker = "-- hadir: breaks older code"

// CompatFrom is the migration that added schema_migrations.oldest_code.
const CompatFrom = 32

// List returns the migrations of an engine in order.
func List(d database.Dialect) ([]Migration, error) {
	dir := string(d)
	entries, err := fs.ReadDir(files, dir)
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migrations: bad file name %s", name)
		}
		b, err := files.ReadFile(dir + "/" + name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: name, SQL: string(b), Breaks: strings.Contains(string(b), BreaksMarker)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// lockKey is the PostgreSQL advisory lock that makes one node at a time migrate. Nodes of
// older versions took the same key (as a transaction lock per migration), so an old and a new
// node started together during an upgrade still exclude each other.
const lockKey = 720131

// Up applies every migration not yet recorded in schema_migrations.
//
// Everything runs on one dedicated connection. On PostgreSQL that connection first takes a
// session-level advisory lock, before anything else touches the schema (even the creation of
// schema_migrations: two concurrent CREATE TABLE IF NOT EXISTS collide in the catalogue), and
// holds it until the last migration is committed: several nodes started at once on an empty
// database queue on the lock, the first applies everything and the others find nothing to do.
// On SQLite each migration's transaction takes the write lock at BEGIN (_txlock=immediate).
func Up(ctx context.Context, db *database.DB) error {
	list, err := List(db.Dialect)
	if err != nil {
		return err
	}
	return up(ctx, db, list)
}

// up is Up for a binary that knows the migrations of list.
func up(ctx context.Context, db *database.DB, list []Migration) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrations: %w", database.MapError(err))
	}
	defer conn.Close()
	if db.Dialect == database.Postgres {
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, lockKey); err != nil {
			return fmt.Errorf("migrations: take the migration lock: %w", database.MapError(err))
		}
		defer func() {
			// Unlock even when ctx is done; if that fails the connection may still hold the
			// lock, so it is thrown away instead of going back to the pool (closing the
			// session releases the lock on the server).
			uctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if _, uerr := conn.ExecContext(uctx, `SELECT pg_advisory_unlock($1)`, lockKey); uerr != nil {
				_ = conn.Raw(func(any) error { return driver.ErrBadConn })
			}
		}()
	}
	const create = `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`
	if _, err := conn.ExecContext(ctx, create); err != nil {
		return fmt.Errorf("migrations: %w", database.MapError(err))
	}
	latest := 0
	if len(list) > 0 {
		latest = list[len(list)-1].Version
	}
	newer, err := checkNotNewer(ctx, conn, latest)
	if err != nil {
		return err
	}
	if newer {
		// A newer release migrated this database and says this code still runs on it: use it
		// as it is. Every migration this binary knows must be there.
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version <= $1`, latest).Scan(&n); err != nil {
			return fmt.Errorf("migrations: %w", database.MapError(err))
		}
		if n != len(list) {
			return fmt.Errorf("%w: it lacks migrations this binary knows (%d of %d recorded up to version %d)", ErrSchemaTooNew, n, len(list), latest)
		}
		return nil
	}
	for _, m := range list {
		if err := apply(ctx, conn, m); err != nil {
			return err
		}
	}
	return nil
}

// apply runs one migration in its own transaction on conn, unless it is recorded already.
func apply(ctx context.Context, conn *sql.Conn, m Migration) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrations: %w", database.MapError(err))
	}
	defer func() { _ = tx.Rollback() }()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = $1`, m.Version).Scan(&n); err != nil {
		return fmt.Errorf("migrations: %w", database.MapError(err))
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return fmt.Errorf("migrations: %s: %w", m.Name, database.MapError(err))
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
		m.Version, m.Name, database.Now().Format("2006-01-02T15:04:05Z")); err != nil {
		return fmt.Errorf("migrations: %s: %w", m.Name, database.MapError(err))
	}
	if m.Version >= CompatFrom {
		// The oldest code that runs on the schema now: this migration's own version when it
		// breaks older code, otherwise what the migration before it allowed (the version
		// before it, for the first migration that records it).
		oldest := m.Version
		if !m.Breaks {
			var prev, prevOldest sql.NullInt64
			if err := tx.QueryRowContext(ctx, `SELECT version, oldest_code FROM schema_migrations WHERE version < $1 ORDER BY version DESC LIMIT 1`,
				m.Version).Scan(&prev, &prevOldest); err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("migrations: %s: %w", m.Name, database.MapError(err))
			}
			switch {
			case prevOldest.Valid:
				oldest = int(prevOldest.Int64)
			case prev.Valid:
				oldest = int(prev.Int64)
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE schema_migrations SET oldest_code = $1 WHERE version = $2`, oldest, m.Version); err != nil {
			return fmt.Errorf("migrations: %s: %w", m.Name, database.MapError(err))
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrations: %s: %w", m.Name, database.MapError(err))
	}
	slog.Info("migration applied", "name", m.Name)
	return nil
}

// Latest is the highest migration version this binary knows for an engine: the schema
// version it expects.
func Latest(d database.Dialect) int {
	list, err := List(d)
	if err != nil || len(list) == 0 {
		return 0
	}
	return list[len(list)-1].Version
}

// Version is the highest migration recorded in db (0 for a database never migrated).
func Version(ctx context.Context, db *database.DB) (int, error) {
	var exists int
	q := `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`
	if db.Dialect == database.Postgres {
		q = `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_migrations'`
	}
	if err := db.QueryRowContext(ctx, q).Scan(&exists); err != nil {
		return 0, database.MapError(err)
	}
	if exists == 0 {
		return 0, nil
	}
	var v sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, database.MapError(err)
	}
	return int(v.Int64), nil
}

// ErrSchemaTooNew is returned by Up when the database has migrations this binary does not
// know: a newer release has run on it. Migrations are forward-only, so this binary must not
// touch it.
var ErrSchemaTooNew = errors.New("migrations: the database schema is newer than this binary")

// checkNotNewer refuses a database whose schema is ahead of a binary that knows up to
// latest, unless the newer schema records that code of latest still runs on it (newer is
// then true).
func checkNotNewer(ctx context.Context, conn *sql.Conn, latest int) (newer bool, err error) {
	var v sql.NullInt64
	if err := conn.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&v); err != nil {
		return false, fmt.Errorf("migrations: %w", database.MapError(err))
	}
	if int(v.Int64) <= latest {
		return false, nil
	}
	var oldest sql.NullInt64
	if latest >= CompatFrom {
		if err := conn.QueryRowContext(ctx, `SELECT oldest_code FROM schema_migrations WHERE version = $1`, v.Int64).Scan(&oldest); err != nil {
			return false, fmt.Errorf("migrations: %w", database.MapError(err))
		}
	}
	if oldest.Valid && int(oldest.Int64) <= latest {
		slog.Warn("the database schema is newer than this binary and compatible with it: serving without migrating (a rolling upgrade)",
			"schema", v.Int64, "binary_knows", latest, "oldest_compatible", oldest.Int64)
		return true, nil
	}
	why := "a newer Hadir has run on this database and migrations only go forward"
	if oldest.Valid {
		why = fmt.Sprintf("a newer Hadir has migrated this database past what this release can use (it needs code of schema %d or newer)", oldest.Int64)
	}
	return false, fmt.Errorf("%w: the database is at schema version %d, this binary knows up to %d; "+
		"%s: run that release (or newer), or restore a backup taken with this one", ErrSchemaTooNew, v.Int64, latest, why)
}
