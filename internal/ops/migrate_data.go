package ops

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
)

// ErrTargetHoldsData is returned by MigrateData when the PostgreSQL database already holds
// data and Force was not given.
var ErrTargetHoldsData = errors.New("migrate-data: the target database holds data (use -force to replace it)")

// MigrateOptions tune MigrateData.
type MigrateOptions struct {
	Force  bool      // replace the target's data
	Batch  int       // rows per INSERT; 500 when zero (fewer for wide tables)
	Sample int       // rows compared per table from each end; 25 when zero
	Log    io.Writer // progress lines; none when nil
}

// TableCopy is the outcome for one table.
type TableCopy struct {
	Table          string
	Source, Target int64
	Sampled        int
}

// MigrateData copies a Hadir SQLite database into an empty PostgreSQL database: the schema
// is made on the target by the normal migrations, both must then be at the same schema
// version, and every table of the schema is copied in foreign-key order, in batches, in one
// transaction on the target (a failure leaves it without data). It then moves the identity
// sequences past the copied ids and checks each table's row count and a sample of rows
// from both ends of its primary key. The server must not be running on the source.
func MigrateData(ctx context.Context, fromDSN, toDSN string, opt MigrateOptions) ([]TableCopy, error) {
	if !strings.HasPrefix(fromDSN, "sqlite://") {
		return nil, errors.New("migrate-data: -from must be sqlite://PATH")
	}
	if !strings.HasPrefix(toDSN, "postgres://") && !strings.HasPrefix(toDSN, "postgresql://") {
		return nil, errors.New("migrate-data: -to must be postgres://...")
	}
	if opt.Batch <= 0 {
		opt.Batch = 500
	}
	if opt.Sample <= 0 {
		opt.Sample = 25
	}
	logf := func(format string, args ...any) {
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, format+"\n", args...)
		}
	}
	src, err := database.Open(fromDSN)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	srcVersion, err := migrations.Version(ctx, src)
	if err != nil {
		return nil, fmt.Errorf("migrate-data: source: %w", err)
	}
	if srcVersion == 0 {
		return nil, errors.New("migrate-data: the source holds no Hadir schema")
	}
	if latest := migrations.Latest(database.SQLite); srcVersion != latest {
		return nil, fmt.Errorf("migrate-data: the source is at schema version %d and this binary at %d: run this release's hadir migrate on the source first (or use the release that matches it)", srcVersion, latest)
	}
	dst, err := database.Open(toDSN)
	if err != nil {
		return nil, err
	}
	defer dst.Close()
	if err := migrations.Up(ctx, dst); err != nil {
		return nil, fmt.Errorf("migrate-data: target schema: %w", err)
	}
	dstVersion, err := migrations.Version(ctx, dst)
	if err != nil {
		return nil, err
	}
	if dstVersion != srcVersion {
		return nil, fmt.Errorf("migrate-data: schema versions differ: source %d, target %d", srcVersion, dstVersion)
	}
	holds, err := holdsData(ctx, dst)
	if err != nil {
		return nil, err
	}
	if holds && !opt.Force {
		return nil, ErrTargetHoldsData
	}
	schema, err := readTargetSchema(ctx, dst)
	if err != nil {
		return nil, err
	}
	srcTables, err := sqliteTables(ctx, src)
	if err != nil {
		return nil, err
	}
	if err := sameTables(srcTables, schema.order); err != nil {
		return nil, err
	}

	// One snapshot of the source (SQLite's transaction) and one transaction on the target.
	stx, err := src.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer stx.Rollback() //nolint:errcheck // read only
	ttx, err := dst.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer ttx.Rollback() //nolint:errcheck // after Commit, a no-op
	// What a target holds is replaced: with -force its data, and always the settings a
	// server started on it once wrote (the source's keys must win, or its sessions end).
	quoted := make([]string, 0, len(schema.order))
	for _, t := range schema.order {
		quoted = append(quoted, quoteIdent(t))
	}
	// The audit trail refuses TRUNCATE except in maintenance (migration 0023); replacing a
	// target's data wholesale is such maintenance, in this transaction only.
	if _, err := ttx.ExecContext(ctx, `SELECT set_config('hadir.audit_maintenance', 'on', true)`); err != nil {
		return nil, fmt.Errorf("migrate-data: emptying the target: %w", err)
	}
	if _, err := ttx.ExecContext(ctx, `TRUNCATE `+strings.Join(quoted, ", ")+` RESTART IDENTITY CASCADE`); err != nil {
		return nil, fmt.Errorf("migrate-data: emptying the target: %w", err)
	}
	var out []TableCopy
	var deferred []later
	for _, t := range schema.order {
		start := time.Now()
		n, fixes, err := copyTable(ctx, stx, ttx, schema.tables[t], opt.Batch)
		if err != nil {
			return nil, fmt.Errorf("migrate-data: table %s: %w", t, err)
		}
		deferred = append(deferred, fixes...)
		logf("copied %-28s %9d rows in %s", t, n, time.Since(start).Round(time.Millisecond))
		out = append(out, TableCopy{Table: t, Source: n})
	}
	if err := writeDeferred(ctx, ttx, deferred); err != nil {
		return nil, err
	}
	if err := resetSequences(ctx, ttx, schema); err != nil {
		return nil, err
	}
	if err := ttx.Commit(); err != nil {
		return nil, fmt.Errorf("migrate-data: commit: %w", err)
	}
	logf("checking row counts and samples")
	for i := range out {
		t := schema.tables[out[i].Table]
		if err := stx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+quoteIdent(t.name)).Scan(&out[i].Source); err != nil {
			return out, err
		}
		if err := dst.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+quoteIdent(t.name)).Scan(&out[i].Target); err != nil {
			return out, err
		}
		if out[i].Source != out[i].Target {
			return out, fmt.Errorf("migrate-data: table %s: %d rows in the source, %d in the target", t.name, out[i].Source, out[i].Target)
		}
		n, err := compareSample(ctx, stx, dst, t, opt.Sample)
		out[i].Sampled = int(min(int64(n), out[i].Source)) // the two ends overlap in a small table
		if err != nil {
			return out, fmt.Errorf("migrate-data: table %s: %w", t.name, err)
		}
	}
	return out, nil
}

// column is one column of a target table, with its PostgreSQL type.
type column struct {
	name, typ string
	identity  bool
}

type table struct {
	name string
	cols []column
	pk   []string
	// deferred are the foreign-key columns written after every table is in: references to
	// the table itself, and those that break a cycle of tables.
	deferred []string
}

type targetSchema struct {
	tables map[string]*table
	order  []string // parents before children
}

// readTargetSchema reads the tables, columns, keys and foreign keys of the target's schema
// (the migrations made it), and orders the tables so that every referenced table comes first.
func readTargetSchema(ctx context.Context, db *database.DB) (*targetSchema, error) {
	s := &targetSchema{tables: map[string]*table{}}
	rows, err := db.QueryContext(ctx, `SELECT table_name, column_name, data_type, (is_identity = 'YES' OR COALESCE(column_default, '') LIKE 'nextval(%')
		FROM information_schema.columns WHERE table_schema = current_schema()
			AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')
		ORDER BY table_name, ordinal_position`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var tname string
		var c column
		if err := rows.Scan(&tname, &c.name, &c.typ, &c.identity); err != nil {
			rows.Close()
			return nil, err
		}
		if tname == "schema_migrations" {
			continue
		}
		t := s.tables[tname]
		if t == nil {
			t = &table{name: tname}
			s.tables[tname] = t
		}
		t.cols = append(t.cols, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = db.QueryContext(ctx, `SELECT cl.relname, a.attname FROM pg_index i
		JOIN pg_class cl ON cl.oid = i.indrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
		JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON TRUE
		JOIN pg_attribute a ON a.attrelid = cl.oid AND a.attnum = k.attnum
		WHERE i.indisprimary AND n.nspname = current_schema() ORDER BY cl.relname, k.ord`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var tname, col string
		if err := rows.Scan(&tname, &col); err != nil {
			rows.Close()
			return nil, err
		}
		if t := s.tables[tname]; t != nil {
			t.pk = append(t.pk, col)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	type edge struct {
		parent, col string
		nullable    bool
	}
	edges := map[string][]edge{}
	rows, err = db.QueryContext(ctx, `SELECT cl.relname, rcl.relname, a.attname, NOT a.attnotnull FROM pg_constraint c
		JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_class rcl ON rcl.oid = c.confrelid
		JOIN pg_namespace n ON n.oid = cl.relnamespace
		JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
		WHERE c.contype = 'f' AND n.nspname = current_schema()`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var child, parent, col string
		var nullable bool
		if err := rows.Scan(&child, &parent, &col, &nullable); err != nil {
			rows.Close()
			return nil, err
		}
		if child == parent {
			s.tables[child].deferred = append(s.tables[child].deferred, col)
			continue
		}
		edges[child] = append(edges[child], edge{parent, col, nullable})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Kahn's order, by name among equals so that runs are alike. A cycle (people and
	// departments refer to each other) is broken at a table whose missing parents it refers
	// to only through nullable columns: those are written after every table is in.
	names := make([]string, 0, len(s.tables))
	for n := range s.tables {
		names = append(names, n)
	}
	sort.Strings(names)
	done := map[string]bool{}
	waiting := func(n string) (waits []edge) {
		for _, e := range edges[n] {
			if !done[e.parent] && !slices.Contains(s.tables[n].deferred, e.col) {
				waits = append(waits, e)
			}
		}
		return waits
	}
	for len(s.order) < len(names) {
		progress := false
		for _, n := range names {
			if !done[n] && len(waiting(n)) == 0 {
				done[n] = true
				s.order = append(s.order, n)
				progress = true
			}
		}
		if progress {
			continue
		}
		broken := false
		for _, n := range names {
			waits := waiting(n)
			if done[n] || !allNullable(waits, func(e edge) bool { return e.nullable }) {
				continue
			}
			for _, e := range waits {
				s.tables[n].deferred = append(s.tables[n].deferred, e.col)
			}
			broken = true
			break
		}
		if !broken {
			var stuck []string
			for _, n := range names {
				if !done[n] {
					var ps []string
					for _, e := range waiting(n) {
						ps = append(ps, e.parent+" ("+e.col+")")
					}
					stuck = append(stuck, n+" → "+strings.Join(ps, ", "))
				}
			}
			return nil, fmt.Errorf("migrate-data: the tables' foreign keys form a cycle through required columns; this release cannot order them: %s", strings.Join(stuck, "; "))
		}
	}
	return s, nil
}

// sqliteOnly are tables only the SQLite schema has, holding no data between transactions:
// the audit trail's actor row and maintenance mark (migration 0023), which PostgreSQL keeps
// as transaction-local settings instead.
var sqliteOnly = []string{"audit_context", "audit_maintenance"}

// sqliteTables lists the source's tables (without SQLite's own, the migrations' record and
// the SQLite-only tables).
func sqliteTables(ctx context.Context, db *database.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'
		AND name NOT IN ('`+strings.Join(sqliteOnly, "', '")+`') ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// sameTables refuses schemas whose tables differ: a table left behind would be data lost.
func sameTables(src, dst []string) error {
	in := map[string]int{}
	for _, t := range src {
		in[t] |= 1
	}
	for _, t := range dst {
		in[t] |= 2
	}
	var only []string
	for t, w := range in {
		switch w {
		case 1:
			only = append(only, t+" (only in the source)")
		case 2:
			only = append(only, t+" (only in the target)")
		}
	}
	if len(only) > 0 {
		sort.Strings(only)
		return fmt.Errorf("migrate-data: the schemas' tables differ: %s", strings.Join(only, ", "))
	}
	return nil
}

// copyTable copies every row of t in batches of multi-row INSERTs; self-references are
// written afterwards, once every row they may point at is in.
func copyTable(ctx context.Context, stx, ttx *sql.Tx, t *table, batch int) (int64, []later, error) {
	names := make([]string, len(t.cols))
	for i, c := range t.cols {
		names[i] = quoteIdent(c.name)
	}
	rows, err := stx.QueryContext(ctx, `SELECT `+strings.Join(names, ", ")+` FROM `+quoteIdent(t.name))
	if err != nil {
		return 0, nil, fmt.Errorf("reading the source: %w", err)
	}
	defer rows.Close()
	if max := 60000 / len(t.cols); batch > max {
		batch = max
	}
	self := map[int]bool{}
	for i, c := range t.cols {
		for _, f := range t.deferred {
			if c.name == f {
				self[i] = true
			}
		}
	}
	var fixes []later
	head := `INSERT INTO ` + quoteIdent(t.name) + ` (` + strings.Join(names, ", ") + `) VALUES `
	var args []any
	var n, pending int64
	flush := func() error {
		if pending == 0 {
			return nil
		}
		var sb strings.Builder
		sb.WriteString(head)
		k := 1
		for r := int64(0); r < pending; r++ {
			if r > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(")
			for c := range t.cols {
				if c > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString("$" + strconv.Itoa(k))
				k++
			}
			sb.WriteString(")")
		}
		if _, err := ttx.ExecContext(ctx, sb.String(), args...); err != nil {
			return err
		}
		args, pending = args[:0], 0
		return nil
	}
	vals := make([]any, len(t.cols))
	ptrs := make([]any, len(t.cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, nil, err
		}
		fix := later{table: t.name}
		for i, c := range t.cols {
			v, err := toPostgres(vals[i], c.typ)
			if err != nil {
				return n, nil, fmt.Errorf("column %s: %w", c.name, err)
			}
			if self[i] && v != nil {
				fix.vals = append(fix.vals, c.name, v)
				v = nil
			}
			args = append(args, v)
		}
		if len(fix.vals) > 0 {
			for _, k := range t.pk {
				for i, c := range t.cols {
					if c.name == k {
						v, _ := toPostgres(vals[i], c.typ)
						fix.key = append(fix.key, k, v)
					}
				}
			}
			fixes = append(fixes, fix)
		}
		n++
		pending++
		if pending >= int64(batch) {
			if err := flush(); err != nil {
				return n, nil, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return n, nil, err
	}
	if err := flush(); err != nil {
		return n, nil, err
	}
	return n, fixes, nil
}

// later is a row's deferred foreign keys: (column, value) pairs in vals, the row's primary
// key as (column, value) pairs in key.
type later struct {
	table     string
	key, vals []any
}

// writeDeferred sets the deferred foreign keys once every table's rows are in.
func writeDeferred(ctx context.Context, ttx *sql.Tx, fixes []later) error {
	for _, f := range fixes {
		var set, where []string
		var a []any
		for i := 0; i < len(f.vals); i += 2 {
			a = append(a, f.vals[i+1])
			set = append(set, fmt.Sprintf("%s = $%d", quoteIdent(f.vals[i].(string)), len(a)))
		}
		for i := 0; i < len(f.key); i += 2 {
			a = append(a, f.key[i+1])
			where = append(where, fmt.Sprintf("%s = $%d", quoteIdent(f.key[i].(string)), len(a)))
		}
		if len(where) == 0 {
			return fmt.Errorf("migrate-data: table %s: a deferred reference in a table without a primary key", f.table)
		}
		if _, err := ttx.ExecContext(ctx, `UPDATE `+quoteIdent(f.table)+` SET `+strings.Join(set, ", ")+` WHERE `+strings.Join(where, " AND "), a...); err != nil {
			return fmt.Errorf("migrate-data: table %s: %w", f.table, err)
		}
	}
	return nil
}

// resetSequences moves every identity (or serial) column's sequence past the largest id
// copied, so the next row PostgreSQL numbers does not collide with a copied one.
func resetSequences(ctx context.Context, ttx *sql.Tx, s *targetSchema) error {
	for _, name := range s.order {
		for _, c := range s.tables[name].cols {
			if !c.identity {
				continue
			}
			q := fmt.Sprintf(`SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX(%s) FROM %s), 0) + 1, false)`, quoteIdent(c.name), quoteIdent(name))
			if _, err := ttx.ExecContext(ctx, q, quoteIdent(name), c.name); err != nil {
				return fmt.Errorf("migrate-data: sequence of %s.%s: %w", name, c.name, err)
			}
		}
	}
	return nil
}

// sqliteTimeLayouts are the forms a time takes in a Hadir SQLite database (the driver's
// _time_format=sqlite, and older or hand-written text).
var sqliteTimeLayouts = []string{"2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02"}

// toPostgres converts a value read from SQLite (whose columns hold any type) to what the
// PostgreSQL column of type typ takes.
func toPostgres(v any, typ string) (any, error) {
	if v == nil {
		return nil, nil
	}
	if b, ok := v.([]byte); ok && typ != "bytea" {
		v = string(b)
	}
	switch typ {
	case "boolean":
		switch x := v.(type) {
		case bool:
			return x, nil
		case int64:
			return x != 0, nil
		case string:
			return strconv.ParseBool(x)
		}
	case "timestamp with time zone", "timestamp without time zone":
		switch x := v.(type) {
		case time.Time:
			return x.UTC().Round(time.Microsecond), nil
		case string:
			for _, l := range sqliteTimeLayouts {
				if t, err := time.Parse(l, x); err == nil {
					return t.UTC().Round(time.Microsecond), nil
				}
			}
			return nil, fmt.Errorf("not a time: %q", x)
		case int64:
			return time.Unix(x, 0).UTC(), nil
		}
	case "bigint", "integer", "smallint":
		switch x := v.(type) {
		case int64:
			return x, nil
		case float64:
			if x == math.Trunc(x) {
				return int64(x), nil
			}
		case bool:
			if x {
				return int64(1), nil
			}
			return int64(0), nil
		case string:
			return strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		}
	case "double precision", "real", "numeric":
		switch x := v.(type) {
		case float64:
			return x, nil
		case int64:
			return float64(x), nil
		case string:
			return strconv.ParseFloat(strings.TrimSpace(x), 64)
		}
	case "bytea":
		switch x := v.(type) {
		case []byte:
			return x, nil
		case string:
			return []byte(x), nil
		}
	case "text", "character varying":
		switch x := v.(type) {
		case string:
			return x, nil
		case time.Time:
			return x.Format(sqliteTimeLayouts[0]), nil
		default:
			return fmt.Sprint(x), nil
		}
	default:
		return v, nil
	}
	return nil, fmt.Errorf("cannot store %T %v in a %s column", v, v, typ)
}

// normal is a value as text for comparing the two engines' rows.
func normal(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case time.Time:
		return x.UTC().Round(time.Microsecond).Format(time.RFC3339Nano)
	case []byte:
		return "bytes:" + string(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return fmt.Sprint(v)
}

// compareSample compares up to k rows from each end of t's primary key on both sides.
func compareSample(ctx context.Context, stx *sql.Tx, dst *database.DB, t *table, k int) (int, error) {
	if len(t.pk) == 0 {
		return 0, nil
	}
	names := make([]string, len(t.cols))
	for i, c := range t.cols {
		names[i] = quoteIdent(c.name)
	}
	// Text keys in byte order on both sides (SQLite's BINARY is PostgreSQL's "C").
	var asc, desc, pgAsc, pgDesc []string
	for _, p := range t.pk {
		pg := quoteIdent(p)
		for _, c := range t.cols {
			if c.name == p && c.typ == "text" {
				pg += ` COLLATE "C"`
			}
		}
		asc, desc = append(asc, quoteIdent(p)), append(desc, quoteIdent(p)+" DESC")
		pgAsc, pgDesc = append(pgAsc, pg), append(pgDesc, pg+" DESC")
	}
	read := func(q interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	}, order []string, convert bool) ([]string, error) {
		rows, err := q.QueryContext(ctx, `SELECT `+strings.Join(names, ", ")+` FROM `+quoteIdent(t.name)+` ORDER BY `+strings.Join(order, ", ")+` LIMIT `+strconv.Itoa(k))
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		var out []string
		vals := make([]any, len(t.cols))
		ptrs := make([]any, len(t.cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				return nil, err
			}
			parts := make([]string, len(vals))
			for i, v := range vals {
				if convert {
					var err error
					if v, err = toPostgres(v, t.cols[i].typ); err != nil {
						return nil, err
					}
				}
				if b, ok := v.([]byte); ok && t.cols[i].typ != "bytea" {
					v = string(b)
				}
				parts[i] = t.cols[i].name + "=" + normal(v)
			}
			out = append(out, strings.Join(parts, " "))
		}
		return out, rows.Err()
	}
	n := 0
	for i, order := range [][]string{asc, desc} {
		a, err := read(stx, order, true)
		if err != nil {
			return n, err
		}
		b, err := read(dst, [][]string{pgAsc, pgDesc}[i], false)
		if err != nil {
			return n, err
		}
		if len(a) != len(b) {
			return n, fmt.Errorf("sample: %d rows in the source, %d in the target", len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				return n, fmt.Errorf("sample row differs:\n source %s\n target %s", a[i], b[i])
			}
			n++
		}
	}
	return n, nil
}

func allNullable[E any](es []E, ok func(E) bool) bool {
	for _, e := range es {
		if !ok(e) {
			return false
		}
	}
	return true
}
