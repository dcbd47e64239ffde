package attendance_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

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
