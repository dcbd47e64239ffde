package clockin

import (
	"math"
	"sort"
)

// earthRadius is the mean radius of the Earth in metres (IUGG), the sphere haversine assumes.
// On the scale of a site fence (tens to thousands of metres) the sphere's error against the
// ellipsoid is below 0.5 %, far inside any phone's GPS accuracy.
const earthRadius = 6371008.8

// Distance is the great-circle distance in metres between two points given in degrees, by the
// haversine formula, which stays exact for the short distances of a fence (unlike the law of
// cosines, which loses precision below a few metres).
func Distance(lat1, lon1, lat2, lon2 float64) float64 {
	rad := math.Pi / 180
	dLat := (lat2 - lat1) * rad
	dLon := (lon2 - lon1) * rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	// Rounding can push a a hair past 1 for antipodal points; asin of more than 1 is NaN.
	a = math.Min(1, math.Max(0, a))
	return 2 * earthRadius * math.Asin(math.Sqrt(a))
}

// Choose decides a web clock-in from a position against the sites a person may use, in this
// order:
//  1. no site at all: ErrNotAllowed (the person's groups may not clock in from the web);
//  2. the nearest fenced site whose circle holds the position, with the accuracy within the
//     site's limit: accepted there;
//  3. otherwise a site without a fence ("anywhere"): accepted there;
//  4. otherwise, when the position's circle of uncertainty reaches a fenced site whose
//     accuracy limit it exceeds: ErrPoorAccuracy (a better fix may well be inside);
//  5. otherwise ErrOutsideSite.
//
// The distance is the server's own: the phone sends only its position and accuracy.
func Choose(sites []Site, p Position) (Site, float64, error) {
	if len(sites) == 0 {
		return Site{}, 0, ErrNotAllowed
	}
	type cand struct {
		s Site
		d float64
	}
	var inside []cand
	var anywhere *Site
	poor := false
	for i, s := range sites {
		if s.Anywhere {
			if anywhere == nil {
				anywhere = &sites[i]
			}
			continue
		}
		d := Distance(s.Latitude, s.Longitude, p.Latitude, p.Longitude)
		switch {
		case d <= float64(s.Radius) && p.Accuracy <= float64(s.MaxAccuracy):
			inside = append(inside, cand{s, d})
		case p.Accuracy > float64(s.MaxAccuracy) && d <= float64(s.Radius)+p.Accuracy:
			poor = true
		}
	}
	if len(inside) > 0 {
		sort.SliceStable(inside, func(i, j int) bool { return inside[i].d < inside[j].d })
		return inside[0].s, inside[0].d, nil
	}
	if anywhere != nil {
		return *anywhere, 0, nil
	}
	if poor {
		return Site{}, 0, ErrPoorAccuracy
	}
	return Site{}, 0, ErrOutsideSite
}
