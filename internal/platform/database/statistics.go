package database

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Planner statistics kept fresh by Hadir itself (issue 16, "Statistics kept").
//
// A planner without statistics assumes tiny tables: on a PostgreSQL database whose autovacuum
// had not yet analysed fresh data, the balances took 38 s instead of tens of milliseconds.
// Autovacuum may be off, slow to come round, or (SQLite) absent, so Hadir gathers statistics
// of the tables it has just filled in bulk, and at start of every table that has rows but no
// statistics:
//
//   - AnalyzeSoon(tables...) after a bulk change (an import): the tables are analysed in the
//     background AnalyzeDelay later, together with whatever else asked meanwhile, so a burst
//     of imports costs one ANALYZE and no request waits on it;
//   - RowsWritten(n, tables...) after each of many small writes (ATTLOG uploads): the rows are
//     counted per table, and a table is analysed once they reach a tenth of its size at its
//     last analysis (at least AnalyzeMinRows), as autovacuum's own threshold does;
//   - MissingStatistics at start and after migrations (a new index has no statistics).

// AnalyzeMinRows is the fewest rows that make a table worth analysing: below it the
// planner's defaults serve as well.
const AnalyzeMinRows = 1000

// DefaultAnalyzeDelay is how long AnalyzeSoon waits for more changes before it analyses.
const DefaultAnalyzeDelay = 2 * time.Second

var tableName = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

type statistics struct {
	mu      sync.Mutex
	pending map[string]bool  // tables to analyse at the next run
	written map[string]int64 // rows written since the table's last analysis
	known   map[string]int64 // rows at the table's last analysis
	timer   *time.Timer
	busy    int        // analyses scheduled or running
	idle    *sync.Cond // signalled when busy drops to 0
	ctx     context.Context
	cancel  context.CancelFunc
	closed  bool
	runs    int64 // analyses run
}

func newStatistics() *statistics {
	ctx, cancel := context.WithCancel(context.Background())
	st := &statistics{pending: map[string]bool{}, written: map[string]int64{}, known: map[string]int64{}, ctx: ctx, cancel: cancel}
	st.idle = sync.NewCond(&st.mu)
	return st
}

// done ends one scheduled analysis.
func (st *statistics) done() {
	st.mu.Lock()
	st.busy--
	if st.busy == 0 {
		st.idle.Broadcast()
	}
	st.mu.Unlock()
}

// wait returns when no analysis is scheduled or running.
func (st *statistics) wait() {
	st.mu.Lock()
	for st.busy > 0 {
		st.idle.Wait()
	}
	st.mu.Unlock()
}

// AnalyzeSoon gathers planner statistics of the tables in the background, AnalyzeDelay
// from the first call that finds nothing pending; later calls within that time join the
// same run. Names must be plain table names.
func (db *DB) AnalyzeSoon(tables ...string) {
	st := db.stats
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.closed {
		return
	}
	for _, t := range tables {
		if !tableName.MatchString(t) {
			slog.Error("database: AnalyzeSoon: not a table name", "table", t)
			continue
		}
		st.pending[t] = true
		st.written[t] = 0
	}
	if len(st.pending) == 0 || st.timer != nil {
		return
	}
	delay := db.AnalyzeDelay
	if delay <= 0 {
		delay = DefaultAnalyzeDelay
	}
	st.busy++
	st.timer = time.AfterFunc(delay, func() {
		defer st.done()
		db.analyzePending()
	})
}

// RowsWritten counts n rows written to each of the tables, and has a table analysed (as
// AnalyzeSoon does) once the rows written since its last analysis reach a tenth of its size
// then, or AnalyzeMinRows.
//
// A table's size is first read from its statistics, in the background, so that a restarted
// process does not analyse a large table after its first AnalyzeMinRows rows.
func (db *DB) RowsWritten(n int, tables ...string) {
	st := db.stats
	var due, unknown []string
	st.mu.Lock()
	if st.closed {
		st.mu.Unlock()
		return
	}
	for _, t := range tables {
		st.written[t] += int64(n)
		known, ok := st.known[t]
		switch {
		case !ok:
			st.known[t] = -1 // being read
			unknown = append(unknown, t)
		case known >= 0 && st.written[t] >= max(AnalyzeMinRows, known/10):
			due = append(due, t)
		}
	}
	if len(unknown) > 0 {
		st.busy++
	}
	st.mu.Unlock()
	if len(unknown) > 0 {
		go func() {
			defer st.done()
			for _, t := range unknown {
				rows, err := db.estimatedRows(st.ctx, t)
				if err != nil {
					rows = 0 // no statistics yet (SQLite: no sqlite_stat1)
				}
				st.mu.Lock()
				if st.known[t] < 0 {
					st.known[t] = rows
				}
				st.mu.Unlock()
			}
		}()
	}
	if len(due) > 0 {
		db.AnalyzeSoon(due...)
	}
}

// AnalyzeRuns is how many analyses AnalyzeSoon, RowsWritten and WaitAnalyzed have run on
// this handle.
func (db *DB) AnalyzeRuns() int64 {
	db.stats.mu.Lock()
	defer db.stats.mu.Unlock()
	return db.stats.runs
}

// WaitAnalyzed runs the pending analysis now (not after its delay) and returns when no
// analysis is under way: before a short-lived command exits, and in tests.
func (db *DB) WaitAnalyzed(ctx context.Context) error {
	st := db.stats
	st.mu.Lock()
	if st.timer != nil && st.timer.Stop() {
		st.timer = nil
		st.mu.Unlock()
		err := db.analyzeTables(ctx, db.takePending())
		st.done()
		st.wait()
		return err
	}
	st.mu.Unlock()
	st.wait()
	return nil
}

func (db *DB) takePending() []string {
	st := db.stats
	st.mu.Lock()
	defer st.mu.Unlock()
	tables := make([]string, 0, len(st.pending))
	for t := range st.pending {
		tables = append(tables, t)
	}
	slices.Sort(tables)
	clear(st.pending)
	st.timer = nil
	return tables
}

func (db *DB) analyzePending() {
	ctx, cancel := context.WithTimeout(db.stats.ctx, 10*time.Minute)
	defer cancel()
	if err := db.analyzeTables(ctx, db.takePending()); err != nil && ctx.Err() == nil {
		slog.Error("database: gathering planner statistics", "err", err)
	}
}

// analyzeTables analyses the tables and notes their size for RowsWritten.
func (db *DB) analyzeTables(ctx context.Context, tables []string) error {
	if len(tables) == 0 {
		return nil
	}
	start := time.Now()
	if err := db.AnalyzeTables(ctx, tables...); err != nil {
		return err
	}
	for _, t := range tables {
		rows, err := db.estimatedRows(ctx, t)
		if err != nil {
			return err
		}
		db.stats.mu.Lock()
		db.stats.known[t] = rows
		db.stats.mu.Unlock()
	}
	db.stats.mu.Lock()
	db.stats.runs++
	db.stats.mu.Unlock()
	slog.Info("database: planner statistics gathered", "tables", strings.Join(tables, ","), "took", time.Since(start).Round(time.Millisecond).String())
	return nil
}

// AnalyzeTables gathers planner statistics of the tables now: VACUUM (ANALYZE) on
// PostgreSQL (the statistics, and the visibility map index-only scans rely on); on
// SQLite ANALYZE of each table, keeping the averages only (see AnalyzeSQLite).
func (db *DB) AnalyzeTables(ctx context.Context, tables ...string) error {
	for _, t := range tables {
		if !tableName.MatchString(t) {
			return fmt.Errorf("database: analyze: %q is not a table name", t)
		}
	}
	if len(tables) == 0 {
		return nil
	}
	if db.Dialect == Postgres {
		// VACUUM as well: a table filled in bulk has no page marked all-visible until
		// autovacuum comes round, and until then an index-only scan (the people lists,
		// a page's punches) fetches every row from the heap anyway.
		_, err := db.ExecContext(ctx, "VACUUM (ANALYZE) "+strings.Join(tables, ", "))
		return err
	}
	stmts := make([]string, len(tables))
	for i, t := range tables {
		stmts[i] = "ANALYZE " + t
	}
	return db.analyzeSQLite(ctx, stmts...)
}

// estimatedRows is the table's row count as its statistics have it.
func (db *DB) estimatedRows(ctx context.Context, table string) (int64, error) {
	if db.Dialect == Postgres {
		var n float64
		err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(reltuples), 0) FROM pg_class WHERE oid = to_regclass($1)`, table).Scan(&n)
		return int64(max(n, 0)), err
	}
	var stat string
	err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(stat), '') FROM sqlite_stat1 WHERE tbl = $1`, table).Scan(&stat)
	first, _, _ := strings.Cut(stat, " ")
	n, _ := strconv.ParseInt(first, 10, 64)
	return n, err
}

// MissingStatistics lists Hadir's tables with at least AnalyzeMinRows rows whose planner
// statistics are missing: on PostgreSQL never analysed (by Hadir or autovacuum) or changed by
// more than a fifth since; on SQLite without a sqlite_stat1 row for the table or for one of
// its indexes (a migration's new index, say).
func (db *DB) MissingStatistics(ctx context.Context) ([]string, error) {
	if db.Dialect == Postgres {
		const q = `SELECT relname FROM pg_stat_user_tables
			WHERE schemaname = current_schema() AND n_live_tup >= $1
			  AND ((last_analyze IS NULL AND last_autoanalyze IS NULL) OR n_mod_since_analyze > n_live_tup / 5)
			ORDER BY relname`
		return db.names(ctx, q, AnalyzeMinRows)
	}
	tables, err := db.names(ctx, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	var hasStat1 int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_stat1'`).Scan(&hasStat1); err != nil {
		return nil, err
	}
	var out []string
	for _, t := range tables {
		if !tableName.MatchString(t) {
			continue
		}
		var rows int
		if err := db.QueryRowContext(ctx, fmt.Sprintf(`SELECT COUNT(*) FROM (SELECT 1 FROM %s LIMIT %d)`, t, AnalyzeMinRows)).Scan(&rows); err != nil {
			return nil, err
		}
		if rows < AnalyzeMinRows {
			continue
		}
		if hasStat1 == 0 {
			out = append(out, t)
			continue
		}
		// The table itself has no row, or one of its indexes has none.
		const q = `SELECT NOT EXISTS (SELECT 1 FROM sqlite_stat1 WHERE tbl = $1)
			OR EXISTS (SELECT 1 FROM sqlite_master m WHERE m.type = 'index' AND m.tbl_name = $1
			           AND NOT EXISTS (SELECT 1 FROM sqlite_stat1 s WHERE s.tbl = $1 AND s.idx = m.name))`
		var missing bool
		if err := db.QueryRowContext(ctx, q, t).Scan(&missing); err != nil {
			return nil, err
		}
		if missing {
			out = append(out, t)
		}
	}
	return out, nil
}

func (db *DB) names(ctx context.Context, q string, args ...any) ([]string, error) {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// AnalyzeMissing has the tables of MissingStatistics analysed in the background (AnalyzeSoon)
// and returns them.
func (db *DB) AnalyzeMissing(ctx context.Context) ([]string, error) {
	tables, err := db.MissingStatistics(ctx)
	if err != nil || len(tables) == 0 {
		return nil, err
	}
	slog.Info("database: planner statistics missing, gathering them in the background", "tables", strings.Join(tables, ","))
	db.AnalyzeSoon(tables...)
	return tables, nil
}

// closeStatistics stops a waiting analysis and cancels a running one, then waits for it.
func (db *DB) closeStatistics() {
	st := db.stats
	st.mu.Lock()
	st.closed = true
	stopped := st.timer != nil && st.timer.Stop()
	st.timer = nil
	st.mu.Unlock()
	if stopped {
		st.done()
	}
	st.cancel()
	st.wait()
}
