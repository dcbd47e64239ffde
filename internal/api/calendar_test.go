package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// calendarNames lists "person kind status from" of a calendar answer, and its holidays.
func calendarNames(e *env, path, token string) ([]string, []string) {
	e.t.Helper()
	r := e.expect(e.call("GET", path, token, nil), 200)
	var body struct {
		Data struct {
			Entries []struct {
				Person, Kind, Status, From string
			} `json:"entries"`
			Holidays []struct{ Name string } `json:"holidays"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(r.raw), &body); err != nil {
		e.t.Fatal(err)
	}
	var out, hs []string
	for _, en := range body.Data.Entries {
		out = append(out, fmt.Sprintf("%s %s %s %s", en.Person, en.Kind, en.Status, en.From))
	}
	for _, h := range body.Data.Holidays {
		hs = append(hs, h.Name)
	}
	return out, hs
}

// TestTeamCalendar: who is off when, approved and pending (never rejected or cancelled), by
// group and department for admins; a member sees their own groups only.
func TestTeamCalendar(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s, g := schoolWithWeek(e, "Calendar School")
		e.setClock(time.Date(2026, 12, 1, 9, 0, 0, 0, kl))
		g2 := idOf(e.expect(e.call("POST", "/api/school/group/management", s.token, map[string]any{"name": "Night", "time_in": "20:00", "cut_off_time_in": "21:00",
			"time_out": "05:00", "cut_off_time_out": "08:00", "type": "teacher"}), 201))
		var days []map[string]any
		for d := 1; d <= 5; d++ {
			days = append(days, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/school/group/schedule", s.token, map[string]any{"id": g2, "days": days, "effective_from": "2026-01-01"}), 200)
		dept, err := e.app.People.SaveDepartment(context.Background(), people.Department{OrgID: s.orgID, Name: "Science"})
		if err != nil {
			t.Fatal(err)
		}
		teacher := func(code, name string, group int64, department int64) int64 {
			body := map[string]any{"code": code, "first_name": name}
			if department != 0 {
				body["department_id"] = department
			}
			id := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, body), 201))
			e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": group, "school_employee": []int64{id}, "effective_from": "2026-01-01"}), 200)
			return id
		}
		aina, badrul, chong := teacher("C1", "Aina", g, 0), teacher("C2", "Badrul", g, 0), teacher("C3", "Chong", g2, dept.ID)
		annual := idOf(e.expect(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Annual", "allow_negative": true}), 201))
		duty := idOf(e.expect(e.call("POST", "/api/school/away/management", s.token, map[string]any{"type": "Duty", "allow_negative": true}), 201))
		member := e.member(s.orgID, aina)
		e.expect(e.call("POST", "/api/school/personal/leave/application", member, map[string]any{"leave_type_id": annual, "from_date": "2026-12-07", "to_date": "2026-12-08"}), 201)
		e.expect(e.call("POST", "/api/school/away/assignment/teacher", s.token, map[string]any{"id": badrul, "leave_type_id": duty, "from_date": "2026-12-09"}), 201)
		rejected := idOf(e.expect(e.call("POST", "/api/school/leave/assignment/teacher", s.token, map[string]any{"id": badrul, "leave_type_id": annual, "from_date": "2026-12-14"}), 201))
		e.expect(e.call("POST", "/api/school/leave/application/teacher/cancel", s.token, map[string]any{"id": rejected}), 200)
		e.expect(e.call("POST", "/api/school/leave/assignment/teacher", s.token, map[string]any{"id": chong, "leave_type_id": annual, "from_date": "2026-11-30", "to_date": "2026-12-02"}), 201)
		e.expect(e.call("POST", "/api/school/holiday/management", s.token, map[string]any{"name": "Christmas", "start": "2026-12-25"}), 201)
		e.expect(e.call("POST", "/api/school/holiday/management", s.token, map[string]any{"name": "Next year", "start": "2027-01-01"}), 201)

		all, hs := calendarNames(e, "/api/calendar?from=2026-12-01&to=2026-12-31", s.token)
		want := []string{"Chong leave approved 2026-11-30", "Aina leave pending 2026-12-07", "Badrul away approved 2026-12-09"}
		if !slices.Equal(all, want) || !slices.Equal(hs, []string{"Christmas"}) {
			t.Fatalf("calendar: %v %v, want %v and Christmas", all, hs, want)
		}
		if got, _ := calendarNames(e, fmt.Sprintf("/api/calendar?from=2026-12-01&to=2026-12-31&group_id=%d", g), s.token); !slices.Equal(got, want[1:]) {
			t.Fatalf("group filter: %v", got)
		}
		if got, _ := calendarNames(e, fmt.Sprintf("/api/calendar?from=2026-12-01&to=2026-12-31&department_id=%d", dept.ID), s.token); !slices.Equal(got, want[:1]) {
			t.Fatalf("department filter: %v", got)
		}
		if got, _ := calendarNames(e, "/api/calendar?from=2026-12-08&to=2026-12-08", s.token); !slices.Equal(got, want[1:2]) {
			t.Fatalf("one day: %v", got)
		}
		// A member sees their own group (and themselves), not Chong's; another group is not found.
		if got, _ := calendarNames(e, "/api/calendar?from=2026-12-01&to=2026-12-31", member); !slices.Equal(got, want[1:]) {
			t.Fatalf("member's calendar: %v", got)
		}
		e.expect(e.call("GET", fmt.Sprintf("/api/calendar?from=2026-12-01&to=2026-12-31&group_id=%d", g2), member, nil), 404)
		// "My team": once Aina manages Chong (of another group), team=1 shows Chong and Aina
		// herself, not Badrul of her own group; somebody managing nobody gets 403.
		e.expect(e.call("GET", "/api/calendar?from=2026-12-01&to=2026-12-31&team=1", member, nil), 403)
		if err := e.app.People.SetManager(context.Background(), s.orgID, people.Teacher, chong, aina); err != nil {
			t.Fatal(err)
		}
		if got, _ := calendarNames(e, "/api/calendar?from=2026-12-01&to=2026-12-31&team=1", member); !slices.Equal(got, want[:2]) {
			t.Fatalf("Aina's team: %v, want %v", got, want[:2])
		}
		e.expect(e.call("GET", "/api/calendar?from=2026-12-01&to=2026-12-31&team=1", e.member(s.orgID, badrul), nil), 403)
		e.expect(e.call("GET", "/api/calendar?from=2026-12-01&to=2026-12-31&team=1", s.token, nil), 403) // an owner with no person
		if r := e.expect(e.call("GET", "/api/calendar?from=2026-12-01&to=2026-12-31&team=yes", member, nil), 422); fieldCode(r, "team") == "" {
			t.Fatalf("team=yes: %s", r.raw)
		}
		e.expect(e.call("GET", "/api/calendar?from=2026-12-01&to=2026-12-31&group_id=999999", s.token, nil), 404)
		for q, field := range map[string]string{
			"?to=2026-12-31":                            "from",
			"?from=2026-12-01":                          "to",
			"?from=2026-13-01&to=2026-12-31":            "from",
			"?from=2026-12-31&to=2026-12-01":            "to",
			"?from=2026-01-01&to=2026-12-31":            "to",
			"?from=2026-12-01&to=2026-12-31&group_id=x": "group_id",
		} {
			r := e.expect(e.call("GET", "/api/calendar"+q, s.token, nil), 422)
			if _, ok := r.body["errors"].(map[string]any)[field]; !ok {
				t.Errorf("%s: %s, want the field %s", q, r.raw, field)
			}
		}
	})
}

// TestDepartmentOffWarning: the department's threshold, and who else of it is off on the
// dates a member is about to ask for (never the member, never another department).
func TestDepartmentOffWarning(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Warn Company")
		e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": "Bad", "absence_warning": -1}), 422)
		dept := idOf(e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": "Kitchen", "absence_warning": 2}), 201))
		other := idOf(e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": "Office"}), 201))
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "All week", "time_in": "08:00", "cut_off_time_in": "09:00", "time_out": "17:00", "cut_off_time_out": "18:00"}), 201))
		var days []map[string]any
		for d := 1; d <= 7; d++ {
			days = append(days, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": days}), 200)
		employee := func(code, name string, department int64) int64 {
			id := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": name, "department_id": department}), 201))
			e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{id}}), 200)
			return id
		}
		me, ali, bo, cy := employee("W1", "Me", dept), employee("W2", "Ali", dept), employee("W3", "Bo", dept), employee("W4", "Cy", other)
		typ := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "allow_negative": true}), 201))
		for _, a := range []struct {
			who  int64
			from string
		}{{ali, "2026-12-07"}, {bo, "2026-12-08"}, {cy, "2026-12-07"}, {me, "2026-12-08"}} {
			e.expect(e.call("POST", "/api/company/leave/assignment", c.token, map[string]any{"employee_id": a.who, "leave_type_id": typ, "from_date": a.from}), 201)
		}
		member := e.member(c.orgID, me)
		r := e.expect(e.call("GET", "/api/leave/department-off?from_date=2026-12-07&to_date=2026-12-08", member, nil), 200)
		if r.data()["warn"] != true || r.data()["others"].(float64) != 2 || r.data()["threshold"].(float64) != 2 || r.str("data", "department") != "Kitchen" ||
			fmt.Sprint(r.data()["names"]) != "[Ali Bo]" {
			t.Fatalf("two others off: %s", r.raw)
		}
		r = e.expect(e.call("GET", "/api/leave/department-off?from_date=2026-12-07", member, nil), 200)
		if r.data()["warn"] != false || r.data()["others"].(float64) != 1 {
			t.Fatalf("one other off: %s", r.raw)
		}
		e.expect(e.call("GET", "/api/leave/department-off", member, nil), 422)
		e.expect(e.call("GET", "/api/leave/department-off?from_date=2026-12-08&to_date=2026-12-07", member, nil), 422)
		// Saving the department without the field keeps the threshold; 0 turns the warning off.
		e.expect(e.call("POST", "/api/department/record/update", c.token, map[string]any{"id": dept, "name": "Kitchen crew"}), 200)
		list := e.expect(e.call("GET", "/api/department/record", c.token, nil), 200)
		if !strings.Contains(list.raw, `"name":"Kitchen crew"`) || !strings.Contains(list.raw, `"absence_warning":2`) {
			t.Fatalf("%s", list.raw)
		}
		e.expect(e.call("POST", "/api/department/record/update", c.token, map[string]any{"id": dept, "name": "Kitchen crew", "absence_warning": 0}), 200)
		if r := e.expect(e.call("GET", "/api/leave/department-off?from_date=2026-12-07&to_date=2026-12-08", member, nil), 200); r.data()["warn"] != false {
			t.Fatalf("threshold 0 still warns: %s", r.raw)
		}
	})
}
