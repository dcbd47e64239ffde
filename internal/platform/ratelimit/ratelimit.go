// Package ratelimit counts attempts in the database, so that every node of a cluster shares
// the same limits. A reservation is one atomic UPSERT that returns the new count: under any
// number of parallel requests exactly Limit of them get through per window.
package ratelimit

import (
	"context"
	"math/rand/v2"
	"time"

	"hadir/internal/platform/database"
)

// Rule is a limit: at most Limit reservations per Window, the window starting at the first.
type Rule struct {
	Limit  int
	Window time.Duration
}

// Limiter reserves attempts against rules.
type Limiter struct {
	db *database.DB
	// Now is the clock (tests may fix it).
	Now func() time.Time
}

// New returns a Limiter over the database's rate_limits table.
func New(db *database.DB) *Limiter { return &Limiter{db: db, Now: time.Now} }

// Take reserves one attempt under key. It reports whether the attempt is within the rule and,
// when it is not, how long until the window ends.
func (l *Limiter) Take(ctx context.Context, key string, r Rule) (bool, time.Duration, error) {
	now := l.Now().UnixMilli()
	const q = `INSERT INTO rate_limits (key, n, reset_at) VALUES ($1, 1, $2)
		ON CONFLICT (key) DO UPDATE SET
			n = CASE WHEN rate_limits.reset_at <= $3 THEN 1 ELSE rate_limits.n + 1 END,
			reset_at = CASE WHEN rate_limits.reset_at <= $3 THEN $2 ELSE rate_limits.reset_at END
		RETURNING n, reset_at`
	var n int
	var reset int64
	if err := l.db.Q(ctx).QueryRowContext(ctx, q, key, now+r.Window.Milliseconds(), now).Scan(&n, &reset); err != nil {
		return false, 0, err
	}
	if rand.IntN(64) == 0 {
		// Forget windows that ended a day ago, now and then.
		_, _ = l.db.Q(ctx).ExecContext(ctx, `DELETE FROM rate_limits WHERE reset_at < $1`, now-24*time.Hour.Milliseconds())
	}
	if n <= r.Limit {
		return true, 0, nil
	}
	after := time.Duration(reset-now) * time.Millisecond
	return false, max(after, time.Second), nil
}

// Give returns one reservation under key (the attempt turned out not to count, e.g. it
// succeeded or was never tried).
func (l *Limiter) Give(ctx context.Context, key string) error {
	_, err := l.db.Q(ctx).ExecContext(ctx, `UPDATE rate_limits SET n = n - 1 WHERE key = $1 AND n > 0`, key)
	return err
}

// Clear forgets every reservation under key.
func (l *Limiter) Clear(ctx context.Context, key string) error {
	_, err := l.db.Q(ctx).ExecContext(ctx, `DELETE FROM rate_limits WHERE key = $1`, key)
	return err
}

// Error is a refusal by a limit: it wraps the domain's sentinel error and tells when to retry.
type Error struct {
	Err   error
	After time.Duration
}

func (e *Error) Error() string { return e.Err.Error() }

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

// RetryAfter is how long the caller should wait.
func (e *Error) RetryAfter() time.Duration { return e.After }

// Refuse wraps a sentinel with a retry delay.
func Refuse(sentinel error, after time.Duration) error { return &Error{Err: sentinel, After: after} }
