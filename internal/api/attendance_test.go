package api_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"hadir/internal/attendance"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

var kl, _ = time.LoadLocation("Asia/Kuala_Lumpur")

// punch stores a device-like punch at a local KL time.
func (e *env) punch(orgID, personID int64, local string) {
	e.t.Helper()
	at, err := time.ParseInLocation("2006-01-02 15:04", local, kl)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.app.Attendance.Record(context.Background(), attendance.Punch{OrgID: orgID, PersonID: personID, At: at, Source: "device:1"}); err != nil {
		e.t.Fatal(err)
	}
}

func dayOf(t *testing.T, r resp, personID int64) map[string]any {
	t.Helper()
	for _, it := range items(r) {
		if int64(it["id"].(float64)) == personID {
			return it
		}
	}
	t.Fatalf("person %d not in %s", personID, r.raw)
	return nil
}

func TestGroupsSchedulesAndMembers(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Group School")
		bad := e.expect(e.call("POST", "/api/school/group/management", s.token, map[string]any{"name": "", "time_in": "8am", "cut_off_time_in": "07:00",
			"time_out": "17:00", "cut_off_time_out": "23:00", "type": "teacher"}), 422)
		if fieldCode(bad, "name") != "validation.required" || fieldCode(bad, "time_in") != "validation.time" {
			t.Fatalf("%s", bad.raw)
		}
		bad = e.expect(e.call("POST", "/api/school/group/management", s.token, map[string]any{"name": "X", "time_in": "08:00", "cut_off_time_in": "07:00",
			"time_out": "17:00", "cut_off_time_out": "23:00"}), 422)
		if fieldCode(bad, "cut_off_time_in") != "validation.time_order" {
			t.Fatalf("%s", bad.raw)
		}
		g := idOf(e.expect(e.call("POST", "/api/school/group/management", s.token, map[string]any{"name": "Morning session", "description": "Sesi pagi",
			"mode": "session_am", "time_in": "07:30", "cut_off_time_in": "09:00", "time_out": "13:30", "cut_off_time_out": "20:00", "type": "teacher"}), 201))
		e.expect(e.call("POST", "/api/school/group/management", s.token, map[string]any{"name": "morning SESSION", "time_in": "07:30", "cut_off_time_in": "09:00",
			"time_out": "13:30", "cut_off_time_out": "20:00"}), 409)
		g2 := idOf(e.expect(e.call("POST", "/api/school/group/management", s.token, map[string]any{"name": "Afternoon session", "time_in": "13:00", "cut_off_time_in": "14:00",
			"time_out": "18:30", "cut_off_time_out": "23:00", "employee_type": 1}), 201))
		staffGroup := idOf(e.expect(e.call("POST", "/api/school/group/management", s.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00", "type": "staff"}), 201))
		list := e.expect(e.call("GET", "/api/school/group/management?type=teacher", s.token, nil), 200)
		if len(items(list)) != 2 || items(list)[0]["time_in"] != "13:00" {
			t.Fatalf("%s", list.raw)
		}
		if n := len(items(e.expect(e.call("GET", "/api/school/group/management?employee_type=2", s.token, nil), 200))); n != 1 {
			t.Fatalf("staff groups: %d", n)
		}
		days := []map[string]any{{"id": 1, "type": 1}, {"id": 2, "type": 1}, {"id": 3, "type": 1}, {"id": 4, "type": 1},
			{"id": 5, "type": 2, "time_in": "07:30", "time_out": "12:00"}, {"id": 6, "type": nil}, {"id": 7, "type": 0}}
		r := e.expect(e.call("POST", "/api/school/group/schedule", s.token, map[string]any{"id": g, "days": days}), 200)
		if n := len(r.data()["days"].([]any)); n != 5 {
			t.Fatalf("saved %d days, want only the 5 typed ones", n)
		}
		e.expect(e.call("POST", "/api/school/group/schedule", s.token, map[string]any{"id": g, "days": []map[string]any{{"id": 8, "type": 1}}}), 422)
		sch := e.expect(e.call("GET", fmt.Sprintf("/api/school/group/schedule?id=%d", g), s.token, nil), 200)
		if d := sch.data()["days"].([]any); len(d) != 5 || d[4].(map[string]any)["time_out"] != "12:00" || d[0].(map[string]any)["time_in"] != "07:30" {
			t.Fatalf("%s", sch.raw)
		}
		var teachers []int64
		for i := 0; i < 3; i++ {
			teachers = append(teachers, idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": fmt.Sprintf("G%d", i), "first_name": fmt.Sprintf("Guru %d", i)}), 201)))
		}
		staff := idOf(e.expect(e.call("POST", "/api/school/employee/staff", s.token, map[string]any{"code": "GS", "first_name": "Staf"}), 201))
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": teachers}), 200)
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{staff}}), 404) // staff are not teachers
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{}}), 422)
		if n := len(items(e.expect(e.call("GET", fmt.Sprintf("/api/school/group/employees?id=%d", g), s.token, nil), 200))); n != 3 {
			t.Fatalf("members: %d", n)
		}
		// Moving a teacher to the afternoon group takes them out of the morning one.
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g2, "school_employee": []int64{teachers[0]}}), 200)
		if n := len(items(e.expect(e.call("GET", fmt.Sprintf("/api/school/group/employees?id=%d", g), s.token, nil), 200))); n != 2 {
			t.Fatalf("members after the move: %d", n)
		}
		not := items(e.expect(e.call("GET", fmt.Sprintf("/api/school/group/employees/not?id=%d", g), s.token, nil), 200))
		if len(not) != 1 || int64(not[0]["id"].(float64)) != teachers[0] {
			t.Fatalf("not members: %v", not)
		}
		e.expect(e.call("DELETE", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{teachers[1]}}), 200)
		grp := items(e.expect(e.call("GET", "/api/school/group/management?type=teacher&filter[name]=morning", s.token, nil), 200))
		if len(grp) != 1 || grp[0]["members"].(float64) != 1 {
			t.Fatalf("%v", grp)
		}
		e.expect(e.call("POST", "/api/school/group/management/update", s.token, map[string]any{"id": g, "name": "Sesi pagi", "description": "x"}), 200)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/school/group/schedule?id=%d", staffGroup), s.token, nil), 204)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/school/group/management?id=%d", g2), s.token, nil), 204)
		e.expect(e.call("GET", fmt.Sprintf("/api/school/group/schedule?id=%d", g2), s.token, nil), 404)
		// A company's groups are a separate face of the same service.
		c := e.company("Group Co")
		cg := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Night shift", "time_in": "22:00", "cut_off_time_in": "23:30",
			"time_out": "06:00", "cut_off_time_out": "10:00"}), 201))
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": cg, "days": days[:5]}), 200)
		e.expect(e.call("GET", fmt.Sprintf("/api/school/group/schedule?id=%d", cg), s.token, nil), 404)
		e.expect(e.call("GET", fmt.Sprintf("/api/group/schedule?id=%d", g), c.token, nil), 404)
	})
}

// schoolWithWeek makes a school whose teachers work Monday to Friday 08:00-17:00 (cut-off
// 10:00) with the engine's clock fixed on Friday 2026-11-20 at noon.
func schoolWithWeek(e *env, name string) (tenant, int64) {
	s := e.school(name)
	e.app.Attendance.Now = func() time.Time { return time.Date(2026, 11, 20, 12, 0, 0, 0, kl) }
	g := idOf(e.expect(e.call("POST", "/api/school/group/management", s.token, map[string]any{"name": "Teachers", "time_in": "08:00", "cut_off_time_in": "10:00",
		"time_out": "17:00", "cut_off_time_out": "23:00", "type": "teacher"}), 201))
	var days []map[string]any
	for d := 1; d <= 5; d++ {
		days = append(days, map[string]any{"id": d, "type": 1})
	}
	e.expect(e.call("POST", "/api/school/group/schedule", s.token, map[string]any{"id": g, "days": days, "effective_from": "2026-01-01"}), 200)
	return s, g
}

func TestDailyMonthlyAndCorrections(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s, g := schoolWithWeek(e, "Daily School")
		ids := map[string]int64{}
		for _, n := range []string{"Awal", "Lewat", "Tiada", "Cuti", "Awal Balik"} {
			ids[n] = idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": strings.ReplaceAll(n, " ", ""), "first_name": n}), 201))
		}
		var all []int64
		for _, id := range ids {
			all = append(all, id)
		}
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": all, "effective_from": "2026-11-01"}), 200)
		// Out of order and twice: still one punch each.
		e.punch(s.orgID, ids["Awal"], "2026-11-16 17:10")
		e.punch(s.orgID, ids["Awal"], "2026-11-16 07:52")
		e.punch(s.orgID, ids["Awal"], "2026-11-16 07:52")
		e.punch(s.orgID, ids["Lewat"], "2026-11-16 08:20")
		e.punch(s.orgID, ids["Lewat"], "2026-11-16 17:00")
		e.punch(s.orgID, ids["Awal Balik"], "2026-11-16 07:59")
		e.punch(s.orgID, ids["Awal Balik"], "2026-11-16 15:00")
		e.expect(e.call("POST", "/api/school/holiday/management", s.token, map[string]any{"name": "Hari Guru (school day off)", "start": "2026-11-18", "end": "2026-11-18"}), 201)

		daily := e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-16", s.token, nil), 200)
		check := func(name string, status int, late, early bool, in string) {
			t.Helper()
			d := dayOf(t, daily, ids[name])
			if int(d["status"].(float64)) != status || d["late"] != late || d["early_out"] != early || d["in_time"] != in {
				t.Errorf("%s: %v", name, d)
			}
		}
		check("Awal", 1, false, false, "07:52")
		check("Lewat", 1, true, false, "08:20")
		check("Tiada", 2, false, false, "")
		check("Awal Balik", 1, false, true, "07:59")
		if p := dayOf(t, daily, ids["Awal"])["punches"].(float64); p != 2 {
			t.Fatalf("duplicate punch counted: %v", p)
		}
		tot := daily.body["totals"].(map[string]any)
		if tot["present"].(float64) != 3 || tot["absent"].(float64) != 2 || tot["late"].(float64) != 1 {
			t.Fatalf("totals %v", tot)
		}
		if n := len(items(e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-16&status=2", s.token, nil), 200))); n != 2 {
			t.Fatalf("absent filter: %d", n)
		}
		if n := len(items(e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-16&filter[base]=lewat", s.token, nil), 200))); n != 1 {
			t.Fatalf("search: %d", n)
		}
		if d := dayOf(t, e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-21", s.token, nil), 200), ids["Awal"]); d["status"].(float64) != 6 {
			t.Fatalf("Saturday: %v", d)
		}
		if d := dayOf(t, e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-18", s.token, nil), 200), ids["Awal"]); d["status"].(float64) != 5 {
			t.Fatalf("holiday: %v", d)
		}
		e.expect(e.call("GET", "/api/school/attendance/teacher?date=16-11-2026", s.token, nil), 422)
		e.expect(e.call("GET", "/api/school/attendance/teacher?status=9", s.token, nil), 422)

		// Manual correction: a status with its reason, then a forgotten punch entered by hand.
		e.expect(e.call("POST", "/api/school/attendance/teacher/manage", s.token, map[string]any{"id": ids["Cuti"], "date": "2026-11-16", "status": 4}), 422) // no reason
		r := e.expect(e.call("POST", "/api/school/attendance/teacher/manage", s.token, map[string]any{"id": ids["Cuti"], "date": "2026-11-16", "status": 4, "remark": "Official duty at PPD"}), 200)
		if r.data()["status"].(float64) != 4 || r.data()["manual"] != true {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", "/api/school/attendance/teacher/manage/time/update", s.token, map[string]any{"id": ids["Tiada"], "date": "2026-11-16", "time": "07:58", "remark": "Face not recognised"}), 201)
		e.expect(e.call("POST", "/api/school/attendance/teacher/manage/time/update", s.token, map[string]any{"id": ids["Tiada"], "date": "2026-11-23", "time": "07:58", "remark": "future"}), 422)
		daily = e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-16", s.token, nil), 200)
		check("Tiada", 1, false, false, "07:58")
		if d := dayOf(t, daily, ids["Cuti"]); d["status"].(float64) != 4 || d["manual"] != true {
			t.Fatalf("%v", d)
		}
		clock := e.expect(e.call("GET", fmt.Sprintf("/api/school/attendance/clock/teacher?id=%d&date=2026-11-16", ids["Lewat"]), s.token, nil), 200)
		recs := clock.data()["records"].([]any)
		if len(recs) != 2 || recs[0].(map[string]any)["time"] != "08:20:00" {
			t.Fatalf("%s", clock.raw)
		}
		// Move the late punch: no longer late; the old time stays in the audit log.
		pid := int64(recs[0].(map[string]any)["id"].(float64))
		e.expect(e.call("POST", "/api/school/attendance/teacher/manage/time/update", s.token, map[string]any{"punch_id": pid, "time": "07:55", "remark": "Device clock was slow"}), 200)
		if d := dayOf(t, e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-16", s.token, nil), 200), ids["Lewat"]); d["late"] != false {
			t.Fatalf("%v", d)
		}
		audit := items(e.expect(e.call("GET", "/api/school/attendance/teacher/audit?from_date=2026-11-01&to_date=2026-11-30", s.token, nil), 200))
		if len(audit) != 3 {
			t.Fatalf("audit: %v", audit)
		}
		var sawMove, sawStatus bool
		for _, a := range audit {
			if a["action"] == "time_edit" && a["old_value"] == "08:20" && a["new_value"] == "07:55" && a["reason"] == "Device clock was slow" && a["user_name"] == "Owner Daily School" {
				sawMove = true
			}
			if a["action"] == "status" && a["old_value"] == "absent" && a["new_value"] == "away (manual)" {
				sawStatus = true
			}
		}
		if !sawMove || !sawStatus {
			t.Fatalf("audit lacks the old values: %v", audit)
		}
		other := e.school("Other Daily School")
		e.expect(e.call("POST", "/api/school/attendance/teacher/manage/time/update", other.token, map[string]any{"punch_id": pid, "time": "09:00", "remark": "x"}), 404)

		// Monthly: the whole of November, and the individual month.
		month := e.expect(e.call("GET", "/api/school/attendance/teacher/monthly?date=2026-11", s.token, nil), 200)
		row := dayOf(t, month, ids["Awal"])
		if n := len(row["days"].([]any)); n != 30 {
			t.Fatalf("%d days in November", n)
		}
		tt := row["totals"].(map[string]any)
		// Nov 2026: 20 weekdays, one a holiday (18th); the clock stops on the 20th at noon:
		// 16th present, 2nd-13th and 17th, 19th, 20th absent (the 20th is past cut-off).
		if tt["present"].(float64) != 1 || tt["holiday"].(float64) != 1 || tt["off_day"].(float64) != 9 || tt["absent"].(float64) != 13 || tt["open"].(float64) != 6 {
			t.Fatalf("totals %v", tt)
		}
		single := e.expect(e.call("GET", fmt.Sprintf("/api/school/attendance/teacher/monthly/single?id=%d&date_type=2&from_date=2026-11-16&to_date=2026-11-20", ids["Lewat"]), s.token, nil), 200)
		if n := len(single.data()["days"].([]any)); n != 5 {
			t.Fatalf("%s", single.raw)
		}
		rng := e.expect(e.call("GET", "/api/school/attendance/teacher/monthly/range?from_date=2026-11-20&to_date=2026-11-01", s.token, nil), 422)
		if fieldCode(rng, "to_date") != "validation.after" {
			t.Fatalf("%s", rng.raw)
		}
		year := e.expect(e.call("GET", "/api/school/attendance/teacher/yearly?date=2026", s.token, nil), 200)
		yr := dayOf(t, year, ids["Awal"])
		if n := len(yr["months"].([]any)); n != 12 || yr["months"].([]any)[10].(map[string]any)["totals"].(map[string]any)["present"].(float64) != 1 {
			t.Fatalf("%v", yr)
		}
		e.expect(e.call("GET", fmt.Sprintf("/api/school/attendance/teacher/yearly/individual?id=%d&date=2026", ids["Awal"]), s.token, nil), 200)
	})
}

func TestScheduleChangeMidMonthAndNightShift(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Shift Co")
		e.app.Attendance.Now = func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, kl) }
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00", "effective_from": "2026-01-01"}), 201))
		var week []map[string]any
		for d := 1; d <= 7; d++ {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		emp := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "E1", "first_name": "Ravi"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{emp}, "effective_from": "2026-11-01"}), 200)
		e.punch(c.orgID, emp, "2026-11-09 08:30")
		e.punch(c.orgID, emp, "2026-11-16 08:30")
		// From the 16th the office opens at 09:00: the 9th keeps its rule (late), the 16th is on time.
		e.expect(e.call("POST", "/api/group/record/update", c.token, map[string]any{"id": g, "name": "Office", "time_in": "09:00", "cut_off_time_in": "11:00",
			"time_out": "18:00", "cut_off_time_out": "23:00", "effective_from": "2026-11-16"}), 200)
		m := e.expect(e.call("GET", fmt.Sprintf("/api/employee/attendance/monthly/individual?id=%d&date=2026-11", emp), c.token, nil), 200)
		days := m.data()["days"].([]any)
		if days[8].(map[string]any)["late"] != true || days[15].(map[string]any)["late"] != false || days[15].(map[string]any)["status"].(float64) != 1 {
			t.Fatalf("9th %v, 16th %v", days[8], days[15])
		}
		// A night group: the morning punch belongs to the night before.
		n := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Night", "time_in": "22:00", "cut_off_time_in": "23:30",
			"time_out": "06:00", "cut_off_time_out": "10:00"}), 201))
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": n, "days": week, "effective_from": "2026-01-01"}), 200)
		guard := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "E2", "first_name": "Guard"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": n, "employees": []int64{guard}, "effective_from": "2026-11-01"}), 200)
		e.punch(c.orgID, guard, "2026-11-23 06:02")
		e.punch(c.orgID, guard, "2026-11-22 21:57")
		d := dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-22", c.token, nil), 200), guard)
		if d["status"].(float64) != 1 || d["in_time"] != "21:57" || d["last_seen"] != "06:02" || d["early_out"] != false {
			t.Fatalf("night of the 22nd: %v", d)
		}
		clock := e.expect(e.call("GET", fmt.Sprintf("/api/employee/attendance/clock/today?attendance_id=%d&date=2026-11-22", guard), c.token, nil), 200)
		if n := len(clock.data()["records"].([]any)); n != 2 {
			t.Fatalf("%s", clock.raw)
		}
		if d := dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-23", c.token, nil), 200), guard); d["status"].(float64) != 2 || d["punches"].(float64) != 0 {
			t.Fatalf("night of the 23rd: %v", d)
		}
		// Exports: the company's daily and monthly spreadsheets.
		res := e.expect(e.call("GET", "/api/employee/attendance/admin/report/daily?date=2026-11-22", c.token, nil), 200)
		if cd := res.header.Get("Content-Disposition"); !strings.Contains(cd, "Company Daily Attendance.xlsx") && !strings.Contains(cd, "Company%20Daily%20Attendance.xlsx") {
			t.Fatalf("%q", cd)
		}
		f, err := excelize.OpenReader(strings.NewReader(res.raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows(f.GetSheetList()[0])
		found := false
		for _, r := range rows {
			if len(r) > 5 && r[1] == "E2" && r[3] == "Present" && r[4] == "21:57" {
				found = true
			}
		}
		if !found {
			t.Fatalf("daily xlsx: %v", rows)
		}
		res = e.expect(e.call("GET", "/api/employee/attendance/admin/report/monthly?date=2026-11", c.token, nil), 200)
		f, err = excelize.OpenReader(strings.NewReader(res.raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ = f.GetRows(f.GetSheetList()[0])
		found = false
		for _, r := range rows {
			if len(r) > 20 && r[0] == "E1" && r[2+8] == "P+" && r[2+15] == "P" {
				found = true
			}
		}
		if !found {
			t.Fatalf("monthly xlsx: %v", rows)
		}
	})
}

func TestDashboardPersonalAndExportsPDF(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s, g := schoolWithWeek(e, "Dash School")
		a := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "D1", "first_name": "Zhang", "last_name": "Wei 张伟", "email": "zhang@dash.test"}), 201))
		b := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "D2", "first_name": "Siti"}), 201))
		e.expect(e.call("POST", "/api/school/employee/staff", s.token, map[string]any{"code": "D3", "first_name": "Staf"}), 201)
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{a, b}, "effective_from": "2026-11-01"}), 200)
		e.punch(s.orgID, a, "2026-11-20 07:45")
		if e.expect(e.call("GET", "/api/school/dashboard/teacher", s.token, nil), 200).str("data", "count") != "2" {
			t.Fatal("headcount")
		}
		tot := e.expect(e.call("GET", "/api/school/dashboard/teacher/attendance/daily", s.token, nil), 200)
		list := tot.body["data"].([]any)
		if len(list) != 6 || list[0].(map[string]any)["total"].(float64) != 1 || list[1].(map[string]any)["total"].(float64) != 1 {
			t.Fatalf("%s", tot.raw)
		}
		det := items(e.expect(e.call("GET", "/api/school/dashboard/teacher/attendance/daily/detailed?id=1", s.token, nil), 200))
		if len(det) != 1 || int64(det[0]["id"].(float64)) != a {
			t.Fatalf("%v", det)
		}
		trend := e.expect(e.call("GET", "/api/school/dashboard/teacher/attendance/trend", s.token, nil), 200)
		if tr := trend.body["data"].([]any); len(tr) != 30 || tr[29].(map[string]any)["date"] != "2026-11-20" {
			t.Fatalf("%s", trend.raw)
		}

		// The teacher's own attendance, through the personal calls.
		code := codePattern.FindStringSubmatch(e.smtp.WaitFor(t, "zhang@dash.test", 10*time.Second).Body)
		tok := e.expect(e.call("POST", "/api/auth/verification/register/employee", "", map[string]any{"verification_code": code[1] + code[2], "password": "zhang password"}), 201).str("data", "access_token")
		me := e.expect(e.call("GET", "/api/school/personal/attendance/daily?date=2026-11-20", tok, nil), 200)
		if me.data()["status"].(float64) != 1 || me.data()["in_time"] != "07:45" {
			t.Fatalf("%s", me.raw)
		}
		if n := len(e.expect(e.call("GET", "/api/school/personal/attendance/monthly?date=2026-11", tok, nil), 200).data()["days"].([]any)); n != 30 {
			t.Fatalf("%d", n)
		}
		if n := len(e.expect(e.call("GET", "/api/school/personal/attendance/clock?date=2026-11-20", tok, nil), 200).data()["records"].([]any)); n != 1 {
			t.Fatalf("%d", n)
		}
		e.expect(e.call("GET", "/api/school/attendance/teacher", tok, nil), 403)
		e.expect(e.call("GET", "/api/school/personal/attendance/daily", e.user(s.orgID, "member"), nil), 422) // no person linked

		status, ctype, pdf := e.get("/api/school/attendance/teacher/monthly/report?type=pdf&date=2026-11", s.token)
		if status != 200 || ctype != "application/pdf" {
			t.Fatalf("%d %s", status, ctype)
		}
		text := pdfText(t, pdf)
		// The name may wrap in its cell (the grid has a column per day and its totals, overtime
		// among them), so it is looked for without the layout's white space.
		flat := strings.Join(strings.Fields(text), "")
		if !strings.Contains(text, "D1") || !strings.Contains(flat, "Zhang") || !strings.Contains(flat, "Wei") || !strings.Contains(flat, "张伟") || !strings.Contains(text, "Teacher Monthly Report") {
			t.Fatalf("pdf text:\n%s", text)
		}
		_, _, x := e.get("/api/school/attendance/staff/yearly/report?type=xlsx&date=2026", s.token)
		if _, err := excelize.OpenReader(bytes.NewReader(x)); err != nil {
			t.Fatal(err)
		}
	})
}

func TestHolidays(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Holiday Co")
		r := e.expect(e.call("POST", "/api/holiday/record", c.token, map[string]any{"name": "Hari Raya Aidilfitri", "start": "2026-03-20", "end": "2026-03-21"}), 201)
		if r.data()["day"].(float64) != 2 {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", "/api/holiday/record", c.token, map[string]any{"name": "Merdeka", "date": "2026-08-31"}), 201)
		bad := e.expect(e.call("POST", "/api/holiday/record", c.token, map[string]any{"name": "", "start": "2026-05-02", "end": "2026-05-01"}), 422)
		if fieldCode(bad, "name") != "validation.required" || fieldCode(bad, "end") != "validation.after" {
			t.Fatalf("%s", bad.raw)
		}
		if n := len(items(e.expect(e.call("GET", "/api/holiday/record?filter[from_date]=2026-08-01&filter[to_date]=2026-12-31", c.token, nil), 200))); n != 1 {
			t.Fatalf("%d", n)
		}
		if n := len(items(e.expect(e.call("GET", "/api/holiday/record?filter[name]=raya", c.token, nil), 200))); n != 1 {
			t.Fatalf("%d", n)
		}
		id := int64(r.data()["holiday_id"].(float64))
		e.expect(e.call("POST", "/api/holiday/record/update", c.token, map[string]any{"holiday_id": id, "name": "Hari Raya", "start": "2026-03-20", "end": "2026-03-22"}), 200)
		s := e.school("Holiday School")
		e.expect(e.call("DELETE", fmt.Sprintf("/api/school/holiday/management?id=%d", id), s.token, nil), 404)
		if n := len(items(e.expect(e.call("GET", "/api/school/holiday/management", s.token, nil), 200))); n != 0 {
			t.Fatalf("a school sees a company's holidays: %d", n)
		}
		e.expect(e.call("DELETE", "/api/holiday/record", c.token, map[string]any{"holiday_id": id}), 204)
	})
}

// TestLateAfterCutOffSetting: a group's late_after_cut_off (default false) is saved, kept by
// an update that leaves it out, and decides a first punch after cut-off-in: absent, or
// present and late by the minutes from time in (issue 13).
func TestLateAfterCutOffSetting(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Cut Co")
		e.app.Attendance.Now = func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, kl) }
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00", "effective_from": "2026-01-01"}), 201))
		setting := func() any {
			for _, it := range items(e.expect(e.call("GET", "/api/group/record", c.token, nil), 200)) {
				if int64(it["id"].(float64)) == g {
					return it["late_after_cut_off"]
				}
			}
			t.Fatal("the group is not listed")
			return nil
		}
		if v := setting(); v != false {
			t.Fatalf("a new group's setting: %v", v)
		}
		var week []map[string]any
		for d := 1; d <= 7; d++ {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		emp := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "E1", "first_name": "Ravi"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{emp}, "effective_from": "2026-11-01"}), 200)
		e.punch(c.orgID, emp, "2026-11-10 10:30")
		e.punch(c.orgID, emp, "2026-11-10 17:10")
		day := func() map[string]any {
			return dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-10", c.token, nil), 200), emp)
		}
		if d := day(); d["status"].(float64) != 2 {
			t.Fatalf("10:30 after a 10:00 cut-off, absent rule: %v", d)
		}
		e.expect(e.call("POST", "/api/group/record/update", c.token, map[string]any{"id": g, "name": "Office", "late_after_cut_off": true}), 200)
		if v := setting(); v != true {
			t.Fatalf("after setting it: %v", v)
		}
		if d := day(); d["status"].(float64) != 1 || d["late"] != true {
			t.Fatalf("10:30, late rule: %v", d)
		}
		// An update that leaves the setting out keeps it.
		e.expect(e.call("POST", "/api/group/record/update", c.token, map[string]any{"id": g, "name": "Office hours"}), 200)
		if v := setting(); v != true {
			t.Fatalf("after an update without it: %v", v)
		}
		e.expect(e.call("POST", "/api/group/record/update", c.token, map[string]any{"id": g, "name": "Office hours", "late_after_cut_off": false}), 200)
		if d := day(); d["status"].(float64) != 2 {
			t.Fatalf("back to the absent rule: %v", d)
		}
		bad := e.expect(e.call("POST", "/api/group/record/update", c.token, map[string]any{"id": g, "name": "Office hours", "late_after_cut_off": "maybe"}), 422)
		if fieldCode(bad, "late_after_cut_off") == "" {
			t.Fatalf("a bad setting: %s", bad.raw)
		}
	})
}
