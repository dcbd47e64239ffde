package api_test

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestNoSchedule (issue 13): a person in no group is "no schedule" (status 8), not an off
// day: counted apart in every total, filtered on, counted and listed on the dashboard, and
// written as "N" in the monthly export; once they join a group, their days are judged as
// anyone's.
func TestNoSchedule(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s, g := schoolWithWeek(e, "No Schedule School") // the clock stands at Friday 2026-11-20 12:00
		ids := map[string]int64{}
		for _, n := range []string{"Ahmad", "Loner", "Joiner"} {
			ids[n] = idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "NS" + n, "first_name": n}), 201))
		}
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{ids["Ahmad"]}, "effective_from": "2026-11-01"}), 200)
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{ids["Joiner"]}, "effective_from": "2026-11-18"}), 200)
		e.punch(s.orgID, ids["Loner"], "2026-11-16 07:55") // a punch does not give a day a schedule

		status := func(r resp, name string) string { return fmt.Sprint(dayOf(t, r, ids[name])["status"]) }
		monday := e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-16", s.token, nil), 200)
		if got := status(monday, "Ahmad") + status(monday, "Loner") + status(monday, "Joiner"); got != "288" {
			t.Errorf("Monday statuses Ahmad, Loner, Joiner: %s, want 2 8 8 (%s)", got, monday.raw)
		}
		if code, _ := reasonOf(t, dayOf(t, monday, ids["Loner"])); code != "no_schedule" {
			t.Errorf("Loner's reason: %s", code)
		}
		tt, _ := monday.body["totals"].(map[string]any)
		if tt["no_schedule"] != 2.0 || tt["off_day"] != 0.0 || tt["absent"] != 1.0 || tt["open"] != 0.0 {
			t.Errorf("Monday totals: %v", tt)
		}
		saturday := e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-21", s.token, nil), 200)
		if got := status(saturday, "Ahmad") + status(saturday, "Loner") + status(saturday, "Joiner"); got != "686" {
			t.Errorf("Saturday statuses: %s, want 6 8 6 (a Saturday in the group is an off day)", got)
		}
		thursday := e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-19", s.token, nil), 200)
		if got := status(thursday, "Joiner"); got != "2" {
			t.Errorf("Joiner after joining: %s, want 2 (absent)", got)
		}

		// The status filter takes 8 (or its name) and keeps exactly those people.
		names := func(r resp) string {
			var out []string
			for _, it := range items(r) {
				out = append(out, it["first_name"].(string))
			}
			sort.Strings(out)
			return strings.Join(out, ",")
		}
		for _, q := range []string{"8", "no%20schedule"} {
			if got := names(e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-16&status="+q, s.token, nil), 200)); got != "Joiner,Loner" {
				t.Errorf("status=%s: %s", q, got)
			}
		}
		if bad := e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-16&status=9", s.token, nil), 422); fieldCode(bad, "status") != "validation.invalid" {
			t.Errorf("status=9: %s", bad.raw)
		}

		// The dashboard counts today's no-schedule people apart, outside the charted 1-6, and
		// its detailed list of status 8 names them (Joiner has a group today).
		dash := e.expect(e.call("GET", "/api/school/dashboard/teacher/attendance/daily", s.token, nil), 200)
		if dt, _ := dash.body["totals"].(map[string]any); dt["no_schedule"] != 1.0 || dt["off_day"] != 0.0 {
			t.Errorf("dashboard totals: %v", dt)
		}
		for _, it := range dash.body["data"].([]any) {
			if s := it.(map[string]any)["status"]; s == 8.0 || s == 7.0 {
				t.Errorf("dashboard data charts status %v: %s", s, dash.raw)
			}
		}
		list := e.expect(e.call("GET", "/api/school/dashboard/teacher/attendance/daily/detailed?id=8", s.token, nil), 200)
		if got := names(list); got != "Loner" {
			t.Errorf("dashboard list of no schedule: %s", got)
		}
		// A member cannot read it; another organisation sees only its own people.
		e.expect(e.call("GET", "/api/school/dashboard/teacher/attendance/daily/detailed?id=8", e.user(s.orgID, "member"), nil), 403)
		other, _ := schoolWithWeek(e, "Other School")
		if got := names(e.expect(e.call("GET", "/api/school/dashboard/teacher/attendance/daily/detailed?id=8", other.token, nil), 200)); got != "" {
			t.Errorf("another organisation's list: %s", got)
		}

		// The month: Loner's 30 days are all no schedule; Joiner's 17 before joining.
		month := e.expect(e.call("GET", "/api/school/attendance/teacher/monthly?date=2026-11", s.token, nil), 200)
		for name, want := range map[string]float64{"Loner": 30, "Joiner": 17, "Ahmad": 0} {
			mt := dayOf(t, month, ids[name])["totals"].(map[string]any)
			if mt["no_schedule"] != want || (name != "Ahmad" && mt["absent"] == 30.0) {
				t.Errorf("%s's month: %v, want no_schedule %v", name, mt, want)
			}
		}
		if mt := dayOf(t, month, ids["Loner"])["totals"].(map[string]any); mt["off_day"] != 0.0 || mt["absent"] != 0.0 || mt["open"] != 0.0 {
			t.Errorf("Loner's month counts no schedule elsewhere: %v", mt)
		}
		year := e.expect(e.call("GET", "/api/school/attendance/teacher/yearly?date=2026", s.token, nil), 200)
		if yt := dayOf(t, year, ids["Loner"])["totals"].(map[string]any); yt["no_schedule"] != 365.0 || yt["off_day"] != 0.0 {
			t.Errorf("Loner's year: %v", yt)
		}

		// The monthly export writes N for each of those days (and its legend says so), in the
		// export's language; its totals columns stay as they were, so no day is an off day.
		_, _, x := e.get("/api/school/attendance/teacher/monthly/report?type=xlsx&date=2026-11&lang=ms", s.token)
		f, err := excelize.OpenReader(bytes.NewReader(x))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows(f.GetSheetList()[0])
		legend := false
		for _, r := range rows {
			if len(r) > 0 && strings.Contains(r[0], "N Tiada jadual") {
				legend = true
			}
			if len(r) > 32 && r[0] == "NSLoner" {
				if n := strings.Count(strings.Join(r[2:32], " "), "N"); n != 30 || r[32+5] != "0" {
					t.Errorf("Loner's export row: %v (%d N, off days %s)", r, n, r[32+5])
				}
				if !legend {
					t.Errorf("no legend of N in %v", rows[:3])
				}
				return
			}
		}
		t.Errorf("no Loner row: %v", rows)
	})
}
