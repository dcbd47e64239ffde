package leave_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"hadir/internal/attendance"
	"hadir/internal/leave"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
	"hadir/internal/testdb"
)

// scheduled puts everyone of the fixture in a Monday-to-Friday group from 2025 on, with a
// holiday on 2026-05-01 (a Friday), and adds an hourly type H that may go negative.
func (f *bulkFixture) scheduled(t *testing.T) (hourly int64) {
	t.Helper()
	ctx := context.Background()
	g, err := f.att.CreateGroup(ctx, f.orgID, "employee", attendance.GroupInput{Name: "Office", TimeIn: "09:00", CutOffTimeIn: "11:00", TimeOut: "17:00", CutOffTimeOut: "23:00"})
	if err != nil {
		t.Fatal(err)
	}
	var days []attendance.ScheduleDay
	for d := 1; d <= 5; d++ {
		days = append(days, attendance.ScheduleDay{Day: d, Type: attendance.DayWorking, TimeIn: "09:00", TimeOut: "17:00"})
	}
	if _, err := f.att.SaveSchedule(ctx, f.orgID, "employee", g.ID, days, "2025-01-01"); err != nil {
		t.Fatal(err)
	}
	if err := f.att.AddMembers(ctx, f.orgID, "employee", g.ID, f.people, "2025-01-01"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.att.SaveHoliday(ctx, attendance.Holiday{OrgID: f.orgID, Name: "Labour Day", Start: "2026-05-01"}); err != nil {
		t.Fatal(err)
	}
	h, err := f.svc.SaveType(ctx, leave.Type{OrgID: f.orgID, Kind: leave.KindLeave, Name: "Hourly", Unit: "hour", AllowNegative: true})
	if err != nil {
		t.Fatal(err)
	}
	return h.ID
}

// assignments is a list that passes: for people with an entitlement of type A in 2026 (every
// third), a week over the holiday and a weekend, and the morning and the afternoon of one
// day as two assignments, which together use up exactly the 5 days available to every
// sixth person (7 + 0.5 carried, 2 taken, 0.5 pending); hours of the type that may go
// negative for the others.
func (f *bulkFixture) assignments(hourly int64) []leave.Request {
	var rs []leave.Request
	for i, p := range f.people {
		if i%3 == 0 {
			rs = append(rs,
				leave.Request{PersonID: p, TypeID: f.a, From: "2026-04-28", To: "2026-05-04", Reason: fmt.Sprintf("trip %d", i)}, // 4 working days
				leave.Request{PersonID: p, TypeID: f.a, From: "2026-06-10", Session: "am"},
				leave.Request{PersonID: p, TypeID: f.a, From: "2026-06-10", Session: "pm", Reason: "afternoon"},
			)
		} else {
			rs = append(rs, leave.Request{PersonID: p, TypeID: hourly, From: "2026-06-11", Hours: 350, Reason: "<hours> & more"})
		}
	}
	return rs
}

// ledger is every application and outbox message of the organisation, without ids and
// times, in a stable order, so two databases built alike can be compared.
func (f *bulkFixture) ledger(t *testing.T) []string {
	t.Helper()
	var out []string
	r, err := f.db.Query(`SELECT person_id, type_id, kind, from_date, to_date, session, amount, reason, status, assignment, COALESCE(created_by, 0), decided_by_name,
		decided_at IS NOT NULL FROM leave_applications WHERE org_id = $1 ORDER BY id`, f.orgID)
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var p, ty, amount, by int64
		var kind, from, to, session, reason, status, decidedBy string
		var assignment, decided bool
		if err := r.Scan(&p, &ty, &kind, &from, &to, &session, &amount, &reason, &status, &assignment, &by, &decidedBy, &decided); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprint(p, ty, kind, from, to, session, amount, reason, status, assignment, by, decidedBy, decided))
	}
	r.Close()
	r, err = f.db.Query(`SELECT to_addr, subject, body FROM outbox WHERE org_id = $1 ORDER BY id`, f.orgID)
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var to, subject, body string
		if err := r.Scan(&to, &subject, &body); err != nil {
			t.Fatal(err)
		}
		out = append(out, "mail "+to+" "+subject+" "+body)
	}
	r.Close()
	return out
}

func sameLedger(t *testing.T, a, b []string) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("one by one %d rows, bulk %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("row %d differs:\none by one %s\nbulk       %s", i, a[i], b[i])
		}
	}
}

var admin = leave.Actor{UserID: 0, Name: "Head Office", IsAdmin: true}

// oneByOne applies the assignments one after the other in one transaction, as a client
// calling the single route in turn would (rolled back on the first refusal, which it
// returns with its index).
func oneByOne(f *bulkFixture, rs []leave.Request) (int, error) {
	failed := -1
	err := f.db.WithTx(context.Background(), func(ctx context.Context) error {
		for i, r := range rs {
			if _, err := f.svc.Apply(ctx, f.orgID, "employee", leave.KindLeave, r, admin, true); err != nil {
				failed = i
				return err
			}
		}
		return nil
	})
	return failed, err
}

// TestBulkAssignMatchesOneByOne: the set-based bulk assignment leaves the same applications,
// balances and e-mails as assigning one after the other, in two databases built alike, with
// existing applications and entitlements, weekends and a holiday, half days and hours.
func TestBulkAssignMatchesOneByOne(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		one, bulk := newBulkFixture(t, db, 24), newBulkFixture(t, testdb.Open(t, db.Dialect), 24)
		var rs []leave.Request
		for _, f := range []*bulkFixture{one, bulk} {
			f.seedBoth(t)
			rs = f.assignments(f.scheduled(t))
		}
		if i, err := oneByOne(one, rs); err != nil {
			t.Fatalf("one by one, assignment %d: %v", i, err)
		}
		n, err := bulk.svc.BulkAssign(ctx, bulk.orgID, "employee", leave.KindLeave, append([]leave.Request{}, rs...), admin)
		if err != nil || n != len(rs) {
			t.Fatalf("bulk: %d %v", n, err)
		}
		sameLedger(t, one.ledger(t), bulk.ledger(t))
		sameEnts(t, one.ents(t, one.a), bulk.ents(t, bulk.a))
		// Spot check: a week over the holiday and a weekend is four days, and person 0 has
		// nothing left.
		es, _, _ := bulk.svc.Entitlements(ctx, bulk.orgID, "employee", bulk.people[3], leave.KindLeave, database.Page{})
		for _, e := range es {
			if e.TypeID == bulk.a && e.PeriodStart == "2026-01-01" && e.Taken != 400+100 {
				t.Fatalf("taken: %+v", e)
			}
		}
		es, _, _ = bulk.svc.Entitlements(ctx, bulk.orgID, "employee", bulk.people[0], leave.KindLeave, database.Page{})
		for _, e := range es {
			if e.TypeID == bulk.a && e.PeriodStart == "2026-01-01" && e.Available != 0 {
				t.Fatalf("taken: %+v", e)
			}
		}
	})
}

// TestBulkAssignRefusesAsOneByOne: a list with a refusal in the middle (an overlap with an
// earlier assignment of the list, a balance the earlier ones used up, no entitlement, no
// working day, a bad field, a person of another organisation, a failing write) leaves
// nothing written, and names the same assignment and field as assigning one by one does.
func TestBulkAssignRefusesAsOneByOne(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newBulkFixture(t, db, 12)
		f.seedBoth(t)
		hourly := f.scheduled(t)
		good := f.assignments(hourly)
		before := f.ledger(t)
		p0, p1 := f.people[0], f.people[1] // p0 has 7 + 0.5 of type A in 2026, 2 taken, 0.5 pending
		mid := func(bad ...leave.Request) []leave.Request {
			l := append([]leave.Request{}, good[:5]...)
			l = append(l, bad...)
			return append(l, good[5:]...)
		}
		cases := []struct {
			name  string
			rs    []leave.Request
			field string
		}{
			{"overlap with an earlier one", mid(leave.Request{PersonID: p0, TypeID: f.a, From: "2026-05-04", To: "2026-05-04"}), "from_date"},
			{"balance used up by earlier ones", mid(leave.Request{PersonID: p0, TypeID: f.a, From: "2026-09-01", To: "2026-09-03"}), "to_date"},
			{"no entitlement", mid(leave.Request{PersonID: p1, TypeID: f.a, From: "2026-09-01"}), "leave_type_id"},
			{"no working day", mid(leave.Request{PersonID: p1, TypeID: hourly, From: "2026-09-05", Hours: 100}), "from_date"},
			{"beyond the entitlement", mid(leave.Request{PersonID: p0, TypeID: f.a, From: "2026-12-31", To: "2027-01-04"}), "to_date"},
			{"bad field", mid(leave.Request{PersonID: p1, TypeID: hourly, From: "2026-09-02", To: "2026-09-01"}), "to_date"},
			{"hours missing", mid(leave.Request{PersonID: p1, TypeID: hourly, From: "2026-09-02"}), "hours"},
		}
		for _, c := range cases {
			i, oneErr := oneByOne(f, c.rs)
			var ove validate.Errors
			if !errors.As(oneErr, &ove) && !errors.Is(oneErr, leave.ErrOverlap) && !errors.Is(oneErr, leave.ErrInsufficient) && !errors.Is(oneErr, leave.ErrNoEntitlement) && !errors.Is(oneErr, leave.ErrNoWorkingDays) {
				t.Fatalf("%s: one by one: %v", c.name, oneErr)
			}
			_, err := f.svc.BulkAssign(ctx, f.orgID, "employee", leave.KindLeave, c.rs, admin)
			var ve validate.Errors
			key := fmt.Sprintf("assignments[%d].%s", i, c.field)
			if !errors.As(err, &ve) || len(ve[key]) == 0 {
				t.Fatalf("%s: bulk %v, want a refusal of %s (one by one: %v)", c.name, err, key, oneErr)
			}
			if i != 5 {
				t.Fatalf("%s: one by one refused assignment %d, want 5", c.name, i)
			}
			if !reflect.DeepEqual(f.ledger(t), before) {
				t.Fatalf("%s: the ledger changed", c.name)
			}
		}
		if _, err := f.svc.BulkAssign(ctx, f.orgID, "employee", leave.KindLeave, mid(leave.Request{PersonID: f.stranger, TypeID: hourly, From: "2026-09-01", Hours: 100}), admin); !errors.Is(err, leave.ErrNotFound) {
			t.Fatalf("another organisation's person: %v", err)
		}
		if _, err := f.svc.BulkAssign(ctx, f.orgID, "employee", leave.KindLeave, mid(leave.Request{PersonID: f.archived, TypeID: hourly, From: "2026-09-01", Hours: 100}), admin); !errors.Is(err, leave.ErrNotFound) {
			t.Fatalf("archived person: %v", err)
		}
		if _, err := f.svc.BulkAssign(ctx, f.orgID, "employee", leave.KindAway, good, admin); err == nil || !strings.Contains(err.Error(), "assignments[0].leave_type_id") {
			t.Fatalf("a leave type as away: %v", err)
		}
		// A write that fails in the middle of the list undoes everything.
		victim := good[len(good)/2].PersonID
		var stmts []string
		if db.Dialect == database.Postgres {
			stmts = []string{`CREATE FUNCTION boom_app() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`,
				fmt.Sprintf(`CREATE TRIGGER boom_app BEFORE INSERT ON leave_applications FOR EACH ROW WHEN (NEW.person_id = %d) EXECUTE FUNCTION boom_app()`, victim)}
		} else {
			stmts = []string{fmt.Sprintf(`CREATE TRIGGER boom_app BEFORE INSERT ON leave_applications WHEN NEW.person_id = %d BEGIN SELECT RAISE(ABORT, 'boom'); END`, victim)}
		}
		for _, s := range stmts {
			if _, err := db.Exec(s); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.svc.BulkAssign(ctx, f.orgID, "employee", leave.KindLeave, good, admin); err == nil || !strings.Contains(err.Error(), "boom") {
			t.Fatalf("failing write: %v", err)
		}
		if !reflect.DeepEqual(f.ledger(t), before) {
			t.Fatal("a failed bulk assignment left rows written")
		}
	})
}
