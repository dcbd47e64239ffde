package database_test

import (
	"context"
	"errors"
	"net/url"
	"os"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// A PostgreSQL connection cut while a query waits for its answer fails with an error that
// says the database is down (the socket's failure is marked as the database's, however pgx
// hands it back: a bare unexpected EOF or a reset); a query whose own context is cancelled
// on a healthy connection is not taken for an outage.
func TestLostConnectionIsUnavailable(t *testing.T) {
	if os.Getenv(testdb.EnvPostgres) == "" {
		t.Skip("needs " + testdb.EnvPostgres)
	}
	base := testdb.PostgresURL(t)
	u, _ := url.Parse(base)
	proxy := testdb.NewProxy(t, u.Host, false)
	db, err := database.Open(proxy.URL(base))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := context.Background()
	const sleep = "SELECT pg_sleep(5)"
	// One connection held so that database/sql cannot retry the query on a new one.
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	// A cancelled query first: its connection stays healthy, and it is no outage.
	cctx, cancel := context.WithCancel(ctx)
	time.AfterFunc(200*time.Millisecond, cancel)
	_, err = conn.ExecContext(cctx, sleep)
	if err == nil {
		t.Fatal("a cancelled pg_sleep succeeded")
	}
	if ue, ok := database.AsUnavailable(err); ok {
		t.Fatalf("a cancelled query was taken for an outage (%s): %v", ue.Cause, err)
	}

	// A query with a parameter (as nearly all of Hadir's are): pgx hands the socket's
	// failure back as it came, a bare unexpected EOF or a reset before the mark.
	conn2, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close()
	const sleepArg = "SELECT pg_sleep($1)::text"
	done := make(chan error, 1)
	go func() {
		var s string
		done <- conn2.QueryRowContext(ctx, sleepArg, 5).Scan(&s)
	}()
	waitActive(t, base, sleepArg)
	proxy.Cut()
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the query did not fail after the cut")
	}
	if err == nil {
		t.Fatal("the query succeeded through a cut connection")
	}
	var lost *database.ConnError
	if !errors.As(err, &lost) {
		t.Fatalf("the failure of a cut connection is not marked as the database's: %T %v", err, err)
	}
	ue, ok := database.AsUnavailable(err)
	if !ok || ue.Cause != database.CauseDown {
		t.Fatalf("cut connection: AsUnavailable %v %v, want %s: %v", ue, ok, database.CauseDown, err)
	}
}

// waitActive waits until a query with exactly this text runs on the server.
func waitActive(t *testing.T, dsn, query string) {
	t.Helper()
	admin, err := database.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		var n int
		if err := admin.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity WHERE query = $1 AND state = 'active'`, query).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%q never ran", query)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
