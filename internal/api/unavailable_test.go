package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// expectUnavailable checks a 503 service.unavailable answer naming cause, with Retry-After.
func (e *env) expectUnavailable(r resp, cause string) {
	e.t.Helper()
	e.expect(r, 503)
	if r.str("code") != "service.unavailable" || !strings.Contains(r.str("message"), cause) {
		e.t.Fatalf("want service.unavailable naming %q, got %s", cause, r.raw)
	}
	if r.header.Get("Retry-After") == "" {
		e.t.Fatalf("503 without Retry-After: %v", r.header)
	}
}

// expectNotReady checks that /readyz answers 503 naming cause.
func (e *env) expectNotReady(cause string) {
	e.t.Helper()
	r := e.call("GET", "/readyz", "", nil)
	if r.status != 503 || !strings.Contains(r.raw, cause) || r.header.Get("Retry-After") == "" {
		e.t.Fatalf("/readyz: %d %q (Retry-After %q), want 503 naming %q", r.status, r.raw, r.header.Get("Retry-After"), cause)
	}
}

// waitReady polls /readyz until it answers 200 (the probe is cached for a second and a
// request's failure counts for FailureWindow).
func (e *env) waitReady() {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := e.call("GET", "/readyz", "", nil)
		if r.status == 200 {
			return
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("/readyz still %d: %s", r.status, r.raw)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// onEveryConn runs stmt on every connection of the pool, and keeps them all in the pool, so
// that a per-connection setting (a PRAGMA, a session characteristic) holds for every request.
func onEveryConn(t *testing.T, db *database.DB, stmt string) {
	t.Helper()
	n := db.Stats().MaxOpenConnections
	db.SetMaxIdleConns(n)
	db.SetConnMaxIdleTime(0)
	ctx := context.Background()
	var conns []interface{ Close() error }
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range n {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		if _, err := c.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
}

// captureLog sends the default logger to a buffer until the test ends.
func captureLog(t *testing.T) func() string {
	var mu sync.Mutex
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(lockedWriter{&mu, &buf}, nil)))
	t.Cleanup(func() { slog.SetDefault(old) })
	return func() string { mu.Lock(); defer mu.Unlock(); return buf.String() }
}

type lockedWriter struct {
	mu  *sync.Mutex
	buf *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func position(i int) map[string]any {
	return map[string]any{"name": fmt.Sprintf("Position %03d %s", i, strings.Repeat("x", 80)), "code": fmt.Sprintf("P%d", i)}
}

const positions = "/api/company/settings/positions"

// PostgreSQL cut away through a proxy: reads and writes answer 503 service.unavailable with
// Retry-After and the cause (not 500 internal, and not 401 for a session that cannot be
// looked up), /readyz is 503 during the cut and 200 after, and writes work again.
func TestDatabaseCutAnswers503(t *testing.T) {
	if os.Getenv(testdb.EnvPostgres) == "" {
		t.Skip("needs " + testdb.EnvPostgres)
	}
	base := testdb.PostgresURL(t)
	u, _ := url.Parse(base)
	proxy := testdb.NewProxy(t, u.Host, false)
	db, err := database.Open(proxy.URL(base))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := migrations.Up(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	db.FailureWindow = 300 * time.Millisecond
	e := newEnv(t, db)
	c := e.company("Cut Co")
	e.expect(e.call("POST", positions, c.token, position(1)), 201)
	e.expect(e.call("GET", "/readyz", "", nil), 200)
	logs := captureLog(t)

	proxy.Cut()
	e.expectUnavailable(e.call("POST", positions, c.token, position(2)), "the database is unavailable")
	e.expectUnavailable(e.call("GET", positions, c.token, nil), "the database is unavailable")
	e.expectUnavailable(e.call("POST", "/api/auth/login", "", map[string]any{"email": c.email, "password": pw}), "the database is unavailable")
	e.expectNotReady("the database is unavailable")
	if l := logs(); !strings.Contains(l, "database unavailable") || !strings.Contains(l, "route=\"POST "+positions+"\"") {
		t.Errorf("the failure is not logged with its route:\n%s", l)
	}

	proxy.Restore()
	e.waitReady()
	e.expect(e.call("POST", positions, c.token, position(3)), 201)
	e.expect(e.call("GET", positions, c.token, nil), 200)
}

// SQLite out of space (max_page_count is SQLite's real SQLITE_FULL path): the write that no
// longer fits answers 503 naming the full disk, and /readyz fails although its own one-row
// rewrite still fits in the pages the file has; with room again both recover.
func TestSQLiteDiskFullAnswers503(t *testing.T) {
	db, err := database.Open("sqlite://" + filepath.Join(t.TempDir(), "full.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := migrations.Up(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	db.FailureWindow = 300 * time.Millisecond
	e := newEnv(t, db)
	c := e.company("Full Co")
	e.waitReady()
	var pages int
	if err := db.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	onEveryConn(t, db, fmt.Sprintf("PRAGMA max_page_count = %d", pages))
	var full resp
	for i := range 500 {
		full = e.call("POST", positions, c.token, position(i))
		if full.status != 201 {
			break
		}
	}
	e.expectUnavailable(full, "the disk is full")
	e.expectNotReady("the disk is full")

	onEveryConn(t, db, "PRAGMA max_page_count = 1073741823")
	e.waitReady()
	e.expect(e.call("POST", positions, c.token, position(1000)), 201)
}

// A read-only database (SQLite: PRAGMA query_only, PostgreSQL: read-only sessions, as on a
// standby): writes answer 503 naming it, /readyz fails, and both recover.
func TestReadOnlyDatabaseAnswers503(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		db.FailureWindow = 300 * time.Millisecond
		e := newEnv(t, db)
		c := e.company("Frozen Co")
		e.expect(e.call("POST", positions, c.token, position(1)), 201)
		on, off := "PRAGMA query_only = 1", "PRAGMA query_only = 0"
		if db.Dialect == database.Postgres {
			on, off = "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY", "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE"
		}
		onEveryConn(t, db, on)
		e.expectUnavailable(e.call("POST", positions, c.token, position(2)), "the database is read-only")
		e.expectNotReady("the database is read-only")

		onEveryConn(t, db, off)
		e.waitReady()
		e.expect(e.call("POST", positions, c.token, position(3)), 201)
	})
}

// A truncated upload is the client's failure, never a 503 or a 500, although a cut
// PostgreSQL connection fails with the same io.ErrUnexpectedEOF (TestDatabaseCutAnswers503):
//
//   - a body cut inside its own framing (JSON that stops mid-object, a multipart form without
//     its closing boundary) from a client that is still there reads as an unexpected EOF and
//     answers 422 naming the body or its file field;
//   - a client that hangs up in the middle of its upload (the request declares a length it
//     never sends) is counted as 499 request.client_gone.
func TestTruncatedUploadIsClientError(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Truncated Co")
		s := e.school("Truncated School")
		tid := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "TR1", "first_name": "Trunc"}), 201))
		member := e.member(s.orgID, tid)
		png := noisePNG(t, 80, 60)
		form := func(fields map[string]string, part, name string, file []byte) (string, []byte) {
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			for k, v := range fields {
				_ = mw.WriteField(k, v)
			}
			fw, _ := mw.CreateFormFile(part, name)
			_, _ = fw.Write(file)
			_ = mw.Close()
			return mw.FormDataContentType(), buf.Bytes()
		}
		position, _ := json.Marshal(position(1))
		type upload struct {
			name, path, token, contentType, field string
			body                                  []byte
		}
		cases := []upload{{"json body", positions, c.token, "application/json", "body", position}}
		for _, u := range []struct {
			name, path, token, part, file string
			fields                        map[string]string
			data                          []byte
		}{
			{"teacher image", "/api/school/employee/teacher/image", s.token, "image", "photo.png", map[string]string{"id": fmt.Sprint(tid)}, png},
			{"own image", "/api/school/personal/profile/image", member, "image", "photo.png", nil, png},
			{"leave attachment", "/api/school/personal/leave/application", member, "attachment", "note.png",
				map[string]string{"leave_type_id": "1", "from_date": "2026-12-07", "to_date": "2026-12-07"}, png},
			{"import", "/api/school/employee/teacher/import", s.token, "file", "people.csv", nil, []byte(strings.Repeat("code,first_name\nT9,Nine\n", 200))},
		} {
			ct, body := form(u.fields, u.part, u.file, u.data)
			field := u.part
			if u.name == "leave attachment" {
				field = "body" // the form as a whole cannot be read
			}
			cases = append(cases, upload{u.name, u.path, u.token, ct, field, body})
		}
		for _, u := range cases {
			half := u.body[:len(u.body)/2]
			req, _ := http.NewRequest("POST", e.srv.URL+u.path, bytes.NewReader(half))
			req.Header.Set("Content-Type", u.contentType)
			req.Header.Set("Authorization", "Bearer "+u.token)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var got struct {
				Code   string         `json:"code"`
				Errors map[string]any `json:"errors"`
			}
			_ = json.Unmarshal(raw, &got)
			if res.StatusCode != 422 || got.Errors[u.field] == nil {
				t.Errorf("%s: a body cut at %d of %d bytes answered %d, want 422 naming %q: %s", u.name, len(half), len(u.body), res.StatusCode, u.field, raw)
			}

			status, raw2 := e.truncatedPost(u.path, u.token, u.contentType, u.body, len(u.body)/2)
			if status < 400 || status > 499 {
				t.Errorf("%s: a client that hung up after %d of %d bytes was answered %d, want a 4xx: %s", u.name, len(half), len(u.body), status, raw2)
			}
		}
		// Nothing of a cut upload was stored.
		r := e.expect(e.call("GET", positions, c.token, nil), 200)
		if n := len(r.body["data"].([]any)); n != 0 {
			t.Errorf("%d positions after cut uploads, want 0: %s", n, r.raw)
		}
	})
}

// truncatedPost sends a POST declaring len(body) bytes but only the first n of them, then
// closes its sending half (as a client that hangs up mid-upload), and reads the answer.
func (e *env) truncatedPost(path, token, contentType string, body []byte, n int) (int, string) {
	e.t.Helper()
	conn, err := net.Dial("tcp", e.srv.Listener.Addr().String())
	if err != nil {
		e.t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n",
		path, e.srv.Listener.Addr(), token, contentType, len(body))
	if _, err := conn.Write(append([]byte(head), body[:n]...)); err != nil {
		e.t.Fatal(err)
	}
	if err := conn.(*net.TCPConn).CloseWrite(); err != nil {
		e.t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		e.t.Fatalf("%s: no answer to a truncated body: %v", path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(raw)
}
