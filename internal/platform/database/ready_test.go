package database_test

import (
	"context"
	"errors"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestReadyAfterARequestFailure: a lost connection seen by one request is checked again by a
// fresh probe (a healthy database is ready at once, so one dropped connection does not take
// the node out of the load balancer), while a full disk, which the probe's one-row write may
// not notice, keeps the node out for the failure window.
func TestReadyAfterARequestFailure(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	if err := db.Ready(ctx); err != nil {
		t.Fatalf("fresh database not ready: %v", err)
	}
	db.NoteFailure(&database.UnavailableError{Cause: database.CauseDown, Err: errors.New("driver: bad connection")})
	if err := db.Ready(ctx); err != nil {
		t.Fatalf("one lost connection kept a healthy database out: %v", err)
	}
	db.NoteFailure(&database.UnavailableError{Cause: database.CauseDiskFull, Err: errors.New("database or disk is full")})
	var nr *database.NotReadyError
	if err := db.Ready(ctx); !errors.As(err, &nr) || nr.Cause != database.CauseDiskFull {
		t.Fatalf("a full disk seen by a request: Ready = %v, want not ready (disk full)", err)
	}
}
