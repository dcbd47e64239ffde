package leave

import (
	"reflect"
	"testing"
)

// TestParseEntitlementRows: the reader of the database's JSON takes what SQLite writes
// (no spaces, escapes, null for a missing value) and refuses what it does not understand.
func TestParseEntitlementRows(t *testing.T) {
	got, err := parseEntitlementRows(`[[1,2,3,"2026-01-01","2026-12-31",1400,-50,"say \"hi\" \u00e9\\n"],[ 9 , 8 , 7 , "a" , "b" , null , 0 , null ]]`)
	if err != nil {
		t.Fatal(err)
	}
	want := []Entitlement{
		{ID: 1, PersonID: 2, TypeID: 3, PeriodStart: "2026-01-01", ValidUntil: "2026-12-31", Entitled: 1400, Carried: -50, Note: "say \"hi\" é\\n"},
		{ID: 9, PersonID: 8, TypeID: 7, PeriodStart: "a", ValidUntil: "b"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	for _, s := range []string{"", "null", "[]"} {
		if got, err := parseEntitlementRows(s); err != nil || len(got) != 0 {
			t.Fatalf("%q: %v %v", s, got, err)
		}
	}
	for _, bad := range []string{`[[1,2,3,"a","b",1,2]]`, `[[1,2,3,"a","b",1,2,"n"]`, `[[1.5,2,3,"a","b",1,2,"n"]]`, `[[1,2,3,"a","b",1,2,"n"]]x`, `[[1,2,3,"a","b",1,2,"n`,
		`[[99999999999999999999,2,3,"a","b",1,2,"n"]]`, `[["1",2,3,"a","b",1,2,"n"]]`, `{"a":1}`} {
		if _, err := parseEntitlementRows(bad); err == nil {
			t.Fatalf("%s: no error", bad)
		}
	}
	var rows [][5]any
	err = eachApplicationRow(`[[5,6,"2026-03-02",1,200],[5,6,"2026-07-01",0,50]]`, func(p, ty int64, from string, approved bool, amount Amount) {
		rows = append(rows, [5]any{p, ty, from, approved, amount})
	})
	if err != nil || !reflect.DeepEqual(rows, [][5]any{{int64(5), int64(6), "2026-03-02", true, Amount(200)}, {int64(5), int64(6), "2026-07-01", false, Amount(50)}}) {
		t.Fatalf("%v %v", rows, err)
	}
}
