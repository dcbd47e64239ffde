package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/mail/smtptest"
)

// env is a running server over a fresh database, with a real SMTP peer behind its outbox.
type env struct {
	t    *testing.T
	srv  *httptest.Server
	app  *app.App
	db   *database.DB
	smtp *smtptest.Server
}

var seq atomic.Int64

func newEnv(t *testing.T, db *database.DB) *env {
	t.Helper()
	smtp := smtptest.Start(t)
	e := &env{t: t, db: db, smtp: smtp}
	var handler http.Handler = http.NotFoundHandler()
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	t.Cleanup(e.srv.Close)
	cfg := config.Default()
	cfg.BaseURL = e.srv.URL
	cfg.SMTPURL = smtp.URL()
	cfg.WebhookAllowNets = "127.0.0.0/8,::1" // the tests' webhook receivers
	a, err := app.New(context.Background(), cfg, db, app.Options{Hash: auth.TestHashParams})
	if err != nil {
		t.Fatal(err)
	}
	a.Outbox.PollInterval = 50 * time.Millisecond
	// A notification stream in a test ends soon, so that tests calling every route (the walk,
	// the contract fuzzer) go on; the stream tests set a longer life.
	a.API.StreamLifetime = 100 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { a.Outbox.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	e.app = a
	handler = a.API
	return e
}

type resp struct {
	status int
	body   map[string]any
	raw    string
	header http.Header
}

// call sends a request; body is JSON-encoded unless it is a string (sent as is).
func (e *env) call(method, path, token string, body any) resp {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		buf, _ := json.Marshal(b)
		rd = bytes.NewReader(buf)
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, rd)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := resp{status: res.StatusCode, raw: string(raw), header: res.Header}
	_ = json.Unmarshal(raw, &r.body)
	return r
}

func (r resp) data() map[string]any {
	d, _ := r.body["data"].(map[string]any)
	return d
}

func (r resp) str(path ...string) string {
	var cur any = r.body
	for _, p := range path {
		m, _ := cur.(map[string]any)
		cur = m[p]
	}
	switch v := cur.(type) {
	case string:
		return v
	case float64:
		return fmt.Sprint(int64(v))
	}
	return fmt.Sprint(cur)
}

func (e *env) expect(r resp, status int) resp {
	e.t.Helper()
	if r.status != status {
		e.t.Fatalf("status %d, want %d: %s", r.status, status, r.raw)
	}
	return r
}

// tenant is a registered organisation with its owner's token. The harness registers with
// start_empty, so that the tests of each domain begin from an organisation with no types or
// groups; starter_test.go checks the starter rows a default registration gets.
type tenant struct {
	orgID int64
	kind  string
	email string
	token string
}

const pw = "correct horse battery"

func (e *env) school(name string) tenant {
	e.t.Helper()
	n := seq.Add(1)
	email := fmt.Sprintf("owner%d@%s.test", n, strings.ToLower(strings.ReplaceAll(name, " ", "")))
	r := e.expect(e.call("POST", "/api/school/register", "", map[string]any{"name": name, "code": fmt.Sprintf("S%d", n),
		"email": fmt.Sprintf("office%d@school.test", n), "contact_number": "+60 3-1234 5678", "timezone": "Asia/Kuala_Lumpur",
		"admin_name": "Owner " + name, "admin_email": email, "password": pw, "terms": true, "start_empty": true}), 201)
	return tenant{orgID: int64(r.data()["org"].(map[string]any)["id"].(float64)), kind: "school", email: email, token: r.str("data", "access_token")}
}

func (e *env) company(name string) tenant {
	e.t.Helper()
	n := seq.Add(1)
	email := fmt.Sprintf("owner%d@%s.test", n, strings.ToLower(strings.ReplaceAll(name, " ", "")))
	r := e.expect(e.call("POST", "/api/auth/register", "", map[string]any{"name": "Owner " + name, "email": email,
		"company_size": "25", "employer": name, "password": pw, "timezone": "Asia/Kuala_Lumpur", "terms": true, "start_empty": true}), 201)
	return tenant{orgID: int64(r.data()["org"].(map[string]any)["id"].(float64)), kind: "company", email: email, token: r.str("data", "access_token")}
}

// user adds a user with a role to an organisation directly (the people issue adds the API
// for this) and signs in as them.
func (e *env) user(orgID int64, role string) string {
	e.t.Helper()
	n := seq.Add(1)
	email := fmt.Sprintf("%s%d@org%d.test", role, n, orgID)
	hash, _ := auth.Hash(auth.TestHashParams, pw)
	if _, err := account.NewStore(e.db).CreateUser(context.Background(), account.User{OrgID: orgID, Name: role, Email: email, Role: role, PasswordHash: hash}); err != nil {
		e.t.Fatal(err)
	}
	return e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": email, "password": pw}), 200).str("data", "access_token")
}

// upload posts a multipart form with a file part named "image".
func (e *env) upload(path, token string, fields map[string]string, file []byte) resp {
	e.t.Helper()
	return e.multipart(path, token, fields, "image", "photo.jpg", file)
}

// uploadFile posts a multipart form with a file part named "file".
func (e *env) uploadFile(path, token string, fields map[string]string, name string, file []byte) resp {
	e.t.Helper()
	return e.multipart(path, token, fields, "file", name, file)
}

func (e *env) multipart(path, token string, fields map[string]string, part, name string, file []byte) resp {
	e.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	if file != nil {
		fw, _ := mw.CreateFormFile(part, name)
		_, _ = fw.Write(file)
	}
	_ = mw.Close()
	req, _ := http.NewRequest("POST", e.srv.URL+path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := resp{status: res.StatusCode, raw: string(raw), header: res.Header}
	_ = json.Unmarshal(raw, &r.body)
	return r
}

// get fetches a path and returns the status, content type and body bytes.
func (e *env) get(path, token string) (int, string, []byte) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), b
}

func init() {
	// Keep test output to failures; the server's logs are not what is tested.
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
}
