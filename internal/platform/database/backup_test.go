package database_test

import (
	"context"
	"path/filepath"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// A SQLite backup is a database of its own with the same rows; a second backup to the same
// path is refused. (PostgreSQL backups are pg_dump's own format.)
func TestBackupSQLite(t *testing.T) {
	db := testdb.New(t)
	{
		ctx := context.Background()
		if _, err := db.Exec(`INSERT INTO settings (key, value) VALUES ('backup_test', 'kept')`); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "copy.db")
		if err := db.Backup(ctx, "", path); err != nil {
			t.Fatal(err)
		}
		cp, err := database.Open("sqlite://" + path)
		if err != nil {
			t.Fatal(err)
		}
		defer cp.Close()
		var v string
		if err := cp.QueryRow(`SELECT value FROM settings WHERE key = 'backup_test'`).Scan(&v); err != nil || v != "kept" {
			t.Fatalf("copy: %q %v", v, err)
		}
		if err := db.Backup(ctx, "", path); err == nil {
			t.Fatal("overwrote an existing backup")
		}
	}
}
