package api_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// reasonOf is a day's reason code and parameters from a response.
func reasonOf(t *testing.T, day map[string]any) (string, map[string]any) {
	t.Helper()
	r, ok := day["reason"].(map[string]any)
	if !ok {
		t.Fatalf("no reason in %v", day)
	}
	p, _ := r["params"].(map[string]any)
	return r["code"].(string), p
}

// TestDayReasons: every place that returns a day says which rule decided it, with the facts it
// names, and the daily export writes it in the export's language.
func TestDayReasons(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s, g := schoolWithWeek(e, "Reason School") // the clock stands at 2026-11-20 12:00
		ids := map[string]int64{}
		for _, n := range []string{"Awal", "Lewat", "Tiada", "Manual"} {
			ids[n] = idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "R" + n, "first_name": n}), 201))
		}
		loner := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "RLoner", "first_name": "Loner"}), 201))
		e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{ids["Awal"], ids["Lewat"], ids["Tiada"], ids["Manual"]}, "effective_from": "2026-11-01"}), 200)
		e.punch(s.orgID, ids["Awal"], "2026-11-16 07:52")
		e.punch(s.orgID, ids["Awal"], "2026-11-16 17:10")
		e.punch(s.orgID, ids["Lewat"], "2026-11-16 08:07")
		e.punch(s.orgID, ids["Lewat"], "2026-11-16 17:00")
		e.expect(e.call("POST", "/api/school/holiday/management", s.token, map[string]any{"name": "Deepavali", "start": "2026-11-18", "end": "2026-11-18"}), 201)
		e.expect(e.call("POST", "/api/school/attendance/teacher/manage", s.token, map[string]any{"id": ids["Manual"], "date": "2026-11-16", "status": 4, "remark": "Official duty at PPD"}), 200)

		daily := e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-16", s.token, nil), 200)
		want := map[string]struct {
			code   string
			params map[string]any
		}{
			"Awal":   {"present", map[string]any{"first_punch": "07:52", "time_in": "08:00"}},
			"Lewat":  {"late", map[string]any{"first_punch": "08:07", "time_in": "08:00"}},
			"Tiada":  {"absent", map[string]any{"cut_off": "10:00"}},
			"Manual": {"manual", map[string]any{"by": "Owner Reason School", "comment": "Official duty at PPD"}},
		}
		for name, w := range want {
			code, params := reasonOf(t, dayOf(t, daily, ids[name]))
			if code != w.code || fmt.Sprint(params) != fmt.Sprint(w.params) {
				t.Errorf("%s: %s %v, want %s %v", name, code, params, w.code, w.params)
			}
		}
		if code, _ := reasonOf(t, dayOf(t, daily, loner)); code != "no_schedule" {
			t.Errorf("a person in no group: %s", code)
		}
		if code, _ := reasonOf(t, dayOf(t, e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-21", s.token, nil), 200), ids["Awal"])); code != "off_day" {
			t.Errorf("Saturday: %s", code)
		}
		// Today before the clock's noon is decided; a later day is not.
		if code, _ := reasonOf(t, dayOf(t, e.expect(e.call("GET", "/api/school/attendance/teacher?date=2026-11-23", s.token, nil), 200), ids["Awal"])); code != "future" {
			t.Errorf("a day not begun: %s", code)
		}

		// The person's day detail and the monthly days carry the same reason.
		clock := e.expect(e.call("GET", fmt.Sprintf("/api/school/attendance/clock/teacher?id=%d&date=2026-11-16", ids["Lewat"]), s.token, nil), 200)
		if code, p := reasonOf(t, clock.data()["day"].(map[string]any)); code != "late" || p["first_punch"] != "08:07" {
			t.Errorf("clock detail: %s %v", code, p)
		}
		month := dayOf(t, e.expect(e.call("GET", "/api/school/attendance/teacher/monthly?date=2026-11", s.token, nil), 200), ids["Awal"])
		for _, d := range month["days"].([]any) {
			day := d.(map[string]any)
			if day["date"] == "2026-11-18" {
				if code, p := reasonOf(t, day); code != "holiday" || p["name"] != "Deepavali" {
					t.Errorf("holiday in the month: %s %v", code, p)
				}
			}
		}

		// Before the cut-off the dashboard says who is not decided yet, and until when.
		e.app.Attendance.Now = func() time.Time { return time.Date(2026, 11, 20, 9, 0, 0, 0, kl) }
		e.punch(s.orgID, ids["Awal"], "2026-11-20 07:40")
		dash := e.expect(e.call("GET", "/api/school/dashboard/teacher/attendance/daily", s.token, nil), 200)
		if p := fmt.Sprint(dash.body["pending"]); p != "[map[count:3 cut_off:10:00]]" {
			t.Errorf("pending before cut-off: %s", p)
		}
		e.app.Attendance.Now = func() time.Time { return time.Date(2026, 11, 20, 10, 30, 0, 0, kl) }
		dash = e.expect(e.call("GET", "/api/school/dashboard/teacher/attendance/daily", s.token, nil), 200)
		if p := fmt.Sprint(dash.body["pending"]); p != "[]" {
			t.Errorf("pending after cut-off: %s", p)
		}
		e.app.Attendance.Now = func() time.Time { return time.Date(2026, 11, 20, 12, 0, 0, 0, kl) }

		// The daily export names the reason in the export's language.
		res := e.expect(e.call("GET", "/api/school/attendance/teacher/report?type=xlsx&date=2026-11-16&lang=de", s.token, nil), 200)
		f, err := excelize.OpenReader(strings.NewReader(res.raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows(f.GetSheetList()[0])
		got := map[string]string{}
		col := -1 // the Reason column, found by its header
		for _, r := range rows {
			if len(r) > 1 && r[0] == "No." {
				col = slices.Index(r, "Reason")
			}
			if col > 0 && len(r) > col && strings.HasPrefix(r[1], "R") {
				got[r[1]] = r[col]
			}
		}
		for code, text := range map[string]string{
			"RLewat":  "Verspätet: erste Stempelung 08:07, Arbeitsbeginn 08:00",
			"RTiada":  "Abwesend: keine Stempelung vor der Stichzeit 10:00",
			"RManual": "Von Owner Reason School von Hand gesetzt: Official duty at PPD",
		} {
			if got[code] != text {
				t.Errorf("export %s: %q, want %q (rows %v)", code, got[code], text, rows)
			}
		}

		// The PDF of the same day carries the same reasons (a cell may wrap them over lines,
		// so the text is compared without its white space).
		res = e.expect(e.call("GET", "/api/school/attendance/teacher/report?type=pdf&date=2026-11-16&lang=de", s.token, nil), 200)
		t.Run("pdf", func(t *testing.T) { // skipped, alone, where pdftotext is missing outside CI
			text := pdfText(t, []byte(res.raw))
			flat := strings.Join(strings.Fields(text), "")
			for _, want := range []string{"Verspätet: erste Stempelung 08:07, Arbeitsbeginn 08:00", "Abwesend: keine Stempelung vor der Stichzeit 10:00"} {
				if !strings.Contains(flat, strings.Join(strings.Fields(want), "")) {
					t.Errorf("pdf export lacks %q:\n%s", want, text)
				}
			}
		})
	})
}
