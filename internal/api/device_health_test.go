package api_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/device"
	"hadir/internal/iclock"
	"hadir/internal/iclock/devicesim"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// race runs two health checkers at the instant at, as two nodes would, started together,
// and returns every transition either claimed.
func race(t *testing.T, h *device.HealthChecker, at time.Time) []device.Transition {
	t.Helper()
	var mu sync.Mutex
	var all []device.Transition
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range 2 {
		c := *h
		c.Now = func() time.Time { return at }
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			got, err := c.Check(context.Background())
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			all = append(all, got...)
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return all
}

func countRows(t *testing.T, db *database.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestDeviceHealthOfflineAndBack: a terminal that stops polling goes offline after three of
// its poll intervals (plus the recording slack); two checkers racing tell the admin once in
// the app, once by e-mail (a real SMTP peer) and the webhook once; polling again through
// another node brings it back online, told once too. The device list shows it.
func TestDeviceHealthOfflineAndBack(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx, cancel := context.WithCancel(context.Background())
		e.app.Webhooks.PollInterval = 20 * time.Millisecond
		done := make(chan struct{})
		go func() { e.app.Webhooks.Run(ctx); close(done) }()
		defer func() { cancel(); <-done }()
		c := e.company("Health Co")
		rcv := newHookReceiver(t)
		created := e.expect(e.call("POST", "/api/integrations/webhooks", c.token, map[string]any{"url": rcv.srv.URL,
			"events": []string{"device.offline", "device.online"}}), 201)
		rcv.secret = created.str("data", "secret")
		dev := idOf(e.expect(e.call("POST", "/api/device/facial/register", c.token, map[string]any{"name": "Gate", "code": "HLT0001"}), 201))

		sim := devicesim.New(e.srv.URL, "HLT0001")
		opts, err := sim.Handshake(ctx)
		if err != nil || opts["Delay"] != "10" {
			t.Fatalf("handshake: %v %v", opts, err)
		}
		if _, err := sim.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		h := e.app.Health
		limit := h.OfflineAfter(10 * time.Second)
		if limit != 3*10*time.Second+iclock.WriteEvery {
			t.Fatalf("offline after %s", limit)
		}
		// The first judgement (from unknown) is silent.
		if got := race(t, h, time.Now()); len(got) != 1 || got[0].To != device.HealthOnline {
			t.Fatalf("first check: %+v", got)
		}
		health := func() string {
			return e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/form?id=%d", dev), c.token, nil), 200).str("data", "health")
		}
		if s := health(); s != "online" {
			t.Fatalf("health %q", s)
		}
		// Silent for a little less than the limit: still online.
		if got := race(t, h, time.Now().Add(limit-2*time.Second)); len(got) != 0 {
			t.Fatalf("offline too soon: %+v", got)
		}
		// Past it: offline, claimed by exactly one of the two checkers.
		if got := race(t, h, time.Now().Add(limit+time.Second)); len(got) != 1 || got[0].From != device.HealthOnline || got[0].To != device.HealthOffline {
			t.Fatalf("going offline: %+v", got)
		}
		if s := health(); s != "offline" {
			t.Fatalf("health %q", s)
		}
		// Checking again changes nothing.
		if got := race(t, h, time.Now().Add(limit+2*time.Second)); len(got) != 0 {
			t.Fatalf("told twice: %+v", got)
		}
		notes := func(kind string) int {
			return countRows(t, db, `SELECT COUNT(*) FROM notifications WHERE org_id = $1 AND kind = $2`, c.orgID, kind)
		}
		if n := notes("device_offline"); n != 1 {
			t.Fatalf("%d offline notifications", n)
		}
		inbox := e.expect(e.call("GET", "/api/notifications", c.token, nil), 200)
		if !strings.Contains(inbox.raw, "device_offline") || !strings.Contains(inbox.raw, "HLT0001") {
			t.Fatalf("inbox: %s", inbox.raw)
		}
		mails := func(word string) int {
			n := 0
			for _, m := range e.smtp.Messages() {
				if strings.Contains(m.Subject, "HLT0001") && strings.Contains(m.Subject, word) {
					if want := fmt.Sprintf("/device/facial?device=%d\n", dev); !strings.Contains(m.Body, want) {
						t.Errorf("the e-mail does not link to the device (%s): %s", want, m.Body)
					}
					n++
				}
			}
			return n
		}
		waitUntil(t, "the offline e-mail", func() bool { return mails("offline") == 1 })
		waitUntil(t, "the offline webhook", func() bool { return len(rcv.names()) == 1 })

		// The terminal polls again, through another node.
		cfg := config.Default()
		cfg.SMTPURL = e.smtp.URL()
		node2, err := app.New(context.Background(), cfg, db, app.Options{Hash: auth.TestHashParams})
		if err != nil {
			t.Fatal(err)
		}
		srv2 := httptest.NewServer(node2.API)
		defer srv2.Close()
		if _, err := devicesim.New(srv2.URL, "HLT0001").Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if got := race(t, h, time.Now()); len(got) != 1 || got[0].To != device.HealthOnline {
			t.Fatalf("coming back: %+v", got)
		}
		if s := health(); s != "online" {
			t.Fatalf("health %q", s)
		}
		if n, m := notes("device_offline"), notes("device_online"); n != 1 || m != 1 {
			t.Fatalf("%d offline and %d online notifications", n, m)
		}
		waitUntil(t, "the online e-mail", func() bool { return mails("back online") == 1 })
		waitUntil(t, "the online webhook", func() bool { return len(rcv.names()) == 2 })
		time.Sleep(200 * time.Millisecond) // nothing more arrives
		if got := rcv.names(); len(got) != 2 || got[0] != "device.offline" || got[1] != "device.online" || mails("offline") != 1 || mails("back online") != 1 {
			t.Fatalf("webhook events %v, e-mails %d offline %d online", got, mails("offline"), mails("back online"))
		}
		if n := countRows(t, db, `SELECT COUNT(*) FROM webhook_deliveries WHERE org_id = $1`, c.orgID); n != 2 {
			t.Fatalf("%d webhook deliveries", n)
		}
		// A disabled terminal is not judged: no alarm when it falls silent.
		e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": dev, "name": "Gate", "code": "HLT0001", "enabled": false}), 200)
		race(t, h, time.Now().Add(time.Hour))
		if s := health(); s != "unknown" || notes("device_offline") != 1 {
			t.Fatalf("disabled: health %q, %d offline notifications", s, notes("device_offline"))
		}
	})
}

// TestDeviceClockDrift: a terminal whose clock runs 90 s ahead stamps its punches so; the
// device shows a drift of +90 s.
func TestDeviceClockDrift(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		c := e.company("Drift Co")
		dev := idOf(e.expect(e.call("POST", "/api/device/facial/register", c.token, map[string]any{"name": "Hall", "code": "DRF0001"}), 201))
		e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "E1", "first_name": "Aminah"}), 201)
		form := func() resp {
			return e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/form?id=%d", dev), c.token, nil), 200)
		}
		if d := form().data()["clock_drift"]; d != nil {
			t.Fatalf("drift before any punch: %v", d)
		}
		sim := devicesim.New(e.srv.URL, "DRF0001")
		if _, err := sim.Handshake(ctx); err != nil {
			t.Fatal(err)
		}
		sim.ClockError = 90 * time.Second
		sim.Punch("E1", sim.Now(), 0, 15)
		if n, err := sim.Upload(ctx, 10); err != nil || n != 1 {
			t.Fatalf("upload: %d %v", n, err)
		}
		d, ok := form().data()["clock_drift"].(float64)
		if !ok || d < 89 || d > 91 {
			t.Fatalf("drift %v, want about +90", form().data()["clock_drift"])
		}
	})
}

// waitUntil waits up to 20 s for cond, polling.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}
