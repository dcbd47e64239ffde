package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hadir/internal/iclock/devicesim"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// A Security PUSH 3.x terminal (simulated) registers, gets its people at once when they are
// enrolled (3.x commands through getrequest), keeps its clock right, and uploads punches
// (rtlog) that appear in the daily report; its other events are kept for review, and a
// device set to access use never makes attendance (issue 14).
func TestSecurityPushTerminal(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, dev, ids := companyWithDevice(e, "SEC0001", 4)
		ctx := context.Background()

		sim := devicesim.NewSecurity(e.srv.URL, "SEC0001")
		opts, err := sim.Register(ctx)
		if err != nil || sim.RegistryCode == "" || opts["SessionID"] == "" || opts["Realtime"] != "1" {
			t.Fatalf("register: %v %v %q", opts, err, sim.RegistryCode)
		}
		code := sim.RegistryCode
		hs, err := sim.Handshake(ctx)
		if err != nil || hs["registry"] != "ok" || hs["RegistryCode"] != code || hs["SessionID"] != opts["SessionID"] {
			t.Fatalf("handshake: %v %v", hs, err)
		}
		// The clock: rtdata gives the organisation's zone (Kuala Lumpur, +08:00).
		if err := sim.SyncTime(ctx); err != nil {
			t.Fatal(err)
		}
		if _, off := sim.Now().Zone(); off != 8*3600 || time.Since(sim.Now()) > time.Minute || time.Until(sim.Now()) > time.Minute {
			t.Fatalf("terminal clock %v", sim.Now())
		}
		form := e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/form?id=%d", dev), c.token, nil), 200)
		if form.str("data", "protocol") != "security" || form.str("data", "use") != "attendance" || form.str("data", "firmware") != "devicesim 3.x" {
			t.Fatalf("device after registration: %s", form.raw)
		}

		// Enrolling queues the people at once; the terminal gets them in the 3.x form.
		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": dev, "employee": ids[:3]}), 200)
		if err := sim.PollUntilIdle(ctx, 5); err != nil {
			t.Fatal(err)
		}
		users := sim.Users()
		if len(users) != 3 || users[0].PIN != "E1" || users[0].Name != "Aminah" || users[2].Name != "Chong Wei" {
			t.Fatalf("terminal holds %+v", users)
		}
		for _, cmd := range sim.Received() {
			if !strings.HasPrefix(cmd, "DATA UPDATE user CardNo=") && !strings.HasPrefix(cmd, "DATA UPDATE biophoto ") {
				t.Fatalf("a command not in the 3.x form: %q", cmd)
			}
		}
		// Synchronising: INFO has no 3.x form and is not sent; nothing fails.
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		if err := sim.PollUntilIdle(ctx, 5); err != nil {
			t.Fatal(err)
		}
		for _, cm := range items(e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/commands?id=%d", dev), c.token, nil), 200)) {
			if cm["status"] != "ok" && cm["status"] != "cancelled" {
				t.Fatalf("command not done: %v", cm)
			}
		}
		for _, cmd := range sim.Received() {
			if cmd == "INFO" {
				t.Fatal("INFO was sent to a 3.x terminal")
			}
		}
		if ack, err := sim.UploadUsers(ctx); err != nil || ack != "user=3" {
			t.Fatalf("user table upload: %q %v", ack, err)
		}

		// Punches: granted events of people become attendance; the rest is for review.
		day := time.Date(2026, 11, 19, 0, 0, 0, 0, kl)
		sim.Punch("E1", day.Add(7*time.Hour+50*time.Minute), 0, 15)
		sim.Punch("E2", day.Add(8*time.Hour+25*time.Minute), 0, 15)
		sim.Punch("E2", day.Add(17*time.Hour+5*time.Minute), 1, 15)
		sim.AccessEvent("E3", day.Add(8*time.Hour), 27, 0) // denied
		sim.AccessEvent("0", day.Add(8*time.Hour+1*time.Minute), 206, 2)
		sim.Punch("NOBODY", day.Add(9*time.Hour), 0, 15)
		if _, err := sim.Upload(ctx, 10); err != nil {
			t.Fatal(err)
		}
		daily := e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-19", c.token, nil), 200)
		if d := dayOf(t, daily, ids[0]); d["status"].(float64) != 1 || d["late"] != false {
			t.Fatalf("E1: %v", d)
		}
		if d := dayOf(t, daily, ids[1]); d["status"].(float64) != 1 || d["late"] != true || d["last_seen"] != "17:05" {
			t.Fatalf("E2: %v", d)
		}
		if d := dayOf(t, daily, ids[2]); d["status"].(float64) != 2 {
			t.Fatalf("E3 was denied at the door, not present: %v", d)
		}
		evs := items(e.expect(e.call("GET", "/api/device/facial/access-events", c.token, nil), 200))
		if len(evs) != 6 {
			t.Fatalf("access events: %v", evs)
		}
		punched := 0
		for _, ev := range evs {
			if ev["punched"] == true {
				punched++
			}
		}
		if punched != 3 {
			t.Fatalf("punched events: %d", punched)
		}
		denied := items(e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/access-events?kind=denied&device_id=%d", dev), c.token, nil), 200))
		if len(denied) != 1 || denied[0]["pin"] != "E3" || denied[0]["person_name"] == "" || denied[0]["event"].(float64) != 27 {
			t.Fatalf("denied: %v", denied)
		}
		// A terminal resending its events stores nothing twice.
		sim.Punch("E1", day.Add(7*time.Hour+50*time.Minute), 0, 15)
		if _, err := sim.Upload(ctx, 10); err != nil {
			t.Fatal(err)
		}
		if n := len(items(e.expect(e.call("GET", "/api/device/facial/access-events", c.token, nil), 200))); n != 6 {
			t.Fatalf("a resent event was stored again: %d", n)
		}
		if p := dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-19", c.token, nil), 200), ids[0])["punches"].(float64); p != 1 {
			t.Fatalf("E1 punches: %v", p)
		}

		// A door (access use): its granted events are kept, never attendance.
		e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Front door", "code": "SEC0001", "use": "door"}), 422)
		up := e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Front door", "code": "SEC0001", "use": "access"}), 200)
		if up.str("data", "use") != "access" {
			t.Fatalf("%s", up.raw)
		}
		// An edit that does not send it keeps it.
		if up := e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Front door", "code": "SEC0001"}), 200); up.str("data", "use") != "access" {
			t.Fatalf("%s", up.raw)
		}
		sim.Punch("E4", day.Add(9*time.Hour), 0, 15)
		if _, err := sim.Upload(ctx, 10); err != nil {
			t.Fatal(err)
		}
		if d := dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-19", c.token, nil), 200), ids[3]); d["status"].(float64) != 2 {
			t.Fatalf("a door made E4 present: %v", d)
		}
		granted := items(e.expect(e.call("GET", "/api/device/facial/access-events?kind=granted", c.token, nil), 200))
		if len(granted) != 5 || granted[1]["pin"] != "E4" || granted[1]["punched"] != false || granted[1]["person_name"] != "Dewi" {
			t.Fatalf("granted at the door: %v", granted)
		}

		// Bad input, another organisation, a member.
		e.expect(e.call("GET", "/api/device/facial/access-events?kind=open", c.token, nil), 422)
		e.expect(e.call("GET", "/api/device/facial/access-events?device_id=x", c.token, nil), 422)
		other := e.company("Other Security Co")
		e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/access-events?device_id=%d", dev), other.token, nil), 404)
		if n := len(items(e.expect(e.call("GET", "/api/device/facial/access-events", other.token, nil), 200))); n != 0 {
			t.Fatalf("another organisation sees %d events", n)
		}
		e.expect(e.call("GET", "/api/device/facial/access-events", e.member(c.orgID, ids[0]), nil), 403)

		// An unknown terminal cannot register.
		if _, err := devicesim.NewSecurity(e.srv.URL, "NOPE0000").Register(ctx); err == nil {
			t.Fatal("an unknown serial registered")
		}
	})
}
