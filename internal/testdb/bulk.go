package testdb

import (
	"context"
	"strings"
	"testing"

	"hadir/internal/platform/database"
)

// Bulk inserts rows with multi-row INSERTs in one transaction; head is
// "INSERT INTO t (a, b) VALUES ". For benchmarks that need large data sets fast. It then
// gathers planner statistics, as a live database would have them.
func Bulk(tb testing.TB, db *database.DB, head string, rows [][]any) {
	tb.Helper()
	BulkNoAnalyze(tb, db, head, rows)
	ctx := context.Background()
	// Fresh statistics, as autovacuum (PostgreSQL) or a periodic ANALYZE would have after a
	// large load; without them the planner assumes tiny tables.
	var err error
	if db.Dialect == database.SQLite {
		err = db.AnalyzeSQLite(ctx) // as hadir demo does: averages only
	} else {
		_, err = db.Exec(`ANALYZE`)
	}
	if err != nil {
		tb.Fatal(err)
	}
}

// BulkNoAnalyze is Bulk without the statistics: the state right after a bulk load.
func BulkNoAnalyze(tb testing.TB, db *database.DB, head string, rows [][]any) {
	tb.Helper()
	const per = 400
	ctx := context.Background()
	err := db.WithTx(ctx, func(ctx context.Context) error {
		for i := 0; i < len(rows); i += per {
			chunk := rows[i:min(i+per, len(rows))]
			var sb strings.Builder
			sb.WriteString(head)
			args := make([]any, 0, len(chunk)*len(chunk[0]))
			for j, r := range chunk {
				if j > 0 {
					sb.WriteString(",")
				}
				sb.WriteString("(")
				for k := range r {
					if k > 0 {
						sb.WriteString(",")
					}
					sb.WriteString(db.Placeholder(len(args) + k + 1))
				}
				sb.WriteString(")")
				args = append(args, r...)
			}
			if _, err := db.Q(ctx).ExecContext(ctx, sb.String(), args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
}
