package api_test

import (
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

func TestHolidayImport(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Import School")
		base := "/api/school/holiday"
		t.Run("catalogue200", func(t *testing.T) {
			e.t = t
			r := e.expect(e.call("GET", base+"/import", s.token, nil), 200)
			d := r.data()
			if d["source"] != "date-holidays" || d["version"] == "" || len(d["countries"].([]any)) < 8 {
				t.Fatalf("catalogue: %.300s", r.raw)
			}
		})
		t.Run("preview_then_import", func(t *testing.T) {
			e.t = t
			// A holiday the school typed in itself stays; the import skips its day.
			e.expect(e.call("POST", base+"/management", s.token, map[string]any{"name": "Hari Kebangsaan (own)", "start": "2026-08-31"}), 201)
			p := e.expect(e.call("GET", base+"/import/preview?country=MY&region=10&year=2026&language=ms", s.token, nil), 200)
			days := p.body["data"].([]any)
			exists, sultan := 0, false
			for _, x := range days {
				m := x.(map[string]any)
				if m["exists"] == true {
					exists++
					if m["date"] != "2026-08-31" {
						t.Fatalf("exists on the wrong day: %v", m)
					}
				}
				sultan = sultan || m["date"] == "2026-12-11"
			}
			if exists != 1 || !sultan || len(days) < 12 {
				t.Fatalf("preview: %s", p.raw)
			}
			// The preview writes nothing.
			if n := e.expect(e.call("GET", base+"/management?page[size]=150", s.token, nil), 200).body["data"].([]any); len(n) != 1 {
				t.Fatalf("preview wrote holidays: %d", len(n))
			}
			r := e.expect(e.call("POST", base+"/import", s.token, map[string]any{"country": "MY", "region": "10", "year": 2026, "language": "ms"}), 200)
			added := int(r.data()["added"].(float64))
			if added != len(days)-1 {
				t.Fatalf("added %d of %d", added, len(days))
			}
			list := e.expect(e.call("GET", base+"/management?page[size]=150&filter[from_date]=2026-09-16&filter[to_date]=2026-09-16", s.token, nil), 200)
			if got := rowNames(list, "name"); len(got) != 1 || got[0] != "Hari Malaysia" {
				t.Fatalf("Malaysia Day: %v", got)
			}
			// Importing again adds nothing.
			again := e.expect(e.call("POST", base+"/import", s.token, map[string]any{"country": "MY", "region": "10", "year": "2026"}), 200)
			if again.data()["added"] != 0.0 {
				t.Fatalf("re-import: %s", again.raw)
			}
			// Another organisation's holidays are its own: a company imports all of them.
			c := e.company("Import Company")
			other := e.expect(e.call("POST", "/api/holiday/import", c.token, map[string]any{"country": "MY", "region": "10", "year": 2026}), 200)
			if int(other.data()["added"].(float64)) != len(days) {
				t.Fatalf("company import: %s", other.raw)
			}
		})
		t.Run("import422", func(t *testing.T) {
			e.t = t
			for field, body := range map[string]map[string]any{
				"country": {"country": "XX", "year": 2026},
				"region":  {"country": "SG", "region": "10", "year": 2026},
				"year":    {"country": "DE", "region": "BY", "year": 1999},
			} {
				r := e.expect(e.call("POST", base+"/import", s.token, body), 422)
				if _, ok := r.body["errors"].(map[string]any)[field]; !ok {
					t.Fatalf("%s: %s", field, r.raw)
				}
			}
			r := e.expect(e.call("GET", base+"/import/preview?country=SG&year=next", s.token, nil), 422)
			if _, ok := r.body["errors"].(map[string]any)["year"]; !ok {
				t.Fatalf("year: %s", r.raw)
			}
		})
		t.Run("member403", func(t *testing.T) {
			e.t = t
			e.expect(e.call("POST", base+"/import", e.user(s.orgID, "member"), map[string]any{"country": "SG", "year": 2026}), 403)
		})
	})
}
