package api

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"hadir/internal/account"
	"hadir/internal/platform/web"
	"hadir/internal/reports"
)

// Saved reports (issue 15): a report screen with its filters saved under a name, e-mailed on
// a schedule. The file is made by the screen's own download handler (dailyExport,
// rangeExport, yearlyExport, payrollExport, leaveFace.statsExport), called through the route table with the
// saved filters as its query, so a scheduled file is the same as a downloaded one.

func (a *API) listSavedReports(w http.ResponseWriter, r *http.Request) error {
	rs, err := a.Reports.List(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, rs)
	return nil
}

func (a *API) reportRecipients(w http.ResponseWriter, r *http.Request) error {
	rs, err := a.Reports.Recipients(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, rs)
	return nil
}

func (a *API) getSavedReport(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	rep, err := a.Reports.Get(r.Context(), principal(r).OrgID, id)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, rep)
	return nil
}

func (a *API) createSavedReport(w http.ResponseWriter, r *http.Request) error {
	var in reports.Input
	if err := web.Decode(w, r, &in); err != nil {
		return err
	}
	p := principal(r)
	rep, err := a.Reports.Create(r.Context(), p.OrgID, p.UserID, in)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, rep)
	return nil
}

func (a *API) updateSavedReport(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var in reports.Input
	if err := web.Decode(w, r, &in); err != nil {
		return err
	}
	rep, err := a.Reports.Update(r.Context(), principal(r).OrgID, id, in)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, rep)
	return nil
}

func (a *API) deleteSavedReport(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	if err := a.Reports.Delete(r.Context(), principal(r).OrgID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type sentResponse struct {
	Queued int `json:"queued"`
}

func (a *API) sendSavedReport(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	n, err := a.Reports.SendNow(r.Context(), principal(r).OrgID, id)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusAccepted, sentResponse{Queued: n})
	return nil
}

// reportPath is the download route of a kind of saved report for a kind of organisation and
// of person (school: teacher or staff), or of leave (leave statistics: leave or away).
func reportPath(kind, orgKind string, filters map[string]string) string {
	personKind := filters["kind"]
	switch kind {
	case "payroll":
		return "/api/payroll/export"
	case "leave_statistics":
		leaveKind := "leave"
		if filters["leave_kind"] == "away" {
			leaveKind = "away"
		}
		return "/api/" + map[bool]string{true: "school", false: "company"}[orgKind == "school"] + "/" + leaveKind + "/statistics/report"
	}
	if orgKind == "school" {
		if personKind != "staff" {
			personKind = "teacher"
		}
		b := "/api/school/attendance/" + personKind
		return map[string]string{"daily": b + "/report", "monthly": b + "/monthly/report", "yearly": b + "/yearly/report"}[kind]
	}
	b := "/api/employee/attendance/admin/report/"
	return b + kind
}

// reportQuery is the download's query for a saved report and the day a run stands for: the
// daily report of that day; the month (monthly, payroll) or year (yearly) that contains it,
// or, on a monthly schedule, the month before it (the year before it in January).
func reportQuery(rep reports.Report, day time.Time) url.Values {
	q := url.Values{}
	if rep.Schedule == reports.Monthly && rep.Kind != "daily" {
		day = time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -1)
	}
	switch rep.Kind {
	case "daily":
		q.Set("date", day.Format(time.DateOnly))
	case "monthly":
		q.Set("date", day.Format("2006-01"))
	case "yearly":
		q.Set("date", day.Format("2006"))
	case "leave_statistics":
		q.Set("year", day.Format("2006"))
	case "payroll":
		q.Set("month", day.Format("2006-01"))
	}
	for k, v := range rep.Filters {
		switch {
		case k == "base":
			q.Set("filter[base]", v)
		case k == "kind" && rep.Kind != "payroll", k == "leave_kind":
			// The person kind (school) or the leave kind picks the route, not a parameter.
		default:
			q.Set(k, v)
		}
	}
	if rep.Kind == "payroll" {
		q.Set("format", rep.Format)
	} else {
		q.Set("type", rep.Format)
	}
	q.Set("lang", rep.Lang)
	return q
}

// renderSavedReport makes a saved report's file by calling its download route, as the user
// who saved it and with that user's current role: a user who has since lost the permission
// (or left) makes the run fail rather than send what they may no longer see.
func (a *API) renderSavedReport(ctx context.Context, rep reports.Report, day time.Time) (reports.File, error) {
	if rep.CreatedBy == nil {
		return reports.File{}, errors.New("the user who saved the report no longer exists")
	}
	var role, kind string
	err := a.DB.QueryRowContext(ctx, `SELECT u.role, o.kind FROM users u JOIN orgs o ON o.id = u.org_id WHERE u.id = $1 AND u.org_id = $2`,
		*rep.CreatedBy, rep.OrgID).Scan(&role, &kind)
	if errors.Is(err, sql.ErrNoRows) {
		return reports.File{}, errors.New("the user who saved the report no longer exists")
	}
	if err != nil {
		return reports.File{}, err
	}
	p := account.Principal{UserID: *rep.CreatedBy, OrgID: rep.OrgID, OrgKind: kind, Role: role}
	path := reportPath(rep.Kind, kind, rep.Filters)
	var route *Route
	for _, rt := range a.Routes() {
		if rt.Method == "GET" && rt.Path == path {
			route = &rt
			break
		}
	}
	if route == nil || route.Handle == nil {
		return reports.File{}, fmt.Errorf("no download route for a %s report of a %s", rep.Kind, kind)
	}
	if route.Access == Perm && !p.Can(route.Permission) {
		return reports.File{}, errors.New("the user who saved the report may no longer see it")
	}
	req, err := http.NewRequestWithContext(withPrincipal(ctx, p), "GET", path+"?"+reportQuery(rep, day).Encode(), nil)
	if err != nil {
		return reports.File{}, err
	}
	var rec bufferWriter
	if err := route.Handle(&rec, req); err != nil {
		return reports.File{}, err
	}
	if rec.status != 0 && rec.status != http.StatusOK {
		return reports.File{}, fmt.Errorf("the report answered %d", rec.status)
	}
	ct := rec.header.Get("Content-Type")
	ext := "." + rep.Format
	name := strings.TrimSpace(rep.Name)
	if name == "" {
		name = "Report"
	}
	name = strings.NewReplacer("/", "-", "\\", "-", "\"", "'").Replace(name) + " " + day.Format(time.DateOnly) + ext
	return reports.File{Filename: name, ContentType: ct, Data: rec.buf.Bytes()}, nil
}

// bufferWriter keeps a handler's answer in memory (a saved report's file).
type bufferWriter struct {
	header http.Header
	status int
	buf    bytes.Buffer
}

func (b *bufferWriter) Header() http.Header {
	if b.header == nil {
		b.header = http.Header{}
	}
	return b.header
}

func (b *bufferWriter) WriteHeader(status int) {
	if b.status == 0 {
		b.status = status
	}
}

func (b *bufferWriter) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.buf.Write(p)
}
