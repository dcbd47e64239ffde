package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestNotificationReachesTheOtherServeProcess runs two real `hadir serve` processes on one
// PostgreSQL database (issue 12): a member applies for leave through node A, and the admin's
// notification stream, open on node B, receives the "submitted" notification within 2 s.
// Everything goes through the HTTP API as a customer's deployment behind a load balancer
// would; the only shortcut is reading the member's verification code from the outbox
// instead of an inbox.
func TestNotificationReachesTheOtherServeProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary twice")
	}
	if os.Getenv(testdb.EnvPostgres) == "" {
		t.Skip(testdb.EnvPostgres + " is not set")
	}
	dbURL := testdb.PostgresURL(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "hadir")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	a := startServe(t, bin, dir, "a", dbURL)
	b := startServe(t, bin, dir, "b", dbURL)

	owner := fmt.Sprintf("owner-%d@twonodes.test", time.Now().UnixNano())
	reg := call(t, a, "POST", "/api/auth/register", "", map[string]any{
		"name": "Two Nodes", "email": owner, "company_size": "12", "employer": "Dua Nod Sdn Bhd", "password": "owner-pass-1",
		"timezone": "Asia/Kuala_Lumpur", "terms": true, "start_empty": true,
	}, 201)
	ownerToken := str(t, reg, "data", "access_token")
	memberEmail := "member-" + owner
	person := call(t, a, "POST", "/api/employee/record/register", ownerToken, map[string]any{"code": "N1", "first_name": "Nurul", "last_name": "Dua", "email": memberEmail}, 201)
	personID := num(t, person, "data", "id")
	group := call(t, a, "POST", "/api/group/record/register", ownerToken, map[string]any{"name": "Every day", "time_in": "08:00", "cut_off_time_in": "09:00", "time_out": "17:00", "cut_off_time_out": "18:00"}, 201)
	groupID := num(t, group, "data", "id")
	days := []map[string]any{}
	for d := 1; d <= 7; d++ {
		days = append(days, map[string]any{"id": d, "type": 1})
	}
	call(t, a, "POST", "/api/group/schedule", ownerToken, map[string]any{"id": groupID, "days": days}, 0)
	call(t, a, "POST", "/api/group/employees", ownerToken, map[string]any{"group_id": groupID, "employees": []int64{personID}}, 0)
	leaveType := call(t, a, "POST", "/api/company/leave", ownerToken, map[string]any{"type": "Annual", "unit": "day", "day_count": 14}, 201)
	typeID := num(t, leaveType, "data", "id")
	call(t, a, "POST", "/api/company/leave/employee/entitlement", ownerToken, map[string]any{"employee_id": personID, "leave_type_id": typeID, "entitled": 14}, 0)

	// The verification e-mail waits in the outbox (no SMTP server is configured).
	db, err := database.Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var body string
	if err := db.QueryRow(`SELECT body FROM outbox WHERE to_addr = $1 ORDER BY id DESC LIMIT 1`, memberEmail).Scan(&body); err != nil {
		t.Fatalf("the verification e-mail: %v", err)
	}
	m := regexp.MustCompile(`(?i)verification code is ([A-Z0-9]{4})-([A-Z0-9]{4})`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no code in the e-mail:\n%s", body)
	}
	verified := call(t, a, "POST", "/api/auth/verification/register/employee", "", map[string]any{
		"verification_code": m[1] + m[2], "password": "member-pass-1", "password_confirmation": "member-pass-1",
	}, 201)
	memberToken := str(t, verified, "data", "access_token")

	// The owner's stream on node B.
	req, _ := http.NewRequest("GET", b+"/api/notifications/stream", nil)
	req.Header.Set("Authorization", "Bearer "+ownerToken)
	req.Header.Set("Accept", "text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("stream on node B: %d", res.StatusCode)
	}
	events := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if line := sc.Text(); strings.HasPrefix(line, "data:") {
				events <- line
			}
		}
		close(events)
	}()
	time.Sleep(300 * time.Millisecond) // let node B's stream subscribe before the change

	from := time.Now().In(mustZone(t, "Asia/Kuala_Lumpur")).AddDate(0, 0, 3).Format("2006-01-02")
	call(t, a, "POST", "/api/school/personal/leave/application", memberToken, map[string]any{"leave_type_id": typeID, "from_date": from, "reason": "Family"}, 201)
	start := time.Now()
	timeout := time.After(2 * time.Second)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatal("node B ended the stream")
			}
			if strings.Contains(ev, "Nurul") || strings.Contains(ev, `"submitted"`) || strings.Contains(ev, `"waiting"`) {
				t.Logf("node B's client got the notification %v after node A took the application: %s", time.Since(start).Round(time.Millisecond), ev)
				return
			}
		case <-timeout:
			t.Fatal("no notification reached node B's stream within 2 s")
		}
	}
}

// startServe starts `hadir serve` on a free loopback port against dbURL and returns its base URL.
func startServe(t *testing.T, bin, dir, name, dbURL string) string {
	t.Helper()
	base, _ := startServeCmd(t, bin, dir, name, dbURL)
	return base
}

// startServeCmd is startServe also returning the node, for a test that kills it. The node
// binds a port of its own choosing (HADIR_ADDR=127.0.0.1:0) and the test reads it from the
// node's "listening" log line: a port picked by the test and freed before the node binds it
// can be taken meanwhile by another package's test server, which then answers in its place.
func startServeCmd(t *testing.T, bin, dir, name, dbURL string, env ...string) (string, *serveNode) {
	t.Helper()
	cmd := exec.Command(bin, "serve")
	cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "HADIR_ADDR=127.0.0.1:0", "HADIR_DATA_DIR=" + filepath.Join(dir, name),
		"HADIR_DATABASE_URL=" + dbURL, "HADIR_BASE_URL=http://127.0.0.1", "HADIR_LOG_FORMAT=json",
		"HADIR_WEBHOOK_ALLOW_NETS=127.0.0.0/8"} // the tests' webhook receivers
	cmd.Env = append(cmd.Env, env...)
	logs := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
		if t.Failed() {
			t.Logf("node %s's log:\n%s", name, logs.String())
		}
	})
	listening := regexp.MustCompile(`"msg":"listening","url":"(http://[^"]+)"`)
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if m := listening.FindStringSubmatch(logs.String()); m != nil {
			base := m[1]
			if res, err := http.Get(base + "/readyz"); err == nil {
				res.Body.Close()
				if res.StatusCode == 200 {
					return base, &serveNode{cmd: cmd, exited: exited}
				}
			}
		}
		select {
		case <-exited:
			t.Fatalf("node %s exited: %s", name, logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("node %s did not start: %s", name, logs.String())
		}
	}
}

// serveNode is a running `hadir serve`.
type serveNode struct {
	cmd    *exec.Cmd
	exited chan struct{}
}

// Kill stops the node with SIGKILL and waits until it has gone.
func (n *serveNode) Kill() {
	_ = n.cmd.Process.Kill()
	<-n.exited
}

// syncBuffer is a bytes.Buffer a process writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// call sends a JSON request and checks the status (0: any 2xx); it returns the decoded body.
func call(t *testing.T, base, method, path, token string, body any, want int) map[string]any {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	raw := new(bytes.Buffer)
	_, _ = raw.ReadFrom(res.Body)
	_ = json.Unmarshal(raw.Bytes(), &out)
	if (want == 0 && (res.StatusCode < 200 || res.StatusCode > 299)) || (want != 0 && res.StatusCode != want) {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, res.StatusCode, want, raw.String())
	}
	return out
}

func field(t *testing.T, m map[string]any, keys ...string) any {
	t.Helper()
	var v any = m
	for _, k := range keys {
		mm, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("no %v in %v", keys, m)
		}
		v = mm[k]
	}
	return v
}

func str(t *testing.T, m map[string]any, keys ...string) string {
	t.Helper()
	s, ok := field(t, m, keys...).(string)
	if !ok || s == "" {
		t.Fatalf("no string %v in %v", keys, m)
	}
	return s
}

func num(t *testing.T, m map[string]any, keys ...string) int64 {
	t.Helper()
	f, ok := field(t, m, keys...).(float64)
	if !ok {
		t.Fatalf("no number %v in %v", keys, m)
	}
	return int64(f)
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
