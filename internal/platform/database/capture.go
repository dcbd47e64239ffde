package database

import (
	"context"
	"database/sql"
	"sync"
)

// Statement is one statement a store ran: its text and arguments.
type Statement struct {
	Query string
	Args  []any
}

// Capture returns a context under which every statement the stores run through Q (inside
// or outside a transaction) is recorded, and a function returning those recorded so far.
// The query-plan tests use it to EXPLAIN the very statements a list call runs, so that a
// change to a store's SQL is checked without a copy of it in a test.
func Capture(ctx context.Context) (context.Context, func() []Statement) {
	c := &capture{}
	return context.WithValue(ctx, captureKey{}, c), func() []Statement {
		c.mu.Lock()
		defer c.mu.Unlock()
		return append([]Statement(nil), c.stmts...)
	}
}

type captureKey struct{}

type capture struct {
	mu    sync.Mutex
	stmts []Statement
}

func (c *capture) add(q string, args []any) {
	c.mu.Lock()
	c.stmts = append(c.stmts, Statement{Query: q, Args: append([]any(nil), args...)})
	c.mu.Unlock()
}

// capturing records each statement, then runs it on the Querier Q would have returned.
type capturing struct {
	c *capture
	q Querier
}

func (w capturing) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	w.c.add(query, args)
	return w.q.ExecContext(ctx, query, args...)
}

func (w capturing) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	w.c.add(query, args)
	return w.q.QueryContext(ctx, query, args...)
}

func (w capturing) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	w.c.add(query, args)
	return w.q.QueryRowContext(ctx, query, args...)
}
