// Package database opens the SQLite or PostgreSQL database, runs transactions that span
// stores through the context, and maps driver errors onto a few portable ones.
package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialect names the SQL engine behind a DB.
type Dialect string

// The supported engines.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Portable errors the stores check for.
var (
	ErrUniqueViolation = errors.New("database: unique violation")
	ErrForeignKey      = errors.New("database: foreign key violation")
)

// Querier is what both *sql.DB and *sql.Tx offer; stores run their SQL through it.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// DB is an open database with its dialect.
type DB struct {
	*sql.DB
	Dialect Dialect
	stmts   *stmtCache // SQLite only: statements prepared once (see stmtcache.go)
	counts  *Counts    // totals of unfiltered lists (see counts.go)
	// Path is the SQLite file (empty on PostgreSQL); Ready checks the free space beside it.
	Path string
	// FailureWindow is how long a failure seen by a request keeps Ready failing
	// (DefaultFailureWindow when zero).
	FailureWindow time.Duration

	health health

	stats *statistics // planner statistics gathered in the background (see statistics.go)
	// AnalyzeDelay is how long AnalyzeSoon waits for more changes (DefaultAnalyzeDelay when 0).
	AnalyzeDelay time.Duration
}

// Open connects to a postgres:// URL or a sqlite:// file path (created with its folder).
func Open(dsn string) (*DB, error) {
	switch {
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		cfg, err := pgx.ParseConfig(dsn)
		if err != nil {
			return nil, fmt.Errorf("database: %w", err)
		}
		markConnErrors(&cfg.Config) // a lost connection is told from a client's (netconn.go)
		db := stdlib.OpenDB(*cfg)
		db.SetMaxOpenConns(20)
		db.SetMaxIdleConns(20)
		db.SetConnMaxIdleTime(5 * time.Minute)
		// Counts are off until ListenForCounts hears the other nodes.
		return &DB{DB: db, Dialect: Postgres, counts: newCounts(false), stats: newStatistics()}, nil
	case strings.HasPrefix(dsn, "sqlite://"):
		path := strings.TrimPrefix(dsn, "sqlite://")
		if err := CheckWritable(path); err != nil {
			return nil, err
		}
		// WAL lets readers run beside the single writer; _txlock=immediate takes the write
		// lock at BEGIN so that two writers queue on busy_timeout instead of failing.
		q := "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate&_time_format=sqlite"
		db, err := sql.Open("sqlite", "file:"+path+q)
		if err != nil {
			return nil, err
		}
		db.SetMaxOpenConns(8)
		db.SetMaxIdleConns(8) // keep the connections, and so their prepared statements
		return &DB{DB: db, Dialect: SQLite, Path: path, stmts: newStmtCache(db), counts: newCounts(true), stats: newStatistics()}, nil
	}
	return nil, fmt.Errorf("database: unsupported address %q", dsn)
}

type txKey struct{}

// Q returns the transaction carried by ctx, or the database itself.
func (db *DB) Q(ctx context.Context) Querier {
	var q Querier = db.DB
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		q = tx
	} else if db.stmts != nil {
		q = db.stmts
	}
	if c, ok := ctx.Value(captureKey{}).(*capture); ok {
		return capturing{c: c, q: q}
	}
	return q
}

// Close stops the background analysis, releases the prepared statements, then closes the
// database.
func (db *DB) Close() error {
	db.closeStatistics()
	if db.stmts != nil {
		db.stmts.close()
	}
	return db.DB.Close()
}

// WithTx runs fn in one transaction: committed when fn returns nil, rolled back otherwise.
// Stores called with the ctx given to fn join the transaction. A nested call runs fn in a
// savepoint of the outer transaction, rolled back alone when fn fails, so that a caller
// which handles that failure and goes on (a request's transaction, a bulk import row by
// row) keeps nothing half-written of it. When ctx carries an Actor the transaction tells the
// audit triggers who acts (actor.go).
func (db *DB) WithTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return db.savepoint(ctx, tx, fn)
	}
	return db.run(ctx, fn, false)
}

// WithRequestTx runs one API request's change in one transaction carrying the request's
// actor, so that every write of the request, inside a service's WithTx or not, is recorded
// with it. Unlike WithTx it commits even when fn fails: a service's own WithTx inside has
// already rolled its savepoint back, and what the request wrote before that (a counted
// attempt of a rate limit, a finished earlier step) stays written as it did when each
// service committed on its own. fn's error is returned.
func (db *DB) WithRequestTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return fn(ctx)
	}
	return db.run(ctx, fn, true)
}

type savepointKey struct{}

func (db *DB) run(ctx context.Context, fn func(ctx context.Context) error, commitOnError bool) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return MapError(err)
	}
	defer func() { _ = tx.Rollback() }()
	actor, hasActor := ActorFrom(ctx)
	if hasActor {
		if err := db.setActor(ctx, tx, actor); err != nil {
			return err
		}
	}
	var hooks []func()
	txCtx := context.WithValue(context.WithValue(context.WithValue(ctx, txKey{}, tx), afterCommitKey{}, &hooks), orgsToldKey{}, map[int64]bool{})
	fnErr := fn(txCtx)
	if fnErr != nil && !commitOnError {
		return fnErr
	}
	if hasActor {
		if err := db.clearActor(ctx, tx); err != nil {
			if fnErr != nil {
				return fnErr
			}
			return err
		}
	}
	if err := MapError(tx.Commit()); err != nil {
		if fnErr != nil {
			return fnErr
		}
		return err
	}
	for _, h := range hooks {
		h()
	}
	return fnErr
}

// savepoint runs fn inside a savepoint of tx: released when fn returns nil, rolled back to
// (with the after-commit hooks fn registered) otherwise.
func (db *DB) savepoint(ctx context.Context, tx *sql.Tx, fn func(ctx context.Context) error) error {
	depth, _ := ctx.Value(savepointKey{}).(int)
	depth++
	name := fmt.Sprintf("hadir_sp%d", depth)
	if _, err := tx.ExecContext(ctx, "SAVEPOINT "+name); err != nil {
		return MapError(err)
	}
	var hooks []func()
	spCtx := context.WithValue(context.WithValue(context.WithValue(ctx, savepointKey{}, depth), afterCommitKey{}, &hooks), orgsToldKey{}, map[int64]bool{})
	if err := fn(spCtx); err != nil {
		if _, rerr := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT "+name); rerr == nil {
			_, _ = tx.ExecContext(ctx, "RELEASE SAVEPOINT "+name)
		}
		return err
	}
	if _, err := tx.ExecContext(ctx, "RELEASE SAVEPOINT "+name); err != nil {
		return MapError(err)
	}
	if parent, ok := ctx.Value(afterCommitKey{}).(*[]func()); ok {
		*parent = append(*parent, hooks...)
	} else {
		for _, h := range hooks {
			AfterCommit(ctx, h)
		}
	}
	return nil
}

type afterCommitKey struct{}

// AfterCommit runs fn once the transaction carried by ctx has committed (never when it rolls
// back), or at once when ctx carries none. In-process caches use it to forget what a change
// made stale only when other readers can see the change: forgetting earlier would let a
// concurrent reader load the old row again and keep it.
func AfterCommit(ctx context.Context, fn func()) {
	if hooks, ok := ctx.Value(afterCommitKey{}).(*[]func()); ok {
		*hooks = append(*hooks, fn)
		return
	}
	fn()
}

// MapError turns driver-specific constraint errors into the portable ones, and failures of
// the database itself into an *UnavailableError (ErrUnavailable), wrapping the original;
// other errors pass through.
func MapError(err error) error {
	if err == nil {
		return nil
	}
	if ue, ok := AsUnavailable(err); ok {
		return ue
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "23505":
			return fmt.Errorf("%w: %s", ErrUniqueViolation, pg.ConstraintName)
		case "23503":
			return fmt.Errorf("%w: %s", ErrForeignKey, pg.ConstraintName)
		}
		return err
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return fmt.Errorf("%w: %s", ErrUniqueViolation, se.Error())
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return fmt.Errorf("%w: %s", ErrForeignKey, se.Error())
		case sqlite3.SQLITE_CONSTRAINT_TRIGGER:
			// An ON DELETE/UPDATE RESTRICT action fails with the trigger code; a trigger's own
			// RAISE shares the code but not the message.
			if strings.Contains(se.Error(), "FOREIGN KEY constraint failed") {
				return fmt.Errorf("%w: %s", ErrForeignKey, se.Error())
			}
		}
	}
	return err
}

// Now is the current instant in UTC, at microsecond precision so that both engines store
// and compare it the same way.
func Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var one int
	return db.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// Set reads the single column of a query's rows (ids, codes) into a set, closing them: pass
// it the query's results as they come, Set[int64](q.QueryContext(...)).
func Set[K comparable](rows *sql.Rows, err error) (map[K]bool, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[K]bool{}
	for rows.Next() {
		var k K
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		out[k] = true
	}
	return out, rows.Err()
}
