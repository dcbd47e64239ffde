package webhook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// receiver is a real HTTP server that checks each delivery's signature and keeps what it got.
// While down it answers 503, as a receiver behind a proxy does when its back end is away.
type receiver struct {
	t      *testing.T
	secret string
	mu     sync.Mutex
	down   bool
	got    []map[string]any
	bad    int // deliveries whose signature did not verify
	srv    *http.Server
	url    string
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{t: t}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r.url = "http://" + ln.Addr().String() + "/hook"
	r.srv = &http.Server{Handler: http.HandlerFunc(r.serve)}
	go r.srv.Serve(ln)
	t.Cleanup(func() { r.srv.Close() })
	return r
}

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.down {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	ts, err := strconv.ParseInt(req.Header.Get(HeaderTimestamp), 10, 64)
	if err != nil || req.Header.Get(HeaderSignature) != Sign(r.secret, ts, body) || time.Since(time.Unix(ts, 0)) > time.Minute {
		r.bad++
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		r.bad++
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if m["event"] != req.Header.Get(HeaderEvent) {
		r.bad++
	}
	r.got = append(r.got, m)
	w.WriteHeader(http.StatusNoContent)
}

func (r *receiver) setDown(v bool) { r.mu.Lock(); r.down = v; r.mu.Unlock() }

func (r *receiver) received() []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]map[string]any(nil), r.got...)
}

func newOrg(t *testing.T, db *database.DB) int64 {
	var id int64
	if err := db.QueryRow(`INSERT INTO orgs (kind, name, timezone, created_at, updated_at) VALUES ('company', 'Hooks', 'UTC', $1, $1) RETURNING id`, database.Now()).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func fastService(db *database.DB) *Service {
	s := NewService(db)
	s.AllowNets = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")} // the receivers of these tests
	s.PollInterval = 20 * time.Millisecond
	s.MinBackoff, s.MaxBackoff = 20*time.Millisecond, 100*time.Millisecond
	s.Lease = 4 * time.Second
	return s
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A receiver that is down for a while gets every event once it is back, each once, with a
// valid signature, and in order per entity; the delivery log shows the failed attempts.
func TestDeliveryDownThenBack(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		org := newOrg(t, db)
		s := fastService(db)
		rcv := newReceiver(t)
		w, secret, err := s.Create(ctx, org, 0, NewWebhook{URL: rcv.url, Events: []string{PunchRecorded, PersonCreated}})
		if err != nil {
			t.Fatal(err)
		}
		rcv.secret = secret
		// An event nobody subscribed to is not recorded.
		if err := s.Emit(ctx, org, ApplicationApproved, "application:1", map[string]any{}); err != nil {
			t.Fatal(err)
		}
		rcv.setDown(true)
		runCtx, stop := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { s.Run(runCtx); close(done) }()
		defer func() { stop(); <-done }()
		const perEntity = 6
		for i := range perEntity {
			for _, p := range []int{1, 2, 3} {
				err := db.WithTx(ctx, func(ctx context.Context) error {
					return s.Emit(ctx, org, PunchRecorded, fmt.Sprintf("person:%d", p), map[string]any{"person_id": p, "seq": i})
				})
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		// A rolled back change tells nobody.
		_ = db.WithTx(ctx, func(ctx context.Context) error {
			if err := s.Emit(ctx, org, PersonCreated, "person:9", map[string]any{"person_id": 9}); err != nil {
				t.Fatal(err)
			}
			return fmt.Errorf("rolled back")
		})
		waitFor(t, "failed attempts while the receiver is down", func() bool {
			ds, err := s.Deliveries(ctx, org, w.ID, 100)
			if err != nil {
				t.Fatal(err)
			}
			failed := 0
			for _, d := range ds {
				if d.Attempts > 0 && d.LastStatus == http.StatusServiceUnavailable {
					failed++
				}
			}
			return failed >= 3
		})
		if n := len(rcv.received()); n != 0 {
			t.Fatalf("received %d while down", n)
		}
		rcv.setDown(false)
		waitFor(t, "all deliveries", func() bool { return len(rcv.received()) >= 3*perEntity })
		time.Sleep(200 * time.Millisecond) // nothing more must come
		got := rcv.received()
		if len(got) != 3*perEntity || rcv.bad != 0 {
			t.Fatalf("received %d (bad signatures %d), want %d", len(got), rcv.bad, 3*perEntity)
		}
		next := map[float64]float64{}
		for _, m := range got {
			if m["event"] != PunchRecorded {
				t.Fatalf("unexpected event %v", m["event"])
			}
			d := m["data"].(map[string]any)
			p, seq := d["person_id"].(float64), d["seq"].(float64)
			if seq != next[p] {
				t.Fatalf("person %v: got seq %v, want %v (out of order or twice)", p, seq, next[p])
			}
			next[p]++
		}
		ds, err := s.Deliveries(ctx, org, w.ID, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			if d.Status != "delivered" || d.LastStatus != http.StatusNoContent {
				t.Fatalf("delivery %d: %s, %d", d.ID, d.Status, d.LastStatus)
			}
		}
		// Manual redelivery sends the same body once more.
		if _, err := s.Redeliver(ctx, org, w.ID, ds[0].ID); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the redelivery", func() bool { return len(rcv.received()) == 3*perEntity+1 })
		// Another organisation's webhook is not found.
		other := newOrg(t, db)
		if _, err := s.Deliveries(ctx, other, w.ID, 10); err != ErrNotFound {
			t.Fatalf("other org: %v", err)
		}
		if _, err := s.Redeliver(ctx, other, w.ID, ds[0].ID); err != ErrNotFound {
			t.Fatalf("other org redeliver: %v", err)
		}
	})
}

// A receiver that signs with another secret rejects the delivery: the signature covers the body.
func TestSignatureRejectedWithWrongSecret(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		org := newOrg(t, db)
		s := fastService(db)
		rcv := newReceiver(t)
		w, _, err := s.Create(ctx, org, 0, NewWebhook{URL: rcv.url, Events: []string{PersonCreated}})
		if err != nil {
			t.Fatal(err)
		}
		rcv.secret = "whsec_not_the_one"
		if err := s.Emit(ctx, org, PersonCreated, "person:1", map[string]any{"person_id": 1}); err != nil {
			t.Fatal(err)
		}
		if found, err := s.DeliverOne(ctx); !found || err != nil {
			t.Fatalf("deliver: %v %v", found, err)
		}
		ds, err := s.Deliveries(ctx, org, w.ID, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != 1 || ds[0].Status != "pending" || ds[0].LastStatus != http.StatusUnauthorized || rcv.bad != 1 {
			t.Fatalf("deliveries %+v, bad %d", ds, rcv.bad)
		}
	})
}

// Bad input names the field.
func TestCreateValidation(t *testing.T) {
	db := testdb.New(t)
	s := NewService(db)
	org := newOrg(t, db)
	for _, c := range []struct {
		n     NewWebhook
		field string
	}{
		{NewWebhook{URL: "ftp://x", Events: []string{PersonCreated}}, "url"},
		{NewWebhook{URL: "", Events: []string{PersonCreated}}, "url"},
		{NewWebhook{URL: "https://example.com/h", Events: nil}, "events"},
		{NewWebhook{URL: "https://example.com/h", Events: []string{"nope"}}, "events"},
		// Not the public internet (server-side request forgery): refused unless allowed.
		{NewWebhook{URL: "http://127.0.0.1:8080/admin", Events: []string{PersonCreated}}, "url"},
		{NewWebhook{URL: "http://localhost/h", Events: []string{PersonCreated}}, "url"},
		{NewWebhook{URL: "http://169.254.169.254/latest/meta-data/", Events: []string{PersonCreated}}, "url"},
		{NewWebhook{URL: "http://10.1.2.3/h", Events: []string{PersonCreated}}, "url"},
		{NewWebhook{URL: "http://[::1]/h", Events: []string{PersonCreated}}, "url"},
		{NewWebhook{URL: "http://[::ffff:192.168.1.1]/h", Events: []string{PersonCreated}}, "url"},
	} {
		_, _, err := s.Create(context.Background(), org, 0, c.n)
		if err == nil || !json.Valid([]byte(`{}`)) {
			t.Fatalf("%+v: no error", c.n)
		}
		if m := fmt.Sprint(err); m == "" {
			t.Fatal("empty error")
		}
		if _, ok := err.(interface{ Messages() map[string][]string }); !ok {
			t.Fatalf("%+v: %T is not a field error", c.n, err)
		} else if _, ok := err.(interface{ Messages() map[string][]string }).Messages()[c.field]; !ok {
			t.Fatalf("%+v: error %v does not name %s", c.n, err, c.field)
		}
	}
}

// Two nodes sharing the database deliver each event once and keep each entity's order.
func TestTwoNodesDeliverOnceInOrder(t *testing.T) {
	for _, e := range testdb.Engines(t) {
		t.Run(string(e), func(t *testing.T) {
			dsn := "sqlite://" + filepath.Join(t.TempDir(), "hooks.db")
			if e == database.Postgres {
				dsn = testdb.PostgresURL(t)
			}
			var dbs []*database.DB
			for range 2 {
				db, err := database.Open(dsn)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				dbs = append(dbs, db)
			}
			ctx := context.Background()
			if err := migrations.Up(ctx, dbs[0]); err != nil {
				t.Fatal(err)
			}
			org := newOrg(t, dbs[0])
			a, b := fastService(dbs[0]), fastService(dbs[1])
			rcv := newReceiver(t)
			_, secret, err := a.Create(ctx, org, 0, NewWebhook{URL: rcv.url, Events: []string{PunchRecorded}})
			if err != nil {
				t.Fatal(err)
			}
			rcv.secret = secret
			const perEntity, entities = 10, 4
			for i := range perEntity {
				for p := range entities {
					if err := a.Emit(ctx, org, PunchRecorded, fmt.Sprintf("person:%d", p), map[string]any{"person_id": p, "seq": i}); err != nil {
						t.Fatal(err)
					}
				}
			}
			runCtx, stop := context.WithCancel(ctx)
			var wg sync.WaitGroup
			for _, s := range []*Service{a, b} {
				wg.Go(func() { s.Run(runCtx) })
			}
			waitFor(t, "every delivery", func() bool { return len(rcv.received()) >= perEntity*entities })
			time.Sleep(200 * time.Millisecond)
			stop()
			wg.Wait()
			got := rcv.received()
			if len(got) != perEntity*entities || rcv.bad != 0 {
				t.Fatalf("received %d (bad %d), want %d", len(got), rcv.bad, perEntity*entities)
			}
			next := map[float64]float64{}
			for _, m := range got {
				d := m["data"].(map[string]any)
				p, seq := d["person_id"].(float64), d["seq"].(float64)
				if seq != next[p] {
					t.Fatalf("person %v: seq %v, want %v", p, seq, next[p])
				}
				next[p]++
			}
		})
	}
}

// TestRefusedAddresses: a delivery connects only to public addresses unless the operator
// allowed the network. A name that resolves to loopback would pass registration (names are not
// resolved then), so the dialer checks the address actually connected to: refused before
// anything is sent; the same receiver, allowed, gets it. The allowance covers what it names only.
func TestRefusedAddresses(t *testing.T) {
	db := testdb.New(t)
	ctx := context.Background()
	org := newOrg(t, db)
	rcv := newReceiver(t)
	s := NewService(db)
	if _, _, err := s.Create(ctx, org, 0, NewWebhook{URL: rcv.url, Events: []string{PersonCreated}}); err == nil {
		t.Fatal("a loopback receiver was registered without an allowance")
	}
	// The dialer refuses what registration cannot see: the address connected to.
	req, _ := http.NewRequest("POST", rcv.url, strings.NewReader("{}"))
	_, err := s.client.Do(req)
	var refused *RefusedAddressError
	if !errors.As(err, &refused) || refused.Addr.String() != "127.0.0.1" {
		t.Fatalf("a delivery to loopback: %v, want a refused address", err)
	}
	if got := rcv.requests(); got != 0 {
		t.Fatalf("the receiver got %d requests", got)
	}

	s.AllowNets = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	if _, _, err := s.Create(ctx, org, 0, NewWebhook{URL: "http://10.0.5.20/hadir", Events: []string{PersonCreated}}); err != nil {
		t.Fatalf("an allowed private network: %v", err)
	}
	if _, _, err := s.Create(ctx, org, 0, NewWebhook{URL: rcv.url, Events: []string{PersonCreated}}); err == nil {
		t.Fatal("10.0.0.0/8 allowed loopback too")
	}
	s.AllowNets = append(s.AllowNets, netip.MustParsePrefix("127.0.0.1/32"))
	req, _ = http.NewRequest("POST", rcv.url, strings.NewReader("{}"))
	res, err := s.client.Do(req)
	if err != nil {
		t.Fatalf("an allowed loopback receiver: %v", err)
	}
	res.Body.Close()
	if got := rcv.requests(); got != 1 {
		t.Fatalf("the allowed receiver got %d requests, want 1", got)
	}
	for _, a := range []string{"8.8.8.8", "2606:4700::1111", "1.1.1.1"} {
		if !s.permitted(netip.MustParseAddr(a)) {
			t.Errorf("%s refused", a)
		}
	}
	for _, a := range []string{"100.64.0.1", "172.16.9.9", "fd00::1", "fe80::1", "0.0.0.0", "::", "::ffff:192.168.1.1"} {
		if s.permitted(netip.MustParseAddr(a)) {
			t.Errorf("%s permitted", a)
		}
	}
}

// requests counts what reached the receiver, signed or not.
func (r *receiver) requests() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.got) + r.bad
}
