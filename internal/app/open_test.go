package app_test

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"log/slog"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/testdb"
)

// captureLog sends the default logger to a buffer until the test ends.
func captureLog(t *testing.T) func() string {
	var mu sync.Mutex
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return buf.Write(p)
	}), nil)))
	t.Cleanup(func() { slog.SetDefault(old) })
	return func() string { mu.Lock(); defer mu.Unlock(); return buf.String() }
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func shortWait(t *testing.T) {
	old := app.WaitInterval
	app.WaitInterval = 200 * time.Millisecond
	t.Cleanup(func() { app.WaitInterval = old })
}

func postgresBehindProxy(t *testing.T, down bool) (string, *testdb.Proxy) {
	t.Helper()
	if os.Getenv(testdb.EnvPostgres) == "" {
		t.Skip("needs " + testdb.EnvPostgres)
	}
	base := testdb.PostgresURL(t)
	u, _ := url.Parse(base)
	p := testdb.NewProxy(t, u.Host, down)
	return p.URL(base), p
}

// PostgreSQL comes up after the node: start-up retries with a log line per attempt, then
// migrates and opens.
func TestOpenWaitsForTheDatabase(t *testing.T) {
	dsn, proxy := postgresBehindProxy(t, true)
	shortWait(t)
	logs := captureLog(t)
	cfg := config.Default()
	cfg.DatabaseURL, cfg.DatabaseWait = dsn, 20*time.Second
	go func() { time.Sleep(time.Second); proxy.Restore() }()
	db, err := app.Open(context.Background(), cfg)
	if err != nil {
		t.Fatalf("open: %v\n%s", err, logs())
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n == 0 {
		t.Fatalf("not migrated: %d %v", n, err)
	}
	l := logs()
	if c := strings.Count(l, "database not reachable yet, retrying in 200ms"); c < 2 || !strings.Contains(l, "connection refused") {
		t.Fatalf("want a log line per attempt naming the cause, got:\n%s", l)
	}
	if !strings.Contains(l, "database reachable") {
		t.Fatalf("no line saying the database was reached:\n%s", l)
	}
}

// A database that never comes: start-up gives up after HADIR_DATABASE_WAIT, saying so.
func TestOpenGivesUpAfterTheWait(t *testing.T) {
	dsn, _ := postgresBehindProxy(t, true)
	shortWait(t)
	captureLog(t)
	cfg := config.Default()
	cfg.DatabaseURL, cfg.DatabaseWait = dsn, 700*time.Millisecond
	start := time.Now()
	_, err := app.Open(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "not reachable after 700ms") || !strings.Contains(err.Error(), "connection refused") {
		t.Fatalf("want a clear give-up, got %v", err)
	}
	if d := time.Since(start); d < 600*time.Millisecond || d > 5*time.Second {
		t.Fatalf("gave up after %s", d)
	}
}

// Waiting cannot fix a database name that does not exist: it fails at once.
func TestOpenDoesNotWaitForAMissingDatabase(t *testing.T) {
	base := os.Getenv(testdb.EnvPostgres)
	if base == "" {
		t.Skip("needs " + testdb.EnvPostgres)
	}
	u, _ := url.Parse(base)
	u.Path = "/hadir_no_such_database"
	captureLog(t)
	cfg := config.Default()
	cfg.DatabaseURL, cfg.DatabaseWait = u.String(), 30*time.Second
	start := time.Now()
	_, err := app.Open(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("want the missing database named, got %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("waited %s for a permanent error", d)
	}
}

// A data directory that cannot be written is named with its cause, not "unable to open
// database file (14)". Tests run as root in CI, where modes do not stop writes: the root
// cases use places no mode decides (a path through a file, sysfs).
func TestOpenNamesAnUnwritableDataDirectory(t *testing.T) {
	open := func(dir string) error {
		cfg := config.Default()
		cfg.DataDir, cfg.DatabaseWait = dir, 0
		db, err := app.Open(context.Background(), cfg)
		if err == nil {
			db.Close()
		}
		return err
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := open(filepath.Join(file, "data")); err == nil || !strings.Contains(err.Error(), filepath.Join(file, "data")) ||
		!strings.Contains(err.Error(), "not a directory") {
		t.Errorf("path through a file: %v", err)
	}
	if os.Geteuid() == 0 {
		if st, err := os.Stat("/sys/kernel"); err == nil && st.IsDir() {
			if err := open("/sys/kernel"); err == nil || !strings.Contains(err.Error(), "/sys/kernel is not writable: permission denied") {
				t.Errorf("sysfs: %v", err)
			}
		}
		return
	}
	ro := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(ro, 0o500); err != nil {
		t.Fatal(err)
	}
	if err := open(ro); err == nil || !strings.Contains(err.Error(), ro+" is not writable: permission denied") {
		t.Errorf("read-only mode: %v", err)
	}
}
