package api_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"hadir/internal/api"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestExportPagesMatchPersonalReports: the monthly and yearly exports of a company whose
// people span many export pages (pages of 1, 2, 3 and 7 people, and the default) hold, row
// for row, the per-person results of the individual reports, in the order of the monthly
// list. Names tie in every way the keyset can meet (the same name several times, names
// differing only in case, a first name alone, non-ASCII names), so a page boundary inside a
// tie would lose or repeat a person.
func TestExportPagesMatchPersonalReports(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Pages Co")
		e.setClock(time.Date(2026, 11, 20, 12, 0, 0, 0, kl))
		office := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		night := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Night", "time_in": "22:00", "cut_off_time_in": "23:30",
			"time_out": "06:00", "cut_off_time_out": "10:00"}), 201))
		var weekdays, week []map[string]any
		for d := 1; d <= 7; d++ {
			week = append(week, map[string]any{"id": d, "type": 1})
			if d <= 5 {
				weekdays = append(weekdays, map[string]any{"id": d, "type": 1})
			}
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": office, "days": weekdays, "effective_from": "2026-01-01"}), 200)
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": night, "days": week, "effective_from": "2026-01-01"}), 200)
		names := [][2]string{{"Ali", "Ahmad"}, {"Ali", "Ahmad"}, {"ali", "Ahmad"}, {"ALI", "ahmad"}, {"Ali", "Ahmad"}, {"Ali", ""}, {"Ali", "Abu"},
			{"Zhang", "Wei 张伟"}, {"Émile", "Zola"}, {"emile", "Zola"}, {"Nurul", "Huda"}, {"Nurul", "Huda"}, {"Bob", ""}, {"bob", ""},
			{"Siti", "Nur"}, {"Tan", "Mei Ling"}, {"O'Brien", "Kate"}, {"Ali", "Ahmad"}, {"Ravi", "Kumar"}}
		var ids []int64
		for i, n := range names {
			id := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": fmt.Sprintf("E%02d", i), "first_name": n[0], "last_name": n[1]}), 201))
			ids = append(ids, id)
			switch i % 3 {
			case 0:
				e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": office, "employees": []int64{id}, "effective_from": "2026-01-01"}), 200)
			case 1:
				e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": night, "employees": []int64{id}, "effective_from": "2026-11-10"}), 200)
			} // the third stays in no group: every day "no schedule" (N)
			for d := 1; d <= 20; d++ {
				if (d+i)%4 == 0 {
					continue // absent
				}
				if i%3 == 1 {
					e.punch(c.orgID, id, fmt.Sprintf("2026-11-%02d 21:%02d", d, 40+(i+d)%20))
					e.punch(c.orgID, id, fmt.Sprintf("2026-11-%02d 06:%02d", d+1, (i*d)%20))
				} else {
					in := fmt.Sprintf("2026-11-%02d 07:%02d", d, 40+(i+d)%20)
					if (i+d)%5 == 0 {
						in = fmt.Sprintf("2026-11-%02d 08:%02d", d, 1+i) // late
					}
					e.punch(c.orgID, id, in)
					e.punch(c.orgID, id, fmt.Sprintf("2026-11-%02d 16:%02d", d, 45+(i*d)%15))
				}
			}
		}
		e.punch(c.orgID, ids[0], "2026-03-04 08:05") // present in March too
		e.expect(e.call("POST", "/api/holiday/record", c.token, map[string]any{"name": "Deepavali", "start": "2026-11-09", "end": "2026-11-09"}), 201)
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 10}), 201))
		e.expect(e.call("POST", "/api/company/leave/employee/entitlement/bulk", c.token, map[string]any{"leave_type_id": annual, "entitled": 10, "group_id": office}), 200)
		e.expect(e.call("POST", "/api/company/leave/assignment", c.token, map[string]any{"employee_id": ids[3], "leave_type_id": annual, "from_date": "2026-11-11", "to_date": "2026-11-13"}), 201)
		e.expect(e.call("POST", "/api/company/leave/assignment", c.token, map[string]any{"employee_id": ids[6], "leave_type_id": annual, "from_date": "2026-11-17", "to_date": "2026-11-17", "session": "am"}), 201)
		e.expect(e.call("POST", "/api/employee/attendance/admin/status", c.token, map[string]any{"employee_id": ids[4], "date": "2026-11-16", "status": 4, "remark": "Site visit"}), 200)

		// The people in list order, and each one's month and year as the individual reports give them.
		list := items(e.expect(e.call("GET", "/api/employee/attendance/monthly?date=2026-11&page[size]=100", c.token, nil), 200))
		if len(list) != len(names) {
			t.Fatalf("monthly list has %d people, want %d", len(list), len(names))
		}
		var wantMonth, wantYear [][]string
		for _, it := range list {
			id := int64(it["id"].(float64))
			m := e.expect(e.call("GET", fmt.Sprintf("/api/employee/attendance/monthly/individual?id=%d&date=2026-11", id), c.token, nil), 200).data()
			row := []string{m["code"].(string), m["name"].(string)}
			for _, d := range m["days"].([]any) {
				d := d.(map[string]any)
				l := []string{"-", "P", "A", "L", "W", "H", "O", "–", "N"}[int(d["status"].(float64))]
				if d["late"] == true {
					l += "+"
				}
				row = append(row, l)
			}
			tt := m["totals"].(map[string]any)
			for _, k := range []string{"present", "absent", "leave", "away", "holiday", "off_day", "late"} {
				row = append(row, strconv.Itoa(int(tt[k].(float64))))
			}
			// The xlsx's hours of partial-day away and leave (empty when none), then overtime.
			hours := func(k string) string {
				m, _ := tt[k].(float64)
				if m == 0 {
					return ""
				}
				return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(m/60, 'f', 2, 64), "0"), ".")
			}
			row = append(row, hours("away_minutes"), hours("leave_minutes"), fmt.Sprintf("%d/%d", int(tt["overtime_minutes"].(float64)), int(tt["overtime_approved_minutes"].(float64))))
			wantMonth = append(wantMonth, row)

			y := e.expect(e.call("GET", fmt.Sprintf("/api/employee/attendance/yearly/individual?id=%d&date=2026", id), c.token, nil), 200).data()
			row = []string{y["code"].(string), y["name"].(string)}
			for _, mo := range y["months"].([]any) {
				row = append(row, strconv.Itoa(int(mo.(map[string]any)["totals"].(map[string]any)["present"].(float64))))
			}
			tt = y["totals"].(map[string]any)
			for _, k := range []string{"present", "absent", "leave", "away", "late"} {
				row = append(row, strconv.Itoa(int(tt[k].(float64))))
			}
			wantYear = append(wantYear, row)
		}
		all := fmt.Sprint(wantMonth)
		for _, s := range []string{" P+ ", " L ", " W ", " H ", " A ", " O ", " - ", " N "} {
			if !strings.Contains(all, s) {
				t.Fatalf("no %q in the individual reports: %v", s, wantMonth)
			}
		}

		sheet := func(path string) [][]string {
			t.Helper()
			res := e.expect(e.call("GET", path, c.token, nil), 200)
			f, err := excelize.OpenReader(strings.NewReader(res.raw))
			if err != nil {
				t.Fatal(err)
			}
			rows, err := f.GetRows(f.GetSheetList()[0])
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range rows { // the data starts after the header row ("Code", "Name", ...)
				if len(r) > 1 && r[0] == "Code" && r[1] == "Name" {
					return rows[i+1:]
				}
			}
			t.Fatalf("no header row in %v", rows)
			return nil
		}
		same := func(what string, got, want [][]string) {
			t.Helper()
			if len(got) != len(want) {
				t.Fatalf("%s: %d rows, want %d:\n%v", what, len(got), len(want), got)
			}
			for i := range want {
				if strings.Join(got[i], "|") != strings.Join(want[i], "|") {
					t.Fatalf("%s row %d:\n got  %v\n want %v", what, i+1, got[i], want[i])
				}
			}
		}
		for _, size := range []int{1, 2, 3, 7, 0} {
			restore := api.SetExportPageSize(size)
			same(fmt.Sprintf("monthly, pages of %d", size), sheet("/api/employee/attendance/admin/report/monthly?date=2026-11"), wantMonth)
			same(fmt.Sprintf("yearly, pages of %d", size), sheet("/api/employee/attendance/admin/report/yearly?date=2026"), wantYear)
			restore()
		}
		// A filtered export walks only the people the filter selects, in the same order.
		var alis [][]string
		for _, r := range wantMonth {
			if strings.HasPrefix(strings.ToLower(r[1]), "ali") {
				alis = append(alis, r)
			}
		}
		restore := api.SetExportPageSize(2)
		same("monthly, filter[base]=ali", sheet("/api/employee/attendance/admin/report/monthly?date=2026-11&filter[base]=ali"), alis)
		restore()
	})
}
