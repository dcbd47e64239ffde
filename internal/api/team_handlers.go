package api

import (
	"errors"
	"net/http"

	"hadir/internal/attendance"
	"hadir/internal/leave"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/platform/web"
)

// checkManager is the Manager access of the route table: the caller's person must manage
// somebody (403 otherwise), and a route's {id} must be one of their direct reports (404
// otherwise, whoever else it is).
func (a *API) checkManager(r *http.Request) error {
	p := principal(r)
	me, _, err := a.myReports(r)
	if err != nil {
		return err
	}
	if v := r.PathValue("id"); v != "" {
		id, err := web.ID("id", v)
		if err != nil {
			return err
		}
		ok, err := a.People.Manages(r.Context(), p.OrgID, me.ID, id)
		if err != nil {
			return err
		}
		if !ok {
			return people.ErrNotFound
		}
	}
	return nil
}

// myReports is the caller's person and their direct reports; a caller without a person, or
// managing nobody, is 403 (the "My team" calls and the calendar's team=1 share this).
func (a *API) myReports(r *http.Request) (people.Person, []people.Person, error) {
	p := principal(r)
	me, err := a.People.Mine(r.Context(), p)
	if errors.Is(err, people.ErrNotFound) {
		return me, nil, errForbidden
	}
	if err != nil {
		return me, nil, err
	}
	reports, err := a.People.Reports(r.Context(), p.OrgID, me.ID)
	if err != nil {
		return me, nil, err
	}
	if len(reports) == 0 {
		return me, nil, errForbidden
	}
	return me, reports, nil
}

// teamList lists the caller's direct reports.
func (a *API) teamList(w http.ResponseWriter, r *http.Request) error {
	_, reports, err := a.myReports(r)
	if err != nil {
		return err
	}
	out := make([]personResponse, len(reports))
	for i, p := range reports {
		out[i] = toPersonResponse(p)
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

// report is the report addressed by {id} (the middleware has checked the line).
func (a *API) report(r *http.Request) (people.Person, error) {
	id, err := web.ID("id", r.PathValue("id"))
	if err != nil {
		return people.Person{}, err
	}
	p, err := a.People.Mine(r.Context(), principal(r))
	if err != nil {
		return people.Person{}, err
	}
	rep, err := a.People.Reports(r.Context(), principal(r).OrgID, p.ID)
	if err != nil {
		return people.Person{}, err
	}
	for _, x := range rep {
		if x.ID == id {
			return x, nil
		}
	}
	return people.Person{}, people.ErrNotFound
}

// teamMonthly is a report's month of attendance, as the personal monthly call answers it.
func (a *API) teamMonthly(w http.ResponseWriter, r *http.Request) error {
	p, err := a.report(r)
	if err != nil {
		return err
	}
	from, to, err := a.monthRange(r)
	if err != nil {
		return err
	}
	rows, _, _, err := a.Attendance.Report(r.Context(), principal(r).OrgID, attendance.Query{Kind: string(p.Kind), PersonID: p.ID, From: from, To: to}, database.Page{})
	if err != nil {
		return err
	}
	if len(rows) == 0 {
		return people.ErrNotFound
	}
	web.Data(w, http.StatusOK, toRangeRow(rows[0]))
	return nil
}

// teamLeave pages through a report's leave (or, with kind=away, away) applications.
func (a *API) teamLeave(w http.ResponseWriter, r *http.Request) error {
	p, err := a.report(r)
	if err != nil {
		return err
	}
	pg, err := web.Paging(r, 30)
	if err != nil {
		return err
	}
	kind := r.URL.Query().Get("kind")
	if kind == "" {
		kind = leave.KindLeave
	}
	items, total, err := a.Leave.Applications(r.Context(), principal(r).OrgID, leave.AppFilter{Kind: kind, PersonID: p.ID, Status: r.URL.Query().Get("status")}, pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

// teamRequests lists a report's attendance-correction requests with their timelines.
func (a *API) teamRequests(w http.ResponseWriter, r *http.Request) error {
	p, err := a.report(r)
	if err != nil {
		return err
	}
	out, err := a.Corrections.Mine(r.Context(), principal(r).OrgID, p.ID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

// teamDaily is one day's attendance (today in the organisation's zone by default) of each of
// the caller's direct reports, computed by the attendance engine as every report is, in name
// order.
func (a *API) teamDaily(w http.ResponseWriter, r *http.Request) error {
	_, reports, err := a.myReports(r)
	if err != nil {
		return err
	}
	date, err := a.dateParam(r, "date")
	if err != nil {
		return err
	}
	out := []dailyRow{}
	if len(reports) > 0 {
		ids := make([]int64, len(reports))
		for i, p := range reports {
			ids[i] = p.ID
		}
		rows, _, _, err := a.Attendance.Report(r.Context(), principal(r).OrgID, attendance.Query{PersonIDs: ids, From: date, To: date}, database.Page{})
		if err != nil {
			return err
		}
		for _, row := range rows {
			if len(row.Days) > 0 {
				out = append(out, dailyRow{refResponse: toRefResponse(row.Person), dayResponse: toDay(row.Days[0])})
			}
		}
	}
	web.Data(w, http.StatusOK, out)
	return nil
}
