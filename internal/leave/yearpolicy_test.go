package leave_test

import (
	"context"
	"testing"

	"hadir/internal/leave"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// yearPolicyFixture: type A accrues 12 days a year monthly, pro-rated (amounts in hundredths
// of a day; the type carries at most 5 days), type B stays manual. Four people and the
// archived one:
//   - P0 joins on 16 July 2026, no stored row, 2 days approved on 10 August;
//   - P1 leaves on 20 April 2026, no stored row, 1 day approved on 2 February;
//   - P2 joined in 2020, a stored row (adjustment 0), 3 days approved on 2 March and 1 pending
//     on 1 September; also 10 days of type B stored;
//   - P3 no dates, no row;
//   - the archived person joined on 1 July 2026 and has a stored row (adjustment 0).
func yearPolicyFixture(t *testing.T, db *database.DB) *bulkFixture {
	t.Helper()
	ctx := context.Background()
	f := newBulkFixture(t, db, 4)
	a, err := f.svc.Type(ctx, f.orgID, leave.KindLeave, f.a)
	if err != nil {
		t.Fatal(err)
	}
	a.Policy = leave.Policy{Grant: leave.GrantMonthly, Days: 1200, ProRata: true}
	if _, err := f.svc.SaveType(ctx, a); err != nil {
		t.Fatal(err)
	}
	p := f.people
	dates := map[int64][2]any{p[0]: {"2026-07-16", nil}, p[1]: {nil, "2026-04-20"}, p[2]: {"2020-01-01", nil}, f.archived: {"2026-07-01", nil}}
	for id, d := range dates {
		if _, err := db.ExecContext(ctx, `UPDATE people SET join_date = $1, leaving_date = $2 WHERE id = $3`, d[0], d[1], id); err != nil {
			t.Fatal(err)
		}
	}
	now := database.Now()
	testdb.Bulk(t, db, `INSERT INTO leave_entitlements (org_id, person_id, type_id, period_start, valid_until, entitled, carried, note, created_at, updated_at) VALUES `, [][]any{
		{f.orgID, p[2], f.a, "2026-01-01", "2026-12-31", 0, 0, "policy", now, now},
		{f.orgID, f.archived, f.a, "2026-01-01", "2026-12-31", 0, 0, "policy", now, now},
		{f.orgID, p[2], f.b, "2026-01-01", "2026-12-31", 1000, 0, "", now, now},
	})
	testdb.Bulk(t, db, `INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, amount, status, created_at, updated_at) VALUES `, [][]any{
		{f.orgID, p[0], f.a, "leave", "2026-08-10", "2026-08-11", 200, "approved", now, now},
		{f.orgID, p[1], f.a, "leave", "2026-02-02", "2026-02-02", 100, "approved", now, now},
		{f.orgID, p[2], f.a, "leave", "2026-03-02", "2026-03-04", 300, "approved", now, now},
		{f.orgID, p[2], f.a, "leave", "2026-09-01", "2026-09-01", 100, "pending", now, now},
		{f.orgID, p[2], f.b, "leave", "2026-05-04", "2026-05-04", 100, "approved", now, now},
	})
	return f
}

// TestYearLedgerAndCarryForwardUsePolicy: the year's ledger and the year-end carry-forward of
// an accruing, pro-rated type use the policy's balance as of 31 December (the balances
// call's computation), not the stored figures; the carry is capped by the type's max carry;
// a manual type keeps its stored figures. Worked by hand (rate 1200 a year = 100 a month):
//   - P0 (joins 16 July): July 100 × 16/31 = 51.61, running total rounded 52, then 152, 252,
//     352, 452, 552 by 1 December: entitled 552, taken 200, balance 352, carries 352;
//   - P1 (leaves 20 April): January to March 300, April 100 × 20/30 = 66.67, total 366.67 →
//     367; taken 100, balance 267; no carry row (gone before 1 January 2027);
//   - P2 (all year): 1200, taken 300, pending 100, balance 900, carries 500 (the cap);
//   - P3 (no dates, no row): 1200, balance 1200, carries 500;
//   - archived (joins 1 July): July to December 600, balance 600, carries 500.
func TestYearLedgerAndCarryForwardUsePolicy(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := yearPolicyFixture(t, db)
		p := f.people
		type fig struct{ entitled, carried, taken, pending, balance leave.Amount }
		want := map[int64]fig{
			p[0]: {552, 0, 200, 0, 352}, p[1]: {367, 0, 100, 0, 267}, p[2]: {1200, 0, 300, 100, 900},
			p[3]: {1200, 0, 0, 0, 1200}, f.archived: {600, 0, 0, 0, 600},
		}
		rows, err := f.svc.Ledger(ctx, f.orgID, leave.KindLeave, "", 2026)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[int64]bool{}
		for _, r := range rows {
			switch r.TypeID {
			case f.a:
				w, ok := want[r.PersonID]
				got := fig{r.Entitled, r.Carried, r.Taken, r.Pending, r.Balance}
				if !ok || got != w {
					t.Errorf("ledger of A, person %d: %+v, want %+v", r.PersonID, got, w)
				}
				seen[r.PersonID] = true
			case f.b:
				// manual: the stored figures, 10 days less 1 taken in May
				if r.PersonID != p[2] || r.Entitled != 1000 || r.Taken != 100 || r.Balance != 900 || r.Months[4] != 100 {
					t.Errorf("ledger of B: %+v", r)
				}
			}
		}
		if len(seen) != len(want) {
			t.Errorf("ledger of A has %d people, want %d: %+v", len(seen), len(want), rows)
		}

		wantCarry := map[int64][2]leave.Amount{p[0]: {352, 352}, p[2]: {900, 500}, p[3]: {1200, 500}, f.archived: {600, 500}}
		check := func(rows []leave.CarryRow) {
			t.Helper()
			if len(rows) != len(wantCarry) {
				t.Fatalf("%d carry rows, want %d: %+v", len(rows), len(wantCarry), rows)
			}
			for _, r := range rows {
				if w := wantCarry[r.PersonID]; r.Remaining != w[0] || r.Carried != w[1] || r.Entitled != 0 || r.ValidUntil != "2027-12-31" {
					t.Errorf("carry of person %d: %+v, want remaining %d carried %d entitled 0", r.PersonID, r, w[0], w[1])
				}
			}
		}
		preview, err := f.svc.CarryForward(ctx, f.orgID, leave.KindLeave, f.a, 2026, nil, "", false)
		if err != nil {
			t.Fatal(err)
		}
		check(preview)
		// a smaller max carry asked for caps it further
		three := leave.Amount(300)
		small, err := f.svc.CarryForward(ctx, f.orgID, leave.KindLeave, f.a, 2026, &three, "", false)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range small {
			if r.Carried != min(wantCarry[r.PersonID][0], 300) {
				t.Errorf("carry of person %d at most 3 days: %+v", r.PersonID, r)
			}
		}
		applied, err := f.svc.CarryForward(ctx, f.orgID, leave.KindLeave, f.a, 2026, nil, "", true)
		if err != nil {
			t.Fatal(err)
		}
		check(applied)
		// next year's rows: entitled 0 (the policy grants the year), the carry in carried
		got := map[int64][2]leave.Amount{}
		r, err := db.QueryContext(ctx, `SELECT person_id, entitled, carried FROM leave_entitlements WHERE org_id = $1 AND type_id = $2 AND period_start = '2027-01-01'`, f.orgID, f.a)
		if err != nil {
			t.Fatal(err)
		}
		for r.Next() {
			var id int64
			var en, ca leave.Amount
			if err := r.Scan(&id, &en, &ca); err != nil {
				t.Fatal(err)
			}
			got[id] = [2]leave.Amount{en, ca}
		}
		r.Close()
		for id, w := range wantCarry {
			if got[id] != [2]leave.Amount{0, w[1]} {
				t.Errorf("2027 row of person %d: entitled, carried %v, want 0, %d", id, got[id], w[1])
			}
		}
		// The manual type carries its stored balance, into a row of the type's default amount.
		b, err := f.svc.CarryForward(ctx, f.orgID, leave.KindLeave, f.b, 2026, nil, "", false)
		if err != nil || len(b) != 1 || b[0].PersonID != p[2] || b[0].Remaining != 900 || b[0].Carried != 500 || b[0].Entitled != 1000 {
			t.Fatalf("carry of B: %+v %v", b, err)
		}
	})
}

// TestBalancesUseArchivedPeoplesDates: everyone's balances work an archived person's stored
// row of a policy type out with their joining date. The archived person joins on 1 July
// 2026; on 15 June nothing has accrued yet (pro-rata factor 6/12 = 0.5, granted 600 for July
// to December). Read without the date it was the whole year: granted 1200, accrued 600
// (January to June).
func TestBalancesUseArchivedPeoplesDates(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := yearPolicyFixture(t, db)
		ents, err := f.svc.Balances(ctx, f.orgID, leave.KindLeave, "2026-06-15")
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, e := range ents {
			switch {
			case e.PersonID == f.archived && e.TypeID == f.a:
				found++
				if e.Breakdown == nil || e.Breakdown.ProRata != 0.5 || e.Breakdown.Granted != 600 || e.Breakdown.Accrued != 0 || e.Balance != 0 || e.Entitled != 0 {
					t.Errorf("archived person's balance: %+v %+v", e, e.Breakdown)
				}
			case e.PersonID == f.people[0] && e.TypeID == f.a:
				// P0 joins on 16 July: July 16/31 and five whole months, share 5.5161/12 = 0.4597
				found++
				if e.ID != 0 || e.Breakdown == nil || e.Breakdown.ProRata != 0.4597 || e.Breakdown.Granted != 552 || e.Balance != -200 {
					t.Errorf("joiner's balance: %+v %+v", e, e.Breakdown)
				}
			}
		}
		if found != 2 {
			t.Fatalf("%d of the 2 rows: %+v", found, ents)
		}
	})
}
