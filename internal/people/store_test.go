package people_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hadir/internal/org"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// A keyset walk (ListAfter) visits exactly the people the OFFSET pages of List do, in the
// same order, on both engines: with names that tie, names that differ only in case,
// non-ASCII names, archived people and another organisation's people left out.
func TestListAfterWalksTheListOrder(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		orgs := org.NewService(org.NewStore(db))
		var orgIDs []int64
		for _, n := range []string{"Walk", "Other"} {
			id, err := orgs.Create(ctx, org.Org{Kind: org.KindCompany, Name: n, Timezone: "Asia/Kuala_Lumpur"})
			if err != nil {
				t.Fatal(err)
			}
			orgIDs = append(orgIDs, id)
		}
		firsts := []string{"Aisyah", "aisyah", "AISYAH", "Élodie", "Jia Hui 吴佳慧", "Zed", "ahmad", "Ahmad"}
		lasts := []string{"Tan", "tan", "", "Abdullah"}
		now := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
		var rows [][]any
		for _, o := range orgIDs {
			for i := 0; i < 260; i++ {
				var archived any
				if i%9 == 0 {
					archived = now
				}
				rows = append(rows, []any{o, "employee", fmt.Sprintf("E%d", i), firsts[i%len(firsts)], lasts[(i/3)%len(lasts)], archived, now, now})
			}
		}
		testdb.Bulk(t, db, `INSERT INTO people (org_id, kind, code, first_name, last_name, archived_at, created_at, updated_at) VALUES `, rows)
		store := people.NewStore(db)
		for _, f := range []people.ListFilter{{Kind: people.Employee}, {Kind: people.Employee, Archived: true}, {Kind: people.Employee, Base: "ai"}, {Kind: people.Employee, Base: "lodie"}, {Kind: people.Employee, Base: "吴佳慧"}} {
			var want []int64
			var totals []int
			for page := 1; ; page++ {
				items, total, err := store.List(ctx, orgIDs[0], f, database.Page{Number: page, Size: 25})
				if err != nil {
					t.Fatal(err)
				}
				totals = append(totals, total)
				for _, p := range items {
					want = append(want, p.ID)
				}
				if len(items) < 25 {
					break
				}
			}
			var got []int64
			var after *people.After
			for pages := 0; ; pages++ {
				items, next, err := store.ListAfter(ctx, orgIDs[0], f, after, 25)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range items {
					if p.OrgID != orgIDs[0] || (p.ArchivedAt != nil) != f.Archived {
						t.Fatalf("%+v: person %+v does not belong to the list", f, p)
					}
					got = append(got, p.ID)
				}
				if after = next; after == nil {
					break
				}
				if pages > 100 {
					t.Fatal("the walk does not end")
				}
			}
			if len(want) == 0 || fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%+v: keyset walk\n%v\nOFFSET pages\n%v", f, got, want)
			}
			for i, n := range totals { // counted, cached, or told by the last page
				if n != len(want) {
					t.Fatalf("%+v: page %d says %d in all, the list has %d", f, i+1, n, len(want))
				}
			}
		}
	})
}
