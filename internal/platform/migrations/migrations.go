// Package migrations holds the numbered schema migrations of each engine and applies the
// missing ones at start, each in its own transaction.
package migrations

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"strconv"
	"strings"

	"hadir/internal/platform/database"
)

//go:embed sqlite/*.sql postgres/*.sql
var files embed.FS

// Migration is one numbered SQL file.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

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
		out = append(out, Migration{Version: v, Name: name, SQL: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// Up applies every migration not yet recorded in schema_migrations.
func Up(ctx context.Context, db *database.DB) error {
	const create = `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`
	if _, err := db.ExecContext(ctx, create); err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	list, err := List(db.Dialect)
	if err != nil {
		return err
	}
	for _, m := range list {
		err := db.WithTx(ctx, func(ctx context.Context) error {
			q := db.Q(ctx)
			if db.Dialect == database.Postgres {
				// Several nodes may start at once: one applies, the others wait and skip.
				if _, err := q.ExecContext(ctx, `SELECT pg_advisory_xact_lock(720131)`); err != nil {
					return err
				}
			}
			var n int
			if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = $1`, m.Version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if _, err := q.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("migrations: %s: %w", m.Name, err)
			}
			slog.Info("migration applied", "name", m.Name)
			_, err := q.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
				m.Version, m.Name, database.Now().Format("2006-01-02T15:04:05Z"))
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}
