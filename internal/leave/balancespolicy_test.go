package leave_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"hadir/internal/leave"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestBalancesWithPoliciesMatchEachPerson: for a random population (joining and leaving
// dates, stored rows or none, overlapping periods, approved and pending applications) and
// random policies, the balances of everyone on today's date, which read everything in three
// statements and index it by person and type, equal each person's entitlements in force
// today as the per-person read works them out (its own statements, Policy.Compute per row),
// breakdowns included.
func TestBalancesWithPoliciesMatchEachPerson(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		const today = "2026-06-15" // the fixture's clock in the organisation's zone
		f := newBulkFixture(t, db, 60)
		rng := rand.New(rand.NewPCG(16, 13))
		grants := []string{leave.GrantManual, leave.GrantYearly, leave.GrantMonthly, leave.GrantAnniversary}
		var types []int64
		for round := 0; round < 3; round++ {
			// the fixture's two types get policies too, and one more per round
			ids := []int64{f.a, f.b}
			nt, err := f.svc.SaveType(ctx, leave.Type{OrgID: f.orgID, Kind: leave.KindLeave, Name: fmt.Sprintf("Type %d", round), Unit: "day", MaxCarry: leave.Amount(rng.IntN(2) * 400)})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, nt.ID)
			types = append(types, nt.ID)
			all, _, err := f.svc.Types(ctx, f.orgID, leave.KindLeave, "", database.Page{})
			if err != nil {
				t.Fatal(err)
			}
			for _, typ := range all {
				if !slices.Contains(ids, typ.ID) {
					continue
				}
				p := leave.Policy{Grant: grants[rng.IntN(len(grants))], Days: leave.Amount(100 * rng.IntN(25)), ProRata: rng.IntN(2) == 0,
					MaxBalance: leave.Amount(rng.IntN(2) * 1500), CarryExpiry: []string{"", "03-31", "02-29"}[rng.IntN(3)]}
				if rng.IntN(2) == 0 {
					p.Tiers = []leave.Tier{{FromYears: 0, Days: 1400}, {FromYears: 2, Days: 1800}, {FromYears: 5, Days: 2200}}
				}
				typ.Policy = p
				if _, err := f.svc.SaveType(ctx, typ); err != nil {
					t.Fatal(err)
				}
			}
			// fresh dates, rows and applications each round
			for _, q := range []string{`DELETE FROM leave_applications WHERE org_id = $1`, `DELETE FROM leave_entitlements WHERE org_id = $1`} {
				if _, err := db.ExecContext(ctx, q, f.orgID); err != nil {
					t.Fatal(err)
				}
			}
			day := func(lo, span int) string {
				return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, lo+rng.IntN(span)).Format(time.DateOnly)
			}
			now := database.Now()
			var ents, apps [][]any
			for _, p := range f.people {
				var join, leaving any
				if rng.IntN(5) > 0 {
					join = day(-4000, 4300)
				}
				if rng.IntN(4) == 0 {
					leaving = day(-30, 400)
				}
				if _, err := db.ExecContext(ctx, `UPDATE people SET join_date = $1, leaving_date = $2 WHERE id = $3`, join, leaving, p); err != nil {
					t.Fatal(err)
				}
				for _, typ := range append([]int64{f.a, f.b}, types...) {
					switch rng.IntN(4) {
					case 1:
						ents = append(ents, []any{f.orgID, p, typ, "2026-01-01", "2026-12-31", 100 * rng.IntN(20), 50 * rng.IntN(12), now, now})
					case 2:
						ents = append(ents, []any{f.orgID, p, typ, "2025-07-01", "2026-06-30", 100 * rng.IntN(20), 50 * rng.IntN(12), now, now})
					case 3: // two periods in force today
						ents = append(ents, []any{f.orgID, p, typ, "2026-01-01", "2026-12-31", 100 * rng.IntN(20), 0, now, now},
							[]any{f.orgID, p, typ, "2026-06-01", "2026-09-30", 300, 100, now, now})
					}
					for n := rng.IntN(6); n > 0; n-- {
						from := day(-200, 560)
						status := []string{"approved", "approved", "pending", "rejected"}[rng.IntN(4)]
						apps = append(apps, []any{f.orgID, p, typ, "leave", from, from, 50 * (1 + rng.IntN(4)), status, now, now})
					}
				}
			}
			if len(ents) > 0 {
				testdb.Bulk(t, db, `INSERT INTO leave_entitlements (org_id, person_id, type_id, period_start, valid_until, entitled, carried, created_at, updated_at) VALUES `, ents)
			}
			testdb.Bulk(t, db, `INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, amount, status, created_at, updated_at) VALUES `, apps)

			got, err := f.svc.Balances(ctx, f.orgID, leave.KindLeave, today)
			if err != nil {
				t.Fatal(err)
			}
			var want []leave.Entitlement
			for _, p := range f.people {
				es, _, err := f.svc.Entitlements(ctx, f.orgID, "employee", p, leave.KindLeave, database.Page{})
				if err != nil {
					t.Fatal(err)
				}
				var in []leave.Entitlement
				for _, e := range es {
					if e.PeriodStart <= today && e.ValidUntil >= today {
						in = append(in, e)
					}
				}
				slices.SortStableFunc(in, func(a, b leave.Entitlement) int {
					if a.TypeName != b.TypeName {
						return map[bool]int{true: -1, false: 1}[a.TypeName < b.TypeName]
					}
					if a.PeriodStart != b.PeriodStart {
						return map[bool]int{true: -1, false: 1}[a.PeriodStart > b.PeriodStart]
					}
					return map[bool]int{true: -1, false: 1}[a.ID < b.ID]
				})
				want = append(want, in...)
			}
			if len(got) != len(want) || len(got) < len(f.people) {
				t.Fatalf("round %d: %d balances, want %d", round, len(got), len(want))
			}
			withBreakdown := 0
			for i := range got {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("round %d: balance %d\n got %+v %+v\nwant %+v %+v", round, i, got[i], got[i].Breakdown, want[i], want[i].Breakdown)
				}
				if got[i].Breakdown != nil {
					withBreakdown++
				}
			}
			if withBreakdown == 0 {
				t.Fatalf("round %d: no balance went through a policy", round)
			}
		}
	})
}
