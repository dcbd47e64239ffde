package database

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
)

// Backup writes a consistent copy of the database to path while it stays in use: SQLite
// with VACUUM INTO (a compact single file), PostgreSQL with pg_dump's custom format (one
// snapshot: a repeatable-read transaction; only Hadir's schema when the address names one
// with search_path).
func (db *DB) Backup(ctx context.Context, dsn, path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("database: backup: %s exists", path)
	}
	switch db.Dialect {
	case SQLite:
		_, err := db.ExecContext(ctx, `VACUUM INTO ?`, path)
		return err
	case Postgres:
		bin, err := exec.LookPath("pg_dump")
		if err != nil {
			return fmt.Errorf("database: backup of PostgreSQL needs pg_dump on the PATH")
		}
		libpq, schema, err := LibpqURL(dsn)
		if err != nil {
			return err
		}
		args := []string{"--format=custom", "--file=" + path}
		if schema != "" {
			args = append(args, "--schema="+schema)
		}
		cmd := exec.CommandContext(ctx, bin, append(args, libpq)...)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			_ = os.Remove(path) // never leave a partial archive that looks like a backup
			return fmt.Errorf("database: backup: pg_dump: %w", err)
		}
		return nil
	}
	return fmt.Errorf("database: backup: unknown dialect %s", db.Dialect)
}

// LibpqURL turns a Hadir PostgreSQL address into one pg_dump and pg_restore accept: pgx
// takes search_path as a query parameter, libpq does not, so it is removed and returned apart.
func LibpqURL(dsn string) (libpq, searchPath string, err error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return "", "", fmt.Errorf("database address: %w", err)
	}
	q := u.Query()
	searchPath = q.Get("search_path")
	q.Del("search_path")
	u.RawQuery = q.Encode()
	return u.String(), searchPath, nil
}
