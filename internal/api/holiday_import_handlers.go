package api

import (
	"net/http"
	"strconv"
	"strings"

	"hadir/internal/attendance"
	"hadir/internal/holidays"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// holidayCatalogue answers the countries, regions and years whose public holidays can be
// imported, with the dataset's source, version and licence.
func (a *API) holidayCatalogue(w http.ResponseWriter, r *http.Request) error {
	about := holidays.About()
	web.Data(w, http.StatusOK, map[string]any{"source": about.Name, "version": about.Version, "licence": about.Licence,
		"years": about.Years, "countries": holidays.Countries()})
	return nil
}

type holidayImportRequest struct {
	Country  string      `json:"country"`
	Region   string      `json:"region"`
	Year     web.FlexInt `json:"year"`
	Language string      `json:"language"`
}

func (req holidayImportRequest) toImport() attendance.HolidayImport {
	return attendance.HolidayImport{Country: req.Country, Region: req.Region, Year: int(req.Year), Language: strings.TrimSpace(req.Language)}
}

// previewHolidayImport lists the days an import would bring, each marked when the
// organisation already has a holiday on it.
func (a *API) previewHolidayImport(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	req := holidayImportRequest{Country: q.Get("country"), Region: q.Get("region"), Language: q.Get("language")}
	if y := q.Get("year"); y != "" {
		n, err := strconv.Atoi(y)
		if err != nil {
			return validate.Field("year", "validation.invalid", "year must be a whole number")
		}
		req.Year = web.FlexInt(n)
	}
	days, _, err := a.Attendance.ImportHolidays(r.Context(), principal(r).OrgID, req.toImport(), false)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, days)
	return nil
}

// importHolidays adds the days of a country's public holidays the organisation lacks.
func (a *API) importHolidays(w http.ResponseWriter, r *http.Request) error {
	var req holidayImportRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	days, added, err := a.Attendance.ImportHolidays(r.Context(), principal(r).OrgID, req.toImport(), true)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"added": added, "days": days})
	return nil
}
