package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestDayStatusDecided (issue 15): day.status_decided tells a subscribed webhook each
// person's status of a date once the date has ended for everyone (a night shift's cut-off-out
// the next morning), one delivery per person and date, and exactly once when two nodes sweep
// at the same time and again later.
func TestDayStatusDecided(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		a, b := newEnv(t, db), newEnv(t, db) // two nodes over one database
		c := a.company("Decided Co")
		other := a.company("Undecided Co") // no webhook: nothing is told of it
		office := idOf(a.expect(a.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00",
			"time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		night := idOf(a.expect(a.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Night", "time_in": "22:00", "cut_off_time_in": "23:30",
			"time_out": "06:00", "cut_off_time_out": "10:00"}), 201))
		var week []map[string]any
		for d := 1; d <= 7; d++ {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		for _, g := range []int64{office, night} {
			a.expect(a.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
		}
		ids := map[string]int64{}
		for _, n := range []string{"Ali", "Bala", "Cik"} {
			ids[n] = idOf(a.expect(a.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "D" + n, "first_name": n}), 201))
		}
		a.expect(a.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": office, "employees": []int64{ids["Ali"]}, "effective_from": "2026-01-01"}), 200)
		a.expect(a.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": night, "employees": []int64{ids["Bala"]}, "effective_from": "2026-01-01"}), 200)
		// Cik is in no group: her days are "no schedule" (8).
		a.punch(c.orgID, ids["Ali"], "2026-11-16 07:50")
		a.punch(c.orgID, ids["Ali"], "2026-11-16 17:05")
		a.punch(c.orgID, ids["Bala"], "2026-11-16 21:55")
		a.punch(c.orgID, ids["Bala"], "2026-11-17 06:05")
		a.expect(a.call("POST", "/api/employee/record/register", other.token, map[string]any{"code": "X1", "first_name": "Xavier"}), 201)
		a.expect(a.call("POST", "/api/integrations/webhooks", c.token, map[string]any{"url": "http://127.0.0.1:9/hook", "events": []string{"day.status_decided"}}), 201)

		// Both nodes sweep at once, with the same clock.
		sweep := func(at string) {
			t.Helper()
			now, _ := time.ParseInLocation("2006-01-02 15:04", at, kl)
			// Four sweeps per node start together, so that several pass the check for the
			// date's marker before any of them has inserted it: only the insert decides.
			var wg sync.WaitGroup
			start := make(chan struct{})
			errs := make([]error, 8)
			for i := range errs {
				node := []*env{a, b}[i%2]
				node.app.Attendance.Now = func() time.Time { return now }
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					_, errs[i] = node.app.DecidedDays(context.Background(), now)
				}()
			}
			close(start)
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		told := func() map[string]string { // "date person" → status
			t.Helper()
			rows, err := db.Query(`SELECT org_id, entity, body FROM webhook_deliveries WHERE event = 'day.status_decided' ORDER BY id`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			out := map[string]string{}
			for rows.Next() {
				var org int64
				var entity, body string
				if err := rows.Scan(&org, &entity, &body); err != nil {
					t.Fatal(err)
				}
				var m struct {
					Event string         `json:"event"`
					Data  map[string]any `json:"data"`
				}
				if err := json.Unmarshal([]byte(body), &m); err != nil {
					t.Fatal(err)
				}
				key := fmt.Sprintf("%s %v", m.Data["date"], m.Data["code"])
				if _, twice := out[key]; twice || org != c.orgID || entity != fmt.Sprintf("person:%v", m.Data["person_id"]) {
					t.Errorf("delivery %s %s of org %d (twice: %v)", entity, body, org, twice)
				}
				reason, _ := m.Data["reason"].(map[string]any)
				out[key] = fmt.Sprintf("%v %v %v", m.Data["status"], m.Data["status_name"], reason["code"])
			}
			return out
		}
		keys := func(m map[string]string) string {
			var k []string
			for x := range m {
				k = append(k, x)
			}
			sort.Strings(k)
			return strings.Join(k, ", ")
		}

		// Tuesday 09:00: Monday's night shift runs until its 10:00 cut-off-out, so Monday is
		// not told yet; the weekend before it is.
		sweep("2026-11-17 09:00")
		got := told()
		if k := keys(got); k != "2026-11-14 DAli, 2026-11-14 DBala, 2026-11-14 DCik, 2026-11-15 DAli, 2026-11-15 DBala, 2026-11-15 DCik" {
			t.Fatalf("told at 09:00: %s", k)
		}
		// After the cut-off-out, Monday is told once, with each person's decided status.
		sweep("2026-11-17 10:30")
		sweep("2026-11-17 10:31")
		got = told()
		if len(got) != 9 {
			t.Fatalf("told %d person-days, want 9: %s", len(got), keys(got))
		}
		for key, want := range map[string]string{
			"2026-11-16 DAli":  "1 present present",
			"2026-11-16 DBala": "1 present present",
			"2026-11-16 DCik":  "8 no schedule no_schedule",
			"2026-11-15 DAli":  "2 absent absent",
		} {
			if got[key] != want {
				t.Errorf("%s: %q, want %q", key, got[key], want)
			}
		}
		var marks int
		if err := db.QueryRow(`SELECT COUNT(*) FROM webhook_day_marks WHERE org_id = $1`, c.orgID).Scan(&marks); err != nil || marks != 3 {
			t.Errorf("marks %d %v, want 3", marks, err)
		}
		if err := db.QueryRow(`SELECT COUNT(*) FROM webhook_day_marks WHERE org_id = $1`, other.orgID).Scan(&marks); err != nil || marks != 0 {
			t.Errorf("the organisation without the webhook has %d marks (%v)", marks, err)
		}
	})
}
