package api_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"regexp"
	"strings"
	"testing"

	"hadir/internal/api"
	"hadir/internal/testdb"
)

// The test server is reached over loopback, so the default allow-list admits it.
func TestMetricsContent(t *testing.T) {
	e := newEnv(t, testdb.New(t))
	s := e.school("Metrics")
	e.expect(e.call("GET", "/api/school/employee/teacher", s.token, nil), 200)
	e.expect(e.call("GET", "/api/school/employee/teacher", "", nil), 401)
	e.expect(e.call("GET", "/api/no/such/route", s.token, nil), 404)
	m := e.expect(e.call("GET", "/metrics", "", nil), 200)
	for _, want := range []string{
		`hadir_http_requests_total{route="GET /api/school/employee/teacher",status="2xx"} 1`,
		`hadir_http_requests_total{route="GET /api/school/employee/teacher",status="4xx"} 1`,
		`hadir_http_request_duration_seconds_bucket{route="GET /api/school/employee/teacher",le="+Inf"} 2`,
		`hadir_http_request_duration_seconds_count{route="GET /api/school/employee/teacher"} 2`,
		`hadir_http_errors_total{code="auth.unauthenticated"} 1`,
		`hadir_http_errors_total{code="route_not_found"} 1`,
		"hadir_db_open_connections ", "hadir_db_wait_count_total ",
		"hadir_outbox_pending ", "hadir_device_commands_pending ",
		"# TYPE hadir_http_request_duration_seconds histogram",
	} {
		if !strings.Contains(m.raw, want) {
			t.Errorf("metrics lack %q:\n%s", want, m.raw)
		}
	}
	// The application wires the password-hash semaphore's counters.
	for _, want := range []string{"hadir_password_hash_waits_total ", "hadir_password_hash_refused_total "} {
		if !strings.Contains(m.raw, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

// serveAs answers one request through a handler built with deps, from a peer address.
func serveAs(t *testing.T, deps api.Deps, peer, token string) *http.Response {
	t.Helper()
	h := api.New(deps)
	req, _ := http.NewRequestWithContext(context.Background(), "GET", "/metrics", nil)
	req.RemoteAddr = peer
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestMetricsAccess(t *testing.T) {
	db := testdb.New(t)
	lan := []netip.Prefix{netip.MustParsePrefix("10.1.0.0/16")}
	stats := func() (uint64, uint64) { return 7, 2 }
	cases := []struct {
		name        string
		deps        api.Deps
		peer, token string
		want        int
	}{
		{"loopback_default200", api.Deps{DB: db}, "127.0.0.1:5000", "", 200},
		{"loopback6_default200", api.Deps{DB: db}, "[::1]:5000", "", 200},
		{"remote_default403", api.Deps{DB: db}, "192.0.2.7:5000", "", 403},
		{"allowed_cidr200", api.Deps{DB: db, MetricsAllow: lan}, "10.1.2.3:5000", "", 200},
		{"outside_cidr403", api.Deps{DB: db, MetricsAllow: lan}, "10.2.0.1:5000", "", 403},
		{"loopback_not_listed403", api.Deps{DB: db, MetricsAllow: lan}, "127.0.0.1:5000", "", 403},
		{"token200", api.Deps{DB: db, MetricsToken: "s3cret", MetricsAllow: []netip.Prefix{}}, "192.0.2.7:5000", "s3cret", 200},
		{"wrong_token403", api.Deps{DB: db, MetricsToken: "s3cret", MetricsAllow: []netip.Prefix{}}, "192.0.2.7:5000", "guess", 403},
		{"no_token403", api.Deps{DB: db, MetricsToken: "s3cret", MetricsAllow: []netip.Prefix{}}, "127.0.0.1:5000", "", 403},
		{"token_unset_any_bearer403", api.Deps{DB: db, MetricsAllow: []netip.Prefix{}}, "192.0.2.7:5000", "", 403},
		{"hash_stats200", api.Deps{DB: db, HashStats: stats}, "127.0.0.1:5000", "", 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := serveAs(t, c.deps, c.peer, c.token)
			if res.StatusCode != c.want {
				t.Fatalf("status %d, want %d", res.StatusCode, c.want)
			}
			if c.deps.HashStats != nil {
				b, _ := io.ReadAll(res.Body)
				body := string(b)
				if !strings.Contains(body, "hadir_password_hash_waits_total 7") || !strings.Contains(body, "hadir_password_hash_refused_total 2") {
					t.Fatalf("hash counters missing:\n%s", body)
				}
			}
		})
	}
}

// Every answer carries a request id: a sane incoming one is kept, anything else replaced.
func TestRequestID(t *testing.T) {
	e := newEnv(t, testdb.New(t))
	id := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-z]+$`)
	for _, c := range []struct{ in, want string }{
		{"", ""}, {"abc-123_X.y:z", "abc-123_X.y:z"}, {"bad id <script>", ""}, {strings.Repeat("a", 65), ""},
	} {
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/verify", nil)
		if c.in != "" {
			req.Header["X-Request-Id"] = []string{c.in}
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		got := res.Header.Get("X-Request-ID")
		if c.want != "" && got != c.want || c.want == "" && !id.MatchString(got) {
			t.Errorf("in %q: X-Request-ID %q", c.in, got)
		}
	}
}

// At info level a failed request is logged with its id, route, status, org and code, and a
// successful one is not; at debug level both are.
func TestRequestLog(t *testing.T) {
	e := newEnv(t, testdb.New(t))
	s := e.school("Logs")
	var buf bytes.Buffer
	level := new(slog.LevelVar)
	old := slog.Default()
	slog.SetDefault(slog.New(api.LogHandler(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: level}))))
	defer slog.SetDefault(old)
	get := func(path, id string) {
		req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+s.token)
		req.Header.Set("X-Request-ID", id)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	get("/api/school/employee/teacher", "ok-1")
	get("/api/school/employee/teacher/details?id=999999", "missing-1")
	out := buf.String()
	if strings.Contains(out, `"ok-1"`) {
		t.Errorf("a successful request was logged at info:\n%s", out)
	}
	for _, want := range []string{`"request_id":"missing-1"`, `"route":"GET /api/school/employee/teacher/details"`, `"status":404`, `"org_id":`, `"code":"`} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %s:\n%s", want, out)
		}
	}
	level.Set(slog.LevelDebug)
	get("/api/school/employee/teacher", "ok-2")
	if !strings.Contains(buf.String(), `"request_id":"ok-2"`) {
		t.Errorf("a successful request was not logged at debug:\n%s", buf.String())
	}
}

// A request whose client has gone is counted as 499 request.client_gone, not as a 500.
func TestClientGone(t *testing.T) {
	e := newEnv(t, testdb.New(t))
	s := e.school("Gone")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequestWithContext(ctx, "GET", "/api/school/employee/teacher", nil)
	req.Header.Set("Authorization", "Bearer "+s.token)
	rec := httptest.NewRecorder()
	e.app.API.ServeHTTP(rec, req)
	if rec.Code != 499 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	m := e.expect(e.call("GET", "/metrics", "", nil), 200)
	if !strings.Contains(m.raw, `hadir_http_errors_total{code="request.client_gone"} 1`) || strings.Contains(m.raw, `code="internal"`) {
		t.Fatalf("metrics:\n%s", m.raw)
	}
}
