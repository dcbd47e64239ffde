package holidays_test

import (
	"errors"
	"testing"

	"hadir/internal/holidays"
)

func find(days []holidays.Day, date string) (string, bool) {
	for _, d := range days {
		if d.Date == date {
			return d.Name, true
		}
	}
	return "", false
}

func TestCatalogueCoversTheCountries(t *testing.T) {
	got := map[string]holidays.Country{}
	for _, c := range holidays.Countries() {
		got[c.Code] = c
	}
	for _, code := range []string{"MY", "SG", "ID", "CN", "JP", "ES", "DE", "FR"} {
		c, ok := got[code]
		if !ok {
			t.Fatalf("country %s missing", code)
		}
		for _, y := range []int{2026, 2027} {
			days, err := holidays.For(code, "", y, "en")
			if err != nil || len(days) < 5 {
				t.Fatalf("%s %d: %d days, %v", code, y, len(days), err)
			}
		}
		_ = c
	}
	if len(got["MY"].Regions) != 16 || len(got["DE"].Regions) != 16 {
		t.Fatalf("regions: MY %d, DE %d", len(got["MY"].Regions), len(got["DE"].Regions))
	}
	if a := holidays.About(); a.Name != "date-holidays" || a.Version == "" || a.Licence == "" {
		t.Fatalf("source: %+v", a)
	}
}

func TestSelangor2026(t *testing.T) {
	sel, err := holidays.For("MY", "10", 2026, "en")
	if err != nil {
		t.Fatal(err)
	}
	for date, name := range map[string]string{"2026-08-31": "Independence Day", "2026-09-16": "Malaysia Day", "2026-12-11": "Sultan of Selangor's Birthday"} {
		if got, ok := find(sel, date); !ok || got != name {
			t.Errorf("Selangor %s: %q, want %q", date, got, name)
		}
	}
	// Negeri Sembilan's ruler's birthday is not a holiday in Selangor, nor in the country.
	if _, ok := find(sel, "2026-01-14"); ok {
		t.Error("Selangor has Negeri Sembilan's holiday")
	}
	whole, _ := holidays.For("MY", "", 2026, "en")
	if _, ok := find(whole, "2026-12-11"); ok {
		t.Error("the whole country has Selangor's holiday")
	}
	ms, _ := holidays.For("MY", "10", 2026, "ms")
	if got, _ := find(ms, "2026-08-31"); got != "Hari Kebangsaan" {
		t.Errorf("Malay name: %q", got)
	}
	// A language without a name in the catalogue falls back to English.
	jp, _ := holidays.For("MY", "10", 2026, "jp")
	if got, _ := find(jp, "2026-09-16"); got != "Malaysia Day" {
		t.Errorf("fallback name: %q", got)
	}
}

func TestForRefusesUnknowns(t *testing.T) {
	for _, c := range []struct {
		country, region string
		year            int
		want            error
	}{
		{"XX", "", 2026, holidays.ErrCountry},
		{"MY", "99", 2026, holidays.ErrRegion},
		{"SG", "10", 2026, holidays.ErrRegion},
		{"MY", "10", 1990, holidays.ErrYear},
	} {
		if _, err := holidays.For(c.country, c.region, c.year, "en"); !errors.Is(err, c.want) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}
