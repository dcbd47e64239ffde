// Package holidays is the catalogue of public holidays an organisation can import (issue 13):
// whole-day public holidays by country and region (state) for a few years, generated from the
// maintained npm package date-holidays by gen/generate.mjs and embedded in the binary, never
// typed by hand. data.json names the package version and licence it was made from.
package holidays

import (
	_ "embed"
	"encoding/json"
	"errors"
	"slices"
	"sync"
)

//go:embed data.json
var raw []byte

// Errors of the catalogue; the API names the field each concerns.
var (
	ErrCountry = errors.New("holidays: no such country in the catalogue")
	ErrRegion  = errors.New("holidays: no such region of the country")
	ErrYear    = errors.New("holidays: the catalogue has no holidays of that year")
)

// Region is a state or region of a country with holidays of its own.
type Region struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Country is a country of the catalogue with its regions and the years it covers.
type Country struct {
	Code    string   `json:"code"`
	Name    string   `json:"name"`
	Regions []Region `json:"regions"`
	Years   []int    `json:"years"`
}

// Day is one public holiday on a date, named in the language asked for.
type Day struct {
	Date string `json:"date"`
	Name string `json:"name"`
}

type holiday struct {
	Date     string            `json:"date"`
	Name     map[string]string `json:"name"`
	National *bool             `json:"national"`
	Regions  []string          `json:"regions"`
}

type country struct {
	Code     string    `json:"code"`
	Name     string    `json:"name"`
	Regions  []Region  `json:"regions"`
	Holidays []holiday `json:"holidays"`
}

// Source says where the catalogue comes from.
type Source struct {
	Name    string `json:"source"`
	Version string `json:"version"`
	Licence string `json:"licence"`
	Years   []int  `json:"years"`
}

type catalogue struct {
	Source
	Countries []country `json:"countries"`
}

var load = sync.OnceValue(func() catalogue {
	var c catalogue
	if err := json.Unmarshal(raw, &c); err != nil {
		panic("holidays: embedded data.json is not valid: " + err.Error())
	}
	return c
})

// About returns the catalogue's source, version, licence and years.
func About() Source { return load().Source }

// Countries lists the countries of the catalogue, each with its regions and years.
func Countries() []Country {
	c := load()
	out := make([]Country, 0, len(c.Countries))
	for _, k := range c.Countries {
		regions := k.Regions
		if regions == nil {
			regions = []Region{}
		}
		out = append(out, Country{Code: k.Code, Name: k.Name, Regions: regions, Years: c.Years})
	}
	return out
}

// For returns the public holidays of a country (and region, "" for the country as a whole)
// in a year, one per date (names joined where two fall on one date), named in lang (a stored UI language code; English where the catalogue
// has no name in it). Without a region only the holidays of the whole country are given.
func For(countryCode, region string, year int, lang string) ([]Day, error) {
	c := load()
	i := slices.IndexFunc(c.Countries, func(k country) bool { return k.Code == countryCode })
	if i < 0 {
		return nil, ErrCountry
	}
	k := c.Countries[i]
	if region != "" && !slices.ContainsFunc(k.Regions, func(r Region) bool { return r.Code == region }) {
		return nil, ErrRegion
	}
	if !slices.Contains(c.Years, year) {
		return nil, ErrYear
	}
	prefix := itoa4(year) + "-"
	out := []Day{}
	for _, h := range k.Holidays {
		if len(h.Date) < 5 || h.Date[:5] != prefix {
			continue
		}
		national := h.National == nil || *h.National
		if region == "" && !national {
			continue
		}
		if region != "" && h.Regions != nil && !slices.Contains(h.Regions, region) {
			continue
		}
		name := h.Name[lang]
		if name == "" {
			name = h.Name["en"]
		}
		// Two holidays on one date are one day off: one row, both names.
		if n := len(out); n > 0 && out[n-1].Date == h.Date {
			out[n-1].Name += " / " + name
			continue
		}
		out = append(out, Day{Date: h.Date, Name: name})
	}
	return out, nil
}

func itoa4(y int) string {
	b := []byte{'0', '0', '0', '0'}
	for i := 3; i >= 0 && y > 0; i-- {
		b[i] = byte('0' + y%10)
		y /= 10
	}
	return string(b)
}
