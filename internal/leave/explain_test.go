package leave

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestLeaveQueriesUseIndexes runs EXPLAIN (SQLite EXPLAIN QUERY PLAN) for the leave store's
// hot statements, taken from the store code itself, on a database of two organisations
// (the one asked about is the smaller) with planner statistics, and fails when a plan scans
// leave_applications or leave_entitlements whole or sorts them in a temporary b-tree: every
// statement must reach only the organisation's rows through an org-leading index (issue 16).
func TestLeaveQueriesUseIndexes(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := NewStore(db)
		now := database.Now()
		var orgs []int64
		for _, name := range []string{"Small", "Large"} {
			var id int64
			if err := db.QueryRow(`INSERT INTO orgs (kind, name, timezone, created_at, updated_at) VALUES ('company', $1, 'UTC', $2, $2) RETURNING id`, name, now).Scan(&id); err != nil {
				t.Fatal(err)
			}
			orgs = append(orgs, id)
		}
		var rows [][]any
		for oi, o := range orgs {
			for i := 0; i < 200+1300*oi; i++ {
				rows = append(rows, []any{o, "employee", fmt.Sprintf("P%d", i), "Person", now, now})
			}
		}
		testdb.Bulk(t, db, `INSERT INTO people (org_id, kind, code, first_name, created_at, updated_at) VALUES `, rows)
		types := map[int64][]int64{}
		for _, o := range orgs {
			for _, n := range []string{"Annual", "Medical", "Emergency"} {
				id, err := s.SaveType(ctx, Type{OrgID: o, Kind: KindLeave, Name: n, Unit: "day"})
				if err != nil {
					t.Fatal(err)
				}
				types[o] = append(types[o], id)
			}
		}
		people := map[int64][]int64{}
		r, err := db.Query(`SELECT org_id, id FROM people ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		for r.Next() {
			var o, id int64
			r.Scan(&o, &id)
			people[o] = append(people[o], id)
		}
		r.Close()
		rows = rows[:0]
		var apps [][]any
		for _, o := range orgs {
			for i, p := range people[o] {
				for y := 2025; y <= 2026; y++ {
					for _, ty := range types[o] {
						rows = append(rows, []any{o, p, ty, fmt.Sprintf("%d-01-01", y), fmt.Sprintf("%d-12-31", y), 1400, now, now})
					}
					for m := 1; m <= 12; m += 3 {
						apps = append(apps, []any{o, p, types[o][m%3], "leave", fmt.Sprintf("%d-%02d-%02d", y, m, 1+i%27), fmt.Sprintf("%d-%02d-%02d", y, m, 1+i%27), 100, "approved", now, now})
					}
				}
			}
		}
		testdb.Bulk(t, db, `INSERT INTO leave_entitlements (org_id, person_id, type_id, period_start, valid_until, entitled, created_at, updated_at) VALUES `, rows)
		testdb.Bulk(t, db, `INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, amount, status, created_at, updated_at) VALUES `, apps)

		org, person, typ := orgs[0], people[orgs[0]][7], types[orgs[0]][0]
		ids := people[orgs[0]][:50]
		entsQ, appsQ := s.balancesQueries(false)
		yearQ, _ := s.balancesQueries(true)
		set4, arg4 := s.idSet(4, ids)
		for _, c := range []struct {
			name string
			q    string
			args []any
		}{
			{"type with in use", `SELECT ` + typeCols + ` FROM leave_types t WHERE t.org_id = $1 AND t.id = $2`, []any{org, typ}},
			{"entitlement on a date", entitlementSelect + ` WHERE e.org_id = $1 AND e.person_id = $2 AND e.type_id = $3 AND e.period_start <= $4 AND e.valid_until >= $4
				ORDER BY e.period_start DESC LIMIT 1`, []any{org, person, typ, "2026-05-01"}},
			{"a person's entitlements", entitlementSelect + ` WHERE e.org_id = $1 AND e.person_id = $2 AND t.kind = $3`, []any{org, person, KindLeave}},
			{"balances: entitlements", entsQ, []any{org, KindLeave, "2026-11-30"}},
			{"year balances: entitlements", yearQ, []any{org, KindLeave, "2026-12-31", "2026-01-01"}},
			{"balances: applications", appsQ, []any{org, KindLeave, "2026-01-01", "2026-12-31"}},
			{"bulk: entitlements with balances", entitlementSelect + ` WHERE e.org_id = $1 AND e.person_id IN ` + set4 + ` AND e.period_start <= $3 AND e.valid_until >= $2`,
				[]any{org, "2026-01-01", "2026-03-31", arg4}},
			{"bulk: active applications", `SELECT a.person_id, a.from_date, a.to_date, a.session FROM leave_applications a
				WHERE a.org_id = $1 AND a.person_id IN ` + set4 + ` AND a.status IN ('pending', 'approved') AND a.from_date <= $3 AND a.to_date >= $2`,
				[]any{org, "2026-01-01", "2026-03-31", arg4}},
		} {
			plan := explain(t, db, c.q, c.args)
			// SQLite names a table by its alias in the plan (a, e).
			for _, b := range []string{"SCAN leave_applications", "SCAN leave_entitlements", "SCAN a\n", "SCAN e\n", "SCAN a ", "SCAN e ",
				"Seq Scan on leave_applications", "Seq Scan on leave_entitlements"} {
				if strings.Contains(plan, b) {
					t.Errorf("%s: the plan scans the applications or entitlements whole (%q):\n%s", c.name, strings.TrimSpace(b), plan)
					break
				}
			}
			if strings.Contains(plan, "USE TEMP B-TREE") {
				t.Errorf("%s: the plan sorts in a temporary b-tree:\n%s", c.name, plan)
			}
		}

		// A type nobody has used yet, as the planner sees it with sequential scans allowed:
		// its in-use probes must still seek the indexes. With EXISTS, PostgreSQL expected
		// the first rows of a whole-table read to match (every row is of some used type)
		// and, for an unused type, read every entitlement and application to learn "no".
		unused, err := s.SaveType(ctx, Type{OrgID: org, Kind: KindLeave, Name: "Unpaid", Unit: "day"})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.AnalyzeTables(ctx, "leave_types", "leave_entitlements", "leave_applications"); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{`SELECT ` + typeCols + ` FROM leave_types t WHERE t.org_id = $1 AND t.id = $2`,
			`SELECT ` + typeCols + ` FROM leave_types t WHERE t.org_id = $1 AND t.kind = 'leave' ORDER BY lower(t.name), t.id`} {
			args := []any{org, unused}
			if !strings.Contains(q, "$2") {
				args = args[:1]
			}
			plan := explainWith(t, db, q, args, true)
			for _, b := range []string{"SCAN e\n", "SCAN a\n", "SCAN e ", "SCAN a ", "Seq Scan on leave_applications", "Seq Scan on leave_entitlements"} {
				if strings.Contains(plan, b) {
					t.Errorf("an unused type's in-use probe scans a whole table (%q):\n%s", strings.TrimSpace(b), plan)
					break
				}
			}
		}
		if got, err := s.Type(ctx, org, unused); err != nil || got.InUse {
			t.Errorf("unused type: in use %v, %v", got.InUse, err)
		}
		if got, err := s.Type(ctx, org, typ); err != nil || !got.InUse {
			t.Errorf("used type: in use %v, %v", got.InUse, err)
		}
	})
}

func explain(t *testing.T, db *database.DB, q string, args []any) string {
	t.Helper()
	return explainWith(t, db, q, args, false)
}

// explainWith is a plan's lines; with seqScans PostgreSQL may choose sequential scans as it
// would in service, otherwise they are priced out (see below).
func explainWith(t *testing.T, db *database.DB, q string, args []any, seqScans bool) string {
	t.Helper()
	prefix := "EXPLAIN "
	if db.Dialect == database.SQLite {
		prefix = "EXPLAIN QUERY PLAN "
	}
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if db.Dialect == database.Postgres && !seqScans {
		// On tables of a few thousand rows PostgreSQL may rightly prefer reading them whole
		// (an EXISTS that finds a match in the first pages); with sequential scans priced out
		// a plan still shows one only when no index can serve the statement, which is what
		// this test is about.
		if _, err := tx.Exec(`SET LOCAL enable_seqscan = off`); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := tx.Query(prefix+q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var b strings.Builder
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&b, vals[len(vals)-1])
	}
	return b.String()
}
