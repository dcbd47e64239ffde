package api_test

import (
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// payrollCompany is a company whose office works Monday to Friday 08:00-17:00 (cut-off
// 10:00), with November 2026 over (the clock on 1 December), a holiday on Wednesday
// 18 November, and three people:
//   - Adam: late 15 minutes and 40 minutes' overtime on the 2nd, out 30 minutes early on the
//     3rd, and four hours on the holiday, which count as overtime too (issue 13: a holiday's
//     whole worked span; the group needs no approval, so all 280 minutes are approved);
//   - Bala: paid annual leave on the 4th and 5th, unpaid leave on the 6th, and annual leave
//     on the morning of the 9th, coming in at 13:00 for the afternoon (late 30 minutes:
//     the afternoon starts at 12:30);
//   - Chen: away for 2 hours (an hourly type) on the 10th and a whole day on the 11th.
//
// Every other weekday of the month they are absent.
func payrollCompany(t *testing.T, e *env, name string) (tenant, int64, map[string]int64, map[string]int64) {
	t.Helper()
	c := e.company(name)
	e.setClock(time.Date(2026, 12, 1, 9, 0, 0, 0, kl))
	g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
	var week []map[string]any
	for d := 1; d <= 5; d++ {
		week = append(week, map[string]any{"id": d, "type": 1})
	}
	e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
	ids := map[string]int64{}
	for i, n := range []string{"Adam", "Bala", "Chen"} {
		ids[n] = idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": fmt.Sprintf("P%d", i+1), "first_name": n}), 201))
	}
	e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{ids["Adam"], ids["Bala"], ids["Chen"]}, "effective_from": "2026-01-01"}), 200)
	e.expect(e.call("POST", "/api/holiday/record", c.token, map[string]any{"name": "Founders' day", "start": "2026-11-18", "end": "2026-11-18"}), 201)
	types := map[string]int64{
		"annual": idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 14, "allow_negative": true}), 201)),
		"unpaid": idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Unpaid", "paid": false, "allow_negative": true}), 201)),
		"errand": idOf(e.expect(e.call("POST", "/api/company/away", c.token, map[string]any{"type": "Errand", "unit": "hour", "allow_negative": true}), 201)),
		"onsite": idOf(e.expect(e.call("POST", "/api/company/away", c.token, map[string]any{"type": "On site", "allow_negative": true}), 201)),
	}
	e.punch(c.orgID, ids["Adam"], "2026-11-02 08:15")
	e.punch(c.orgID, ids["Adam"], "2026-11-02 17:40")
	e.punch(c.orgID, ids["Adam"], "2026-11-03 07:55")
	e.punch(c.orgID, ids["Adam"], "2026-11-03 16:30")
	e.punch(c.orgID, ids["Adam"], "2026-11-18 09:00")
	e.punch(c.orgID, ids["Adam"], "2026-11-18 13:00")
	assign := func(kind, who, typ, from, to, session string, hours float64) {
		t.Helper()
		body := map[string]any{"employee_id": ids[who], "leave_type_id": types[typ], "from_date": from, "to_date": to, "session": session}
		if hours > 0 {
			body["hours"] = hours
		}
		e.expect(e.call("POST", "/api/company/"+kind+"/assignment", c.token, body), 201)
	}
	assign("leave", "Bala", "annual", "2026-11-04", "2026-11-05", "full", 0)
	assign("leave", "Bala", "unpaid", "2026-11-06", "2026-11-06", "full", 0)
	assign("leave", "Bala", "annual", "2026-11-09", "2026-11-09", "am", 0)
	e.punch(c.orgID, ids["Bala"], "2026-11-09 13:00")
	e.punch(c.orgID, ids["Bala"], "2026-11-09 17:00")
	assign("away", "Chen", "errand", "2026-11-10", "2026-11-10", "full", 2)
	assign("away", "Chen", "onsite", "2026-11-11", "2026-11-11", "full", 0)
	return c, g, ids, types
}

// payrollCSV downloads a CSV export and reads it (BOM checked and removed).
func payrollCSV(t *testing.T, e *env, token, query string) [][]string {
	t.Helper()
	status, ctype, body := e.get("/api/payroll/export?format=csv&"+query, token)
	if status != 200 || !strings.HasPrefix(ctype, "text/csv") {
		t.Fatalf("csv export: %d %s %s", status, ctype, body)
	}
	if !strings.HasPrefix(string(body), "\uFEFF") {
		t.Fatalf("no BOM: %q", body[:min(20, len(body))])
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(body), "\uFEFF"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// payrollXLSX downloads an xlsx export and reads its first sheet.
func payrollXLSX(t *testing.T, e *env, token, query string) [][]string {
	t.Helper()
	status, ctype, body := e.get("/api/payroll/export?format=xlsx&"+query, token)
	if status != 200 || !strings.Contains(ctype, "spreadsheetml") {
		t.Fatalf("xlsx export: %d %s %s", status, ctype, body)
	}
	f, err := excelize.OpenReader(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// byHeader indexes a sheet's rows by their first cell (the person's code) and header.
func byHeader(t *testing.T, rows [][]string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for _, r := range rows[1:] {
		m := map[string]string{}
		for i, h := range rows[0] {
			if i < len(r) {
				m[h] = r[i]
			} else {
				m[h] = ""
			}
		}
		out[r[0]] = m
	}
	return out
}

// TestPayrollMatchesMonthlyReport checks every payroll figure of a month with late,
// early-out, paid and unpaid leave (full and half day), away (hourly and daily), a holiday
// worked and overtime, partial-day (time-range) leave and away, and that present, absent,
// late and the partial-day leave and away hours equal the monthly report's.
func TestPayrollMatchesMonthlyReport(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, _, ids, types := payrollCompany(t, e, "Payroll Co")
		// Partial days (issue 13), on days they are absent (the days stay absent): Bala takes
		// 10:00-12:30 of hourly leave on the 12th and 14:00-14:45 on the 13th, Chen is away
		// 14:00-15:00 on the 13th.
		hourly := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Time off", "unit": "hour", "allow_negative": true}), 201))
		for _, r := range []struct {
			kind, who      string
			typ            int64
			date, from, to string
		}{{"leave", "Bala", hourly, "2026-11-12", "10:00", "12:30"}, {"leave", "Bala", hourly, "2026-11-13", "14:00", "14:45"}, {"away", "Chen", types["errand"], "2026-11-13", "14:00", "15:00"}} {
			e.expect(e.call("POST", "/api/company/"+r.kind+"/assignment", c.token, map[string]any{"employee_id": ids[r.who], "leave_type_id": r.typ,
				"from_date": r.date, "to_date": r.date, "from_time": r.from, "to_time": r.to}), 201)
		}
		rows := payrollCSV(t, e, c.token, "month=2026-11")
		annualH, unpaidH, hourlyH := "Annual (days)", "Unpaid (days)", "Time off (days)"
		wantHeader := []string{"Code", "Name", "Scheduled days", "Days present", "Absences", "Late (times)", "Late (minutes)", "Early out (minutes)",
			"Total paid leave (days)", "Total unpaid leave (days)", annualH, hourlyH, unpaidH, "Away (hours)", "Leave (hours)", "Overtime (minutes)", "Holidays worked"}
		if strings.Join(rows[0], "|") != strings.Join(wantHeader, "|") {
			t.Fatalf("header %q", rows[0])
		}
		if len(rows) != 4 {
			t.Fatalf("%d rows: %q", len(rows), rows)
		}
		got := byHeader(t, rows)
		// November 2026 has 21 weekdays; the 18th is a holiday: 20 scheduled days.
		want := map[string]map[string]string{
			"P1": {"Scheduled days": "20", "Days present": "2", "Absences": "18", "Late (times)": "1", "Late (minutes)": "15", "Early out (minutes)": "30",
				"Total paid leave (days)": "0", "Total unpaid leave (days)": "0", "Away (hours)": "0", "Leave (hours)": "0", "Overtime (minutes)": "280", "Holidays worked": "1"},
			"P2": {"Scheduled days": "20", "Days present": "1", "Absences": "16", "Late (times)": "1", "Late (minutes)": "30", "Early out (minutes)": "0",
				"Total paid leave (days)": "2.5", "Total unpaid leave (days)": "1", annualH: "2.5", unpaidH: "1", hourlyH: "0", "Away (hours)": "0", "Leave (hours)": "3.25",
				"Overtime (minutes)": "0", "Holidays worked": "0"},
			"P3": {"Scheduled days": "20", "Days present": "0", "Absences": "18", "Late (times)": "0", "Total paid leave (days)": "0", "Away (hours)": "12", "Leave (hours)": "0", "Holidays worked": "0"},
		}
		for code, w := range want {
			for h, v := range w {
				if got[code][h] != v {
					t.Errorf("%s %s = %q, want %q", code, h, got[code][h], v)
				}
			}
		}
		// The same month in the monthly report: the same people, and the same present, absent
		// and late counts and partial-day leave hours (its away_minutes count the ranges only;
		// payroll's away hours add the whole and hourly days).
		list := items(e.expect(e.call("GET", "/api/employee/attendance/monthly?date=2026-11&page[size]=100", c.token, nil), 200))
		if len(list) != len(rows)-1 {
			t.Fatalf("the monthly report has %d people, the payroll export %d", len(list), len(rows)-1)
		}
		for _, n := range []string{"Adam", "Bala", "Chen"} {
			m := e.expect(e.call("GET", fmt.Sprintf("/api/employee/attendance/monthly/individual?id=%d&date=2026-11", ids[n]), c.token, nil), 200).data()
			tt := m["totals"].(map[string]any)
			p := got[m["code"].(string)]
			for k, h := range map[string]string{"present": "Days present", "absent": "Absences", "late": "Late (times)"} {
				if strconv.Itoa(int(tt[k].(float64))) != p[h] {
					t.Errorf("%s: monthly %s %v, payroll %s %q", n, k, tt[k], h, p[h])
				}
			}
			if h := strconv.FormatFloat(tt["leave_minutes"].(float64)/60, 'f', -1, 64); h != p["Leave (hours)"] {
				t.Errorf("%s: monthly leave_minutes %v, payroll leave hours %q", n, tt["leave_minutes"], p["Leave (hours)"])
			}
		}
		// The xlsx has the same cells, header first (no title rows: payroll systems import it).
		x := payrollXLSX(t, e, c.token, "month=2026-11")
		for i := range rows {
			if strings.Join(x[i], "|") != strings.Join(rows[i], "|") {
				t.Errorf("xlsx row %d %q, csv %q", i, x[i], rows[i])
			}
		}

		// Bad input names the field; another organisation's group is not found.
		for q, field := range map[string]string{"month=2026-13": "month", "month=": "month", "month=2026-11&format=pdf": "format", "month=2026-11&group_id=abc": "group_id"} {
			r := e.expect(e.call("GET", "/api/payroll/export?"+q, c.token, nil), 422)
			if fieldCode(r, field) == "" {
				t.Errorf("%s: %s", q, r.raw)
			}
		}
		other := e.company("Other Payroll Co")
		og := idOf(e.expect(e.call("POST", "/api/group/record/register", other.token, map[string]any{"name": "Elsewhere", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		e.expect(e.call("GET", fmt.Sprintf("/api/payroll/export?month=2026-11&group_id=%d", og), c.token, nil), 404)
		// A department narrows the export to its people; another organisation's is not found.
		dept := idOf(e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": "Finance"}), 201))
		e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "F1", "first_name": "Farah", "department_id": dept}), 201)
		if rows := payrollCSV(t, e, c.token, fmt.Sprintf("month=2026-11&department_id=%d", dept)); len(rows) != 2 || rows[1][0] != "F1" {
			t.Errorf("the department's export: %q", rows)
		}
		od := idOf(e.expect(e.call("POST", "/api/department/record/register", other.token, map[string]any{"name": "Elsewhere"}), 201))
		e.expect(e.call("GET", fmt.Sprintf("/api/payroll/export?month=2026-11&department_id=%d", od), c.token, nil), 404)
		// A member may not export.
		e.expect(e.call("GET", "/api/payroll/export?month=2026-11", e.member(c.orgID, ids["Adam"]), nil), 403)
	})
}

// TestPayrollMappings saves mappings that rename, reorder and drop columns, and checks that
// the xlsx and the CSV follow the one asked for, or the default one; that a group narrows
// the people; that bad mappings are refused naming the field; and that a name a spreadsheet
// would run as a formula is written as text in the CSV.
func TestPayrollMappings(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, g, ids, types := payrollCompany(t, e, "Mapping Co")
		annual := fmt.Sprintf("leave:%d", types["annual"])
		list := e.expect(e.call("GET", "/api/payroll/mappings", c.token, nil), 200).data()
		if len(list["mappings"].([]any)) != 0 || len(list["columns"].([]any)) != 16 {
			t.Fatalf("%v", list)
		}
		cols := []map[string]any{{"key": "name", "header": "Employee"}, {"key": "code", "header": "Staff No"}, {"key": annual, "header": "AL"},
			{"key": "overtime_minutes", "header": "OT mins"}, {"key": "late_minutes"}}
		m := e.expect(e.call("POST", "/api/payroll/mappings", c.token, map[string]any{"name": "Payroll system", "columns": cols}), 201).data()
		id := int64(m["id"].(float64))
		wantHeader := "Employee|Staff No|AL|OT mins|Late (minutes)"
		q := fmt.Sprintf("month=2026-11&mapping=%d", id)
		for name, rows := range map[string][][]string{"csv": payrollCSV(t, e, c.token, q), "xlsx": payrollXLSX(t, e, c.token, q)} {
			if strings.Join(rows[0], "|") != wantHeader {
				t.Errorf("%s header %q", name, rows[0])
			}
			if len(rows) != 4 || strings.Join(rows[2], "|") != "Bala|P2|2.5|0|30" || strings.Join(rows[1], "|") != "Adam|P1|0|280|15" {
				t.Errorf("%s rows %q", name, rows)
			}
		}
		// Without a mapping: every column, until one is the default.
		if rows := payrollCSV(t, e, c.token, "month=2026-11"); len(rows[0]) != 16 {
			t.Fatalf("no default yet: %q", rows[0])
		}
		e.expect(e.call("PUT", fmt.Sprintf("/api/payroll/mappings/%d", id), c.token, map[string]any{"name": "Payroll system", "is_default": true, "columns": cols[:2]}), 200)
		second := idOf(e.expect(e.call("POST", "/api/payroll/mappings", c.token, map[string]any{"name": "Short", "is_default": true, "columns": []map[string]any{{"key": "code"}, {"key": "absent_days", "header": "Absent"}}}), 201))
		if rows := payrollCSV(t, e, c.token, "month=2026-11"); strings.Join(rows[0], "|") != "Code|Absent" {
			t.Fatalf("the newest default is not used: %q", rows[0])
		}
		ms := e.expect(e.call("GET", "/api/payroll/mappings", c.token, nil), 200).data()["mappings"].([]any)
		if len(ms) != 2 || ms[0].(map[string]any)["is_default"] != false || ms[1].(map[string]any)["is_default"] != true {
			t.Fatalf("one default at a time: %v", ms)
		}
		if rows := payrollCSV(t, e, c.token, q); strings.Join(rows[0], "|") != "Employee|Staff No" {
			t.Fatalf("the renamed mapping: %q", rows[0])
		}

		// Bad mappings name the field; a taken name is a conflict; nothing is half-saved.
		for _, bad := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"name": "", "columns": cols}, "name"},
			{map[string]any{"name": "X", "columns": []map[string]any{}}, "columns"},
			{map[string]any{"name": "X", "columns": []map[string]any{{"key": "salary"}}}, "columns.0.key"},
			{map[string]any{"name": "X", "columns": []map[string]any{{"key": "code"}, {"key": "code"}}}, "columns.1.key"},
			{map[string]any{"name": "X", "columns": []map[string]any{{"key": "leave:999999"}}}, "columns.0.key"},
			{map[string]any{"name": "X", "columns": []map[string]any{{"key": "code", "header": "a\nb"}}}, "columns.0.header"},
		} {
			r := e.expect(e.call("POST", "/api/payroll/mappings", c.token, bad.body), 422)
			if fieldCode(r, bad.field) == "" {
				t.Errorf("%v: %s", bad.body, r.raw)
			}
		}
		e.expect(e.call("POST", "/api/payroll/mappings", c.token, map[string]any{"name": "short", "columns": cols}), 201)
		r := e.expect(e.call("POST", "/api/payroll/mappings", c.token, map[string]any{"name": "Short", "is_default": true, "columns": cols}), 409)
		if fieldCode(r, "name") == "" {
			t.Fatalf("%s", r.raw)
		}
		if rows := payrollCSV(t, e, c.token, "month=2026-11"); strings.Join(rows[0], "|") != "Code|Absent" {
			t.Fatalf("a refused save changed the default: %q", rows[0])
		}

		// Another organisation's mapping is not found; so is a removed one.
		other := e.company("Other Mapping Co")
		e.expect(e.call("GET", "/api/payroll/export?"+q, other.token, nil), 404)
		e.expect(e.call("PUT", fmt.Sprintf("/api/payroll/mappings/%d", id), other.token, map[string]any{"name": "Stolen", "columns": cols}), 404)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/payroll/mappings/%d", second), c.token, nil), 200)
		e.expect(e.call("GET", fmt.Sprintf("/api/payroll/export?month=2026-11&mapping=%d", second), c.token, nil), 404)
		// A member may neither read nor save mappings.
		tok := e.member(c.orgID, ids["Chen"])
		e.expect(e.call("GET", "/api/payroll/mappings", tok, nil), 403)
		e.expect(e.call("POST", "/api/payroll/mappings", tok, map[string]any{"name": "Mine", "columns": cols}), 403)

		// A group narrows the export to its members; a formula in a name is text.
		evil := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "-60123", "first_name": "=HYPERLINK(\"http://x\")", "last_name": "@SUM"}), 201))
		rows := payrollCSV(t, e, c.token, fmt.Sprintf("month=2026-11&mapping=%d", id))
		var saw bool
		for _, r := range rows {
			if r[1] == "'-60123" && r[0] == "'=HYPERLINK(\"http://x\") @SUM" {
				saw = true
			}
		}
		if !saw {
			t.Fatalf("formula cells not guarded: %q", rows)
		}
		if rows := payrollCSV(t, e, c.token, fmt.Sprintf("month=2026-11&mapping=%d&group_id=%d", id, g)); len(rows) != 4 {
			t.Fatalf("the group's export holds %d people, want 3 (not %d): %q", len(rows)-1, evil, rows)
		}
	})
}

// TestPayrollSchoolFaces exports a school's teachers or staff apart (kind), and everyone
// without it; an unknown kind names the field.
func TestPayrollSchoolFaces(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s, g := schoolWithWeek(e, "Payroll School")
		teacher := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "T1", "first_name": "Guru"}), 201))
		e.expect(e.call("POST", "/api/school/employee/staff", s.token, map[string]any{"code": "S1", "first_name": "Kerani"}), 201)
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{teacher}, "effective_from": "2026-11-01"}), 200)
		e.punch(s.orgID, teacher, "2026-11-16 08:10")
		e.punch(s.orgID, teacher, "2026-11-16 17:00")
		codes := func(q string) string {
			var out []string
			for _, r := range payrollCSV(t, e, s.token, q)[1:] {
				out = append(out, r[0])
			}
			return strings.Join(out, ",")
		}
		if got := codes("month=2026-11&kind=teacher"); got != "T1" {
			t.Errorf("teachers: %s", got)
		}
		if got := codes("month=2026-11&kind=staff"); got != "S1" {
			t.Errorf("staff: %s", got)
		}
		if got := codes("month=2026-11"); got != "T1,S1" && got != "S1,T1" {
			t.Errorf("everyone: %s", got)
		}
		row := byHeader(t, payrollCSV(t, e, s.token, "month=2026-11&kind=teacher"))["T1"]
		if row["Days present"] != "1" || row["Late (minutes)"] != "10" {
			t.Errorf("teacher's figures: %v", row)
		}
		r := e.expect(e.call("GET", "/api/payroll/export?month=2026-11&kind=parent", s.token, nil), 422)
		if fieldCode(r, "kind") == "" {
			t.Fatalf("%s", r.raw)
		}
	})
}
