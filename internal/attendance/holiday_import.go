package attendance

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"hadir/internal/holidays"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// ImportDay is one day of a holiday import: the catalogue's holiday on a date, and whether
// the organisation already has a holiday covering that date (then the import leaves it).
type ImportDay struct {
	Date   string `json:"date"`
	Name   string `json:"name"`
	Exists bool   `json:"exists"`
}

// HolidayImport says which public holidays to import: a country of the catalogue, one of its
// regions ("" for the country as a whole), a year, and the language of the names.
type HolidayImport struct {
	Country, Region string
	Year            int
	Language        string
}

// ImportHolidays previews (apply false) or imports (apply true) a country's public holidays
// for a year. Only days no holiday of the organisation covers yet are added, one holiday per
// day, all in one transaction, so importing again adds only what is missing.
func (s *Service) ImportHolidays(ctx context.Context, orgID int64, in HolidayImport, apply bool) (days []ImportDay, added int, err error) {
	in.Country, in.Region = strings.ToUpper(strings.TrimSpace(in.Country)), strings.TrimSpace(in.Region)
	found, err := holidays.For(in.Country, in.Region, in.Year, in.Language)
	if err != nil {
		switch {
		case errors.Is(err, holidays.ErrCountry):
			return nil, 0, validate.Field("country", "validation.invalid", "no public holidays are known for this country")
		case errors.Is(err, holidays.ErrRegion):
			return nil, 0, validate.Field("region", "validation.invalid", "the region is not one of the country's")
		case errors.Is(err, holidays.ErrYear):
			return nil, 0, validate.Field("year", "validation.invalid", "no public holidays are known for this year")
		}
		return nil, 0, err
	}
	year := strconv.Itoa(in.Year)
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		have, _, err := s.store.ListHolidays(ctx, orgID, "", year+"-01-01", year+"-12-31", database.Page{})
		if err != nil {
			return err
		}
		covered := func(date string) bool {
			for _, h := range have {
				if h.Start <= date && date <= h.End {
					return true
				}
			}
			return false
		}
		days = make([]ImportDay, 0, len(found))
		for _, d := range found {
			day := ImportDay{Date: d.Date, Name: d.Name, Exists: covered(d.Date)}
			days = append(days, day)
			if !apply || day.Exists {
				continue
			}
			if _, err := s.store.SaveHoliday(ctx, Holiday{OrgID: orgID, Name: truncate(d.Name, 100), Start: d.Date, End: d.Date}); err != nil {
				return err
			}
			added++
		}
		return nil
	})
	return days, added, err
}

// truncate cuts s to at most n characters (a holiday name's limit).
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
