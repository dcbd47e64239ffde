package api_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"hadir/internal/iclock"
	"hadir/internal/iclock/devicesim"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// An eSSL OEM terminal, as recorded: it calls the .aspx names of every endpoint, reports its
// counts in getrequest's INFO, syncs its clock with rtdata and asks for paths the server does
// not serve. Its punches reach the daily report, its people arrive without synchronise, and
// nothing under /iclock/ is ever the web app's page (issue 14).
func TestProtocolESSLAspxExchange(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, dev, ids := companyWithDevice(e, "ESSL0001", 3)
		ctx := context.Background()
		plain := func(r resp, status int, prefix string) {
			t.Helper()
			if r.status != status || !strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") || !strings.HasPrefix(r.raw, prefix) {
				t.Fatalf("got %d %q %q, want %d %q", r.status, r.header.Get("Content-Type"), r.raw, status, prefix)
			}
		}
		// Handshake and upload as the firmware sends them (pushver 2.2.14, CRLF lines).
		plain(e.call("GET", "/iclock/cdata.aspx?SN=ESSL0001&options=all&pushver=2.2.14&language=69", "", nil), 200, "GET OPTION FROM: ESSL0001")
		plain(e.call("POST", "/iclock/cdata.aspx?SN=ESSL0001&table=ATTLOG&Stamp=9999", "", "E1\t2026-11-19 08:05:00\t0\t1\t0\t0\t0\r\nE2\t2026-11-19 09:30:00\t0\t1\t0\t0\t0\r\n"), 200, "OK: 2")
		daily := e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-19", c.token, nil), 200)
		if d := dayOf(t, daily, ids[0]); d["status"].(float64) != 1 || d["late"] != true {
			t.Fatalf("E1: %v", d)
		}
		// The command poll's INFO is stored and shown with the device.
		plain(e.call("GET", "/iclock/getrequest.aspx?SN=ESSL0001&INFO=Ver+6.60+Apr+28+2017,3,2,150,192.168.1.201,10,7,12,1,111", "", nil), 200, "OK")
		form := e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/form?id=%d", dev), c.token, nil), 200).data()
		if form["firmware"] != "Ver 6.60 Apr 28 2017" || form["push_version"] != "2.2.14" || form["user_count"] != 3.0 || form["fingerprint_count"] != 2.0 ||
			form["log_count"] != 150.0 || form["face_count"] != 1.0 || form["user_capacity"] != nil {
			t.Fatalf("device after INFO: %v", form)
		}
		// Clock synchronisation: the server's UTC time, encoded, and the device zone's offset.
		r := e.call("GET", "/iclock/rtdata.aspx?SN=ESSL0001&type=time", "", nil)
		plain(r, 200, "DateTime=")
		enc, tz, _ := strings.Cut(strings.TrimPrefix(strings.TrimSpace(r.raw), "DateTime="), ",ServerTZ=")
		n, _ := strconv.ParseInt(enc, 10, 64)
		if at := iclock.DecodeTime(n, time.UTC); tz != "+0800" || time.Since(at).Abs() > 5*time.Second {
			t.Fatalf("time reply %q (%v)", r.raw, at)
		}
		plain(e.call("GET", "/iclock/rtdata?SN=ESSL0001&type=other", "", nil), 200, "OK")
		plain(e.call("GET", "/iclock/ping.aspx?SN=ESSL0001", "", nil), 200, "OK")
		// Paths and methods the server does not serve: a plain 404, never the app's HTML.
		for _, c := range [][2]string{{"GET", "/iclock/fdata.aspx?SN=ESSL0001"}, {"POST", "/iclock/getrequest?SN=ESSL0001"}, {"GET", "/iclock/?SN=ESSL0001"},
			{"PUT", "/iclock/cdata?SN=ESSL0001"}, {"GET", "/iclock/a/b/c"}} {
			r := e.call(c[0], c[1], "", "x")
			plain(r, 404, "unknown path")
			if strings.Contains(r.raw, "<html") {
				t.Fatalf("%v: %s", c, r.raw)
			}
		}
		// Unknown serial numbers still get nothing on the aliases.
		if r := e.call("GET", "/iclock/cdata.aspx?SN=NOPE0000&options=all", "", nil); r.status != 403 {
			t.Fatalf("unknown SN on .aspx: %d", r.status)
		}

		// The simulator on the .aspx names: enrolment arrives at once, results are recorded.
		sim := devicesim.New(e.srv.URL, "ESSL0001")
		sim.ASPX = true
		if _, err := sim.Handshake(ctx); err != nil {
			t.Fatal(err)
		}
		if err := sim.SyncTime(ctx); err != nil {
			t.Fatal(err)
		}
		if _, off := sim.Now().Zone(); off != 8*3600 {
			t.Fatalf("simulator zone after rtdata: %d", off)
		}
		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": dev, "employee": ids}), 200)
		if err := sim.PollUntilIdle(ctx, 5); err != nil {
			t.Fatal(err)
		}
		if u := sim.Users(); len(u) != 3 {
			t.Fatalf("terminal holds %+v", u)
		}
		for _, cm := range items(e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/commands?id=%d", dev), c.token, nil), 200)) {
			if cm["status"] != "ok" {
				t.Fatalf("command %v", cm)
			}
		}
		// An INFO command's reply fills the counts and the capacity.
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		if err := sim.PollUntilIdle(ctx, 5); err != nil {
			t.Fatal(err)
		}
		form = e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/form?id=%d", dev), c.token, nil), 200).data()
		if form["user_count"] != 3.0 || form["user_capacity"] != 3000.0 || form["firmware"] != "Ver 6.60 devicesim" {
			t.Fatalf("device after INFO reply: %v", form)
		}
	})
}
