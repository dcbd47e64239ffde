package api

import (
	"net/http"
	"slices"

	"hadir/internal/leave"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// teamCalendar is who is on leave, away or on a holiday in [from, to] (at most 62 days),
// approved and pending, optionally of one group or department. Admins see the whole
// organisation; a member sees the people of their own groups (and themselves), and a
// group_id of a group they are not in is not found (issue 12). With team=1 a manager (admin or
// member) sees their direct reports and themselves.
func (a *API) teamCalendar(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := leave.CalendarFilter{From: q.Get("from"), To: q.Get("to")}
	var err error
	if f.GroupID, err = queryID(r, "group_id"); err != nil {
		return err
	}
	if f.DepartmentID, err = queryID(r, "department_id"); err != nil {
		return err
	}
	p := principal(r)
	switch q.Get("team") {
	case "", "0", "false":
	case "1", "true":
		// "My team": the caller's direct reports and themselves, admin or member; managing
		// nobody is 403, as on the other "My team" calls.
		me, reports, err := a.myReports(r)
		if err != nil {
			return err
		}
		f.People = []int64{me.ID}
		for _, x := range reports {
			f.People = append(f.People, x.ID)
		}
	default:
		return validate.Field("team", "validation.invalid", "team must be 1 or 0")
	}
	if !p.Can(viewOrg) && f.People == nil {
		me, err := a.mine(r)
		if err != nil {
			return err
		}
		if f.From == "" || f.To == "" { // the service names the missing field
			_, err := a.Leave.TeamCalendar(r.Context(), p.OrgID, f)
			return err
		}
		if f.Groups, err = a.Leave.GroupsOf(r.Context(), p.OrgID, me.ID, f.From, f.To); err != nil {
			return err
		}
		if f.GroupID != 0 && !slices.Contains(f.Groups, f.GroupID) {
			return errNotFound
		}
		f.PersonID = me.ID
	}
	cal, err := a.Leave.TeamCalendar(r.Context(), p.OrgID, f)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, cal)
	return nil
}

// departmentOff tells a member about to apply for [from_date, to_date] how many others of
// their department are off then, and whether that reaches the department's warning
// threshold. It never refuses the application: the form shows a warning.
func (a *API) departmentOff(w http.ResponseWriter, r *http.Request) error {
	me, err := a.mine(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	off, err := a.Leave.DepartmentOffDuring(r.Context(), principal(r).OrgID, me.ID, q.Get("from_date"), q.Get("to_date"))
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, off)
	return nil
}
