package app_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/platform/migrations"
)

// A node whose binary is older than the schema (a newer release migrated the database)
// refuses to start at once, without waiting for the database, with the versions in the
// message; the database is left as it was.
func TestOpenRefusesANewerSchema(t *testing.T) {
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.DatabaseWait = time.Minute
	ctx := context.Background()
	db, err := app.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	latest := migrations.Latest(db.Dialect)
	if _, err := db.Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'next_release.sql', '2099-01-01T00:00:00Z')`, latest+1); err != nil {
		t.Fatal(err)
	}
	db.Close()
	start := time.Now()
	_, err = app.Open(ctx, cfg)
	if !errors.Is(err, migrations.ErrSchemaTooNew) {
		t.Fatalf("open: %v", err)
	}
	if time.Since(start) > 10*time.Second {
		t.Fatalf("took %s: a newer schema must fail at once, not be retried", time.Since(start))
	}
	t.Log(err)
}
