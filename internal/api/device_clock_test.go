package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hadir/internal/iclock/devicesim"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// companyInZone is companyWithDevice for a company in another zone: everyone works every day,
// two people (E1, E2) enrolled on two devices.
func companyInZone(e *env, zone, sn1, sn2 string) (tenant, []int64) {
	n := seq.Add(1)
	email := fmt.Sprintf("owner%d@zone.test", n)
	r := e.expect(e.call("POST", "/api/auth/register", "", map[string]any{"name": "Owner", "email": email,
		"company_size": "25", "employer": "Zone Co " + zone, "password": pw, "timezone": zone, "terms": true}), 201)
	c := tenant{orgID: int64(r.data()["org"].(map[string]any)["id"].(float64)), kind: "company", email: email, token: r.str("data", "access_token")}
	g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "All week", "time_in": "08:00", "cut_off_time_in": "10:00",
		"time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
	var week []map[string]any
	for d := 1; d <= 7; d++ {
		week = append(week, map[string]any{"id": d, "type": 1})
	}
	e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
	var ids []int64
	for i := 1; i <= 2; i++ {
		ids = append(ids, idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": fmt.Sprintf("E%d", i), "first_name": "P"}), 201)))
	}
	e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": ids, "effective_from": "2026-01-01"}), 200)
	for _, sn := range []string{sn1, sn2} {
		d := idOf(e.expect(e.call("POST", "/api/device/facial/register", c.token, map[string]any{"name": sn, "code": sn}), 201))
		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": d, "employee": ids}), 200)
	}
	return c, ids
}

// Clock and zone per firmware generation (issue 14): in Asia/Kolkata a TFT terminal is told
// TimeZone=330 (minutes) and a B&W one 5 (whole hours), and both terminals' punches land at
// the right local time; in America/New_York the end of daylight saving queues a clock re-sync
// that the terminal follows, and punches on both sides of the change are right.
func TestSimulatorClockAcrossZones(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		serverAt := func(at time.Time) {
			e.setClock(at)
			e.app.API.ICLock.Now = func() time.Time { return at }
		}
		lastSeen := func(c tenant, date string, id int64) string {
			t.Helper()
			d := dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date="+date, c.token, nil), 200), id)
			return fmt.Sprint(d["last_seen"])
		}
		kolkata, _ := time.LoadLocation("Asia/Kolkata")
		serverAt(time.Date(2026, 11, 19, 12, 0, 0, 0, kolkata))
		c, ids := companyInZone(e, "Asia/Kolkata", "KOLTFT01", "KOLBW001")
		tft := devicesim.New(e.srv.URL, "KOLTFT01")
		bw := devicesim.New(e.srv.URL, "KOLBW001")
		bw.PushVersion = "" // black-and-white 6.60: no pushver
		for _, c := range []struct {
			sim  *devicesim.Sim
			tz   string
			secs int
		}{{tft, "330", 19800}, {bw, "5", 18000}} {
			opts, err := c.sim.Handshake(ctx)
			if err != nil || opts["TimeZone"] != c.tz {
				t.Fatalf("%s: TimeZone %q (%v)", c.sim.SN, opts["TimeZone"], err)
			}
			if _, off := c.sim.Now().Zone(); off != c.secs {
				t.Fatalf("%s runs at %d", c.sim.SN, off)
			}
			if err := c.sim.PollUntilIdle(ctx, 5); err != nil || len(c.sim.Users()) != 2 {
				t.Fatalf("%s: %v %v", c.sim.SN, c.sim.Users(), err)
			}
		}
		tft.Punch("E1", time.Date(2026, 11, 19, 8, 5, 0, 0, kolkata), 0, 15)
		bw.Punch("E2", time.Date(2026, 11, 19, 8, 10, 0, 0, kolkata), 0, 1) // the B&W terminal shows 07:40
		for _, sim := range []*devicesim.Sim{tft, bw} {
			if _, err := sim.Upload(ctx, 10); err != nil {
				t.Fatal(err)
			}
		}
		if got := lastSeen(c, "2026-11-19", ids[0]); got != "08:05" {
			t.Fatalf("TFT punch in Kolkata at %s", got)
		}
		if got := lastSeen(c, "2026-11-19", ids[1]); got != "08:10" {
			t.Fatalf("B&W punch in Kolkata at %s", got)
		}

		// New York: daylight saving ends on 2026-11-01.
		ny, _ := time.LoadLocation("America/New_York")
		serverAt(time.Date(2026, 10, 31, 12, 0, 0, 0, ny))
		n, nids := companyInZone(e, "America/New_York", "NYTFT001", "NYBW0001")
		nsim := devicesim.New(e.srv.URL, "NYBW0001")
		nsim.PushVersion = ""
		if opts, err := nsim.Handshake(ctx); err != nil || opts["TimeZone"] != "-4" {
			t.Fatalf("summer TimeZone %q (%v)", opts["TimeZone"], err)
		}
		if err := nsim.PollUntilIdle(ctx, 5); err != nil {
			t.Fatal(err)
		}
		nsim.Punch("E1", time.Date(2026, 10, 31, 8, 0, 0, 0, ny), 0, 1)
		if _, err := nsim.Upload(ctx, 10); err != nil {
			t.Fatal(err)
		}
		// After the change, the next poll brings a clock re-sync; the terminal fetches its
		// options again and runs at -5.
		serverAt(time.Date(2026, 11, 2, 12, 0, 0, 0, ny))
		if err := nsim.PollUntilIdle(ctx, 5); err != nil {
			t.Fatal(err)
		}
		if _, off := nsim.Now().Zone(); off != -5*3600 {
			t.Fatalf("after the change the terminal runs at %d", off)
		}
		if err := nsim.PollUntilIdle(ctx, 5); err != nil {
			t.Fatal(err)
		}
		nsim.Punch("E1", time.Date(2026, 11, 2, 8, 0, 0, 0, ny), 0, 1)
		if _, err := nsim.Upload(ctx, 10); err != nil {
			t.Fatal(err)
		}
		if got := lastSeen(n, "2026-10-31", nids[0]); got != "08:00" {
			t.Fatalf("summer punch at %s", got)
		}
		if got := lastSeen(n, "2026-11-02", nids[0]); got != "08:00" {
			t.Fatalf("winter punch at %s", got)
		}
		var clock int
		_ = db.QueryRow(`SELECT COUNT(*) FROM device_commands WHERE label = 'clock' AND status = 'ok'`).Scan(&clock)
		if clock != 1 {
			t.Fatalf("clock re-sync commands acknowledged: %d, want exactly 1", clock)
		}
	})
}
