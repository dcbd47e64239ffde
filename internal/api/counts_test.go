package api_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// listTotal is the pagination total of a list answer.
func listTotal(t *testing.T, r resp) int {
	t.Helper()
	meta, _ := r.body["meta"].(map[string]any)
	pg, _ := meta["pagination"].(map[string]any)
	n, ok := pg["total"].(float64)
	if !ok {
		t.Fatalf("no pagination total: %s", r.raw)
	}
	return int(n)
}

// The totals of the people lists and of the daily report are cached (database.Counts), yet
// every change of who is in them shows on the very next call: a new person, an archived one,
// a restored one, people imported, on both engines.
func TestCountsSameNode(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Counts One")
		base := "/api/school/employee/teacher"
		daily := "/api/school/attendance/teacher?date=2026-11-20"
		archived := base + "/archived"
		check := func(what string, active, arch int) {
			t.Helper()
			for i := 0; i < 2; i++ { // the second call answers from the cache
				if n := listTotal(t, e.expect(e.call("GET", base+"?page[size]=1", s.token, nil), 200)); n != active {
					t.Fatalf("%s: people list total %d, want %d", what, n, active)
				}
				if n := listTotal(t, e.expect(e.call("GET", daily, s.token, nil), 200)); n != active {
					t.Fatalf("%s: daily attendance total %d, want %d", what, n, active)
				}
				if n := listTotal(t, e.expect(e.call("GET", archived, s.token, nil), 200)); n != arch {
					t.Fatalf("%s: archived total %d, want %d", what, n, arch)
				}
			}
		}
		check("empty", 0, 0)
		var ids []int64
		for i := range 3 {
			ids = append(ids, idOf(e.expect(e.call("POST", base, s.token, map[string]any{"code": fmt.Sprintf("C%d", i), "first_name": fmt.Sprintf("Cikgu %d", i)}), 201)))
			check("created", i+1, 0)
		}
		e.expect(e.call("DELETE", fmt.Sprintf("%s?id=%d", base, ids[0]), s.token, nil), 204)
		check("archived", 2, 1)
		e.expect(e.call("POST", base+"/restore", s.token, map[string]any{"id": ids[0]}), 200)
		check("restored", 3, 0)
		// A failed create (a taken code) changes nothing and leaves the cache right.
		e.expect(e.call("POST", base, s.token, map[string]any{"code": "C1", "first_name": "Again"}), 409)
		check("taken code", 3, 0)
		// Staff are counted apart from teachers.
		e.expect(e.call("POST", "/api/school/employee/staff", s.token, map[string]any{"code": "S1", "first_name": "Staf"}), 201)
		check("staff created", 3, 0)
		if n := listTotal(t, e.expect(e.call("GET", "/api/school/employee/staff", s.token, nil), 200)); n != 1 {
			t.Fatalf("staff total %d", n)
		}
	})
}

// Two API nodes on one PostgreSQL database, each with its own connection pool and cache: a
// person created, archived or restored on node A shows in node B's totals within
// revocationBound, although B had cached them.
func TestCountsAcrossNodes(t *testing.T) {
	if os.Getenv(testdb.EnvPostgres) == "" {
		t.Skip(testdb.EnvPostgres + " is not set")
	}
	u := testdb.PostgresURL(t)
	open := func() *database.DB {
		db, err := database.Open(u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	dbA, dbB := open(), open()
	if err := migrations.Up(context.Background(), dbA); err != nil {
		t.Fatal(err)
	}
	a, b := newEnv(t, dbA), newEnv(t, dbB)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, db := range []*database.DB{dbA, dbB} {
		done := make(chan struct{})
		go func() { db.ListenForCounts(ctx, u); close(done) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	for deadline := time.Now().Add(10 * time.Second); !dbA.HearsCounts() || !dbB.HearsCounts(); {
		if time.Now().After(deadline) {
			t.Fatal("the nodes never heard the counts channel")
		}
		time.Sleep(10 * time.Millisecond)
	}
	s := a.school("Counts Two")
	base := "/api/school/employee/teacher"
	total := func(path string) int { return listTotal(t, b.expect(b.call("GET", path, s.token, nil), 200)) }
	within := func(what, path string, want int) {
		t.Helper()
		// Node A, where the change was made, shows it on the very next call.
		if n := listTotal(t, a.expect(a.call("GET", path, s.token, nil), 200)); n != want {
			t.Fatalf("%s: node A's total of %s is %d, want %d", what, path, n, want)
		}
		listTotal(t, a.expect(a.call("GET", path, s.token, nil), 200)) // cached on A again
		start := time.Now()
		for {
			if n := total(path); n == want {
				t.Logf("%s showed on node B after %s", what, time.Since(start).Round(time.Millisecond))
				return
			}
			if time.Since(start) > revocationBound {
				t.Fatalf("%s: node B's total of %s is still %d after %s, want %d", what, path, total(path), revocationBound, want)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	id := idOf(a.expect(a.call("POST", base, s.token, map[string]any{"code": "N1", "first_name": "Nod"}), 201))
	within("first person", base, 1)
	total(base) // cached on B now
	total(base + "/archived")
	a.expect(a.call("POST", base, s.token, map[string]any{"code": "N2", "first_name": "Nod Dua"}), 201)
	within("a new person", base, 2)
	a.expect(a.call("DELETE", fmt.Sprintf("%s?id=%d", base, id), s.token, nil), 204)
	within("an archived person", base, 1)
	within("an archived person (archived list)", base+"/archived", 1)
	a.expect(a.call("POST", base+"/restore", s.token, map[string]any{"id": id}), 200)
	within("a restored person", base, 2)
	within("a restored person (daily attendance)", "/api/school/attendance/teacher?date=2026-11-20", 2)

	// The time zone, cached by B's reports, follows a profile saved on A.
	a.punch(s.orgID, id, "2026-11-16 09:30")
	daily := "/api/school/attendance/teacher?date=2026-11-16"
	if got := dayOf(t, b.expect(b.call("GET", daily, s.token, nil), 200), id)["in_time"]; got != "09:30" {
		t.Fatalf("in Kuala Lumpur on B: in_time %v", got)
	}
	a.expect(a.call("POST", "/api/school/management", s.token, map[string]any{"name": "Counts Two", "code": "CNT2", "email": "office@counts.test",
		"contact_number": "+60 3-1234 5678", "timezone": "UTC"}), 200)
	start := time.Now()
	for dayOf(t, b.expect(b.call("GET", daily, s.token, nil), 200), id)["in_time"] != "01:30" {
		if time.Since(start) > revocationBound {
			t.Fatalf("node B still reports in Kuala Lumpur time %s after the zone changed on A", revocationBound)
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Logf("the zone change showed on node B after %s", time.Since(start).Round(time.Millisecond))
}

// The organisation's time zone is cached for the reports, yet a saved school profile with
// another zone shows in the very next daily report.
func TestOrgZoneCachedSameNode(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Zone One")
		id := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "Z1", "first_name": "Zon"}), 201))
		e.punch(s.orgID, id, "2026-11-16 09:30") // 01:30 UTC
		inTime := func() any {
			return dayOf(t, e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-16", s.token, nil), 200), id)["in_time"]
		}
		for range 2 { // the second from the cache
			if got := inTime(); got != "09:30" {
				t.Fatalf("in Kuala Lumpur: in_time %v", got)
			}
		}
		e.expect(e.call("POST", "/api/school/management", s.token, map[string]any{"name": "Zone One", "code": "ZONE1", "email": "office@zone.test",
			"contact_number": "+60 3-1234 5678", "timezone": "UTC"}), 200)
		if got := inTime(); got != "01:30" {
			t.Fatalf("after the zone became UTC: in_time %v", got)
		}
	})
}
