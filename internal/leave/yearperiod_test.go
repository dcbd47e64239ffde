package leave_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"hadir/internal/leave"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
	"hadir/internal/testdb"
)

// TestYearLedgerNonCalendarPeriods: with accrual and leave years running July to June, the
// ledger of a year shows each person's period of each type once: the periods starting in
// the year, and for someone without a stored period in force on 31 December the period the
// policy computes then, which continues the July-to-June cadence instead of adding a
// calendar year over the months of a period that started the year before. Type A accrues
// 12 days a year monthly (100 on the 1st of each month, no pro-rata, nobody has dates);
// figures as of 31 December of the ledger's year:
//   - P0: stored 2025-07-01..2026-06-30 only, 1 day approved on 2 March 2026 (in that period).
//     2025: that period, July to December 600, taken 100, balance 500. 2026: the computed
//     2026-07-01..2027-06-30, July to December 600, taken 0, balance 600 (the old calendar
//     2026 gave 1200, counting January to June a second time).
//   - P1: stored 2025-07-01..2026-06-30 and 2026-07-01..2027-06-30: 2025 600, 2026 600.
//   - P2: no stored row: the calendar years, 1200 each.
//   - P3: stored 2025-07-01..2026-12-31 (18 months): 2025 600; in 2026 it is still in force
//     on 31 December, so 2026 has no row of A for P3 (the old computed 2026 gave 1200 more).
//
// The balances on 1 August 2026 and P0's own entitlements that day use the same computed
// period: July and August accrued, 200.
func TestYearLedgerNonCalendarPeriods(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newBulkFixture(t, db, 4)
		a, err := f.svc.Type(ctx, f.orgID, leave.KindLeave, f.a)
		if err != nil {
			t.Fatal(err)
		}
		a.Policy = leave.Policy{Grant: leave.GrantMonthly, Days: 1200}
		if _, err := f.svc.SaveType(ctx, a); err != nil {
			t.Fatal(err)
		}
		p := f.people
		now := database.Now()
		testdb.Bulk(t, db, `INSERT INTO leave_entitlements (org_id, person_id, type_id, period_start, valid_until, entitled, carried, note, created_at, updated_at) VALUES `, [][]any{
			{f.orgID, p[0], f.a, "2025-07-01", "2026-06-30", 0, 0, "policy", now, now},
			{f.orgID, p[1], f.a, "2025-07-01", "2026-06-30", 0, 0, "policy", now, now},
			{f.orgID, p[1], f.a, "2026-07-01", "2027-06-30", 0, 0, "policy", now, now},
			{f.orgID, p[3], f.a, "2025-07-01", "2026-12-31", 0, 0, "policy", now, now},
		})
		testdb.Bulk(t, db, `INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, amount, status, created_at, updated_at) VALUES `, [][]any{
			{f.orgID, p[0], f.a, "leave", "2026-03-02", "2026-03-02", 100, "approved", now, now},
		})
		type fig struct{ entitled, taken, balance leave.Amount }
		for _, c := range []struct {
			year int
			want map[int64]fig
		}{
			{2025, map[int64]fig{p[0]: {600, 100, 500}, p[1]: {600, 0, 600}, p[2]: {1200, 0, 1200}, p[3]: {600, 0, 600}}},
			{2026, map[int64]fig{p[0]: {600, 0, 600}, p[1]: {600, 0, 600}, p[2]: {1200, 0, 1200}}},
		} {
			rows, err := f.svc.Ledger(ctx, f.orgID, leave.KindLeave, "", c.year)
			if err != nil {
				t.Fatal(err)
			}
			got := map[int64]fig{}
			for _, r := range rows {
				if r.TypeID != f.a {
					continue
				}
				if _, dup := got[r.PersonID]; dup {
					t.Errorf("%d: two rows of person %d", c.year, r.PersonID)
				}
				got[r.PersonID] = fig{r.Entitled, r.Taken, r.Balance}
			}
			if len(got) != len(c.want) {
				t.Errorf("%d: ledger of A %+v, want %+v", c.year, got, c.want)
			}
			for id, w := range c.want {
				if got[id] != w {
					t.Errorf("%d: ledger of A, person %d: %+v, want %+v", c.year, id, got[id], w)
				}
			}
		}

		ents, err := f.svc.Balances(ctx, f.orgID, leave.KindLeave, "2026-08-01")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, e := range ents {
			if e.PersonID == p[0] && e.TypeID == f.a {
				n++
				if e.ID != 0 || e.PeriodStart != "2026-07-01" || e.ValidUntil != "2027-06-30" || e.Entitled != 200 || e.Balance != 200 {
					t.Errorf("P0's balance on 1 August: %+v", e)
				}
			}
		}
		if n != 1 {
			t.Errorf("P0 has %d balances of A on 1 August", n)
		}
		f.svc.Now = func() time.Time { return time.Date(2026, 8, 1, 4, 0, 0, 0, time.UTC) }
		mine, _, err := f.svc.Entitlements(ctx, f.orgID, "", p[0], leave.KindLeave, database.Page{})
		if err != nil {
			t.Fatal(err)
		}
		n = 0
		for _, e := range mine {
			if e.TypeID == f.a && e.ID == 0 {
				n++
				if e.PeriodStart != "2026-07-01" || e.ValidUntil != "2027-06-30" || e.Entitled != 200 {
					t.Errorf("P0's computed entitlement on 1 August: %+v", e)
				}
			}
		}
		if n != 1 {
			t.Errorf("P0 has %d computed entitlements of A: %+v", n, mine)
		}
	})
}

// TestCarryForwardKeepsAccrualPeriod: the valid_until of a carry-forward does not shorten the
// next year of an accruing type. Type A accrues 12 days a year monthly, carries at most 5
// days, carried days expire after 31 March (carry_expiry 03-31). P0 has no row: on 31
// December 2026 the computed year has 1200, so 500 is carried.
//   - valid_until 2027-03-31 (meant as the carried days' expiry) is refused, naming
//     valid_until: stored as the row's end it made the 2027 period January to March, which
//     accrues 300 instead of 1200. valid_until 2027-12-31 (the year's end) is accepted.
//   - After the carry, P0 takes 2 days on 1 February 2027. On 31 December 2027: accrued 1200
//     over the whole year, carried 500, the take uses 200 of it, the other 300 expire on 1
//     April: balance 1200 + 500 - 300 - 200 = 1200.
func TestCarryForwardKeepsAccrualPeriod(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newBulkFixture(t, db, 1)
		a, err := f.svc.Type(ctx, f.orgID, leave.KindLeave, f.a)
		if err != nil {
			t.Fatal(err)
		}
		a.MaxCarry = 500
		a.Policy = leave.Policy{Grant: leave.GrantMonthly, Days: 1200, CarryExpiry: "03-31"}
		if _, err := f.svc.SaveType(ctx, a); err != nil {
			t.Fatal(err)
		}
		p0 := f.people[0]
		_, err = f.svc.CarryForward(ctx, f.orgID, leave.KindLeave, f.a, 2026, nil, "2027-03-31", true)
		if !hasField(err, "valid_until") {
			t.Fatalf("valid_until 2027-03-31 of an accruing type: %v, want a 422 on valid_until", err)
		}
		rows, err := f.svc.CarryForward(ctx, f.orgID, leave.KindLeave, f.a, 2026, nil, "2027-12-31", true)
		if err != nil || len(rows) != 1 || rows[0].PersonID != p0 || rows[0].Remaining != 1200 || rows[0].Carried != 500 || rows[0].ValidUntil != "2027-12-31" {
			t.Fatalf("carry: %+v %v", rows, err)
		}
		now := database.Now()
		testdb.Bulk(t, db, `INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, amount, status, created_at, updated_at) VALUES `, [][]any{
			{f.orgID, p0, f.a, "leave", "2027-02-01", "2027-02-02", 200, "approved", now, now},
		})
		ents, err := f.svc.Balances(ctx, f.orgID, leave.KindLeave, "2027-12-31")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, e := range ents {
			if e.PersonID == p0 && e.TypeID == f.a {
				n++
				if e.ID == 0 || e.PeriodStart != "2027-01-01" || e.ValidUntil != "2027-12-31" || e.Entitled != 1200 || e.Carried != 500 ||
					e.Expired != 300 || e.Taken != 200 || e.Balance != 1200 {
					t.Errorf("P0's 2027 balance: %+v", e)
				}
			}
		}
		if n != 1 {
			t.Errorf("P0 has %d balances of A on 31 December 2027", n)
		}
	})
}

// hasField reports whether err is a validation error naming field.
func hasField(err error, field string) bool {
	var ve validate.Errors
	return errors.As(err, &ve) && len(ve[field]) > 0
}

// TestCarryForwardSkipsLeavers: someone whose leaving date is before the next period's
// start (1 January 2027) gets no carry row, of a manual type or an accruing one: not in the
// preview, nothing written. P0 leaves on 31 December 2026 and P2 on 30 June 2026 (both
// skipped); P1 leaves on 1 January 2027 (employed on the next period's first day: kept); P3
// has no dates. Type B is manual, 10 days stored for 2026 for everyone, nothing taken, at
// most 5 carried: P1 and P3 carry 500 into rows of B's default amount. Type A accrues 12
// days a year monthly: P1 and P3 have 1200 on 31 December and carry 500.
func TestCarryForwardSkipsLeavers(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newBulkFixture(t, db, 4)
		p := f.people
		for id, pol := range map[int64]leave.Policy{f.a: {Grant: leave.GrantMonthly, Days: 1200}, f.b: {}} {
			typ, err := f.svc.Type(ctx, f.orgID, leave.KindLeave, id)
			if err != nil {
				t.Fatal(err)
			}
			typ.MaxCarry, typ.Policy = 500, pol
			if _, err := f.svc.SaveType(ctx, typ); err != nil {
				t.Fatal(err)
			}
		}
		for id, leaving := range map[int64]string{p[0]: "2026-12-31", p[1]: "2027-01-01", p[2]: "2026-06-30"} {
			if _, err := db.ExecContext(ctx, `UPDATE people SET leaving_date = $1 WHERE id = $2`, leaving, id); err != nil {
				t.Fatal(err)
			}
		}
		now := database.Now()
		var ents [][]any
		for _, id := range p {
			ents = append(ents, []any{f.orgID, id, f.b, "2026-01-01", "2026-12-31", 1000, 0, "", now, now})
		}
		testdb.Bulk(t, db, `INSERT INTO leave_entitlements (org_id, person_id, type_id, period_start, valid_until, entitled, carried, note, created_at, updated_at) VALUES `, ents)
		b, err := f.svc.Type(ctx, f.orgID, leave.KindLeave, f.b)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			typ               int64
			remaining, entled leave.Amount
		}{{f.b, 1000, b.DefaultAmount}, {f.a, 1200, 0}} {
			for _, apply := range []bool{false, true} {
				rows, err := f.svc.CarryForward(ctx, f.orgID, leave.KindLeave, c.typ, 2026, nil, "", apply)
				if err != nil {
					t.Fatal(err)
				}
				got := map[int64]leave.CarryRow{}
				for _, r := range rows {
					got[r.PersonID] = r
				}
				if len(rows) != 2 || len(got) != 2 {
					t.Errorf("type %d, apply %v: rows %+v, want P1 and P3 only", c.typ, apply, rows)
				}
				for _, id := range []int64{p[1], p[3]} {
					if r := got[id]; r.Remaining != c.remaining || r.Carried != 500 {
						t.Errorf("type %d, apply %v, person %d: %+v", c.typ, apply, id, r)
					}
				}
			}
			stored := map[int64]leave.Amount{}
			r, err := db.QueryContext(ctx, `SELECT person_id, carried FROM leave_entitlements WHERE org_id = $1 AND type_id = $2 AND period_start = '2027-01-01'`, f.orgID, c.typ)
			if err != nil {
				t.Fatal(err)
			}
			for r.Next() {
				var id int64
				var ca leave.Amount
				if err := r.Scan(&id, &ca); err != nil {
					t.Fatal(err)
				}
				stored[id] = ca
			}
			r.Close()
			if len(stored) != 2 || stored[p[1]] != 500 || stored[p[3]] != 500 {
				t.Errorf("type %d: 2027 rows %v, want P1 and P3 carrying 500", c.typ, stored)
			}
		}
	})
}
