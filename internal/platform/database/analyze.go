package database

import "context"

// AnalyzeSQLite gathers SQLite's planner statistics (ANALYZE) and keeps only the per-index
// averages (sqlite_stat1), dropping the sampled values of sqlite_stat4.
//
// The driver's SQLite is built with SQLITE_ENABLE_STAT4. With stat4 samples present, every
// parameter that the planner could compare with a sample marks the prepared statement as
// expired when it is bound, so each execution parses and plans the statement again: under
// load that was about a tenth of the CPU of a people list, and it undid the statement cache
// (stmtcache.go). Hadir's queries are planned well from the averages alone (each is keyed by
// org_id with an index made for it), so the samples cost more than they gain.
func (db *DB) AnalyzeSQLite(ctx context.Context) error {
	return db.analyzeSQLite(ctx, "ANALYZE")
}

// analyzeSQLite runs the ANALYZE statements and drops the stat4 samples in one transaction,
// so that no reader ever plans with the samples, and statistics appear whole or not at all.
func (db *DB) analyzeSQLite(ctx context.Context, stmts ...string) error {
	return db.WithTx(ctx, func(ctx context.Context) error {
		q := db.Q(ctx)
		for _, s := range stmts {
			if _, err := q.ExecContext(ctx, s); err != nil {
				return err
			}
		}
		var n int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_stat4'`).Scan(&n); err != nil || n == 0 {
			return err
		}
		_, err := q.ExecContext(ctx, "DELETE FROM sqlite_stat4")
		return err
	})
}
