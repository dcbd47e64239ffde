package api_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestPartialDayAway (issue 13): an hourly away application covers a time range of one day;
// a 2-hour errand leaves the day present with 2 h away, a second errand that day that does
// not meet the first is accepted, the balance is charged in hours, and the daily, personal
// and monthly views show and sum the minutes.
func TestPartialDayAway(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Errand Co")
		e.setClock(time.Date(2026, 11, 13, 9, 0, 0, 0, kl))
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		var week []map[string]any
		for _, d := range []int{1, 2, 3, 4, 5} {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		emp := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "P1", "first_name": "Aisyah"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{emp}, "effective_from": "2026-01-01"}), 200)
		errand := idOf(e.expect(e.call("POST", "/api/company/away", c.token, map[string]any{"type": "Errand", "unit": "hour", "day_count": 10}), 201))
		trip := idOf(e.expect(e.call("POST", "/api/company/away", c.token, map[string]any{"type": "Business trip", "day_count": 10}), 201))
		e.expect(e.call("POST", "/api/company/away/employee/entitlement/bulk", c.token, map[string]any{"leave_type_id": errand, "entitled": 10, "group_id": g}), 200)
		e.expect(e.call("POST", "/api/company/away/employee/entitlement/bulk", c.token, map[string]any{"leave_type_id": trip, "entitled": 10, "group_id": g}), 200)
		tok := e.member(c.orgID, emp)
		apply := func(body map[string]any, status int) resp {
			t.Helper()
			body["leave_type_id"] = errand
			if body["from_date"] == nil {
				body["from_date"] = "2026-11-16" // a Monday
			}
			return e.expect(e.call("POST", "/api/school/personal/away/application", tok, body), status)
		}
		field := func(r resp, name string) {
			t.Helper()
			if errs, _ := r.body["errors"].(map[string]any); errs[name] == nil {
				t.Fatalf("no error on %s: %s", name, r.raw)
			}
		}

		// Bad ranges: 422 naming the field.
		field(apply(map[string]any{"from_time": "12:00", "to_time": "10:00"}, 422), "to_time")
		field(apply(map[string]any{"from_time": "10:00", "to_time": "10:00"}, 422), "to_time")
		field(apply(map[string]any{"from_time": "25:00", "to_time": "26:00"}, 422), "from_time")
		field(apply(map[string]any{"from_time": "10:00"}, 422), "to_time")
		field(apply(map[string]any{"from_time": "10:00", "to_time": "12:00", "to_date": "2026-11-17"}, 422), "to_date")
		field(apply(map[string]any{"from_time": "10:00", "to_time": "12:00", "hours": 3}, 422), "hours")
		field(apply(map[string]any{"session": "am", "from_time": "10:00", "to_time": "12:00"}, 422), "session")
		field(e.expect(e.call("POST", "/api/school/personal/away/application", tok, map[string]any{"leave_type_id": trip, "from_date": "2026-11-16", "from_time": "10:00", "to_time": "12:00"}), 422), "from_time")

		first := apply(map[string]any{"from_time": "10:00", "to_time": "12:00", "reason": "Bank"}, 201).data()
		if first["session"] != "hours" || first["from_time"] != "10:00" || first["to_time"] != "12:00" || first["amount"].(float64) != 2 {
			t.Fatalf("first errand: %v", first)
		}
		// A second errand that day: refused where it meets the first, accepted after it.
		if r := apply(map[string]any{"from_time": "11:00", "to_time": "13:00"}, 422); r.str("code") != "leave.overlap" {
			t.Fatalf("%s", r.raw)
		}
		second := apply(map[string]any{"from_time": "12:00", "to_time": "12:30"}, 201).data()
		if second["amount"].(float64) != 0.5 {
			t.Fatalf("second errand: %v", second)
		}
		// A whole day overlaps every range of its date.
		e.expect(e.call("POST", "/api/school/personal/away/application", tok, map[string]any{"leave_type_id": trip, "from_date": "2026-11-16"}), 422)
		for _, a := range []map[string]any{first, second} {
			e.expect(e.call("POST", "/api/company/away/application/approve", c.token, map[string]any{"id": a["id"]}), 200)
		}
		ent := entitlementOf(t, e.expect(e.call("GET", "/api/company/away/employee/entitlement?employee_id="+strconv.FormatInt(emp, 10), c.token, nil), 200), errand)
		if ent["balance"].(float64) != 7.5 {
			t.Fatalf("hours left after 2.5 h of errands: %v", ent)
		}

		// The day stays present as the punches say, with 2.5 h away.
		e.punch(c.orgID, emp, "2026-11-16 07:55")
		e.punch(c.orgID, emp, "2026-11-16 17:05")
		e.setClock(time.Date(2026, 11, 20, 9, 0, 0, 0, kl))
		check := func(where string, d map[string]any) {
			t.Helper()
			if d["status"].(float64) != 1 || d["late"] != false || d["away_minutes"].(float64) != 150 || d["leave_minutes"].(float64) != 0 {
				t.Fatalf("%s: %v", where, d)
			}
		}
		check("daily report", dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-16", c.token, nil), 200), emp))
		check("personal day", e.expect(e.call("GET", "/api/school/personal/attendance/daily?date=2026-11-16", tok, nil), 200).data())
		m := e.expect(e.call("GET", fmt.Sprintf("/api/employee/attendance/monthly/individual?id=%d&date=2026-11", emp), c.token, nil), 200).data()
		check("monthly day", m["days"].([]any)[15].(map[string]any))
		if tot := m["totals"].(map[string]any); tot["away_minutes"].(float64) != 150 || tot["present"].(float64) != 1 {
			t.Fatalf("monthly totals: %v", tot)
		}
		mine := e.expect(e.call("GET", "/api/school/personal/attendance/monthly?date=2026-11", tok, nil), 200).data()
		if mine["totals"].(map[string]any)["away_minutes"].(float64) != 150 {
			t.Fatalf("personal month: %v", mine["totals"])
		}

		// Assignments in bulk follow the same rule: ranges of one day that meet are refused
		// (nothing is written), ranges that do not are stored with their hours.
		bulkItem := func(from, to string) map[string]any {
			return map[string]any{"employee_id": emp, "leave_type_id": errand, "from_date": "2026-11-17", "from_time": from, "to_time": to}
		}
		r := e.expect(e.call("POST", "/api/company/away/assignment/bulk", c.token, map[string]any{"assignments": []any{bulkItem("09:00", "10:00"), bulkItem("09:30", "11:00")}}), 422)
		if !strings.Contains(r.raw, "leave.overlap") {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", "/api/company/away/assignment/bulk", c.token, map[string]any{"assignments": []any{bulkItem("09:00", "10:00"), bulkItem("15:00", "16:00")}}), 200)
		ent = entitlementOf(t, e.expect(e.call("GET", "/api/company/away/employee/entitlement?employee_id="+strconv.FormatInt(emp, 10), c.token, nil), 200), errand)
		if ent["balance"].(float64) != 5.5 {
			t.Fatalf("hours left after 2 more hours assigned: %v", ent)
		}

		// The team calendar shows the ranges.
		cal := e.expect(e.call("GET", "/api/calendar?from=2026-11-16&to=2026-11-16", c.token, nil), 200).data() // the 16th only
		var ranges []string
		for _, en := range cal["entries"].([]any) {
			en := en.(map[string]any)
			ranges = append(ranges, fmt.Sprint(en["session"], " ", en["from_time"], "-", en["to_time"]))
		}
		if strings.Join(ranges, ",") != "hours 10:00-12:00,hours 12:00-12:30" && strings.Join(ranges, ",") != "hours 12:00-12:30,hours 10:00-12:00" {
			t.Fatalf("calendar entries: %v", ranges)
		}

		// The monthly and yearly spreadsheets sum the hours away of the month.
		for _, path := range []string{"/api/employee/attendance/admin/report/monthly?date=2026-11", "/api/employee/attendance/admin/report/yearly?date=2026"} {
			res := e.expect(e.call("GET", path, c.token, nil), 200)
			f, err := excelize.OpenReader(strings.NewReader(res.raw))
			if err != nil {
				t.Fatal(err)
			}
			rows, err := f.GetRows(f.GetSheetList()[0])
			if err != nil {
				t.Fatal(err)
			}
			var header, row []string
			for _, r := range rows {
				if len(r) > 1 && r[0] == "Code" {
					header = r
				} else if len(r) > 1 && r[0] == "P1" {
					row = r
				}
			}
			col := -1
			for i, h := range header {
				if h == "Away h" {
					col = i
				}
			}
			if col < 0 || len(row) <= col || row[col] != "4.5" { // 2.5 h on the 16th, 2 h assigned on the 17th
				t.Fatalf("%s: header %v, row %v", path, header, row)
			}
		}
	})
}
