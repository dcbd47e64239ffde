package database

import (
	"context"
	"fmt"
	"os"
	"os/exec"
)

// Backup writes a consistent copy of the database to path while it stays in use: SQLite
// with VACUUM INTO (a compact single file), PostgreSQL with pg_dump's custom format.
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
		cmd := exec.CommandContext(ctx, bin, "--format=custom", "--file="+path, dsn)
		cmd.Stderr = os.Stderr
		return cmd.Run()
	}
	return fmt.Errorf("database: backup: unknown dialect %s", db.Dialect)
}
