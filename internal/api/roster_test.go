package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestRosterAndRotation: a factory group follows 4 on 4 off from a Monday, the roster makes
// one of its days a night and another a day off, and the daily view follows: roster entry,
// then pattern, then weekly schedule. Bad input names its field; a fill naming somebody who
// is not one of the organisation's writes nothing; what is used cannot be removed.
func TestRosterAndRotation(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Roster Co")
		e.app.Attendance.Now = func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, kl) }
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Factory", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00", "effective_from": "2026-01-01"}), 201))
		var week []map[string]any
		for d := 1; d <= 7; d++ {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		ravi := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "R1", "first_name": "Ravi"}), 201))
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{ravi}, "effective_from": "2026-11-01"}), 200)

		// Bad input → 422 naming the field.
		for _, bad := range []struct {
			path  string
			body  map[string]any
			field string
		}{
			{"/api/attendance/shifts", map[string]any{"name": "X", "time_in": "6am", "cut_off_time_in": "07:00", "time_out": "14:00", "cut_off_time_out": "18:00"}, "time_in"},
			{"/api/attendance/shifts", map[string]any{"name": "", "time_in": "06:00", "cut_off_time_in": "07:00", "time_out": "14:00", "cut_off_time_out": "18:00"}, "name"},
			{"/api/attendance/patterns", map[string]any{"name": "P", "cycle_days": 3, "days": []any{nil, nil}}, "days"},
			{"/api/attendance/patterns", map[string]any{"name": "P", "cycle_days": 0, "days": []any{}}, "cycle_days"},
			{"/api/attendance/patterns", map[string]any{"name": "P", "cycle_days": 1, "days": []any{999999}}, "days"},
			{"/api/attendance/roster/fill", map[string]any{"person_ids": []int64{ravi}, "from": "2026-11-01", "to": "2026-11-02"}, "shift_id"},
			{"/api/attendance/roster/fill", map[string]any{"person_ids": []int64{ravi}, "from": "2026-11-01", "to": "2027-01-05", "off": true}, "to"},
			{"/api/attendance/roster/fill", map[string]any{"person_ids": []int64{}, "from": "2026-11-01", "to": "2026-11-02", "off": true}, "person_ids"},
			{"/api/attendance/roster/copy", map[string]any{"from": "2026-11-16", "to": "2026-11-16"}, "to"},
		} {
			if r := e.expect(e.call("POST", bad.path, c.token, bad.body), 422); fieldCode(r, bad.field) == "" {
				t.Errorf("%s %v: %s", bad.path, bad.body, r.raw)
			}
		}
		e.expect(e.call("GET", "/api/attendance/roster?from=16-11-2026", c.token, nil), 422)

		morning := idOf(e.expect(e.call("POST", "/api/attendance/shifts", c.token, map[string]any{"name": "Morning", "time_in": "06:00", "cut_off_time_in": "07:00", "time_out": "14:00", "cut_off_time_out": "18:00"}), 201))
		night := idOf(e.expect(e.call("POST", "/api/attendance/shifts", c.token, map[string]any{"name": "Night", "time_in": "22:00", "cut_off_time_in": "23:00", "time_out": "06:00", "cut_off_time_out": "10:00"}), 201))
		e.expect(e.call("POST", "/api/attendance/shifts", c.token, map[string]any{"name": "night", "time_in": "22:00", "cut_off_time_in": "23:00", "time_out": "06:00", "cut_off_time_out": "10:00"}), 201)
		e.expect(e.call("POST", "/api/attendance/shifts", c.token, map[string]any{"name": "Night", "time_in": "21:00", "cut_off_time_in": "23:00", "time_out": "06:00", "cut_off_time_out": "10:00"}), 409)
		days := []any{morning, morning, morning, morning, nil, nil, nil, nil}
		pat := idOf(e.expect(e.call("POST", "/api/attendance/patterns", c.token, map[string]any{"name": "4 on 4 off", "cycle_days": 8, "days": days}), 201))
		e.expect(e.call("POST", "/api/attendance/patterns", c.token, map[string]any{"name": "4 on 4 off", "cycle_days": 1, "days": []any{nil}}), 409)
		gp := e.expect(e.call("PUT", fmt.Sprintf("/api/attendance/group-patterns/%d", g), c.token, map[string]any{"pattern_id": pat, "start_date": "2026-11-16"}), 200)
		if gp.data()["group_name"] != "Factory" {
			t.Fatalf("%s", gp.raw)
		}
		e.expect(e.call("PUT", fmt.Sprintf("/api/attendance/group-patterns/%d", g), c.token, map[string]any{"pattern_id": 999999, "start_date": "2026-11-16"}), 422)

		// Roster: the 17th (a pattern morning) a day off, the 20th (a pattern day off) a night.
		if r := e.expect(e.call("POST", "/api/attendance/roster/fill", c.token, map[string]any{"person_ids": []int64{ravi}, "from": "2026-11-17", "to": "2026-11-17", "off": true}), 200); r.data()["written"].(float64) != 1 {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", "/api/attendance/roster/fill", c.token, map[string]any{"person_ids": []int64{ravi}, "from": "2026-11-20", "to": "2026-11-20", "shift_id": night}), 200)
		// Somebody who is not the organisation's: 404, and Ravi's 18th is not written either.
		e.expect(e.call("POST", "/api/attendance/roster/fill", c.token, map[string]any{"person_ids": []int64{ravi, 999999}, "from": "2026-11-18", "to": "2026-11-18", "off": true}), 404)

		e.punch(c.orgID, ravi, "2026-11-16 06:10")
		e.punch(c.orgID, ravi, "2026-11-16 14:05")
		e.punch(c.orgID, ravi, "2026-11-20 21:58")
		e.punch(c.orgID, ravi, "2026-11-21 06:03")
		daily := func(date string) map[string]any {
			return dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date="+date, c.token, nil), 200), ravi)
		}
		for _, want := range []struct {
			date   string
			status float64
			in     any
		}{
			{"2026-11-15", 2, nil},     // before the pattern: the weekly Sunday works, nobody came
			{"2026-11-16", 1, "06:10"}, // cycle day 0: a morning, late by ten minutes
			{"2026-11-17", 6, nil},     // the roster's day off beats the pattern's morning
			{"2026-11-18", 2, nil},     // the pattern's morning, nobody came (the failed fill wrote nothing)
			{"2026-11-20", 1, "21:58"}, // the roster's night beats the pattern's day off; 06:03 belongs to it
			{"2026-11-21", 6, nil},     // the pattern's day off; the night's morning punch is not here
		} {
			d := daily(want.date)
			if d["status"].(float64) != want.status || (want.in != nil && d["in_time"] != want.in) {
				t.Errorf("%s: %v", want.date, d)
			}
		}
		if d := daily("2026-11-16"); d["late"] != true {
			t.Errorf("16th not late: %v", d)
		}
		if d := daily("2026-11-20"); d["last_seen"] != "06:03" || d["early_out"] != false {
			t.Errorf("20th night: %v", d)
		}

		// The grid says where each day's rule came from.
		sources := func(from string) []string {
			r := e.expect(e.call("GET", "/api/attendance/roster?from="+from, c.token, nil), 200)
			row := items(r)[0]
			var out []string
			for _, d := range row["days"].([]any) {
				out = append(out, d.(map[string]any)["source"].(string))
			}
			return out
		}
		if got := fmt.Sprint(sources("2026-11-16")); got != "[pattern roster pattern pattern roster pattern pattern]" {
			t.Fatalf("sources %s", got)
		}
		// Copy the week onto the next, replacing what was there (the 25th's entry goes).
		e.expect(e.call("POST", "/api/attendance/roster/fill", c.token, map[string]any{"person_ids": []int64{ravi}, "from": "2026-11-25", "to": "2026-11-25", "shift_id": morning}), 200)
		if r := e.expect(e.call("POST", "/api/attendance/roster/copy", c.token, map[string]any{"from": "2026-11-16", "to": "2026-11-23"}), 200); r.data()["written"].(float64) != 2 {
			t.Fatalf("%s", r.raw)
		}
		if got := fmt.Sprint(sources("2026-11-23")); got != "[pattern roster pattern pattern roster pattern pattern]" {
			t.Fatalf("copied week %s", got)
		}
		if r := e.expect(e.call("POST", "/api/attendance/roster/clear", c.token, map[string]any{"person_ids": []int64{ravi}, "from": "2026-11-23", "to": "2026-11-29"}), 200); r.data()["removed"].(float64) != 2 {
			t.Fatalf("%s", r.raw)
		}

		// What is used cannot be removed.
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/shifts/%d", night), c.token, nil), 409)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/shifts/%d", morning), c.token, nil), 409)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/patterns/%d", pat), c.token, nil), 409)
		// Back on the weekly schedule from today (the 25th): the days before keep the pattern.
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/group-patterns/%d", g), c.token, nil), 200)
		if d := daily("2026-11-21"); d["status"].(float64) != 6 {
			t.Errorf("21st keeps the pattern's day off: %v", d)
		}
		if got := fmt.Sprint(sources("2026-11-23")); got != "[pattern pattern weekly weekly weekly weekly weekly]" {
			t.Fatalf("sources after clearing from today %s", got)
		}
		if gs := items(e.expect(e.call("GET", "/api/attendance/group-patterns", c.token, nil), 200)); len(gs) != 0 {
			t.Fatalf("still listed: %v", gs)
		}
		// Named as from the 21st: the 21st works 08:00 again (absent); the roster's 20th stays a night.
		if bad := e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/group-patterns/%d?effective_from=21-11-2026", g), c.token, nil), 422); fieldCode(bad, "effective_from") == "" {
			t.Fatalf("%s", bad.raw)
		}
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/group-patterns/%d?effective_from=2026-11-21", g), c.token, nil), 200)
		if d := daily("2026-11-21"); d["status"].(float64) != 2 {
			t.Errorf("21st on the weekly schedule: %v", d)
		}
		if d := daily("2026-11-20"); d["status"].(float64) != 1 || d["in_time"] != "21:58" {
			t.Errorf("20th: %v", d)
		}
		// The pattern decided past days (the 16th to the 20th): it stays.
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/patterns/%d", pat), c.token, nil), 409)

		// Every roster change is in the audit trail, with its person.
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE org_id = $1 AND entity = 'roster_entry' AND person_id = $2`, c.orgID, ravi).Scan(&n); err != nil || n < 5 {
			t.Fatalf("audit rows %d %v", n, err)
		}
	})
}

// TestGroupPatternVersions: a group's pattern is versioned (migration 0043). A first choice
// decides from its start date; a change decides from today (or its start date when later), so
// the days before keep the rule they had; a named effective date may rewrite them, and removes
// the versions planned after it. A group whose pattern a release before versions set (a
// group_patterns row, no history) follows it from its start date, and a change keeps that
// past too. Every version is audited.
func TestGroupPatternVersions(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Versions Co")
		e.app.Attendance.Now = func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, kl) }
		group := func(name string, dayType int) int64 {
			g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": name, "time_in": "08:00", "cut_off_time_in": "10:00",
				"time_out": "17:00", "cut_off_time_out": "23:00", "effective_from": "2026-01-01"}), 201))
			var week []map[string]any
			for d := 1; d <= 7; d++ {
				week = append(week, map[string]any{"id": d, "type": dayType})
			}
			e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
			return g
		}
		member := func(g int64, code string) int64 {
			p := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": code}), 201))
			e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{p}, "effective_from": "2026-11-01"}), 200)
			return p
		}
		factory, legacy := group("Factory", 1), group("Legacy", 3) // every day working; every day a rest day
		ravi, siti := member(factory, "R1"), member(legacy, "S1")
		morning := idOf(e.expect(e.call("POST", "/api/attendance/shifts", c.token, map[string]any{"name": "Morning", "time_in": "06:00", "cut_off_time_in": "07:00", "time_out": "14:00", "cut_off_time_out": "18:00"}), 201))
		mornings := idOf(e.expect(e.call("POST", "/api/attendance/patterns", c.token, map[string]any{"name": "Mornings", "cycle_days": 1, "days": []any{morning}}), 201))
		off := idOf(e.expect(e.call("POST", "/api/attendance/patterns", c.token, map[string]any{"name": "Off", "cycle_days": 1, "days": []any{nil}}), 201))
		status := func(person int64, date string) float64 {
			t.Helper()
			return dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date="+date, c.token, nil), 200), person)["status"].(float64)
		}
		set := func(g int64, body map[string]any, want string) {
			t.Helper()
			r := e.expect(e.call("PUT", fmt.Sprintf("/api/attendance/group-patterns/%d", g), c.token, body), 200)
			if r.data()["effective_from"] != want {
				t.Fatalf("effective from %v, want %s: %s", r.data()["effective_from"], want, r.raw)
			}
		}
		const absent, offDay = 2, 6
		check := func(person int64, want map[string]float64) {
			t.Helper()
			for date, s := range want {
				if got := status(person, date); got != s {
					t.Errorf("person %d on %s: status %v, want %v", person, date, got, s)
				}
			}
		}

		// The first choice decides from its start date (mornings: absent without punches).
		set(factory, map[string]any{"pattern_id": mornings, "start_date": "2026-11-09"}, "2026-11-09")
		check(ravi, map[string]float64{"2026-11-10": absent, "2026-11-24": absent})
		// A change decides from today: the 24th keeps its morning, the 25th is off.
		set(factory, map[string]any{"pattern_id": off, "start_date": "2026-11-20"}, "2026-11-25")
		check(ravi, map[string]float64{"2026-11-10": absent, "2026-11-24": absent, "2026-11-25": offDay})
		// A change starting later decides from its start: the pattern followed now runs until then.
		set(factory, map[string]any{"pattern_id": mornings, "start_date": "2026-12-01"}, "2026-12-01")
		check(ravi, map[string]float64{"2026-11-24": absent, "2026-11-25": offDay})
		for _, gp := range items(e.expect(e.call("GET", "/api/attendance/group-patterns", c.token, nil), 200)) {
			if int64(gp["group_id"].(float64)) == factory && (gp["effective_from"] != "2026-12-01" || gp["start_date"] != "2026-12-01") {
				t.Fatalf("listed: %v", gp)
			}
		}
		// A named effective date rewrites the days from it, and the version planned after it goes.
		if bad := e.expect(e.call("PUT", fmt.Sprintf("/api/attendance/group-patterns/%d", factory), c.token, map[string]any{"pattern_id": off, "start_date": "2026-11-20", "effective_from": "20-11-2026"}), 422); fieldCode(bad, "effective_from") == "" {
			t.Fatalf("%s", bad.raw)
		}
		set(factory, map[string]any{"pattern_id": off, "start_date": "2026-11-20", "effective_from": "2026-11-20"}, "2026-11-20")
		check(ravi, map[string]float64{"2026-11-19": absent, "2026-11-20": offDay, "2026-11-24": offDay, "2026-11-25": offDay})
		var planned int
		if err := db.QueryRow(`SELECT COUNT(*) FROM group_pattern_versions WHERE org_id = $1 AND group_id = $2 AND effective_from > '2026-11-20'`, c.orgID, factory).Scan(&planned); err != nil || planned != 0 {
			t.Fatalf("versions after the named date: %d %v", planned, err)
		}

		// A release before versions wrote group_patterns only: the group follows that row from
		// its start date (the weekly schedule rests every day, the pattern works mornings).
		if _, err := db.Exec(`INSERT INTO group_patterns (org_id, group_id, pattern_id, start_date, created_at, updated_at) VALUES ($1, $2, $3, '2026-11-09', $4, $4)`,
			c.orgID, legacy, mornings, database.Now()); err != nil {
			t.Fatal(err)
		}
		// Such a node does not tell the cached rules (attendance.orgRules): its change shows
		// within database.CountsTTL; the test does not wait for that.
		if err := db.OrgChanged(context.Background(), c.orgID); err != nil {
			t.Fatal(err)
		}
		check(siti, map[string]float64{"2026-11-08": offDay, "2026-11-10": absent, "2026-11-25": absent})
		// Its first change keeps that past: the old row becomes the version before it.
		set(legacy, map[string]any{"pattern_id": off, "start_date": "2026-11-20"}, "2026-11-25")
		check(siti, map[string]float64{"2026-11-08": offDay, "2026-11-10": absent, "2026-11-24": absent, "2026-11-25": offDay})
		var versions int
		if err := db.QueryRow(`SELECT COUNT(*) FROM group_pattern_versions WHERE org_id = $1 AND group_id = $2`, c.orgID, legacy).Scan(&versions); err != nil || versions != 2 {
			t.Fatalf("the legacy group's versions: %d %v", versions, err)
		}
		// Back on the weekly schedule from today; a group that never followed a pattern: 404.
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/group-patterns/%d", legacy), c.token, nil), 200)
		check(siti, map[string]float64{"2026-11-10": absent, "2026-11-25": offDay})
		plain := group("Plain", 1)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/group-patterns/%d", plain), c.token, nil), 404)

		// Every version is in the audit trail.
		var audited int
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE org_id = $1 AND entity = 'group_pattern_version'`, c.orgID).Scan(&audited); err != nil || audited < 7 {
			t.Fatalf("audited versions: %d %v", audited, err)
		}
	})
}
