package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/attendance"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
	"hadir/internal/webhook"
)

// hookReceiver is a real HTTP receiver that verifies each delivery's signature with the
// secret the API showed once, and keeps the events in the order they came.
type hookReceiver struct {
	srv    *httptest.Server
	mu     sync.Mutex
	secret string
	events []map[string]any
	bad    []string
}

func newHookReceiver(t *testing.T) *hookReceiver {
	h := &hookReceiver{}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		defer h.mu.Unlock()
		ts, _ := strconv.ParseInt(r.Header.Get(webhook.HeaderTimestamp), 10, 64)
		if r.Header.Get(webhook.HeaderSignature) != webhook.Sign(h.secret, ts, body) {
			h.bad = append(h.bad, string(body))
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var m map[string]any
		_ = json.Unmarshal(body, &m)
		h.events = append(h.events, m)
	}))
	t.Cleanup(h.srv.Close)
	return h
}

func (h *hookReceiver) names() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for _, m := range h.events {
		out = append(out, m["event"].(string))
	}
	return out
}

// TestWebhooks: an admin registers a webhook through the API (the secret shown once); the
// events of people, punches and approvals reach a real receiver, signed; the delivery log
// and redelivery work; members are refused and other organisations see 404.
func TestWebhooks(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx, cancel := context.WithCancel(context.Background())
		e.app.Webhooks.PollInterval = 20 * time.Millisecond
		done := make(chan struct{})
		go func() { e.app.Webhooks.Run(ctx); close(done) }()
		defer func() { cancel(); <-done }()
		c, other := e.company("Hook Co"), e.company("Other Hook Co")
		member := e.user(c.orgID, account.RoleMember)
		rcv := newHookReceiver(t)

		bad := e.expect(e.call("POST", "/api/integrations/webhooks", c.token, map[string]any{"url": "mailto:x", "events": []string{"nope"}}), 422)
		for _, f := range []string{"url"} {
			if !strings.Contains(bad.raw, `"`+f+`"`) {
				t.Errorf("422 does not name %s: %s", f, bad.raw)
			}
		}
		bad = e.expect(e.call("POST", "/api/integrations/webhooks", c.token, map[string]any{"url": rcv.srv.URL, "events": []string{"nope"}}), 422)
		if !strings.Contains(bad.raw, `"events"`) {
			t.Errorf("422 does not name events: %s", bad.raw)
		}
		e.expect(e.call("POST", "/api/integrations/webhooks", member, map[string]any{"url": rcv.srv.URL, "events": []string{"person.created"}}), 403)
		e.expect(e.call("GET", "/api/integrations/webhooks", member, nil), 403)
		created := e.expect(e.call("POST", "/api/integrations/webhooks", c.token, map[string]any{"url": rcv.srv.URL,
			"events": []string{"person.created", "person.archived", "punch.recorded", "application.submitted", "application.approved"}}), 201)
		rcv.secret = created.str("data", "secret")
		if !strings.HasPrefix(rcv.secret, "whsec_") {
			t.Fatalf("secret %q", rcv.secret)
		}
		hookID := int64(created.data()["id"].(float64))
		if list := e.call("GET", "/api/integrations/webhooks", c.token, nil); strings.Contains(list.raw, rcv.secret) || !strings.Contains(list.raw, rcv.srv.URL) {
			t.Fatalf("list shows the secret or misses the webhook: %s", list.raw)
		}
		if list := e.expect(e.call("GET", "/api/integrations/webhooks", other.token, nil), 200); strings.Contains(list.raw, rcv.srv.URL) {
			t.Fatalf("another organisation lists the webhook: %s", list.raw)
		}
		// The audit trail records the webhook, its secret as a secret.
		var audited string
		if err := db.QueryRow(`SELECT new_values FROM audit_log WHERE org_id = $1 AND entity = 'webhook'`, c.orgID).Scan(&audited); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(audited, rcv.secret) || !strings.Contains(audited, "[secret]") {
			t.Fatalf("audit: %s", audited)
		}

		worker := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "W1", "first_name": "Wan"}), 201))
		if _, err := e.app.Attendance.Record(context.Background(), attendance.Punch{OrgID: c.orgID, PersonID: worker, At: time.Now().Add(-time.Hour).Truncate(time.Second), Source: "web"}); err != nil {
			t.Fatal(err)
		}
		wtok := e.member(c.orgID, worker)
		e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "attendance_correction", "levels": []string{"admins"}}), 200)
		day := time.Now().In(kl).AddDate(0, 0, -1).Format("2006-01-02")
		req := idOf(e.expect(e.call("POST", "/api/requests/attendance", wtok, map[string]any{"date": day, "kind": "add_punch", "time": "17:30", "reason": "Forgot"}), 201))
		e.expect(e.call("POST", fmt.Sprintf("/api/approvals/attendance_correction/%d/approve", req), c.token, nil), 200)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/employee/record?employee_id=%d", worker), c.token, nil), 204)

		// The approved correction adds a punch: a second punch.recorded.
		want := []string{"person.created", "punch.recorded", "application.submitted", "punch.recorded", "application.approved", "person.archived"}
		deadline := time.Now().Add(15 * time.Second)
		for len(rcv.names()) < len(want) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		got := rcv.names()
		// The person's events are in order; the approval's too.
		order := func(events []string, names ...string) bool {
			i := 0
			for _, ev := range events {
				if i < len(names) && ev == names[i] {
					i++
				}
			}
			return i == len(names)
		}
		if len(got) != len(want) || !order(got, "person.created", "person.archived") || !order(got, "application.submitted", "application.approved") || len(rcv.bad) > 0 {
			t.Fatalf("received %v (bad %d), want %v", got, len(rcv.bad), want)
		}

		// The delivery log, newest first; redelivery; another organisation gets 404.
		path := fmt.Sprintf("/api/integrations/webhooks/%d", hookID)
		// The receiver has the last event before its delivery is recorded as delivered: wait
		// for the record too.
		log := items(e.expect(e.call("GET", path+"/deliveries", c.token, nil), 200))
		for len(log) > 0 && log[0]["status"] == "pending" && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
			log = items(e.expect(e.call("GET", path+"/deliveries", c.token, nil), 200))
		}
		if len(log) != len(want) || log[0]["status"] != "delivered" || log[0]["last_status"] != float64(200) {
			t.Fatalf("log %v", log)
		}
		e.expect(e.call("GET", path+"/deliveries", other.token, nil), 404)
		e.expect(e.call("GET", path+"/deliveries?limit=0", c.token, nil), 422)
		first := int64(log[len(log)-1]["id"].(float64))
		e.expect(e.call("POST", fmt.Sprintf("%s/deliveries/%d/redeliver", path, first), other.token, nil), 404)
		e.expect(e.call("POST", fmt.Sprintf("%s/deliveries/%d/redeliver", path, first), member, nil), 403)
		e.expect(e.call("POST", fmt.Sprintf("%s/deliveries/%d/redeliver", path, first), c.token, nil), 201)
		for len(rcv.names()) < len(want)+1 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if got := rcv.names(); len(got) != len(want)+1 || got[len(got)-1] != "person.created" {
			t.Fatalf("after redelivery: %v", got)
		}

		// An inactive webhook records nothing; another organisation cannot change or delete it.
		e.expect(e.call("PUT", path, other.token, map[string]any{"url": rcv.srv.URL, "events": []string{"person.created"}, "active": false}), 404)
		e.expect(e.call("PUT", path, c.token, map[string]any{"url": rcv.srv.URL, "events": []string{"person.created"}}), 422)
		e.expect(e.call("PUT", path, c.token, map[string]any{"url": rcv.srv.URL, "events": []string{"person.created"}, "active": false}), 200)
		e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "W2", "first_name": "Two"}), 201)
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM webhook_deliveries WHERE webhook_id = $1`, hookID).Scan(&n); err != nil || n != len(want)+1 {
			t.Fatalf("deliveries after deactivating: %d %v", n, err)
		}
		e.expect(e.call("DELETE", path, other.token, nil), 404)
		e.expect(e.call("DELETE", path, c.token, nil), 204)
		e.expect(e.call("GET", path+"/deliveries", c.token, nil), 404)
	})
}

// TestWebhookDeviceUploadPunches: a terminal's upload tells a webhook of each new punch once,
// in the order of the upload per person; the same upload sent again (a lost reply) tells
// nothing more.
func TestWebhookDeviceUploadPunches(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, _, ids := companyWithDevice(e, "HOOK0001", 2)
		rcv := newHookReceiver(t)
		created := e.expect(e.call("POST", "/api/integrations/webhooks", c.token, map[string]any{"url": rcv.srv.URL, "events": []string{"punch.recorded"}}), 201)
		rcv.secret = created.str("data", "secret")
		upload := "E1\t2026-11-19 08:05:00\t0\t1\t0\t0\t0\r\nE2\t2026-11-19 09:30:00\t0\t1\t0\t0\t0\r\nE1\t2026-11-19 17:05:00\t1\t1\t0\t0\t0\r\n"
		for range 2 {
			if r := e.call("POST", "/iclock/cdata.aspx?SN=HOOK0001&table=ATTLOG&Stamp=9999", "", upload); r.status != 200 {
				t.Fatalf("upload: %d %s", r.status, r.raw)
			}
		}
		for {
			found, err := e.app.Webhooks.DeliverOne(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if !found {
				break
			}
		}
		rcv.mu.Lock()
		defer rcv.mu.Unlock()
		if len(rcv.events) != 3 || len(rcv.bad) != 0 {
			t.Fatalf("received %d events (%d bad), want 3", len(rcv.events), len(rcv.bad))
		}
		var e1 []string
		for _, m := range rcv.events {
			d := m["data"].(map[string]any)
			if m["event"] != "punch.recorded" || d["punch_id"].(float64) == 0 || d["source"] == "" {
				t.Fatalf("event %v", m)
			}
			if int64(d["person_id"].(float64)) == ids[0] {
				e1 = append(e1, d["local_time"].(string))
			}
		}
		if len(e1) != 2 || e1[0] != "2026-11-19T08:05:00" || e1[1] != "2026-11-19T17:05:00" {
			t.Fatalf("E1's punches: %v", e1)
		}
	})
}
