package api_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/iclock/devicesim"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// companyWithDevice makes a company whose employees work every day 08:00-17:00, a device
// with a serial number, and n employees with codes E1..En.
func companyWithDevice(e *env, sn string, n int) (tenant, int64, []int64) {
	c := e.company("Device Co " + sn)
	e.setClock(time.Date(2026, 11, 20, 12, 0, 0, 0, kl))
	g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "All week", "time_in": "08:00", "cut_off_time_in": "10:00",
		"time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
	var week []map[string]any
	for d := 1; d <= 7; d++ {
		week = append(week, map[string]any{"id": d, "type": 1})
	}
	e.expect(e.call("POST", "/api/group/schedule", c.token, map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}), 200)
	var ids []int64
	names := []string{"Aminah", "Baskaran", "Chong Wei", "Dewi", "Eko"}
	for i := 0; i < n; i++ {
		ids = append(ids, idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": fmt.Sprintf("E%d", i+1), "first_name": names[i%len(names)]}), 201)))
	}
	e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": ids, "effective_from": "2026-01-01"}), 200)
	d := idOf(e.expect(e.call("POST", "/api/device/facial/register", c.token, map[string]any{"name": "Front door", "model": "SpeedFace-V5L", "code": sn, "purchase_date": "2026-01-15"}), 201))
	return c, d, ids
}

func TestSimulatorEnrolmentAndPunches(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, dev, ids := companyWithDevice(e, "SIM0001", 4)
		ctx := context.Background()
		e.expect(e.call("POST", "/api/device/facial/register", c.token, map[string]any{"name": "Dup", "code": "sim0001"}), 409)
		if e.expect(e.call("GET", "/api/device/code?code=SIM0001", c.token, nil), 200).data()["available"] != false {
			t.Fatal("a taken serial is free")
		}
		e.upload("/api/employee/profile/image", c.token, map[string]string{"employee_id": fmt.Sprint(ids[0])}, noisePNG(t, 80, 60))

		sim := devicesim.New(e.srv.URL, "SIM0001")
		opts, err := sim.Handshake(ctx)
		if err != nil || opts["TimeZone"] != "8" {
			t.Fatalf("handshake: %v %v", opts, err)
		}
		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": dev, "employee": ids[:3]}), 200)
		q := e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		if q.data()["queued"].(float64) != 1 { // the user query; its answer queues the rest
			t.Fatalf("%s", q.raw)
		}
		if err := sim.PollUntilIdle(ctx, 5); err != nil {
			t.Fatal(err)
		}
		users := sim.Users()
		if len(users) != 3 || users[0].PIN != "E1" || users[0].Name != "Aminah" || !users[0].Photo || users[2].Name != "Chong Wei" {
			t.Fatalf("terminal holds %+v", users)
		}
		cmds := items(e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/commands?id=%d", dev), c.token, nil), 200))
		for _, cm := range cmds {
			// Enrolling queued the people at once; synchronising cancelled what was still waiting.
			if cm["status"] != "ok" && cm["status"] != "cancelled" {
				t.Fatalf("command not acknowledged: %v", cm)
			}
		}
		state := e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/form?id=%d", dev), c.token, nil), 200)
		if !strings.Contains(state.str("data", "info"), "UserCount=3") || state.str("data", "last_seen") == "" {
			t.Fatalf("device state: %s", state.raw)
		}
		// Remove one and synchronise: the terminal holds two.
		e.expect(e.call("POST", "/api/device/facial/employees/delete", c.token, map[string]any{"device_id": dev, "employee": []int64{ids[1]}}), 200)
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		if err := sim.PollUntilIdle(ctx, 5); err != nil {
			t.Fatal(err)
		}
		if users := sim.Users(); len(users) != 2 || users[0].PIN != "E1" || users[1].PIN != "E3" {
			t.Fatalf("after removal the terminal holds %+v", users)
		}
		if n := len(items(e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/employees/not?id=%d", dev), c.token, nil), 200))); n != 2 {
			t.Fatalf("not enrolled: %d", n)
		}

		// Punches from the terminal become present and late in the daily report.
		day := time.Date(2026, 11, 19, 0, 0, 0, 0, kl)
		sim.Punch("E1", day.Add(7*time.Hour+50*time.Minute), 0, 15)
		sim.Punch("E3", day.Add(8*time.Hour+25*time.Minute), 0, 15)
		sim.Punch("E3", day.Add(17*time.Hour+5*time.Minute), 1, 15)
		sim.Punch("NOBODY", day.Add(9*time.Hour), 0, 15)
		if _, err := sim.Upload(ctx, 10); err != nil {
			t.Fatal(err)
		}
		daily := e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-19", c.token, nil), 200)
		if d := dayOf(t, daily, ids[0]); d["status"].(float64) != 1 || d["late"] != false {
			t.Fatalf("E1: %v", d)
		}
		if d := dayOf(t, daily, ids[2]); d["status"].(float64) != 1 || d["late"] != true || d["last_seen"] != "17:05" {
			t.Fatalf("E3: %v", d)
		}
		if d := dayOf(t, daily, ids[3]); d["status"].(float64) != 2 {
			t.Fatalf("E4: %v", d)
		}
		var rejected int
		_ = db.QueryRow(`SELECT COUNT(*) FROM device_uploads WHERE tbl = 'ATTLOG-REJECTED'`).Scan(&rejected)
		if rejected != 1 {
			t.Fatalf("unknown PIN not recorded: %d", rejected)
		}
		// A device of another organisation never writes punches here: its PINs resolve in its own.
		other, _, _ := companyWithDevice(e, "OTHER001", 1)
		osim := devicesim.New(e.srv.URL, "OTHER001")
		osim.Punch("E1", day.Add(8*time.Hour), 0, 15)
		if _, err := osim.Upload(ctx, 10); err != nil {
			t.Fatal(err)
		}
		if p := dayOf(t, e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-19", c.token, nil), 200), ids[0])["punches"].(float64); p != 1 {
			t.Fatalf("another company's device punched for E1 here: %v", p)
		}
		_ = other
		// Unknown and disabled serial numbers get nothing.
		if _, err := devicesim.New(e.srv.URL, "NOPE0000").Handshake(ctx); !errors.Is(err, devicesim.ErrRefused) {
			t.Fatalf("unknown SN: %v", err)
		}
		e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Front door", "code": "SIM0001", "enabled": false}), 200)
		if _, err := sim.Handshake(ctx); !errors.Is(err, devicesim.ErrRefused) {
			t.Fatalf("disabled device: %v", err)
		}
		// A device key and allowed addresses.
		e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Front door", "code": "SIM0001", "push_key": "s3cret", "allowed_ips": "10.0.0.0/8"}), 200)
		sim.Key = "s3cret"
		if _, err := sim.Handshake(ctx); !errors.Is(err, devicesim.ErrRefused) {
			t.Fatalf("address outside the allowed range: %v", err)
		}
		e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Front door", "code": "SIM0001", "push_key": "s3cret", "allowed_ips": "127.0.0.1"}), 200)
		if _, err := sim.Handshake(ctx); err != nil {
			t.Fatalf("with the key: %v", err)
		}
		sim.Key = "wrong"
		if _, err := sim.Handshake(ctx); !errors.Is(err, devicesim.ErrRefused) {
			t.Fatalf("wrong key: %v", err)
		}
		// Editing without a key keeps the stored one (it is never shown to be sent back).
		e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Front door 2", "code": "SIM0001", "allowed_ips": "127.0.0.1"}), 200)
		if _, err := sim.Handshake(ctx); !errors.Is(err, devicesim.ErrRefused) {
			t.Fatalf("the key was dropped by an edit: %v", err)
		}
		// The key is optional for firmware that cannot send one: a device locked to its allowed
		// addresses is accepted without it, one without such a lock is not.
		sim.Key = ""
		if _, err := sim.Handshake(ctx); err != nil {
			t.Fatalf("no key sent, locked to the address: %v", err)
		}
		e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Front door 2", "code": "SIM0001", "allowed_ips": ""}), 200)
		if _, err := sim.Handshake(ctx); !errors.Is(err, devicesim.ErrRefused) {
			t.Fatalf("no key sent and no address lock: %v", err)
		}
		sim.Key = "s3cret"
		if _, err := sim.Handshake(ctx); err != nil {
			t.Fatalf("the key alone: %v", err)
		}
		list := items(e.expect(e.call("GET", "/api/device/facial", c.token, nil), 200))
		if list[0]["punches"].(float64) != 3 {
			t.Fatalf("device list punches: %v", list[0])
		}
		// An upload past the bound is refused.
		r := e.call("POST", "/iclock/cdata?SN=OTHER001&table=ATTLOG", "", strings.Repeat("x", 5<<20))
		if r.status != 413 {
			t.Fatalf("large upload: %d", r.status)
		}
	})
}

// dropFirst makes the first ATTLOG upload's answer get lost after the server handled it.
type dropFirst struct {
	next    http.RoundTripper
	dropped atomic.Bool
}

func (d *dropFirst) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := d.next.RoundTrip(r)
	if err == nil && r.Method == "POST" && strings.Contains(r.URL.RawQuery, "table=ATTLOG") && d.dropped.CompareAndSwap(false, true) {
		res.Body.Close()
		return nil, errors.New("connection reset by peer")
	}
	return res, err
}

func TestSimulatorLostReplyAndServerCrash(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		_, _, _ = companyWithDevice(e, "SIM0002", 3)
		ctx := context.Background()
		sim := devicesim.New(e.srv.URL, "SIM0002")
		lossy := &dropFirst{next: http.DefaultTransport}
		sim.Client = &http.Client{Transport: lossy, Timeout: 10 * time.Second}
		day := time.Date(2026, 11, 18, 0, 0, 0, 0, kl)
		for i := 0; i < 30; i++ {
			sim.Punch(fmt.Sprintf("E%d", i%3+1), day.Add(time.Duration(7*60+i)*time.Minute), 0, 15)
		}
		// The reply to the first batch is lost after the commit: the terminal sends it again.
		if err := sim.UploadRetrying(ctx, 10, 5, 10*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		count := func() int {
			var n int
			_ = db.QueryRow(`SELECT COUNT(*) FROM punches`).Scan(&n)
			return n
		}
		if !lossy.dropped.Load() {
			t.Fatal("no reply was lost")
		}
		if n := count(); n != 30 || sim.Pending() != 0 {
			t.Fatalf("%d punches stored, %d pending; want 30, 0", n, sim.Pending())
		}

		// The server dies in the middle of an upload: once after committing (before it can
		// answer) and once before. Nothing answered "OK" is lost and nothing is stored twice.
		var uploads atomic.Int32
		crash := make(chan struct{})
		dead := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == "POST" && strings.Contains(r.URL.RawQuery, "table=ATTLOG") {
				switch uploads.Add(1) {
				case 2: // handled and committed, then the process dies before answering
					e.app.API.ServeHTTP(httptest.NewRecorder(), r)
					close(crash)
					panic(http.ErrAbortHandler)
				case 3: // dies before touching the database
					panic(http.ErrAbortHandler)
				}
			}
			e.app.API.ServeHTTP(w, r)
		}))
		sim2 := devicesim.New(dead.URL, "SIM0002")
		for i := 0; i < 30; i++ {
			sim2.Punch(fmt.Sprintf("E%d", i%3+1), day.Add(time.Duration(17*60+i)*time.Minute), 1, 15)
		}
		_, err := sim2.Upload(ctx, 10) // batch 1 OK, batch 2 committed but unanswered
		if err == nil {
			t.Fatal("the crash went unnoticed")
		}
		<-crash
		if sim2.Uploaded != 10 || sim2.Pending() != 20 {
			t.Fatalf("acknowledged %d, pending %d", sim2.Uploaded, sim2.Pending())
		}
		if _, err := sim2.Upload(ctx, 10); err == nil {
			t.Fatal("the second crash went unnoticed")
		}
		dead.Close()
		// A new server process on the same database; the terminal carries on.
		cfg := config.Default()
		a2, err := app.New(ctx, cfg, db, app.Options{Hash: auth.TestHashParams})
		if err != nil {
			t.Fatal(err)
		}
		fresh := httptest.NewServer(a2.API)
		defer fresh.Close()
		sim2.Server = fresh.URL
		if err := sim2.UploadRetrying(ctx, 10, 3, 10*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != 60 {
			t.Fatalf("%d punches stored, want 60 (30 + 30, none twice)", n)
		}
	})
}
