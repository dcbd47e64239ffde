// Package ops holds what an administrator runs beside the server: restoring a backup.
package ops

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
)

// ErrHoldsData is returned by Restore when the target database already holds data and
// Force was not given.
var ErrHoldsData = errors.New("restore: the target database holds data")

// RestoreOptions tune Restore.
type RestoreOptions struct {
	// Force replaces a target database that holds data.
	Force bool
}

// Restore brings the backup in file (written by hadir backup: a SQLite file, or a pg_dump
// custom-format archive) back into the database at dsn. It checks the backup first (SQLite:
// PRAGMA integrity_check; PostgreSQL: pg_restore reads the whole archive) and its schema
// version (not newer than this binary), and refuses a target that holds data unless
// opt.Force. The server must not be running on the target while it restores. It returns the
// schema version restored.
func Restore(ctx context.Context, dsn, file string, opt RestoreOptions) (int, error) {
	head := make([]byte, 16)
	f, err := os.Open(file)
	if err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	_, err = io.ReadFull(f, head)
	f.Close()
	if err != nil {
		return 0, fmt.Errorf("restore: %s is not a Hadir backup (too short)", file)
	}
	isSQLite := bytes.HasPrefix(head, []byte("SQLite format 3\x00"))
	isDump := bytes.HasPrefix(head, []byte("PGDMP"))
	switch {
	case strings.HasPrefix(dsn, "sqlite://"):
		if !isSQLite {
			return 0, fmt.Errorf("restore: %s is not a SQLite backup, and the target database is SQLite", file)
		}
		return restoreSQLite(ctx, strings.TrimPrefix(dsn, "sqlite://"), file, opt)
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		if !isDump {
			return 0, fmt.Errorf("restore: %s is not a pg_dump custom-format backup, and the target database is PostgreSQL (to move from SQLite use hadir migrate-data)", file)
		}
		return restorePostgres(ctx, dsn, file, opt)
	}
	return 0, fmt.Errorf("restore: unsupported database address")
}

// checkVersion refuses a backup whose schema is unknown or newer than the binary.
func checkVersion(v int, d database.Dialect) error {
	if v == 0 {
		return errors.New("restore: the backup holds no Hadir schema (no schema_migrations)")
	}
	if latest := migrations.Latest(d); v > latest {
		return fmt.Errorf("restore: the backup is at schema version %d, this binary knows up to %d: restore it with the release that took it, or newer", v, latest)
	}
	return nil
}

// holdsData reports whether any table other than the bookkeeping ones (schema_migrations,
// settings: a server started once on an empty database has these) has a row.
func holdsData(ctx context.Context, db *database.DB) (bool, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if db.Dialect == database.Postgres {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return false, database.MapError(err)
	}
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return false, err
		}
		tables = append(tables, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return false, err
	}
	for _, t := range tables {
		if t == "schema_migrations" || t == "settings" {
			continue
		}
		var one int
		err := db.QueryRowContext(ctx, `SELECT 1 FROM `+quoteIdent(t)+` LIMIT 1`).Scan(&one)
		if err == nil {
			return true, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return false, database.MapError(err)
		}
	}
	return false, nil
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// restoreSQLite copies the backup beside the target, checks the copy, then renames it over
// the target: the target is either untouched or wholly the backup.
func restoreSQLite(ctx context.Context, target, file string, opt RestoreOptions) (int, error) {
	if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	if st, err := os.Stat(target); err == nil && st.Size() > 0 {
		db, err := database.Open("sqlite://" + target)
		if err != nil {
			return 0, err
		}
		full, err := holdsData(ctx, db)
		db.Close()
		if err != nil {
			return 0, fmt.Errorf("restore: reading the target: %w", err)
		}
		if full && !opt.Force {
			return 0, fmt.Errorf("%w (%s); stop Hadir and give --force to replace it", ErrHoldsData, target)
		}
	}
	tmp := target + ".restoring"
	for _, p := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
		_ = os.Remove(p)
	}
	if err := copyFile(file, tmp); err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	v, err := checkSQLite(ctx, tmp)
	if err != nil {
		_ = os.Remove(tmp)
		return 0, err
	}
	for _, p := range []string{tmp + "-wal", tmp + "-shm", target + "-wal", target + "-shm"} {
		if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
			return 0, fmt.Errorf("restore: %w", err)
		}
	}
	if err := os.Rename(tmp, target); err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	if d, err := os.Open(filepath.Dir(target)); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return v, nil
}

// checkSQLite runs SQLite's integrity check on a copy and reads its schema version.
func checkSQLite(ctx context.Context, path string) (int, error) {
	db, err := database.Open("sqlite://" + path)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var res string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil {
		return 0, fmt.Errorf("restore: the backup is not a readable SQLite database: %w", err)
	}
	if res != "ok" {
		return 0, fmt.Errorf("restore: the backup fails SQLite's integrity check: %s", res)
	}
	v, err := migrations.Version(ctx, db)
	if err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	return v, checkVersion(v, database.SQLite)
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func pgTool(name string) (string, error) {
	bin, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("restore: PostgreSQL needs %s on the PATH (the PostgreSQL client, of the server's major version or newer)", name)
	}
	return bin, nil
}

func run(ctx context.Context, bin string, args ...string) ([]byte, error) {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%s: %w: %s", filepath.Base(bin), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// restorePostgres checks the archive (pg_restore reads all of it), reads its schema version
// from the schema_migrations data, then restores it with pg_restore in one transaction.
func restorePostgres(ctx context.Context, dsn, file string, opt RestoreOptions) (int, error) {
	bin, err := pgTool("pg_restore")
	if err != nil {
		return 0, err
	}
	// The whole archive, data included, read through: a truncated or damaged file fails here.
	if _, err := run(ctx, bin, "--file=/dev/null", file); err != nil {
		return 0, fmt.Errorf("restore: the backup cannot be read: %w", err)
	}
	list, err := run(ctx, bin, "--list", file)
	if err != nil {
		return 0, fmt.Errorf("restore: the backup cannot be read: %w", err)
	}
	schemas := dumpSchemas(list)
	data, err := run(ctx, bin, "--data-only", "--table=schema_migrations", "--file=-", file)
	if err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	v := copyMaxVersion(data)
	if err := checkVersion(v, database.Postgres); err != nil {
		return 0, err
	}
	db, err := database.Open(dsn)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	full, err := holdsData(ctx, db)
	if err != nil {
		return 0, fmt.Errorf("restore: reading the target: %w", err)
	}
	if full && !opt.Force {
		return 0, fmt.Errorf("%w; stop Hadir and give --force to replace it", ErrHoldsData)
	}
	// Clear what the archive recreates: the schemas it creates, or else the tables of the
	// target's schema (a migrated but empty database, or one replaced with --force).
	err = db.WithTx(ctx, func(ctx context.Context) error {
		q := db.Q(ctx)
		if len(schemas) > 0 {
			for _, s := range schemas {
				if _, err := q.ExecContext(ctx, `DROP SCHEMA IF EXISTS `+quoteIdent(s)+` CASCADE`); err != nil {
					return err
				}
			}
			return nil
		}
		rows, err := q.QueryContext(ctx, `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)
		if err != nil {
			return err
		}
		var tables []string
		for rows.Next() {
			var t string
			if err := rows.Scan(&t); err != nil {
				rows.Close()
				return err
			}
			tables = append(tables, quoteIdent(t))
		}
		rows.Close()
		if err := rows.Err(); err != nil || len(tables) == 0 {
			return err
		}
		_, err = q.ExecContext(ctx, `DROP TABLE `+strings.Join(tables, ", ")+` CASCADE`)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("restore: clearing the target: %w", database.MapError(err))
	}
	db.Close()
	libpq, _, err := database.LibpqURL(dsn)
	if err != nil {
		return 0, err
	}
	if _, err := run(ctx, bin, "--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", "--dbname="+libpq, file); err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	return v, nil
}

// dumpSchemas lists the schemas an archive creates (a dump of one schema: pg_dump --schema).
func dumpSchemas(list []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(list))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, ";") {
			continue
		}
		// "6; 2615 16385 SCHEMA - t_1 postgres"
		f := strings.Fields(line)
		if len(f) >= 6 && f[3] == "SCHEMA" && f[4] == "-" && f[5] != "public" {
			out = append(out, f[5])
		}
	}
	return out
}

// copyMaxVersion reads the highest version in the COPY data of schema_migrations.
func copyMaxVersion(sqlText []byte) int {
	max := 0
	in := false
	sc := bufio.NewScanner(bytes.NewReader(sqlText))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "COPY ") && strings.Contains(line, "schema_migrations"):
			in = true
		case line == `\.`:
			in = false
		case in:
			num, _, _ := strings.Cut(line, "\t")
			if v, err := strconv.Atoi(num); err == nil && v > max {
				max = v
			}
		}
	}
	return max
}
