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

// A thermal terminal's punches keep the temperature and mask flag it measured, and the clock
// drawer's records show them; a plain terminal's punch has neither (issue 14).
func TestThermalPunchesKeepTemperatureAndMask(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		c, ids := companyInZone(e, "Asia/Kuala_Lumpur", "THERM001", "PLAIN001")
		kl, _ := time.LoadLocation("Asia/Kuala_Lumpur")
		thermal, plain := devicesim.New(e.srv.URL, "THERM001"), devicesim.New(e.srv.URL, "PLAIN001")
		for _, sim := range []*devicesim.Sim{thermal, plain} {
			if _, err := sim.Handshake(ctx); err != nil {
				t.Fatal(err)
			}
		}
		thermal.PunchThermal("E1", time.Date(2026, 11, 19, 8, 5, 0, 0, kl), 0, 15, 36.7, true)
		thermal.PunchThermal("E1", time.Date(2026, 11, 19, 17, 2, 0, 0, kl), 1, 15, 37.9, false)
		plain.Punch("E2", time.Date(2026, 11, 19, 8, 9, 0, 0, kl), 0, 1)
		for _, sim := range []*devicesim.Sim{thermal, plain} {
			if n, err := sim.Upload(ctx, 10); err != nil || n == 0 {
				t.Fatalf("%s: %d %v", sim.SN, n, err)
			}
		}
		records := func(id int64) []any {
			t.Helper()
			r := e.expect(e.call("GET", fmt.Sprintf("/api/employee/attendance/clock/today?attendance_id=%d&date=2026-11-19", id), c.token, nil), 200)
			return r.data()["records"].([]any)
		}
		got := ""
		for _, r := range records(ids[0]) {
			m := r.(map[string]any)
			got += fmt.Sprintf("%v %v %v;", m["time"], m["temperature"], m["mask"])
		}
		if got != "08:05:00 36.7 true;17:02:00 37.9 false;" {
			t.Fatalf("thermal records: %s", got)
		}
		p := records(ids[1])
		if len(p) != 1 || p[0].(map[string]any)["temperature"] != nil || p[0].(map[string]any)["mask"] != nil {
			t.Fatalf("plain record: %v", p)
		}

		// A thermal Security PUSH terminal sends them as keyed rtlog fields.
		e.expect(e.call("POST", "/api/device/facial/register", c.token, map[string]any{"name": "Thermal door", "code": "THERMSEC1"}), 201)
		sec := devicesim.NewSecurity(e.srv.URL, "THERMSEC1")
		if _, err := sec.Register(ctx); err != nil {
			t.Fatal(err)
		}
		if err := sec.SyncTime(ctx); err != nil { // its clock and zone, as 3.x firmware sets them
			t.Fatal(err)
		}
		sec.PunchThermal("E2", time.Date(2026, 11, 19, 12, 30, 0, 0, kl), 2, 15, 36.4, true)
		if _, err := sec.Upload(ctx, 10); err != nil {
			t.Fatal(err)
		}
		got = ""
		for _, r := range records(ids[1]) {
			m := r.(map[string]any)
			got += fmt.Sprintf("%v %v %v;", m["time"], m["temperature"], m["mask"])
		}
		if got != "08:09:00 <nil> <nil>;12:30:00 36.4 true;" {
			t.Fatalf("records with a Security PUSH thermal punch: %s", got)
		}
	})
}
