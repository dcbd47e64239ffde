package api

import (
	"context"
	"net/http"

	"hadir/internal/attendance"
	"hadir/internal/platform/web"
)

// Rosters and rotations (issue 13): shifts, rotation patterns, the pattern a group follows,
// and the roster of people by days that overrides both.

type shiftRequest struct {
	Name          string `json:"name"`
	TimeIn        string `json:"time_in"`
	CutOffTimeIn  string `json:"cut_off_time_in"`
	TimeOut       string `json:"time_out"`
	CutOffTimeOut string `json:"cut_off_time_out"`
}

func (a *API) listShifts(w http.ResponseWriter, r *http.Request) error {
	items, err := a.Attendance.Shifts(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, items)
	return nil
}

// created answers 201 for a creation, 200 for an update.
func created(update bool) int {
	if update {
		return http.StatusOK
	}
	return http.StatusCreated
}

func (a *API) saveShift(update bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var id int64
		if update {
			var err error
			if id, err = pathID(r); err != nil {
				return err
			}
		}
		var req shiftRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		x, err := a.Attendance.SaveShift(r.Context(), attendance.Shift{ID: id, OrgID: principal(r).OrgID, Name: req.Name,
			TimeIn: req.TimeIn, CutOffTimeIn: req.CutOffTimeIn, TimeOut: req.TimeOut, CutOffTimeOut: req.CutOffTimeOut})
		if err != nil {
			return err
		}
		web.Data(w, created(update), x)
		return nil
	}
}

type patternRequest struct {
	Name      string         `json:"name"`
	CycleDays web.FlexInt    `json:"cycle_days"`
	Days      []*web.FlexInt `json:"days"`
}

func (a *API) listPatterns(w http.ResponseWriter, r *http.Request) error {
	items, err := a.Attendance.Patterns(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, items)
	return nil
}

func (a *API) savePattern(update bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var id int64
		if update {
			var err error
			if id, err = pathID(r); err != nil {
				return err
			}
		}
		var req patternRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		days := make([]*int64, len(req.Days))
		for i, d := range req.Days {
			if d != nil {
				v := int64(*d)
				days[i] = &v
			}
		}
		x, err := a.Attendance.SavePattern(r.Context(), attendance.Pattern{ID: id, OrgID: principal(r).OrgID, Name: req.Name, CycleDays: int(req.CycleDays), Days: days})
		if err != nil {
			return err
		}
		web.Data(w, created(update), x)
		return nil
	}
}

func (a *API) listGroupPatterns(w http.ResponseWriter, r *http.Request) error {
	items, err := a.Attendance.GroupPatterns(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, items)
	return nil
}

type groupPatternRequest struct {
	PatternID     web.FlexInt `json:"pattern_id"`
	StartDate     string      `json:"start_date"`
	EffectiveFrom string      `json:"effective_from"`
}

func (a *API) setGroupPattern(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var req groupPatternRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	x, err := a.Attendance.SetGroupPattern(r.Context(), principal(r).OrgID, attendance.GroupPattern{GroupID: id, PatternID: int64(req.PatternID), StartDate: req.StartDate, EffectiveFrom: req.EffectiveFrom})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, x)
	return nil
}

func (a *API) clearGroupPattern(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	if err := a.Attendance.ClearGroupPattern(r.Context(), principal(r).OrgID, id, r.URL.Query().Get("effective_from")); err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"group_id": id})
	return nil
}

func (a *API) rosterWeek(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 20)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	rows, total, err := a.Attendance.RosterWeek(r.Context(), principal(r).OrgID, q.Get("from"), q.Get("search"), pg)
	if err != nil {
		return err
	}
	web.List(w, rows, total, pg)
	return nil
}

type rosterRequest struct {
	PersonIDs []web.FlexInt `json:"person_ids"`
	From      string        `json:"from"`
	To        string        `json:"to"`
	ShiftID   *web.FlexInt  `json:"shift_id"`
	Off       bool          `json:"off"`
}

func (req rosterRequest) ids() []int64 {
	out := make([]int64, len(req.PersonIDs))
	for i, v := range req.PersonIDs {
		out[i] = int64(v)
	}
	return out
}

func (a *API) fillRoster(w http.ResponseWriter, r *http.Request) error {
	var req rosterRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	in := attendance.RosterFill{PersonIDs: req.ids(), From: req.From, To: req.To, Off: req.Off}
	if req.ShiftID != nil {
		v := int64(*req.ShiftID)
		in.ShiftID = &v
	}
	n, err := a.Attendance.FillRoster(r.Context(), principal(r).OrgID, in)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"written": n})
	return nil
}

func (a *API) clearRoster(w http.ResponseWriter, r *http.Request) error {
	var req rosterRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	n, err := a.Attendance.ClearRoster(r.Context(), principal(r).OrgID, req.ids(), req.From, req.To)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"removed": n})
	return nil
}

func (a *API) copyRosterWeek(w http.ResponseWriter, r *http.Request) error {
	var req rosterRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	n, err := a.Attendance.CopyWeek(r.Context(), principal(r).OrgID, req.ids(), req.From, req.To)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"written": n})
	return nil
}

// deleteByID answers a DELETE of /…/{id}: del removes the caller's organisation's item (its
// errors answer as they are: 404 for another organisation's), and the id is echoed.
func deleteByID(del func(ctx context.Context, orgID, id int64) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r)
		if err != nil {
			return err
		}
		if err := del(r.Context(), principal(r).OrgID, id); err != nil {
			return err
		}
		web.Data(w, http.StatusOK, map[string]any{"id": id})
		return nil
	}
}
