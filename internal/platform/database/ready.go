package database

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Tuning of Ready.
const (
	// DefaultFailureWindow is how long a failure seen by a request keeps the node not ready.
	DefaultFailureWindow = 10 * time.Second
	// ProbeEvery bounds the write probes: callers within it share the last result, so a
	// load balancer (or anyone) polling /readyz cannot turn it into a stream of writes.
	ProbeEvery = time.Second
	// MinFreeBytes is the free space below which a SQLite data directory counts as full.
	MinFreeBytes = 1 << 20
)

type health struct {
	mu       sync.Mutex
	last     *UnavailableError // the last unavailability a request ran into
	lastAt   time.Time
	probeAt  time.Time
	probeErr error
}

// NotReadyError says why Ready failed: its own probe (Ago zero) or a failure a request ran
// into Ago before.
type NotReadyError struct {
	Cause Cause
	Ago   time.Duration
	Err   error
}

func (e *NotReadyError) Error() string {
	if e.Ago > 0 {
		return fmt.Sprintf("%s (a request failed %s ago): %v", e.Cause.Message(), e.Ago.Round(time.Second), e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Cause.Message(), e.Err)
}

func (e *NotReadyError) Unwrap() error { return e.Err }

// NoteFailure records that a request ran into an unavailable database, for Ready.
func (db *DB) NoteFailure(ue *UnavailableError) {
	db.health.mu.Lock()
	db.health.last, db.health.lastAt = ue, time.Now()
	db.health.mu.Unlock()
}

// Ready reports whether the database can serve writes now: a committed one-row write (with
// the free space beside a SQLite file, since a full disk may still take a write into space
// SQLite holds already), and no unavailability seen by a request within FailureWindow. A
// rolled back write would not do: it never reaches the disk. The probe runs at most once per
// ProbeEvery; callers in between share its result.
func (db *DB) Ready(ctx context.Context) error {
	h := &db.health
	h.mu.Lock()
	defer h.mu.Unlock()
	now := time.Now()
	// Probe again when the last one is old, or when a request has failed since it ran: its
	// result would no longer say what the requests see.
	if now.Sub(h.probeAt) >= ProbeEvery || (h.last != nil && h.lastAt.After(h.probeAt)) {
		h.probeErr = db.probe(ctx)
		h.probeAt = time.Now()
	}
	if h.probeErr != nil {
		return h.probeErr
	}
	window := db.FailureWindow
	if window == 0 {
		window = DefaultFailureWindow
	}
	// A request's failure is kept for the window only when the probe may not see it (a full
	// disk may still take the probe's one-row write; a read-only or failing file may spare
	// that page). A lost connection or a busy database shows in the live probe itself, so a
	// single dropped connection (e.g. after a burst of cancelled requests) does not take the
	// node out of the load balancer for the whole window.
	if h.last != nil && now.Sub(h.lastAt) < window && h.last.Cause != CauseDown && h.last.Cause != CauseBusy {
		return &NotReadyError{Cause: h.last.Cause, Ago: max(now.Sub(h.lastAt), time.Millisecond), Err: h.last.Err}
	}
	return nil
}

func (db *DB) probe(ctx context.Context) error {
	if db.Path != "" {
		dir := filepath.Dir(db.Path)
		if free, err := freeBytes(dir); err == nil && free < MinFreeBytes {
			return &NotReadyError{Cause: CauseDiskFull, Err: fmt.Errorf("%d bytes free in %s", free, dir)}
		}
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	node, _ := os.Hostname()
	_, err := db.ExecContext(ctx, `INSERT INTO readiness_probe (id, node, checked_at) VALUES (1, $1, $2)
		ON CONFLICT (id) DO UPDATE SET node = excluded.node, checked_at = excluded.checked_at`, node, Now())
	if err == nil {
		return nil
	}
	if ue, ok := AsUnavailable(err); ok {
		return &NotReadyError{Cause: ue.Cause, Err: err}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return &NotReadyError{Cause: CauseBusy, Err: err}
	}
	return &NotReadyError{Cause: CauseDown, Err: err}
}
