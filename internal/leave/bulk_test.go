package leave_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/leave"
	"hadir/internal/org"
	"hadir/internal/platform/database"
	"hadir/internal/platform/mail"
	"hadir/internal/platform/validate"
	"hadir/internal/testdb"
)

// bulkFixture is a company of n employees (and one archived) beside another company with one
// employee, two leave types A and B configured alike, and a clock on 2026-06-15.
type bulkFixture struct {
	db       *database.DB
	svc      *leave.Service
	att      *attendance.Service
	orgID    int64
	people   []int64
	archived int64
	stranger int64 // a person of the other organisation
	a, b     int64
}

func newBulkFixture(t *testing.T, db *database.DB, n int) *bulkFixture {
	t.Helper()
	ctx := context.Background()
	orgs := org.NewService(org.NewStore(db))
	f := &bulkFixture{db: db}
	var err error
	if f.orgID, err = orgs.Create(ctx, org.Org{Kind: org.KindCompany, Name: "Bulk", Timezone: "Asia/Kuala_Lumpur"}); err != nil {
		t.Fatal(err)
	}
	other, err := orgs.Create(ctx, org.Org{Kind: org.KindCompany, Name: "Other", Timezone: "Asia/Kuala_Lumpur"})
	if err != nil {
		t.Fatal(err)
	}
	outbox, _ := mail.NewOutbox(db, "", "bulk@localhost")
	att := attendance.NewService(db, attendance.NewStore(db), orgs)
	att.Now = func() time.Time { return time.Date(2026, 6, 15, 4, 0, 0, 0, time.UTC) }
	f.svc = leave.NewService(db, leave.NewStore(db), att, orgs, outbox, "")
	f.att = att
	f.svc.Now = func() time.Time { return time.Date(2026, 6, 15, 4, 0, 0, 0, time.UTC) }
	now := database.Now()
	var rows [][]any
	for i := 0; i < n; i++ {
		rows = append(rows, []any{f.orgID, "employee", fmt.Sprintf("B%04d", i), fmt.Sprintf("Person %04d", i), fmt.Sprintf("p%d@bulk.test", i), nil, now, now})
	}
	rows = append(rows, []any{f.orgID, "employee", "ARCH", "Archived", "", now, now, now})
	rows = append(rows, []any{other, "employee", "X1", "Stranger", "", nil, now, now})
	testdb.Bulk(t, db, `INSERT INTO people (org_id, kind, code, first_name, email, archived_at, created_at, updated_at) VALUES `, rows)
	r, err := db.Query(`SELECT id, org_id, archived_at IS NOT NULL FROM people ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var id, o int64
		var arch bool
		if err := r.Scan(&id, &o, &arch); err != nil {
			t.Fatal(err)
		}
		switch {
		case o != f.orgID:
			f.stranger = id
		case arch:
			f.archived = id
		default:
			f.people = append(f.people, id)
		}
	}
	r.Close()
	for i, name := range []string{"Annual A", "Annual B"} {
		typ, err := f.svc.SaveType(ctx, leave.Type{OrgID: f.orgID, Kind: leave.KindLeave, Name: name, Unit: "day", DefaultAmount: 1000, MaxCarry: 500})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			f.a = typ.ID
		} else {
			f.b = typ.ID
		}
	}
	return f
}

// seedBoth gives some people the same existing entitlements and applications of both types,
// written through the service as an admin would.
func (f *bulkFixture) seedBoth(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	for _, typ := range []int64{f.a, f.b} {
		for i, p := range f.people {
			if i%3 == 0 {
				if _, err := f.svc.SaveEntitlement(ctx, f.orgID, "employee", leave.KindLeave, leave.Entitlement{PersonID: p, TypeID: typ,
					PeriodStart: "2026-01-01", Entitled: 700, Carried: 50, Note: "before"}); err != nil {
					t.Fatal(err)
				}
			}
			if i%4 == 0 {
				if _, err := f.svc.SaveEntitlement(ctx, f.orgID, "employee", leave.KindLeave, leave.Entitlement{PersonID: p, TypeID: typ,
					PeriodStart: "2025-01-01", Entitled: 900, Note: "last year"}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// Applications, the same on both types, written straight into the ledger (people have no
	// schedule here, so Apply would find no working day): approved, pending, rejected, and
	// one of last year.
	now := database.Now()
	var rows [][]any
	for _, typ := range []int64{f.a, f.b} {
		for i, p := range f.people {
			if i%2 == 0 {
				rows = append(rows, []any{f.orgID, p, typ, "leave", "2026-03-02", "2026-03-03", 200, "approved", now, now})
				rows = append(rows, []any{f.orgID, p, typ, "leave", "2026-07-01", "2026-07-01", 50, "pending", now, now})
				rows = append(rows, []any{f.orgID, p, typ, "leave", "2026-08-03", "2026-08-03", 100, "rejected", now, now})
			}
			if i%5 == 0 {
				rows = append(rows, []any{f.orgID, p, typ, "leave", "2025-11-03", "2025-11-05", 300, "approved", now, now})
			}
		}
	}
	testdb.Bulk(t, f.db, `INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, amount, status, created_at, updated_at) VALUES `, rows)
}

// ents returns everyone's entitlements of a type without the fields that name the row or the
// type, in a stable order, so two types' entitlements can be compared.
func (f *bulkFixture) ents(t *testing.T, typeID int64) []leave.Entitlement {
	t.Helper()
	var out []leave.Entitlement
	for _, p := range f.people {
		es, _, err := f.svc.Entitlements(context.Background(), f.orgID, "employee", p, leave.KindLeave, database.Page{})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if e.TypeID == typeID {
				e.ID, e.TypeID, e.TypeName = 0, 0, ""
				out = append(out, e)
			}
		}
	}
	return out
}

// sameEnts fails on the first entitlement where two lists differ.
func sameEnts(t *testing.T, a, b []leave.Entitlement) {
	t.Helper()
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("one by one %d entitlements, bulk %d", len(a), len(b))
	}
	for i := range a {
		if !reflect.DeepEqual(a[i], b[i]) {
			t.Fatalf("entitlement %d differs:\none by one %+v\nbulk       %+v", i, a[i], b[i])
		}
	}
}

// snapshot is every entitlement row of the database as text, to prove nothing changed.
func snapshot(t *testing.T, db *database.DB) string {
	t.Helper()
	r, err := db.Query(`SELECT id, person_id, type_id, period_start, valid_until, entitled, carried, note, ` + db.TimeText("updated_at") + ` FROM leave_entitlements ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var b strings.Builder
	for r.Next() {
		var id, p, ty, en, ca int64
		var ps, vu, note, up string
		if err := r.Scan(&id, &p, &ty, &ps, &vu, &en, &ca, &note, &up); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&b, id, p, ty, ps, vu, en, ca, note, up)
	}
	return b.String()
}

func ids(f *bulkFixture, t *testing.T, typeID int64, period string) map[int64]int64 {
	t.Helper()
	r, err := f.db.Query(`SELECT person_id, id FROM leave_entitlements WHERE org_id = $1 AND type_id = $2 AND period_start = $3`, f.orgID, typeID, period)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	out := map[int64]int64{}
	for r.Next() {
		var p, id int64
		if err := r.Scan(&p, &id); err != nil {
			t.Fatal(err)
		}
		out[p] = id
	}
	return out
}

// TestBulkEntitleMatchesOneByOne: the set-based bulk entitlement leaves the same
// entitlements and balances as saving each person's in turn, for people with and without an
// entitlement of the period, with applications, a repeated id, and the default period.
func TestBulkEntitleMatchesOneByOne(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newBulkFixture(t, db, 30)
		f.seedBoth(t)
		before := ids(f, t, f.b, "2026-01-01")
		list := append(append([]int64{}, f.people[:25]...), f.people[3]) // a repeat, as a client might send
		for _, e := range []leave.Entitlement{
			{Entitled: 1250, Carried: 150, PeriodStart: "2026-01-01", ValidUntil: "2027-03-31", Note: "bulk"},
			{Entitled: 800}, // the current year by default
		} {
			for _, p := range list {
				x := e
				x.PersonID, x.TypeID = p, f.a
				if _, err := f.svc.SaveEntitlement(ctx, f.orgID, "employee", leave.KindLeave, x); err != nil {
					t.Fatal(err)
				}
			}
			x := e
			x.TypeID = f.b
			n, err := f.svc.BulkEntitle(ctx, f.orgID, "employee", leave.KindLeave, list, x)
			if err != nil || n != len(list) {
				t.Fatalf("bulk: %d %v", n, err)
			}
			a, b := f.ents(t, f.a), f.ents(t, f.b)
			sameEnts(t, a, b)
		}
		// Existing rows were updated in place, not replaced.
		after := ids(f, t, f.b, "2026-01-01")
		for p, id := range before {
			if after[p] != id {
				t.Fatalf("person %d: entitlement %d became %d", p, id, after[p])
			}
		}
		// Spot check against the ledger: person 0 has 2 days approved and half a day pending
		// in 2026 (the rejected day and last year's leave do not count); the second round saved 8 days, nothing carried.
		es, _, _ := f.svc.Entitlements(ctx, f.orgID, "employee", f.people[0], leave.KindLeave, database.Page{})
		for _, e := range es {
			if e.TypeID == f.b && e.PeriodStart == "2026-01-01" && (e.Taken != 200 || e.Pending != 50 || e.Entitled != 800 || e.Carried != 0 || e.Note != "" || e.Balance != 800-200) {
				t.Fatalf("balance: %+v", e)
			}
		}
	})
}

// TestBulkEntitleAllOrNothing: a person of another organisation, an archived person or a
// person of the wrong kind anywhere in the list, or a failure while writing the middle of
// the set, leaves every entitlement as it was; errors come in the order saving one by one
// gave them.
func TestBulkEntitleAllOrNothing(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newBulkFixture(t, db, 20)
		f.seedBoth(t)
		base := leave.Entitlement{TypeID: f.b, Entitled: 1500, PeriodStart: "2026-01-01", Note: "bulk"}
		snap := snapshot(t, db)
		mid := func(x int64) []int64 {
			l := append([]int64{}, f.people[:10]...)
			l = append(l, x)
			return append(l, f.people[10:]...)
		}
		for name, list := range map[string][]int64{"other organisation": mid(f.stranger), "archived": mid(f.archived), "missing": mid(1 << 40)} {
			if _, err := f.svc.BulkEntitle(ctx, f.orgID, "employee", leave.KindLeave, list, base); !errors.Is(err, leave.ErrNotFound) {
				t.Fatalf("%s: %v", name, err)
			}
			if snapshot(t, db) != snap {
				t.Fatalf("%s: entitlements changed", name)
			}
		}
		if _, err := f.svc.BulkEntitle(ctx, f.orgID, "teacher", leave.KindLeave, f.people, base); !errors.Is(err, leave.ErrNotFound) {
			t.Fatalf("wrong kind: %v", err)
		}
		// The first person is checked before the fields, the others after.
		bad := base
		bad.TypeID = 1 << 40
		var ve validate.Errors
		if _, err := f.svc.BulkEntitle(ctx, f.orgID, "employee", leave.KindLeave, mid(f.stranger), bad); !errors.As(err, &ve) || !strings.Contains(err.Error(), "leave_type_id") {
			t.Fatalf("invalid type: %v", err)
		}
		if _, err := f.svc.BulkEntitle(ctx, f.orgID, "employee", leave.KindLeave, append([]int64{f.stranger}, f.people...), bad); !errors.Is(err, leave.ErrNotFound) {
			t.Fatalf("stranger first: %v", err)
		}
		bad = base
		bad.ValidUntil = "2025-12-31"
		if _, err := f.svc.BulkEntitle(ctx, f.orgID, "employee", leave.KindLeave, f.people, bad); !errors.As(err, &ve) || !strings.Contains(err.Error(), "valid_until") {
			t.Fatalf("valid_until: %v", err)
		}
		// A write that fails in the middle of the set (a trigger refuses one new row, after
		// rows updated and rows inserted before it) undoes the whole set.
		victim := f.people[11] // 11 % 3 != 0: no entitlement of 2026 yet, so it is an insert
		failOn(t, db, victim)
		if _, err := f.svc.BulkEntitle(ctx, f.orgID, "employee", leave.KindLeave, f.people, base); err == nil || !strings.Contains(err.Error(), "boom") {
			t.Fatalf("failing write: %v", err)
		}
		if snapshot(t, db) != snap {
			t.Fatal("a failed bulk entitlement left rows written")
		}
	})
}

// failOn makes the database refuse any new entitlement of one person.
func failOn(t *testing.T, db *database.DB, personID int64) {
	t.Helper()
	var stmts []string
	if db.Dialect == database.Postgres {
		stmts = []string{
			`CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`,
			fmt.Sprintf(`CREATE TRIGGER boom BEFORE INSERT ON leave_entitlements FOR EACH ROW WHEN (NEW.person_id = %d) EXECUTE FUNCTION boom()`, personID),
		}
	} else {
		stmts = []string{fmt.Sprintf(`CREATE TRIGGER boom BEFORE INSERT ON leave_entitlements WHEN NEW.person_id = %d BEGIN SELECT RAISE(ABORT, 'boom'); END`, personID)}
	}
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCarryForwardMatchesOneByOne: applying the carry-forward of a year in sets leaves the
// same next-year entitlements as saving each preview row in turn (new rows at the type's
// default, existing ones keeping their amount and id), including a person with two
// entitlements starting in the year; a failure in the middle of the write leaves nothing.
func TestCarryForwardMatchesOneByOne(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newBulkFixture(t, db, 30)
		f.seedBoth(t)
		for _, typ := range []int64{f.a, f.b} {
			// Some people already have next year's entitlement; one has two periods this year.
			for i, p := range f.people {
				if i%6 == 1 {
					if _, err := f.svc.SaveEntitlement(ctx, f.orgID, "employee", leave.KindLeave, leave.Entitlement{PersonID: p, TypeID: typ,
						PeriodStart: "2027-01-01", Entitled: 1800, Carried: 20, Note: "set by hand"}); err != nil {
						t.Fatal(err)
					}
				}
			}
			if _, err := f.svc.SaveEntitlement(ctx, f.orgID, "employee", leave.KindLeave, leave.Entitlement{PersonID: f.people[0], TypeID: typ,
				PeriodStart: "2026-07-01", ValidUntil: "2026-12-31", Entitled: 100}); err != nil {
				t.Fatal(err)
			}
		}
		maxCarry := leave.Amount(600)
		preview, err := f.svc.CarryForward(ctx, f.orgID, leave.KindLeave, f.a, 2026, &maxCarry, "2027-06-30", false)
		if err != nil || len(preview) == 0 {
			t.Fatalf("preview: %d %v", len(preview), err)
		}
		existing := ids(f, t, f.a, "2027-01-01")
		for _, r := range preview { // the per-person path: each row saved in turn
			e := leave.Entitlement{PersonID: r.PersonID, TypeID: f.a, PeriodStart: "2027-01-01", ValidUntil: "2027-06-30", Entitled: 1000,
				Carried: r.Carried, Note: "carried forward from 2026"}
			if id := existing[r.PersonID]; id != 0 {
				cur, _, _ := f.svc.Entitlements(ctx, f.orgID, "employee", r.PersonID, leave.KindLeave, database.Page{})
				for _, c := range cur {
					if c.ID == id {
						e.Entitled = c.Entitled
					}
				}
			}
			if _, err := f.svc.SaveEntitlement(ctx, f.orgID, "employee", leave.KindLeave, e); err != nil {
				t.Fatal(err)
			}
		}
		snap := snapshot(t, db)
		failOn(t, db, f.people[3]) // carries from 2026, no 2027 entitlement yet: an insert in the middle
		if _, err := f.svc.CarryForward(ctx, f.orgID, leave.KindLeave, f.b, 2026, &maxCarry, "2027-06-30", true); err == nil || !strings.Contains(err.Error(), "boom") {
			t.Fatalf("failing write: %v", err)
		}
		if snapshot(t, db) != snap {
			t.Fatal("a failed carry-forward left rows written")
		}
		if _, err := db.Exec(`DROP TRIGGER boom` + map[bool]string{true: ` ON leave_entitlements`}[db.Dialect == database.Postgres]); err != nil {
			t.Fatal(err)
		}
		before := ids(f, t, f.b, "2027-01-01")
		applied, err := f.svc.CarryForward(ctx, f.orgID, leave.KindLeave, f.b, 2026, &maxCarry, "2027-06-30", true)
		if err != nil {
			t.Fatal(err)
		}
		sameEnts(t, f.ents(t, f.a), f.ents(t, f.b))
		after := ids(f, t, f.b, "2027-01-01")
		for p, id := range before {
			if after[p] != id {
				t.Fatalf("person %d: entitlement %d became %d", p, id, after[p])
			}
		}
		if len(applied) != len(preview) {
			t.Fatalf("rows: %d, preview %d", len(applied), len(preview))
		}
		for i := range applied {
			want := preview[i]
			if existing[want.PersonID] != 0 {
				want.Entitled = 1800
			}
			if applied[i] != want {
				t.Fatalf("row %d: %+v, want %+v", i, applied[i], want)
			}
		}
	})
}
