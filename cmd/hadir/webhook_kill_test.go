package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"hadir/internal/testdb"
	"hadir/internal/webhook"
)

// TestWebhooksSurviveKill9 runs the real binary (on SQLite and PostgreSQL): events are
// recorded while the receiver is down, the server is killed with SIGKILL, and a new server
// on the same database delivers every event once the receiver is back: each once, signed,
// in order per person (created before archived).
func TestWebhooksSurviveKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "hadir")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	for _, e := range testdb.Engines(t) {
		t.Run(string(e), func(t *testing.T) {
			dbURL := "sqlite://" + filepath.Join(t.TempDir(), "hadir.db")
			if e == "postgres" {
				dbURL = testdb.PostgresURL(t)
			}
			killAndDeliver(t, bin, t.TempDir(), dbURL)
		})
	}
}

type killReceiver struct {
	mu        sync.Mutex
	up        bool
	secret    string
	got       []map[string]any
	delivered map[string]int
	bad       int
}

func killAndDeliver(t *testing.T, bin, dir, dbURL string) {
	rcv := &killReceiver{delivered: map[string]int{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rcv.mu.Lock()
		defer rcv.mu.Unlock()
		if !rcv.up {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		ts, _ := strconv.ParseInt(r.Header.Get(webhook.HeaderTimestamp), 10, 64)
		if r.Header.Get(webhook.HeaderSignature) != webhook.Sign(rcv.secret, ts, body) {
			rcv.bad++
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var m map[string]any
		_ = json.Unmarshal(body, &m)
		rcv.got = append(rcv.got, m)
		rcv.delivered[r.Header.Get(webhook.HeaderDelivery)]++
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()

	a, cmd := startServeCmd(t, bin, dir, "a", dbURL)
	owner := fmt.Sprintf("owner-%d@kill.test", time.Now().UnixNano())
	reg := call(t, a, "POST", "/api/auth/register", "", map[string]any{
		"name": "Kill Nine", "email": owner, "company_size": "12", "employer": "Bunuh Sdn Bhd", "password": "owner-pass-1",
		"timezone": "Asia/Kuala_Lumpur", "terms": true, "start_empty": true,
	}, 201)
	token := str(t, reg, "data", "access_token")
	hook := call(t, a, "POST", "/api/integrations/webhooks", token, map[string]any{"url": srv.URL, "events": []string{"person.created", "person.archived"}}, 201)
	rcv.mu.Lock()
	rcv.secret = str(t, hook, "data", "secret")
	rcv.mu.Unlock()
	const people = 5
	for i := range people {
		p := call(t, a, "POST", "/api/employee/record/register", token, map[string]any{"code": fmt.Sprintf("K%d", i), "first_name": fmt.Sprintf("Kill %d", i)}, 201)
		call(t, a, "DELETE", fmt.Sprintf("/api/employee/record?employee_id=%d", num(t, p, "data", "id")), token, nil, 204)
	}
	time.Sleep(300 * time.Millisecond) // the server tries, and fails, while the receiver is down
	cmd.Kill()
	rcv.mu.Lock()
	rcv.up = true
	rcv.mu.Unlock()

	startServe(t, bin, dir, "b", dbURL)
	deadline := time.Now().Add(90 * time.Second) // the first retry waits up to 20 s
	for {
		rcv.mu.Lock()
		n := len(rcv.got)
		rcv.mu.Unlock()
		if n >= 2*people {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("received %d of %d events after the restart", n, 2*people)
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // nothing more must come
	rcv.mu.Lock()
	defer rcv.mu.Unlock()
	if len(rcv.got) != 2*people || rcv.bad != 0 {
		t.Fatalf("received %d events (bad signatures %d), want %d", len(rcv.got), rcv.bad, 2*people)
	}
	for id, n := range rcv.delivered {
		if n != 1 {
			t.Errorf("delivery %s received %d times", id, n)
		}
	}
	seen := map[float64]string{}
	for _, m := range rcv.got {
		p := m["data"].(map[string]any)["person_id"].(float64)
		ev := m["event"].(string)
		switch {
		case ev == "person.created" && seen[p] == "":
		case ev == "person.archived" && seen[p] == "person.created":
		default:
			t.Fatalf("person %v: %s after %q", p, ev, seen[p])
		}
		seen[p] = ev
	}
	if len(seen) != people {
		t.Fatalf("events of %d people, want %d", len(seen), people)
	}
}
