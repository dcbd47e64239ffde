package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"hadir/internal/device"
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

// Synchronising a Security PUSH 3.x terminal is the same full reconciliation as for an
// attendance terminal (issue 14): the query goes out as "DATA QUERY tablename=user,...", the
// terminal posts its user table to /iclock/querydata naming the query (cmdid), and the
// result reconciles both ways: a person missing is added, one renamed or made an
// administrator at the keypad is updated, a PIN Hadir once put there and no longer enrolled
// is deleted, a keypad PIN is listed and removed only when asked.
func TestSecurityPushSynchroniseReconciles(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, dev, ids := companyWithDevice(e, "SECREC01", 4)
		ctx := context.Background()
		sim := devicesim.NewSecurity(e.srv.URL, "SECREC01")
		if _, err := sim.Register(ctx); err != nil {
			t.Fatal(err)
		}
		poll := func() {
			t.Helper()
			if err := sim.PollUntilIdle(ctx, 10); err != nil {
				t.Fatal(err)
			}
		}
		holds := func(want string) {
			t.Helper()
			var got []string
			for _, u := range sim.Users() {
				s := u.PIN + ":" + u.Name
				if u.Pri != "" && u.Pri != "0" {
					s += "/pri" + u.Pri
				}
				got = append(got, s)
			}
			if strings.Join(got, ",") != want {
				t.Fatalf("the terminal holds %q, want %q", strings.Join(got, ","), want)
			}
		}
		result := func() device.SyncResult {
			t.Helper()
			for _, cm := range items(e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/commands?id=%d", dev), c.token, nil), 200)) {
				if device.IsSync(cm["label"].(string)) {
					var r device.SyncResult
					if cm["status"] != "ok" || json.Unmarshal([]byte(cm["result"].(string)), &r) != nil {
						t.Fatalf("the query: %v", cm)
					}
					return r
				}
			}
			t.Fatal("no synchronisation among the commands")
			return device.SyncResult{}
		}

		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": dev, "employee": ids}), 200)
		poll()
		holds("E1:Aminah,E2:Baskaran,E3:Chong Wei,E4:Dewi")

		// The terminal drifts: E2 renamed and E3 made an administrator at the keypad, E4
		// deleted there, K9 enrolled there; E1 leaves the enrolment (deleted at once) and is
		// put back at the keypad.
		sim.SetUser(devicesim.User{PIN: "E2", Name: "Bas"})
		sim.SetUser(devicesim.User{PIN: "E3", Name: "Chong Wei", Pri: "14"})
		sim.RemoveAtTerminal("E4")
		sim.EnrolAtTerminal("K9", "Keypad person")
		e.expect(e.call("POST", "/api/device/facial/employees/delete", c.token, map[string]any{"device_id": dev, "employee": []int64{ids[0]}}), 200)
		poll()
		sim.EnrolAtTerminal("E1", "Aminah")

		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		if n, err := sim.Poll(ctx); err != nil || n != 1 {
			t.Fatalf("first poll ran %d (%v)", n, err)
		}
		if r := sim.Received(); r[len(r)-1] != "DATA QUERY tablename=user,fielddesc=*,filter=*" {
			t.Fatalf("the terminal received %q", r[len(r)-1])
		}
		poll()
		holds("E2:Baskaran,E3:Chong Wei,E4:Dewi,K9:Keypad person")
		if r := result(); !r.Listed || r.Added != 1 || r.Updated != 2 || r.Removed != 1 || r.Unknown != 1 || strings.Join(r.UnknownPINs, ",") != "K9" {
			t.Fatalf("reconciliation %+v", r)
		}

		// In sync: nothing to do. Then the administrator removes the unknown PIN.
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		poll()
		if r := result(); !r.Listed || r.Added+r.Updated+r.Removed != 0 || r.Unknown != 1 {
			t.Fatalf("second reconciliation %+v", r)
		}
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev, "remove_unknown": true}), 200)
		poll()
		holds("E2:Baskaran,E3:Chong Wei,E4:Dewi")
		if r := result(); r.Removed != 1 || !r.UnknownRemoved {
			t.Fatalf("removing the unknown %+v", r)
		}

		// A user table naming another command than the query waiting is not its answer.
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		var query int64
		if err := db.QueryRowContext(ctx, `UPDATE device_commands SET status = 'sent', attempts = 1 WHERE device_id = $1 AND status = 'queued' RETURNING id`, dev).Scan(&query); err != nil {
			t.Fatal(err)
		}
		stray := "user uid=1\tcardno=\tpin=Z1\tpassword=\tgroup=1\tstarttime=0\tendtime=0\tname=Stray\tprivilege=0\n"
		if code, ack, err := deviceCall(e, "POST", fmt.Sprintf("/iclock/querydata?SN=SECREC01&type=tabledata&cmdid=%d&tablename=user&count=1", query+1000), stray); err != nil || code != 200 || strings.TrimSpace(ack) != "user=1" {
			t.Fatalf("stray table: %d %q %v", code, ack, err)
		}
		var list []string
		for i, u := range sim.Users() {
			list = append(list, fmt.Sprintf("user uid=%d\tcardno=\tpin=%s\tpassword=\tgroup=1\tstarttime=0\tendtime=0\tname=%s\tprivilege=0", i+1, u.PIN, u.Name))
		}
		if code, ack, err := deviceCall(e, "POST", fmt.Sprintf("/iclock/querydata?SN=SECREC01&type=tabledata&cmdid=%d&tablename=user&count=3&packcnt=1&packidx=1", query), strings.Join(list, "\n")); err != nil || code != 200 || strings.TrimSpace(ack) != "user=3" {
			t.Fatalf("user table: %d %q %v", code, ack, err)
		}
		if code, _, err := deviceCall(e, "POST", "/iclock/devicecmd?SN=SECREC01", fmt.Sprintf("ID=%d&Return=3&CMD=DATA\n", query)); err != nil || code != 200 {
			t.Fatalf("result: %d %v", code, err)
		}
		if r := result(); !r.Listed || r.Added+r.Updated+r.Removed != 0 || r.Unknown != 0 {
			t.Fatalf("a stray table was reconciled %+v", r)
		}

		// Firmware refusing the query: everyone enrolled sent again (listed: false).
		sim.NoUserQuery = true
		sim.RemoveAtTerminal("E2")
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		poll()
		holds("E2:Baskaran,E3:Chong Wei,E4:Dewi")
	})
}

// A school's Security PUSH terminal keeps its access events for review as a company's does,
// listed on the school face (issue 14).
func TestSchoolAccessEvents(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Access School")
		dev := idOf(e.expect(e.call("POST", "/api/school/device/facial", s.token, map[string]any{"name": "Gate", "model": "SpeedFace", "code": "SCHSEC01", "purchase_date": "2026-01-15"}), 201))
		ctx := context.Background()
		sim := devicesim.NewSecurity(e.srv.URL, "SCHSEC01")
		if _, err := sim.Register(ctx); err != nil {
			t.Fatal(err)
		}
		day := time.Date(2026, 11, 19, 0, 0, 0, 0, kl)
		sim.AccessEvent("0", day.Add(7*time.Hour), 206, 2)                 // the door, no person
		sim.AccessEvent("T404", day.Add(7*time.Hour+5*time.Minute), 27, 0) // denied, nobody's code
		if _, err := sim.Upload(ctx, 10); err != nil {
			t.Fatal(err)
		}
		evs := items(e.expect(e.call("GET", fmt.Sprintf("/api/school/device/facial/access-events?device_id=%d", dev), s.token, nil), 200))
		if len(evs) != 2 || evs[0]["pin"] != "T404" || evs[0]["kind"] != "denied" || evs[1]["kind"] != "device" || evs[0]["device_name"] != "Gate" {
			t.Fatalf("school access events: %v", evs)
		}
		if n := len(items(e.expect(e.call("GET", "/api/school/device/facial/access-events?kind=denied", s.token, nil), 200))); n != 1 {
			t.Fatalf("denied: %d", n)
		}
		other := e.school("Other Access School")
		e.expect(e.call("GET", fmt.Sprintf("/api/school/device/facial/access-events?device_id=%d", dev), other.token, nil), 404)
		e.expect(e.call("GET", "/api/school/device/facial/access-events?kind=open", s.token, nil), 422)
	})
}
