package leave_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"hadir/internal/leave"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

var tricky = []string{"", "plain", `quote " and \ backslash`, "line\nbreak\ttab\rcr", "<b>&amp;</b>", "\x00\x01\x1f\x7f", "ünïcödé 日本語 🌴",
	"\u2028\u2029", "bad \xff\xfe utf8", "'single'", "/slash/"}

// notes are texts a note may hold that the database must quote in JSON.
var notes = []string{"", "plain", `quote " and \ backslash`, "<b>&amp;</b>", "ünïcödé 日本語 🌴", `{"x":[1,2]}`, `back\\slash\\n`, "null", "'single'"}

// TestEntitlementsJSONMatchesEncodingJSON: the hand-written encoder writes exactly what
// encoding/json's Encoder writes, for tricky text and amounts.
func TestEntitlementsJSONMatchesEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	amount := func() leave.Amount { return leave.Amount(rng.Int64N(2000001) - 1000000) }
	for round := 0; round < 2000; round++ {
		es := make([]leave.Entitlement, rng.IntN(5))
		for i := range es {
			es[i] = leave.Entitlement{ID: rng.Int64(), PersonID: rng.Int64N(1e6), TypeID: rng.Int64N(100), TypeName: tricky[rng.IntN(len(tricky))],
				Unit: "day", PeriodStart: "2026-01-01", ValidUntil: tricky[rng.IntN(len(tricky))], Entitled: amount(), Carried: amount(), Taken: amount(),
				Pending: amount(), Balance: amount(), Available: amount(), Note: tricky[rng.IntN(len(tricky))], Expired: amount()}
			if rng.IntN(3) == 0 {
				factors := []float64{rng.Float64(), 0, 1, 0.5, 0.0833, 1e-7, 3.5e-9, 1e21, 2.5e22, -0.25, 123456789.125, float64(rng.IntN(10001)) / 10000}
				es[i].Breakdown = &leave.Breakdown{Grant: tricky[rng.IntN(len(tricky))], Rate: amount(), ProRata: factors[rng.IntN(len(factors))], Granted: amount(),
					Accrued: amount(), Capped: amount(), Adjustment: amount(), Carried: amount(), CarryExpiry: tricky[rng.IntN(len(tricky))], Expired: amount(),
					Taken: amount(), Pending: amount(), Balance: amount(), Available: amount()}
			}
		}
		if round%7 == 0 {
			es = nil
		}
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(es); err != nil {
			t.Fatal(err)
		}
		got := append(leave.AppendEntitlementsJSON(nil, es), '\n')
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("differs:\n got %s\nwant %s", got, want.Bytes())
		}
	}
	for _, a := range []leave.Amount{0, 1, 10, 99, 100, 101, 150, -1, -50, -100, -150, 123456789} {
		want, _ := json.Marshal(a)
		if got := leave.AppendEntitlementsJSON(nil, []leave.Entitlement{{Entitled: a}}); !bytes.Contains(got, append([]byte(`"entitled":`), append(want, ',')...)) {
			t.Fatalf("%d: %s, want %s", a, got, want)
		}
	}
}

// TestBalancesMatchEachPersonsEntitlements: the balances of everyone on a date are each
// person's entitlements in force on that date as the per-person read computes them (the
// ledger summed by the entitlement's own subqueries), with notes the database must quote,
// entitlements of away types and of another organisation left out, in person and type
// name order.
func TestBalancesMatchEachPersonsEntitlements(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newBulkFixture(t, db, 12)
		f.seedBoth(t)
		for i, p := range f.people {
			if _, err := f.svc.SaveEntitlement(ctx, f.orgID, "employee", leave.KindLeave, leave.Entitlement{PersonID: p, TypeID: f.a,
				PeriodStart: "2026-01-01", Entitled: leave.Amount(100 * i), Note: notes[i%len(notes)]}); err != nil {
				t.Fatal(err)
			}
		}
		// A second, overlapping period for one person; an away type; the other organisation.
		if _, err := f.svc.SaveEntitlement(ctx, f.orgID, "employee", leave.KindLeave, leave.Entitlement{PersonID: f.people[2], TypeID: f.b,
			PeriodStart: "2026-06-01", ValidUntil: "2026-12-31", Entitled: 300}); err != nil {
			t.Fatal(err)
		}
		away, err := f.svc.SaveType(ctx, leave.Type{OrgID: f.orgID, Kind: leave.KindAway, Name: "Field trip", Unit: "day"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.SaveEntitlement(ctx, f.orgID, "employee", leave.KindAway, leave.Entitlement{PersonID: f.people[1], TypeID: away.ID, Entitled: 500}); err != nil {
			t.Fatal(err)
		}
		for _, date := range []string{"2026-03-15", "2026-07-01", "2025-12-01", "2030-01-01"} {
			got, err := f.svc.Balances(ctx, f.orgID, leave.KindLeave, date)
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
					if e.PeriodStart <= date && e.ValidUntil >= date {
						in = append(in, e)
					}
				}
				slices.SortStableFunc(in, func(a, b leave.Entitlement) int {
					if a.TypeName != b.TypeName {
						return map[bool]int{true: -1, false: 1}[a.TypeName < b.TypeName]
					}
					return map[bool]int{true: -1, false: 1}[a.PeriodStart > b.PeriodStart]
				})
				want = append(want, in...)
			}
			if date == "2030-01-01" && len(got) != 0 {
				t.Fatalf("%s: %d balances, want none", date, len(got))
			}
			if len(got) != len(want) {
				t.Fatalf("%s: %d balances, want %d", date, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s: balance %d\n got %+v\nwant %+v", date, i, got[i], want[i])
				}
			}
		}
	})
}

// BenchmarkEntitlementsJSON18000: the body of the balances of everyone at 6,000 people × 3
// policy types (each with its breakdown), written by hand and by encoding/json.
func BenchmarkEntitlementsJSON18000(b *testing.B) {
	es := make([]leave.Entitlement, 18000)
	for i := range es {
		es[i] = leave.Entitlement{ID: int64(i + 1), PersonID: int64(1000 + i/3), TypeID: int64(1 + i%3), TypeName: "Annual", Unit: "day",
			PeriodStart: "2026-01-01", ValidUntil: "2026-12-31", Entitled: 1283, Carried: 300, Taken: 500, Pending: 250, Balance: 1083, Available: 833,
			Breakdown: &leave.Breakdown{Grant: "monthly", Rate: 1800, ProRata: 0.9167, Granted: 1650, Accrued: 1500, Capped: 17, Carried: 300,
				CarryExpiry: "2026-03-31", Expired: 0, Taken: 500, Pending: 250, Balance: 1083, Available: 833}}
	}
	b.Run("hand", func(b *testing.B) {
		var buf []byte
		for i := 0; i < b.N; i++ {
			buf = leave.AppendEntitlementsJSON(buf[:0], es)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := json.Marshal(es); err != nil {
				b.Fatal(err)
			}
		}
	})
}
