package attendance

import (
	"context"
	"errors"
	"sort"
	"strconv"
	"strings"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// GroupInput is a group's editable fields; the times start a new schedule version.
type GroupInput struct {
	Name, Description, Mode                      string
	TimeIn, CutOffTimeIn, TimeOut, CutOffTimeOut string
	EffectiveFrom                                string // default: today in the organisation's zone
	// LateAfterCutOff sets the group's late-after-cut-off rule; nil keeps it (false for a
	// new group).
	LateAfterCutOff *bool
	// OvertimeThreshold (minutes, 0 to 1440) and OvertimeApproval set the group's overtime
	// rules; nil keeps them (0 and false for a new group).
	OvertimeThreshold *int
	OvertimeApproval  *bool
}

// MaxOvertimeThreshold bounds a group's overtime threshold: a day.
const MaxOvertimeThreshold = 1440

// Modes of teacher groups (how their day is organised).
var Modes = []string{"", "session_am", "session_pm", "full_day", "shift"}

func (s *Service) today(ctx context.Context, orgID int64) (string, *time.Location, error) {
	loc, err := s.location(ctx, orgID)
	if err != nil {
		return "", nil, err
	}
	return s.Now().In(loc).Format(time.DateOnly), loc, nil
}

func validTimes(c *validate.Checker, in GroupInput) {
	for _, f := range [][2]string{{"time_in", in.TimeIn}, {"cut_off_time_in", in.CutOffTimeIn}, {"time_out", in.TimeOut}, {"cut_off_time_out", in.CutOffTimeOut}} {
		if c.Required(f[0], f[1]) {
			if _, err := ParseClock(f[1]); err != nil {
				c.Add(f[0], "validation.time", f[0]+" must be a time (HH:MM)", nil)
			}
		}
	}
	if c.Has("time_in") || c.Has("cut_off_time_in") || c.Has("time_out") {
		return
	}
	in1, _ := ParseClock(in.TimeIn)
	cut, _ := ParseClock(in.CutOffTimeIn)
	out, _ := ParseClock(in.TimeOut)
	if in1 == out {
		c.Add("time_out", "validation.time_order", "time out must differ from time in", nil)
	}
	// The cut-off for arriving lies after time in (it may pass midnight on a late shift)
	// and before the shift ends.
	if cut == in1 || (out > in1 && (cut < in1 || cut >= out)) {
		c.Add("cut_off_time_in", "validation.time_order", "cut-off time in must be after time in and before time out", nil)
	}
}

func (s *Service) checkGroup(ctx context.Context, orgID, id int64, in *GroupInput, today string) error {
	in.Name, in.Description, in.Mode = strings.TrimSpace(in.Name), strings.TrimSpace(in.Description), strings.TrimSpace(in.Mode)
	c := validate.New()
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 100)
	}
	c.MaxText("description", in.Description, 200)
	valid := false
	for _, m := range Modes {
		valid = valid || m == in.Mode
	}
	if !valid {
		c.Invalid("mode")
	}
	validTimes(c, *in)
	if in.OvertimeThreshold != nil && (*in.OvertimeThreshold < 0 || *in.OvertimeThreshold > MaxOvertimeThreshold) {
		c.Add("overtime_threshold_minutes", "validation.range", "overtime_threshold_minutes is from 0 to 1440", map[string]any{"min": 0, "max": MaxOvertimeThreshold})
	}
	if in.EffectiveFrom == "" {
		in.EffectiveFrom = today
	} else if _, err := time.Parse(time.DateOnly, in.EffectiveFrom); err != nil {
		c.Add("effective_from", "validation.date", "effective_from must be a date (YYYY-MM-DD)", nil)
	}
	if err := c.Err(); err != nil {
		return err
	}
	taken, err := s.store.GroupNameTaken(ctx, orgID, in.Name, id)
	if err != nil {
		return err
	}
	if taken {
		return ErrGroupName
	}
	return nil
}

// Groups pages through the groups of a kind, with the times in force today.
func (s *Service) Groups(ctx context.Context, orgID int64, kind, name string, pg database.Page) ([]Group, int, error) {
	today, loc, err := s.today(ctx, orgID)
	if err != nil {
		return nil, 0, err
	}
	gs, total, err := s.store.ListGroups(ctx, orgID, kind, strings.TrimSpace(name), today, pg)
	if err != nil {
		return nil, 0, err
	}
	vs, err := s.store.Versions(ctx, orgID, groupIDs(gs))
	if err != nil {
		return nil, 0, err
	}
	for i := range gs {
		if v, ok := versionAt(vs, gs[i].ID, today); ok {
			fillTimes(&gs[i], v, loc)
		}
	}
	return gs, total, nil
}

// KindMatches reports whether a group or person kind fits what a route asks for: a kind
// itself, "school" for teachers and staff, or "" for any.
func KindMatches(want, kind string) bool {
	switch want {
	case "":
		return true
	case "school":
		return kind == "teacher" || kind == "staff"
	}
	return want == kind
}

// shown is the version's days with the group's times filled in where a day has none.
func (v Version) shown() []ScheduleDay {
	out := make([]ScheduleDay, len(v.Days))
	for i, d := range v.Days {
		if d.TimeIn == "" {
			d.TimeIn = v.TimeIn
		}
		if d.TimeOut == "" {
			d.TimeOut = v.TimeOut
		}
		out[i] = d
	}
	return out
}

func groupIDs(gs []Group) []int64 {
	ids := make([]int64, len(gs))
	for i, g := range gs {
		ids[i] = g.ID
	}
	return ids
}

// beginning is the date of a group's first version: it counts from the beginning of time, so
// that past days entered later are judged by it.
const beginning = "0001-01-01"

// Beginning is the date from which a version counts from the beginning of time: a schedule
// saved from it applies to every day of the group, like the group's first times.
const Beginning = beginning

// fillTimes reports a version's times on a group; the first version is reported as applying
// from the day the group was created.
func fillTimes(g *Group, v Version, loc *time.Location) {
	g.TimeIn, g.CutOffTimeIn, g.TimeOut, g.CutOffTimeOut, g.EffectiveFrom = v.TimeIn, v.CutOffTimeIn, v.TimeOut, v.CutOffTimeOut, v.EffectiveFrom
	if v.EffectiveFrom == beginning && !g.Created.IsZero() {
		g.EffectiveFrom = g.Created.In(loc).Format(time.DateOnly)
	}
}

// versionAt finds the version of a group in force on a date (versions sorted by date).
func versionAt(vs []Version, groupID int64, date string) (Version, bool) {
	var found Version
	ok := false
	for _, v := range vs {
		if v.GroupID == groupID && v.EffectiveFrom <= date {
			found, ok = v, true
		}
	}
	return found, ok
}

// Group returns a group of a kind with the times and days in force today.
func (s *Service) Group(ctx context.Context, orgID int64, kind string, id int64) (Group, []ScheduleDay, error) {
	g, err := s.store.GetGroup(ctx, orgID, id)
	if err != nil {
		return g, nil, err
	}
	if !KindMatches(kind, g.Kind) {
		return Group{}, nil, ErrNotFound
	}
	today, loc, err := s.today(ctx, orgID)
	if err != nil {
		return g, nil, err
	}
	if g.Members, err = s.store.CountMembers(ctx, orgID, id, today); err != nil {
		return g, nil, err
	}
	vs, err := s.store.Versions(ctx, orgID, []int64{id})
	if err != nil {
		return g, nil, err
	}
	v, _ := versionAt(vs, id, today)
	if v.GroupID == 0 && len(vs) > 0 { // only future versions so far
		v = vs[0]
	}
	fillTimes(&g, v, loc)
	return g, v.shown(), nil
}

// GroupOf returns the group a person belongs to today; ok is false when they belong to none.
func (s *Service) GroupOf(ctx context.Context, orgID, personID int64) (g Group, ok bool, err error) {
	today, _, err := s.today(ctx, orgID)
	if err != nil {
		return Group{}, false, err
	}
	ms, err := s.store.Memberships(ctx, orgID, []int64{personID}, today, today)
	if err != nil || len(ms) == 0 {
		return Group{}, false, err
	}
	g, err = s.store.GetGroup(ctx, orgID, ms[len(ms)-1].GroupID)
	if errors.Is(err, ErrNotFound) {
		return Group{}, false, nil
	}
	return g, err == nil, err
}

// CreateGroup adds a group with its times and an empty week.
func (s *Service) CreateGroup(ctx context.Context, orgID int64, kind string, in GroupInput) (Group, error) {
	today, _, err := s.today(ctx, orgID)
	if err != nil {
		return Group{}, err
	}
	if err := s.checkGroup(ctx, orgID, 0, &in, today); err != nil {
		return Group{}, err
	}
	var id int64
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		id, err = s.store.CreateGroup(ctx, Group{OrgID: orgID, Kind: kind, Name: in.Name, Description: in.Description, Mode: in.Mode, LateAfterCutOff: in.LateAfterCutOff != nil && *in.LateAfterCutOff,
			OvertimeThreshold: deref(in.OvertimeThreshold, 0), OvertimeApproval: deref(in.OvertimeApproval, false)})
		if err != nil {
			return err
		}
		// The first version counts from the beginning, so that punches entered for past
		// days of a new group are judged by its rules.
		return s.store.SaveVersion(ctx, orgID, Version{GroupID: id, EffectiveFrom: beginning, TimeIn: in.TimeIn, CutOffTimeIn: in.CutOffTimeIn,
			TimeOut: in.TimeOut, CutOffTimeOut: in.CutOffTimeOut, Days: []ScheduleDay{}})
	})
	if err != nil {
		return Group{}, err
	}
	g, _, err := s.Group(ctx, orgID, kind, id)
	return g, err
}

// UpdateGroup saves a group's details; changed times apply from in.EffectiveFrom on.
// Empty times keep the current ones.
func (s *Service) UpdateGroup(ctx context.Context, orgID int64, kind string, id int64, in GroupInput) (Group, error) {
	cur, days, err := s.Group(ctx, orgID, kind, id)
	if err != nil {
		return cur, err
	}
	// Days that show the group's own times inherit the new ones.
	for i := range days {
		if days[i].TimeIn == cur.TimeIn {
			days[i].TimeIn = ""
		}
		if days[i].TimeOut == cur.TimeOut {
			days[i].TimeOut = ""
		}
	}
	today, _, err := s.today(ctx, orgID)
	if err != nil {
		return cur, err
	}
	if in.TimeIn == "" && in.CutOffTimeIn == "" && in.TimeOut == "" && in.CutOffTimeOut == "" {
		in.TimeIn, in.CutOffTimeIn, in.TimeOut, in.CutOffTimeOut = cur.TimeIn, cur.CutOffTimeIn, cur.TimeOut, cur.CutOffTimeOut
	}
	if err := s.checkGroup(ctx, orgID, id, &in, today); err != nil {
		return cur, err
	}
	timesChanged := in.TimeIn != cur.TimeIn || in.CutOffTimeIn != cur.CutOffTimeIn || in.TimeOut != cur.TimeOut || in.CutOffTimeOut != cur.CutOffTimeOut
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		late := cur.LateAfterCutOff
		if in.LateAfterCutOff != nil {
			late = *in.LateAfterCutOff
		}
		if err := s.store.UpdateGroup(ctx, Group{OrgID: orgID, ID: id, Name: in.Name, Description: in.Description, Mode: in.Mode, LateAfterCutOff: late,
			OvertimeThreshold: deref(in.OvertimeThreshold, cur.OvertimeThreshold), OvertimeApproval: deref(in.OvertimeApproval, cur.OvertimeApproval)}); err != nil {
			return err
		}
		if !timesChanged {
			return nil
		}
		return s.store.SaveVersion(ctx, orgID, Version{GroupID: id, EffectiveFrom: in.EffectiveFrom, TimeIn: in.TimeIn, CutOffTimeIn: in.CutOffTimeIn,
			TimeOut: in.TimeOut, CutOffTimeOut: in.CutOffTimeOut, Days: days})
	})
	if err != nil {
		return cur, err
	}
	g, _, err := s.Group(ctx, orgID, kind, id)
	return g, err
}

// DeleteGroup retires a group; its members leave it today and past days keep their rules.
func (s *Service) DeleteGroup(ctx context.Context, orgID int64, kind string, id int64) error {
	if _, _, err := s.Group(ctx, orgID, kind, id); err != nil {
		return err
	}
	today, _, err := s.today(ctx, orgID)
	if err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error { return s.store.DeleteGroup(ctx, orgID, id, today) })
}

// SaveSchedule sets a group's week from a date on (default today). Days without a type are
// not scheduled; a day's times default to the group's.
func (s *Service) SaveSchedule(ctx context.Context, orgID int64, kind string, id int64, days []ScheduleDay, from string) ([]ScheduleDay, error) {
	g, _, err := s.Group(ctx, orgID, kind, id)
	if err != nil {
		return nil, err
	}
	today, _, err := s.today(ctx, orgID)
	if err != nil {
		return nil, err
	}
	c := validate.New()
	if from == "" {
		from = today
	} else if _, err := time.Parse(time.DateOnly, from); err != nil {
		c.Add("effective_from", "validation.date", "effective_from must be a date (YYYY-MM-DD)", nil)
	}
	seen := map[int]bool{}
	var clean []ScheduleDay
	for i, d := range days {
		field := "days." + strconv.Itoa(i)
		if d.Day < 1 || d.Day > 7 || seen[d.Day] {
			c.Add(field+".id", "validation.invalid", "day must be 1 (Monday) to 7 (Sunday), once each", nil)
			continue
		}
		seen[d.Day] = true
		if d.Type == 0 {
			continue // not scheduled
		}
		if d.Type != DayWorking && d.Type != DayHalf && d.Type != DayRest {
			c.Add(field+".type", "validation.invalid", "day type is not valid", nil)
			continue
		}
		// A day whose times are the group's stores none, so that it follows later changes
		// of the group's times.
		if d.TimeIn == g.TimeIn {
			d.TimeIn = ""
		}
		if d.TimeOut == g.TimeOut {
			d.TimeOut = ""
		}
		if _, err := ParseClock(d.TimeIn); d.TimeIn != "" && err != nil {
			c.Add(field+".time_in", "validation.time", "time in must be a time (HH:MM)", nil)
		}
		if _, err := ParseClock(d.TimeOut); d.TimeOut != "" && err != nil {
			c.Add(field+".time_out", "validation.time", "time out must be a time (HH:MM)", nil)
		}
		clean = append(clean, d)
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	sort.Slice(clean, func(i, j int) bool { return clean[i].Day < clean[j].Day })
	if clean == nil {
		clean = []ScheduleDay{}
	}
	v := Version{GroupID: id, EffectiveFrom: from, TimeIn: g.TimeIn, CutOffTimeIn: g.CutOffTimeIn, TimeOut: g.TimeOut, CutOffTimeOut: g.CutOffTimeOut, Days: clean}
	err = s.db.WithTx(ctx, func(ctx context.Context) error { return s.store.SaveVersion(ctx, orgID, v) })
	return v.shown(), err
}

// GroupPeople pages through a group's members (in) or the people of its kind outside it.
func (s *Service) GroupPeople(ctx context.Context, orgID int64, kind string, id int64, in bool, f PeopleFilter, pg database.Page) ([]PersonRef, int, error) {
	g, _, err := s.Group(ctx, orgID, kind, id)
	if err != nil {
		return nil, 0, err
	}
	today, _, err := s.today(ctx, orgID)
	if err != nil {
		return nil, 0, err
	}
	f.Kind = g.Kind
	return s.store.GroupPeople(ctx, orgID, id, in, f, today, pg)
}

// AddMembers puts people into a group from a date on (default today), taking them out of
// any other group the day before.
func (s *Service) AddMembers(ctx context.Context, orgID int64, kind string, id int64, personIDs []int64, from string) error {
	return s.changeMembers(ctx, orgID, kind, id, personIDs, from, true)
}

// RemoveMembers takes people out of a group from a date on (default today).
func (s *Service) RemoveMembers(ctx context.Context, orgID int64, kind string, id int64, personIDs []int64, from string) error {
	return s.changeMembers(ctx, orgID, kind, id, personIDs, from, false)
}

func (s *Service) changeMembers(ctx context.Context, orgID int64, kind string, id int64, personIDs []int64, from string, join bool) error {
	g, _, err := s.Group(ctx, orgID, kind, id)
	if err != nil {
		return err
	}
	today, _, err := s.today(ctx, orgID)
	if err != nil {
		return err
	}
	if from == "" {
		from = today
	} else if _, err := time.Parse(time.DateOnly, from); err != nil {
		return validate.Field("effective_from", "validation.date", "effective_from must be a date (YYYY-MM-DD)")
	}
	ids := uniq(personIDs)
	if len(ids) == 0 {
		return validate.Field("employees", "validation.required", "choose at least one person")
	}
	n, err := s.store.PeopleExist(ctx, orgID, g.Kind, ids)
	if err != nil {
		return err
	}
	if n != len(ids) {
		return ErrNotFound // someone of another organisation or kind
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		for _, pid := range ids {
			var err error
			if join {
				err = s.store.Join(ctx, orgID, id, pid, from)
			} else {
				err = s.store.Leave(ctx, orgID, id, pid, from)
			}
			if err != nil {
				return err
			}
		}
		return s.db.OrgChanged(ctx, orgID) // the memberships the reports keep (memberships)
	})
}

func uniq(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if id > 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// Holidays pages through holidays filtered by name and date range.
func (s *Service) Holidays(ctx context.Context, orgID int64, name, from, to string, pg database.Page) ([]Holiday, int, error) {
	c := validate.New()
	for _, f := range [][2]string{{"filter[from_date]", from}, {"filter[to_date]", to}} {
		if f[1] != "" {
			if _, err := time.Parse(time.DateOnly, f[1]); err != nil {
				c.Add(f[0], "validation.date", f[0]+" must be a date (YYYY-MM-DD)", nil)
			}
		}
	}
	if err := c.Err(); err != nil {
		return nil, 0, err
	}
	return s.store.ListHolidays(ctx, orgID, strings.TrimSpace(name), from, to, pg)
}

// SaveHoliday creates (ID 0) or updates a holiday of one or more days.
func (s *Service) SaveHoliday(ctx context.Context, h Holiday) (Holiday, error) {
	h.Name, h.Start, h.End = strings.TrimSpace(h.Name), strings.TrimSpace(h.Start), strings.TrimSpace(h.End)
	if h.End == "" {
		h.End = h.Start
	}
	c := validate.New()
	if c.Required("name", h.Name) {
		c.MaxLen("name", h.Name, 100)
	}
	if c.Required("start", h.Start) {
		if _, err := time.Parse(time.DateOnly, h.Start); err != nil {
			c.Add("start", "validation.date", "start must be a date (YYYY-MM-DD)", nil)
		}
	}
	if _, err := time.Parse(time.DateOnly, h.End); err != nil {
		c.Add("end", "validation.date", "end must be a date (YYYY-MM-DD)", nil)
	} else if !c.Has("start") && h.End < h.Start {
		c.Add("end", "validation.after", "the end must not be before the start", nil)
	} else if !c.Has("start") && DaysBetween(h.Start, h.End) > 366 {
		c.Add("end", "validation.max_value", "a holiday lasts at most a year", nil)
	}
	if err := c.Err(); err != nil {
		return h, err
	}
	id, err := s.store.SaveHoliday(ctx, h)
	h.ID, h.Days = id, DaysBetween(h.Start, h.End)+1
	return h, err
}

// DeleteHoliday removes a holiday.
func (s *Service) DeleteHoliday(ctx context.Context, orgID, id int64) error {
	return s.store.DeleteHoliday(ctx, orgID, id)
}

// deref is *p, or def when p is nil.
func deref[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}
