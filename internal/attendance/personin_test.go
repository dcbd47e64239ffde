package attendance_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/org"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestRosterAndTrackingOfManyPeople: the roster entries and tracking dates of a list of
// people are those of exactly these people, whether the list is short (an IN list: "?" on
// SQLite, "$N" on PostgreSQL) or longer than 500 (read for the organisation and kept in Go).
func TestRosterAndTrackingOfManyPeople(t *testing.T) {
	for _, e := range testdb.Engines(t) {
		t.Run(string(e), func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, e, 1200)
			otherOrg, other := otherOrgPeople(t, f.db, 3) // another organisation's people, with entries too
			now := database.Now()
			var rows [][]any
			for i, id := range append(slices.Clone(f.people), other...) {
				o := f.orgID
				if i >= len(f.people) {
					o = otherOrg
				}
				if i%4 != 3 {
					rows = append(rows, []any{o, id, "2026-10-15", nil, now, now}, []any{o, id, "2026-11-02", nil, now, now})
				}
				if i%5 == 0 {
					if _, err := f.db.ExecContext(ctx, `UPDATE people SET join_date = '2026-03-01' WHERE id = $1`, id); err != nil {
						t.Fatal(err)
					}
				}
			}
			testdb.Bulk(t, f.db, `INSERT INTO roster_entries (org_id, person_id, date, shift_id, created_at, updated_at) VALUES `, rows)
			st := attendance.NewStore(f.db)
			for _, n := range []int{0, 3, 500, 501, 1200} {
				ids := slices.Clone(f.people[len(f.people)-n:])
				ids = append(ids, other...) // not of the organisation: never returned
				if n == 0 {
					ids = other
				}
				got, err := st.RosterEntries(ctx, f.orgID, ids, "2026-10-01", "2026-10-31")
				if err != nil {
					t.Fatal(err)
				}
				var want []int64
				for i, id := range f.people {
					if i >= len(f.people)-n && i%4 != 3 {
						want = append(want, id)
					}
				}
				var gotIDs []int64
				for _, r := range got {
					if r.Date != "2026-10-15" || r.ShiftID != nil {
						t.Fatalf("%d people: %+v", n, r)
					}
					gotIDs = append(gotIDs, r.PersonID)
				}
				if !slices.Equal(gotIDs, want) {
					t.Fatalf("%d people: roster of %d people, want %d", n, len(gotIDs), len(want))
				}
				tr, err := st.Tracking(ctx, f.orgID, ids)
				if err != nil {
					t.Fatal(err)
				}
				joined := 0
				for i, id := range f.people {
					if i >= len(f.people)-n && i%5 == 0 {
						joined++
						if tr.People[id] != [2]string{"2026-03-01", ""} {
							t.Fatalf("%d people: tracking of %d is %v", n, id, tr.People[id])
						}
					}
				}
				if len(tr.People) != joined {
					t.Fatalf("%d people: tracking dates of %d people, want %d", n, len(tr.People), joined)
				}
			}
		})
	}
}

// otherOrgPeople adds an organisation with n people and returns its id and theirs.
func otherOrgPeople(t *testing.T, db *database.DB, n int) (int64, []int64) {
	t.Helper()
	orgID, err := org.NewService(org.NewStore(db)).Create(context.Background(), org.Org{Kind: org.KindCompany, Name: "Other", Timezone: "Asia/Kuala_Lumpur"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for i := 0; i < n; i++ {
		var id int64
		if err := db.QueryRow(`INSERT INTO people (org_id, kind, code, first_name, created_at, updated_at) VALUES ($1, 'employee', $2, 'Other', $3, $3) RETURNING id`,
			orgID, fmt.Sprintf("O%d", i), database.Now()).Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return orgID, ids
}

// TestPeoplePunchesIsPeopleThenPunchTimes: a page read with its punches in one statement
// (PeoplePunches, the daily list's) holds the same people, total and instants as the page
// (People) and then its punches (PunchTimes), for pages of every filter shape, including
// one that is not in the name index's order (a search) and one past the end; a punch
// outside the window or of another organisation's person is never read.
func TestPeoplePunchesIsPeopleThenPunchTimes(t *testing.T) {
	for _, e := range testdb.Engines(t) {
		t.Run(string(e), func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t, e, 120)
			day := time.Date(2026, 10, 14, 0, 0, 0, 0, f.loc)
			f.punches(t, day, 3)
			otherOrg, other := otherOrgPeople(t, f.db, 2)
			now := database.Now()
			var rows [][]any
			for _, id := range other {
				at := day.Add(9 * time.Hour)
				rows = append(rows, []any{otherOrg, id, at.Unix(), at.Format("2006-01-02T15:04:05"), 480, "device:1", now})
			}
			testdb.Bulk(t, f.db, `INSERT INTO punches (org_id, person_id, at_unix, local_time, utc_offset, source, created_at) VALUES `, rows)
			st := attendance.NewStore(f.db)
			from, to := day.Add(12*time.Hour), day.AddDate(0, 0, 2) // cuts the first day's in punches off
			for _, c := range []struct {
				f  attendance.PeopleFilter
				pg database.Page
			}{
				{attendance.PeopleFilter{Kind: "employee"}, database.Page{Number: 1, Size: 30}},
				{attendance.PeopleFilter{Kind: "employee"}, database.Page{Number: 3, Size: 50}},
				{attendance.PeopleFilter{Kind: "employee"}, database.Page{Number: 9, Size: 30}},
				{attendance.PeopleFilter{Kind: "employee", Base: "0001"}, database.Page{Number: 1, Size: 7}},
				{attendance.PeopleFilter{IDs: []int64{f.people[5], f.people[77], f.people[119]}}, database.Page{Number: 1, Size: 2}},
			} {
				wantPeople, wantTotal, err := st.People(ctx, f.orgID, c.f, c.pg)
				if err != nil {
					t.Fatal(err)
				}
				var ids []int64
				for _, p := range wantPeople {
					ids = append(ids, p.ID)
				}
				want := map[int64][]time.Time{}
				if len(ids) > 0 {
					if want, err = st.PunchTimes(ctx, f.orgID, append(ids, other...), from, to); err != nil {
						t.Fatal(err)
					}
				}
				got, punches, total, err := st.PeoplePunches(ctx, f.orgID, c.f, c.pg, from, to)
				if err != nil {
					t.Fatal(err)
				}
				if total != wantTotal || fmt.Sprint(got) != fmt.Sprint(wantPeople) {
					t.Fatalf("%+v: %d people (total %d), want %d (total %d)", c, len(got), total, len(wantPeople), wantTotal)
				}
				n := 0
				for _, p := range got {
					g, w := slices.Clone(punches[p.ID]), slices.Clone(want[p.ID])
					slices.SortFunc(g, time.Time.Compare)
					slices.SortFunc(w, time.Time.Compare)
					if !slices.EqualFunc(g, w, time.Time.Equal) {
						t.Fatalf("%+v: person %d's punches %v, want %v", c, p.ID, g, w)
					}
					n += len(g)
				}
				if len(got) > 0 && n != 3*len(got) { // day 1's out, days 2's in and out (day 3 is past to)
					t.Fatalf("%+v: %d punches for %d people", c, n, len(got))
				}
				if len(punches) != len(got) {
					t.Fatalf("%+v: punches of %d people for a page of %d", c, len(punches), len(got))
				}
			}
		})
	}
}
