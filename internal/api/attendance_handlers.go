package api

import (
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// attFace is one handler family over the attendance service: a kind of person ("teacher",
// "staff" or "employee"), or "school" for school groups that hold either.
type attFace struct {
	a      *API
	kind   string
	idName string // the person id parameter: id (school) or employee_id (company)
}

func actor(r *http.Request, a *API) attendance.Actor {
	p := principal(r)
	act := attendance.Actor{UserID: p.UserID}
	if u, _, err := a.Accounts.Me(r.Context(), p); err == nil {
		act.Name = u.Name
	}
	return act
}

// ---- groups ----

type groupRequest struct {
	ID            web.FlexInt `json:"id"`
	GroupID       web.FlexInt `json:"group_id"`
	Name          string      `json:"name"`
	Description   string      `json:"description"`
	Mode          string      `json:"mode"`
	Type          string      `json:"type"`
	EmployeeType  web.FlexInt `json:"employee_type"`
	TimeIn        string      `json:"time_in"`
	CutOffTimeIn  string      `json:"cut_off_time_in"`
	TimeOut       string      `json:"time_out"`
	CutOffTimeOut string      `json:"cut_off_time_out"`
	EffectiveFrom string      `json:"effective_from"`
	// LateAfterCutOff: absent (false, default) or present and late (true) after cut-off-in.
	LateAfterCutOff *bool `json:"late_after_cut_off"`
	// The overtime rules (issue 13); absent keeps them.
	OvertimeThreshold *web.FlexInt `json:"overtime_threshold_minutes"`
	OvertimeApproval  *bool        `json:"overtime_needs_approval"`
}

func (g groupRequest) input() attendance.GroupInput {
	in := attendance.GroupInput{Name: g.Name, Description: g.Description, Mode: g.Mode, TimeIn: g.TimeIn, CutOffTimeIn: g.CutOffTimeIn,
		TimeOut: g.TimeOut, CutOffTimeOut: g.CutOffTimeOut, EffectiveFrom: g.EffectiveFrom, LateAfterCutOff: g.LateAfterCutOff,
		OvertimeApproval: g.OvertimeApproval}
	if g.OvertimeThreshold != nil {
		n := int(*g.OvertimeThreshold)
		in.OvertimeThreshold = &n
	}
	return in
}

// schoolKind reads which kind of school group a call means: type=teacher|staff or
// employee_type=1|2 (teacher is the default).
func schoolKind(typ string, employeeType int64) (string, error) {
	switch {
	case typ == "teacher" || (typ == "" && (employeeType == 0 || employeeType == 1)):
		return "teacher", nil
	case typ == "staff" || (typ == "" && employeeType == 2):
		return "staff", nil
	}
	return "", validate.Field("type", "validation.invalid", "type must be teacher or staff")
}

func (f attFace) listKind(r *http.Request) (string, error) {
	if f.kind != "school" {
		return f.kind, nil
	}
	q := r.URL.Query()
	et, _ := strconv.ParseInt(q.Get("employee_type"), 10, 64)
	return schoolKind(q.Get("type"), et)
}

func (f attFace) listGroups(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 20)
	if err != nil {
		return err
	}
	kind, err := f.listKind(r)
	if err != nil {
		return err
	}
	items, total, err := f.a.Attendance.Groups(r.Context(), principal(r).OrgID, kind, r.URL.Query().Get("filter[name]"), pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

func (f attFace) createGroup(w http.ResponseWriter, r *http.Request) error {
	var req groupRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	kind := f.kind
	if kind == "school" {
		var err error
		if kind, err = schoolKind(req.Type, int64(req.EmployeeType)); err != nil {
			return err
		}
	}
	g, err := f.a.Attendance.CreateGroup(r.Context(), principal(r).OrgID, kind, req.input())
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, g)
	return nil
}

func groupID(id, alt web.FlexInt) (int64, error) {
	if id == 0 {
		id = alt
	}
	if id < 1 {
		_, err := web.ID("id", "")
		return 0, err
	}
	return int64(id), nil
}

func (f attFace) updateGroup(w http.ResponseWriter, r *http.Request) error {
	var req groupRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	id, err := groupID(req.ID, req.GroupID)
	if err != nil {
		return err
	}
	g, err := f.a.Attendance.UpdateGroup(r.Context(), principal(r).OrgID, f.kind, id, req.input())
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, g)
	return nil
}

func (f attFace) deleteGroup(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(w, r, "id")
	if err != nil {
		return err
	}
	if err := f.a.Attendance.DeleteGroup(r.Context(), principal(r).OrgID, f.kind, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (f attFace) getSchedule(w http.ResponseWriter, r *http.Request) error {
	id, err := web.ID("id", r.URL.Query().Get("id"))
	if err != nil {
		return err
	}
	g, days, err := f.a.Attendance.Group(r.Context(), principal(r).OrgID, f.kind, id)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"id": g.ID, "group": g, "days": days})
	return nil
}

type scheduleRequest struct {
	ID            web.FlexInt              `json:"id"`
	GroupID       web.FlexInt              `json:"group_id"`
	Days          []attendance.ScheduleDay `json:"days"`
	EffectiveFrom string                   `json:"effective_from"`
}

func (f attFace) saveSchedule(w http.ResponseWriter, r *http.Request) error {
	var req scheduleRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	id, err := groupID(req.ID, req.GroupID)
	if err != nil {
		return err
	}
	days, err := f.a.Attendance.SaveSchedule(r.Context(), principal(r).OrgID, f.kind, id, req.Days, req.EffectiveFrom)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"id": id, "days": days})
	return nil
}

// clearSchedule empties a group's week from today on (past days keep their schedule).
func (f attFace) clearSchedule(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(w, r, "id")
	if err != nil {
		return err
	}
	if _, err := f.a.Attendance.SaveSchedule(r.Context(), principal(r).OrgID, f.kind, id, nil, ""); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (f attFace) groupPeople(in bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		pg, err := web.Paging(r, 30)
		if err != nil {
			return err
		}
		q := r.URL.Query()
		raw := q.Get("group_id")
		if raw == "" {
			raw = q.Get("id")
		}
		id, err := web.ID("group_id", raw)
		if err != nil {
			return err
		}
		items, total, err := f.a.Attendance.GroupPeople(r.Context(), principal(r).OrgID, f.kind, id, in,
			attendance.PeopleFilter{Base: q.Get("filter[base]"), FirstName: q.Get("filter[first_name]")}, pg)
		if err != nil {
			return err
		}
		web.List(w, toRefResponses(items), total, pg)
		return nil
	}
}

type membersRequest struct {
	ID             web.FlexInt   `json:"id"`
	GroupID        web.FlexInt   `json:"group_id"`
	Employees      []web.FlexInt `json:"employees"`
	SchoolEmployee []web.FlexInt `json:"school_employee"`
	EffectiveFrom  string        `json:"effective_from"`
}

func (f attFace) changeMembers(add bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req membersRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		id, err := groupID(req.GroupID, req.ID)
		if err != nil {
			return err
		}
		var ids []int64
		for _, x := range append(req.Employees, req.SchoolEmployee...) {
			ids = append(ids, int64(x))
		}
		if add {
			err = f.a.Attendance.AddMembers(r.Context(), principal(r).OrgID, f.kind, id, ids, req.EffectiveFrom)
		} else {
			err = f.a.Attendance.RemoveMembers(r.Context(), principal(r).OrgID, f.kind, id, ids, req.EffectiveFrom)
		}
		if err != nil {
			return err
		}
		g, _, err := f.a.Attendance.Group(r.Context(), principal(r).OrgID, f.kind, id)
		if err != nil {
			return err
		}
		web.Data(w, http.StatusOK, g)
		return nil
	}
}

type refResponse struct {
	ID        int64  `json:"id"`
	Kind      string `json:"kind"`
	Code      string `json:"code"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Name      string `json:"name"`
	Email     string `json:"email"`
	ImageURL  string `json:"image_url"`
}

func toRefResponse(p attendance.PersonRef) refResponse {
	r := refResponse{ID: p.ID, Kind: p.Kind, Code: p.Code, FirstName: p.FirstName, LastName: p.LastName,
		Name: strings.TrimSpace(p.FirstName + " " + p.LastName), Email: p.Email}
	if p.ImageKey != "" {
		r.ImageURL = "/api/images/" + p.ImageKey
	}
	return r
}

func toRefResponses(ps []attendance.PersonRef) []refResponse {
	out := make([]refResponse, len(ps))
	for i, p := range ps {
		out[i] = toRefResponse(p)
	}
	return out
}

// ---- holidays ----

type holidayRequest struct {
	ID        web.FlexInt `json:"id"`
	HolidayID web.FlexInt `json:"holiday_id"`
	Name      string      `json:"name"`
	Start     string      `json:"start"`
	End       string      `json:"end"`
	Date      string      `json:"date"`
}

func (a *API) listHolidays(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 10)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	name := q.Get("filter[name]")
	if name == "" {
		name = q.Get("filter[holidayPeriod.name]")
	}
	items, total, err := a.Attendance.Holidays(r.Context(), principal(r).OrgID, name, q.Get("filter[from_date]"), q.Get("filter[to_date]"), pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

func (a *API) saveHoliday(update bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req holidayRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		id := req.HolidayID
		if id == 0 {
			id = req.ID
		}
		if update && id < 1 {
			_, err := web.ID("holiday_id", "")
			return err
		}
		if !update {
			id = 0
		}
		start := req.Start
		if start == "" {
			start = req.Date
		}
		h, err := a.Attendance.SaveHoliday(r.Context(), attendance.Holiday{ID: int64(id), OrgID: principal(r).OrgID, Name: req.Name, Start: start, End: req.End})
		if err != nil {
			return err
		}
		web.Data(w, created(update), h)
		return nil
	}
}

func (a *API) deleteHoliday(w http.ResponseWriter, r *http.Request) error {
	name := "holiday_id"
	if r.URL.Query().Get("holiday_id") == "" && r.URL.Query().Get("id") != "" {
		name = "id"
	}
	id, err := idParam(w, r, name)
	if err != nil {
		return err
	}
	if err := a.Attendance.DeleteHoliday(r.Context(), principal(r).OrgID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ---- reports ----

type dayResponse struct {
	Date         string `json:"date"`
	Status       int    `json:"status"`
	Late         bool   `json:"late"`
	EarlyOut     bool   `json:"early_out"`
	MissingOut   bool   `json:"missing_out"`
	InTime       string `json:"in_time"`
	LastSeen     string `json:"last_seen"`
	Punches      int    `json:"punches"`
	Manual       bool   `json:"manual"`
	Remark       string `json:"remark,omitempty"`
	Holiday      string `json:"holiday,omitempty"`
	LeaveSession string `json:"leave_session,omitempty"`
	// LeaveMinutes and AwayMinutes are the day's partial-day leave and away (issue 13).
	LeaveMinutes int `json:"leave_minutes"`
	AwayMinutes  int `json:"away_minutes"`
	// Reason is the rule that decided the day, as a code with its parameters (issue 10).
	Reason attendance.Reason `json:"reason"`
	// The day's overtime (issue 13): worked (above the group's threshold), approved, the
	// approval request's state ("" without one) and whether it needs approval.
	OvertimeMinutes       int    `json:"overtime_minutes"`
	OvertimeApproved      int    `json:"overtime_approved_minutes"`
	OvertimeState         string `json:"overtime_state,omitempty"`
	OvertimeNeedsApproval bool   `json:"overtime_needs_approval"`
}

func toDay(d attendance.Result) dayResponse {
	out := dayResponse{Date: d.Date, Status: int(d.Status), Late: d.Late, EarlyOut: d.EarlyOut, MissingOut: d.MissingOut, Punches: d.Punches,
		Manual: d.Manual, Remark: d.Remark, Holiday: d.Holiday, LeaveSession: d.LeaveSession, Reason: d.Reason,
		LeaveMinutes: d.RangeLeaveMinutes, AwayMinutes: d.RangeAwayMinutes,
		OvertimeMinutes: d.OvertimeMinutes, OvertimeApproved: d.OvertimeApproved, OvertimeState: d.OvertimeState, OvertimeNeedsApproval: d.OvertimeNeedsApproval}
	if d.InTime != nil {
		out.InTime, out.LastSeen = d.InTime.Format("15:04"), d.LastSeen.Format("15:04")
	}
	return out
}

type dailyRow struct {
	refResponse
	dayResponse
}

type rangeRow struct {
	refResponse
	Days   []dayResponse     `json:"days"`
	Totals attendance.Totals `json:"totals"`
}

func toRangeRow(r attendance.Row) rangeRow {
	days := make([]dayResponse, len(r.Days))
	for i, d := range r.Days {
		days[i] = toDay(d)
	}
	return rangeRow{refResponse: toRefResponse(r.Person), Days: days, Totals: r.Totals}
}

// dateParam reads a date parameter, defaulting to the organisation's today.
func (a *API) dateParam(r *http.Request, name string) (string, error) {
	v := r.URL.Query().Get(name)
	if v != "" {
		if _, err := time.Parse(time.DateOnly, v); err != nil {
			return "", validate.Field(name, "validation.date", name+" must be a date (YYYY-MM-DD)")
		}
		return v, nil
	}
	return a.Attendance.Today(r.Context(), principal(r).OrgID)
}

// monthRange reads a month: date_type 1 (or date alone) = the month of date (YYYY-MM or a
// day in it); otherwise from_date and to_date.
func (a *API) monthRange(r *http.Request) (string, string, error) {
	q := r.URL.Query()
	if q.Get("date_type") != "" && q.Get("date_type") != "1" || (q.Get("date") == "" && q.Get("from_date") != "") {
		return q.Get("from_date"), q.Get("to_date"), nil
	}
	d := q.Get("date")
	if d == "" {
		today, err := a.Attendance.Today(r.Context(), principal(r).OrgID)
		if err != nil {
			return "", "", err
		}
		d = today
	}
	if len(d) == 7 {
		d += "-01"
	}
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return "", "", validate.Field("date", "validation.date", "date must be a month (YYYY-MM) or a date")
	}
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	return first.Format(time.DateOnly), first.AddDate(0, 1, -1).Format(time.DateOnly), nil
}

// year reads the year of date (YYYY or a date in it), defaulting to this year.
func (a *API) year(r *http.Request) (int, error) {
	d := r.URL.Query().Get("date")
	if d == "" {
		today, err := a.Attendance.Today(r.Context(), principal(r).OrgID)
		if err != nil {
			return 0, err
		}
		d = today
	}
	y, err := strconv.Atoi(d[:min(4, len(d))])
	if err != nil || y < 2000 || y > 2200 {
		return 0, validate.Field("date", "validation.date", "date must be a year (YYYY) or a date")
	}
	return y, nil
}

func statusParam(r *http.Request) (*attendance.Status, error) {
	v := r.URL.Query().Get("status")
	if v == "" || v == "all" {
		return nil, nil
	}
	s, ok := attendance.ParseStatus(v)
	if !ok {
		return nil, validate.Field("status", "validation.invalid", "status must be 0 to 8")
	}
	return &s, nil
}

func (f attFace) daily(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 30)
	if err != nil {
		return err
	}
	rows, total, totals, err := f.dailyRows(r, pg)
	if err != nil {
		return err
	}
	items := make([]dailyRow, len(rows))
	for i, row := range rows {
		items[i] = dailyRow{toRefResponse(row.Person), toDay(row.Days[0])}
	}
	pages := 0
	if pg.Size > 0 {
		pages = (total + pg.Size - 1) / pg.Size
	}
	web.JSON(w, http.StatusOK, map[string]any{"data": items, "totals": totals, "meta": map[string]any{"pagination": web.Pagination{
		Total: total, Count: len(items), PerPage: pg.Size, CurrentPage: pg.Number, TotalPages: pages}}})
	return nil
}

func (f attFace) dailyRows(r *http.Request, pg database.Page) ([]attendance.Row, int, attendance.Totals, error) {
	date, err := f.a.dateParam(r, "date")
	if err != nil {
		return nil, 0, attendance.Totals{}, err
	}
	st, err := statusParam(r)
	if err != nil {
		return nil, 0, attendance.Totals{}, err
	}
	q := r.URL.Query()
	return f.a.Attendance.Report(r.Context(), principal(r).OrgID, attendance.Query{Kind: f.kind, Base: q.Get("filter[base]"),
		FirstName: q.Get("filter[first_name]"), From: date, To: date, Status: st}, pg)
}

func (f attFace) rangeReport(single bool, pageSize int) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		pg, err := web.Paging(r, pageSize)
		if err != nil {
			return err
		}
		from, to, err := f.a.monthRange(r)
		if err != nil {
			return err
		}
		q := attendance.Query{Kind: f.kind, Base: r.URL.Query().Get("filter[base]"), FirstName: r.URL.Query().Get("filter[first_name]"), From: from, To: to}
		if single {
			if q.PersonID, err = f.personParam(r); err != nil {
				return err
			}
		}
		rows, total, _, err := f.a.Attendance.Report(r.Context(), principal(r).OrgID, q, pg)
		if err != nil {
			return err
		}
		if single {
			web.Data(w, http.StatusOK, toRangeRow(rows[0]))
			return nil
		}
		items := make([]rangeRow, len(rows))
		for i, row := range rows {
			items[i] = toRangeRow(row)
		}
		web.List(w, items, total, pg)
		return nil
	}
}

// personParam reads the person of an individual report: id, employee_id or attendance_id.
func (f attFace) personParam(r *http.Request) (int64, error) {
	q := r.URL.Query()
	for _, n := range []string{f.idName, "id", "employee_id", "attendance_id"} {
		if v := q.Get(n); v != "" {
			return web.ID(n, v)
		}
	}
	return web.ID(f.idName, "")
}

type yearRow struct {
	refResponse
	Months []map[string]any  `json:"months"`
	Totals attendance.Totals `json:"totals"`
}

func toYearRow(row attendance.Row, year int) yearRow {
	months := make([]map[string]any, 12)
	per := make([]attendance.Totals, 12)
	for _, d := range row.Days {
		m, _ := strconv.Atoi(d.Date[5:7])
		per[m-1].Add(d)
	}
	for i := range per {
		months[i] = map[string]any{"month": fmt.Sprintf("%04d-%02d", year, i+1), "totals": per[i]}
	}
	return yearRow{refResponse: toRefResponse(row.Person), Months: months, Totals: row.Totals}
}

func (f attFace) yearly(single bool, pageSize int) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		pg, err := web.Paging(r, pageSize)
		if err != nil {
			return err
		}
		y, err := f.a.year(r)
		if err != nil {
			return err
		}
		q := attendance.Query{Kind: f.kind, Base: r.URL.Query().Get("filter[base]"), From: fmt.Sprintf("%04d-01-01", y), To: fmt.Sprintf("%04d-12-31", y)}
		if single {
			if q.PersonID, err = f.personParam(r); err != nil {
				return err
			}
		}
		rows, total, _, err := f.a.Attendance.Report(r.Context(), principal(r).OrgID, q, pg)
		if err != nil {
			return err
		}
		if single {
			web.Data(w, http.StatusOK, toYearRow(rows[0], y))
			return nil
		}
		items := make([]yearRow, len(rows))
		for i, row := range rows {
			items[i] = toYearRow(row, y)
		}
		web.List(w, items, total, pg)
		return nil
	}
}

func (f attFace) clock(w http.ResponseWriter, r *http.Request) error {
	id, err := f.personParam(r)
	if err != nil {
		return err
	}
	date, err := f.a.dateParam(r, "date")
	if err != nil {
		return err
	}
	return f.a.writeClock(w, r, f.kind, id, date)
}

func (a *API) writeClock(w http.ResponseWriter, r *http.Request, kind string, id int64, date string) error {
	punches, day, err := a.Attendance.Clock(r.Context(), principal(r).OrgID, kind, id, date)
	if err != nil {
		return err
	}
	o, err := a.Orgs.Get(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	sites, err := a.siteNames(r, punches)
	if err != nil {
		return err
	}
	items := make([]map[string]any, len(punches))
	for i, p := range punches {
		site := ""
		if p.SiteID != nil {
			site = sites[*p.SiteID]
		}
		items[i] = map[string]any{"id": p.ID, "time": p.At.In(o.Location()).Format("15:04:05"), "date": p.At.In(o.Location()).Format(time.DateOnly),
			"at": p.At.Format(time.RFC3339), "local_time": p.LocalTime, "source": p.Source, "device_id": p.DeviceID, "state": p.State,
			"verify_mode": p.VerifyMode, "temperature": p.Temperature, "mask": p.Mask,
			"site_id": p.SiteID, "site": site, "latitude": p.Latitude, "longitude": p.Longitude, "accuracy": p.Accuracy}
	}
	web.Data(w, http.StatusOK, map[string]any{"date": date, "day": toDay(day), "records": items})
	return nil
}

type manageRequest struct {
	ID         web.FlexInt `json:"id"`
	EmployeeID web.FlexInt `json:"employee_id"`
	PunchID    web.FlexInt `json:"punch_id"`
	Date       string      `json:"date"`
	Status     web.FlexInt `json:"status"`
	Time       string      `json:"time"`
	Remark     string      `json:"remark"`
	Reason     string      `json:"reason"`
}

func (req manageRequest) person(idName string) (int64, error) {
	id := req.ID
	if idName == "employee_id" || id == 0 {
		if req.EmployeeID != 0 {
			id = req.EmployeeID
		}
	}
	if id < 1 {
		_, err := web.ID(idName, "")
		return 0, err
	}
	return int64(id), nil
}

func (req manageRequest) reason() string {
	if req.Remark != "" {
		return req.Remark
	}
	return req.Reason
}

func (f attFace) setStatus(w http.ResponseWriter, r *http.Request) error {
	var req manageRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	id, err := req.person(f.idName)
	if err != nil {
		return err
	}
	res, err := f.a.Attendance.SetStatus(r.Context(), actor(r, f.a), principal(r).OrgID, f.kind, id, req.Date, attendance.Status(req.Status), req.reason())
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, toDay(res))
	return nil
}

// setTime adds a punch (no punch_id), moves one (punch_id and time) or removes one
// (punch_id and an empty time).
func (f attFace) setTime(w http.ResponseWriter, r *http.Request) error {
	var req manageRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	pr := principal(r)
	if req.PunchID > 0 {
		if err := f.a.Attendance.EditTime(r.Context(), actor(r, f.a), pr.OrgID, f.kind, int64(req.PunchID), req.Time, req.reason()); err != nil {
			return err
		}
		web.Data(w, http.StatusOK, map[string]any{"punch_id": int64(req.PunchID), "time": req.Time})
		return nil
	}
	id, err := req.person(f.idName)
	if err != nil {
		return err
	}
	p, err := f.a.Attendance.AddTime(r.Context(), actor(r, f.a), pr.OrgID, f.kind, id, req.Date, req.Time, req.reason())
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, map[string]any{"punch_id": p.ID, "time": req.Time, "date": req.Date})
	return nil
}

func (f attFace) audit(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 30)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	var id int64
	if q.Get(f.idName) != "" || q.Get("id") != "" {
		if id, err = f.personParam(r); err != nil {
			return err
		}
	}
	items, total, err := f.a.Attendance.AuditLog(r.Context(), principal(r).OrgID, f.kind, id, q.Get("from_date"), q.Get("to_date"), pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

// ---- dashboard ----

func (f attFace) headcount(w http.ResponseWriter, r *http.Request) error {
	n, err := f.a.Attendance.Headcount(r.Context(), principal(r).OrgID, f.kind)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]int{"count": n})
	return nil
}

// pendingCutOff is how many people's day is not decided yet because their cut-off is still
// ahead: before it the dashboard says "not decided until 10:00" rather than drawing zeros.
type pendingCutOff struct {
	CutOff string `json:"cut_off"`
	Count  int    `json:"count"`
}

func (f attFace) dashboardDaily(w http.ResponseWriter, r *http.Request) error {
	rows, _, totals, err := f.dailyRows(r, database.Page{})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, map[string]any{"data": totals.ByStatus(), "totals": totals, "pending": pendingCutOffs(rows)})
	return nil
}

// pendingCutOffs counts the undecided days of a daily report by their cut-off, earliest first.
func pendingCutOffs(rows []attendance.Row) []pendingCutOff {
	count := map[string]int{}
	for _, row := range rows {
		if len(row.Days) > 0 && row.Days[0].Reason.Code == attendance.ReasonNotDecided {
			count[row.Days[0].Reason.Params.CutOff]++
		}
	}
	out := make([]pendingCutOff, 0, len(count))
	for c, n := range count {
		out = append(out, pendingCutOff{CutOff: c, Count: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].CutOff < out[j].CutOff })
	return out
}

func (f attFace) dashboardDetailed(w http.ResponseWriter, r *http.Request) error {
	// The spec's detailed list takes the status as id.
	q := r.URL.Query()
	if q.Get("status") == "" && q.Get("id") != "" {
		q.Set("status", q.Get("id"))
		r.URL.RawQuery = q.Encode()
	}
	return f.daily(w, r)
}

func (f attFace) trend(w http.ResponseWriter, r *http.Request) error {
	date, err := f.a.dateParam(r, "date")
	if err != nil {
		return err
	}
	days := 30
	if v := r.URL.Query().Get("days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 92 {
			return validate.Field("days", "validation.invalid", "days must be 1 to 92")
		}
		days = n
	}
	items, err := f.a.Attendance.Trend(r.Context(), principal(r).OrgID, f.kind, date, days)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, items)
	return nil
}

// ---- personal ----

// mine is the caller's own person record, for the personal attendance calls.
func (a *API) mine(r *http.Request) (people.Person, error) {
	p, err := a.People.Mine(r.Context(), principal(r))
	if errors.Is(err, people.ErrNotFound) {
		return p, people.ErrNoAccount
	}
	return p, err
}

func (a *API) personalDaily(w http.ResponseWriter, r *http.Request) error {
	p, err := a.mine(r)
	if err != nil {
		return err
	}
	date, err := a.dateParam(r, "date")
	if err != nil {
		return err
	}
	rows, _, _, err := a.Attendance.Report(r.Context(), principal(r).OrgID, attendance.Query{Kind: string(p.Kind), PersonID: p.ID, From: date, To: date}, database.Page{})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, toDay(rows[0].Days[0]))
	return nil
}

func (a *API) personalMonthly(w http.ResponseWriter, r *http.Request) error {
	p, err := a.mine(r)
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
	web.Data(w, http.StatusOK, toRangeRow(rows[0]))
	return nil
}

func (a *API) personalClock(w http.ResponseWriter, r *http.Request) error {
	p, err := a.mine(r)
	if err != nil {
		return err
	}
	date, err := a.dateParam(r, "date")
	if err != nil {
		return err
	}
	return a.writeClock(w, r, string(p.Kind), p.ID, date)
}
