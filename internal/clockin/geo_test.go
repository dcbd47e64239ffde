package clockin

import (
	"errors"
	"math"
	"testing"
)

func TestDistance(t *testing.T) {
	cases := []struct {
		name                   string
		lat1, lon1, lat2, lon2 float64
		want, tol              float64
	}{
		{"same point", 3.1390, 101.6869, 3.1390, 101.6869, 0, 1e-9},
		{"one degree of latitude", 0, 0, 1, 0, 111195, 1},
		{"one degree of longitude at the equator", 0, 0, 0, 1, 111195, 1},
		{"one degree of longitude at 60° is half", 60, 0, 60, 1, 55597, 1},
		{"across the antimeridian is short", 0, 179.9995, 0, -179.9995, 111.2, 0.1},
		{"pole to pole", 90, 0, -90, 0, math.Pi * earthRadius, 1},
		{"antipodes do not give NaN", 0, 0, 0, 180, math.Pi * earthRadius, 1},
		{"ten metres north", 3.1390, 101.6869, 3.1390 + 10/111195.0, 101.6869, 10, 0.01},
		// An equirectangular estimate gives 309.3 km over this short a span.
		{"Kuala Lumpur to Singapore", 3.1390, 101.6869, 1.3521, 103.8198, 309300, 500},
	}
	for _, c := range cases {
		got := Distance(c.lat1, c.lon1, c.lat2, c.lon2)
		if math.IsNaN(got) || math.Abs(got-c.want) > c.tol {
			t.Errorf("%s: %.3f m, want %.3f ± %.3f", c.name, got, c.want, c.tol)
		}
		if back := Distance(c.lat2, c.lon2, c.lat1, c.lon1); math.Abs(back-got) > 1e-6 {
			t.Errorf("%s: not symmetric (%f, %f)", c.name, got, back)
		}
	}
}

// north is a point metres north of a latitude.
func north(lat, metres float64) float64 { return lat + metres/(math.Pi*earthRadius/180) }

func TestChoose(t *testing.T) {
	gate := Site{ID: 1, Name: "Gate", Latitude: 3.1, Longitude: 101.6, Radius: 100, MaxAccuracy: 50}
	annex := Site{ID: 2, Name: "Annex", Latitude: north(3.1, 150), Longitude: 101.6, Radius: 100, MaxAccuracy: 50}
	remote := Site{ID: 3, Name: "Field work", Anywhere: true}
	cases := []struct {
		name  string
		sites []Site
		pos   Position
		want  int64
		err   error
	}{
		{"no site: not allowed", nil, Position{3.1, 101.6, 5}, 0, ErrNotAllowed},
		{"at the centre", []Site{gate}, Position{3.1, 101.6, 5}, 1, nil},
		{"on the fence is inside", []Site{gate}, Position{north(3.1, 99.9), 101.6, 5}, 1, nil},
		{"just outside", []Site{gate}, Position{north(3.1, 100.5), 101.6, 5}, 0, ErrOutsideSite},
		{"accuracy at the limit", []Site{gate}, Position{3.1, 101.6, 50}, 1, nil},
		{"accuracy past the limit inside", []Site{gate}, Position{3.1, 101.6, 51}, 0, ErrPoorAccuracy},
		{"poor accuracy that may reach the fence", []Site{gate}, Position{north(3.1, 300), 101.6, 250}, 0, ErrPoorAccuracy},
		{"poor accuracy far away is outside", []Site{gate}, Position{north(3.1, 5000), 101.6, 250}, 0, ErrOutsideSite},
		{"nearest of two overlapping sites", []Site{gate, annex}, Position{north(3.1, 90), 101.6, 5}, 2, nil},
		{"fenced site before anywhere", []Site{remote, gate}, Position{3.1, 101.6, 5}, 1, nil},
		{"anywhere when outside", []Site{gate, remote}, Position{north(3.1, 9000), 101.6, 5}, 3, nil},
		{"anywhere takes any accuracy", []Site{remote}, Position{0, 0, 5000}, 3, nil},
	}
	for _, c := range cases {
		s, _, err := Choose(c.sites, c.pos)
		if !errors.Is(err, c.err) || s.ID != c.want {
			t.Errorf("%s: site %d, %v; want site %d, %v", c.name, s.ID, err, c.want, c.err)
		}
	}
}
