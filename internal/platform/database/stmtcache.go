package database

import (
	"context"
	"database/sql"
	"sync"
	"time"
)

// stmtCacheSize bounds the prepared statements kept per database. Queries are constant
// strings in the stores, except for IN lists of varying length: past the bound, an arbitrary
// statement makes room for the new one.
const stmtCacheSize = 512

// evictedStmtGrace is how long an evicted statement stays open: a caller that took it from
// the cache just before has long started its query by then (database/sql keeps the driver
// statement of rows still being read until they are closed).
const evictedStmtGrace = time.Minute

// stmtCache runs queries outside a transaction through statements prepared once. The
// SQLite driver otherwise parses and plans every statement on every call: under load that was
// a quarter of the CPU of a people list (issue 9, "Throughput"). PostgreSQL's pgx driver
// keeps its own statement cache per connection, so this is used for SQLite only.
type stmtCache struct {
	db *sql.DB
	mu sync.RWMutex
	m  map[string]*sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, m: make(map[string]*sql.Stmt)}
}

// stmt returns the prepared statement of a query, or nil when it cannot be kept.
func (c *stmtCache) stmt(ctx context.Context, query string) *sql.Stmt {
	c.mu.RLock()
	st := c.m[query]
	c.mu.RUnlock()
	if st != nil {
		return st
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if st = c.m[query]; st != nil {
		return st
	}
	if len(c.m) >= stmtCacheSize {
		for q, old := range c.m { // map order: an arbitrary victim
			delete(c.m, q)
			time.AfterFunc(evictedStmtGrace, func() { _ = old.Close() })
			break
		}
	}
	st, err := c.db.PrepareContext(context.WithoutCancel(ctx), query)
	if err != nil {
		return nil // the plain call reports the error
	}
	c.m[query] = st
	return st
}

func (c *stmtCache) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := c.stmt(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return c.db.ExecContext(ctx, query, args...)
}

func (c *stmtCache) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := c.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return c.db.QueryContext(ctx, query, args...)
}

func (c *stmtCache) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := c.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return c.db.QueryRowContext(ctx, query, args...)
}

func (c *stmtCache) close() { c.forgetAll() }

// forgetAll closes every cached statement (rows still open keep theirs until closed).
func (c *stmtCache) forgetAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.m {
		_ = st.Close()
		delete(c.m, q)
	}
}
