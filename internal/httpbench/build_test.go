package httpbench_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/iclock"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// The clock of every built company: Friday 20 November 2026, noon in Kuala Lumpur. The
// month reported is October 2026, wholly in the past.
var (
	kl, _ = time.LoadLocation("Asia/Kuala_Lumpur")
	clock = time.Date(2026, 11, 20, 12, 0, 0, 0, kl)
)

const password = "bench password 2026"

// company is an organisation built through the API, served over loopback.
type company struct {
	url    string
	email  string
	people int
	built  time.Duration
	phases []string // how long each step of the build took

	mu       sync.Mutex
	token    string
	tokenAt  time.Time
	client   *http.Client
	shutdown func()
}

var (
	cacheMu sync.Mutex
	cache   = map[string]*company{} // by engine and size: built once per run
	cleanup []func()
)

func TestMain(m *testing.M) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	code := m.Run()
	for _, f := range cleanup {
		f()
	}
	os.Exit(code)
}

// built returns the company of an engine and size, building it the first time.
func built(b *testing.B, e database.Dialect, people int) *company {
	b.Helper()
	cacheMu.Lock()
	defer cacheMu.Unlock()
	key := fmt.Sprintf("%s/%d", e, people)
	if c := cache[key]; c != nil {
		return c
	}
	b.StopTimer()
	defer b.StartTimer()
	db := open(b, e)
	ctx := context.Background()
	a, err := app.New(ctx, config.Default(), db, app.Options{Hash: auth.TestHashParams})
	if err != nil {
		b.Fatal(err)
	}
	a.Attendance.Now = func() time.Time { return clock }
	a.Leave.Now = func() time.Time { return clock }
	srv := httptest.NewServer(a.API)
	cleanup = append(cleanup, srv.Close)
	c := &company{url: srv.URL, people: people, client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}}
	t0 := time.Now()
	c.build(b, people)
	// Planner statistics, as autovacuum (PostgreSQL) or a periodic ANALYZE would have them
	// after such a load (hadir demo gathers them the same way).
	if e == database.SQLite {
		err = db.AnalyzeSQLite(ctx)
	} else {
		_, err = db.Exec(`ANALYZE`)
	}
	if err != nil {
		b.Fatal(err)
	}
	c.built = time.Since(t0)
	b.Logf("%s: built %d people through the API in %s (%s)", key, people, c.built.Round(time.Millisecond), strings.Join(c.phases, ", "))
	cache[key] = c
	return c
}

// open makes a database that outlives one benchmark: a SQLite file in a temporary folder, or
// a PostgreSQL schema of its own, removed when the run ends.
func open(b *testing.B, e database.Dialect) *database.DB {
	var dsn string
	switch e {
	case database.SQLite:
		dir, err := os.MkdirTemp("", "hadir-httpbench-")
		if err != nil {
			b.Fatal(err)
		}
		cleanup = append(cleanup, func() { os.RemoveAll(dir) })
		dsn = "sqlite://" + filepath.Join(dir, "bench.db")
	case database.Postgres:
		base := os.Getenv(testdb.EnvPostgres)
		admin, err := database.Open(base)
		if err != nil {
			b.Fatal(err)
		}
		schema := fmt.Sprintf("bench_%d_%d", os.Getpid(), rand.Int64N(1<<40))
		if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
			b.Fatal(err)
		}
		cleanup = append(cleanup, func() { _, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE"); admin.Close() })
		u, _ := url.Parse(base)
		q := u.Query()
		q.Set("search_path", schema)
		u.RawQuery = q.Encode()
		dsn = u.String()
	}
	db, err := database.Open(dsn)
	if err != nil {
		b.Fatal(err)
	}
	cleanup = append([]func(){func() { db.Close() }}, cleanup...) // closed before its schema is dropped
	if err := migrations.Up(context.Background(), db); err != nil {
		b.Fatal(err)
	}
	if e == database.Postgres {
		// As `hadir serve` does: a node that hears the other nodes' changes keeps its
		// per-organisation cache (totals, zone, the rules of reports); without it every
		// call would read them again, which no served node does.
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { db.ListenForCounts(ctx, dsn); close(done) }()
		cleanup = append([]func(){func() { cancel(); <-done }}, cleanup...)
		for deadline := time.Now().Add(10 * time.Second); !db.HearsCounts(); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				b.Fatal("the node never heard the counts channel")
			}
		}
	}
	return db
}

// call sends a request and decodes a JSON answer into out (when not nil), failing the
// benchmark unless the status is want.
func (c *company) call(b *testing.B, method, path, token string, body any, want int, out any) {
	b.Helper()
	var rd io.Reader
	ctype := "application/json"
	switch x := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(x)
	default:
		buf, _ := json.Marshal(x)
		rd = bytes.NewReader(buf)
	}
	req, _ := http.NewRequest(method, c.url+path, rd)
	if rd != nil {
		req.Header.Set("Content-Type", ctype)
	}
	c.send(b, req, token, want, out)
}

func (c *company) send(b *testing.B, req *http.Request, token string, want int, out any) int64 {
	b.Helper()
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != want {
		raw, _ := io.ReadAll(res.Body)
		b.Fatalf("%s %s: %d, want %d: %.500s", req.Method, req.URL.Path, res.StatusCode, want, raw)
	}
	if out == nil {
		n, err := io.Copy(io.Discard, res.Body)
		if err != nil {
			b.Fatal(err)
		}
		return n
	}
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		b.Fatal(err)
	}
	return 0
}

// auth returns a fresh enough access token of the owner, signing in again after a while.
func (c *company) auth(b *testing.B) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token == "" || time.Since(c.tokenAt) > 5*time.Minute {
		var r struct {
			Data struct {
				Token string `json:"access_token"`
			} `json:"data"`
		}
		c.call(b, "POST", "/api/auth/login", "", map[string]any{"email": c.email, "password": password}, 200, &r)
		c.token, c.tokenAt = r.Data.Token, time.Now()
	}
	return c.token
}

type idData struct {
	Data struct {
		ID int64 `json:"id"`
	} `json:"data"`
}

// build makes the company as a customer would: register, a group working Monday to Friday,
// the people imported from a CSV file and put in the group, a terminal per 1,000 people
// uploading October's punches (in and out on every working day, 100 lines a request), an
// annual leave type entitled to everyone at once, and leave assigned to a tenth of them.
func (c *company) build(b *testing.B, n int) {
	t0 := time.Now()
	phase := func(name string) {
		c.phases = append(c.phases, fmt.Sprintf("%s %s", name, time.Since(t0).Round(time.Millisecond)))
		t0 = time.Now()
	}
	c.email = fmt.Sprintf("owner%d@bench%d.test", n, rand.Int64N(1<<30))
	var reg struct {
		Data struct {
			Token string `json:"access_token"`
		} `json:"data"`
	}
	c.call(b, "POST", "/api/auth/register", "", map[string]any{"name": "Bench Owner", "email": c.email, "company_size": fmt.Sprint(n),
		"employer": fmt.Sprintf("Bench %d Sdn. Bhd.", n), "password": password, "timezone": "Asia/Kuala_Lumpur", "terms": true}, 201, &reg)
	c.token, c.tokenAt = reg.Data.Token, time.Now()
	tok := c.token

	var g idData
	c.call(b, "POST", "/api/group/record/register", tok, map[string]any{"name": "Office", "time_in": "08:30", "cut_off_time_in": "10:30",
		"time_out": "17:30", "cut_off_time_out": "23:00", "effective_from": "2026-01-01"}, 201, &g)
	var week []map[string]any
	for d := 1; d <= 5; d++ {
		week = append(week, map[string]any{"id": d, "type": 1})
	}
	c.call(b, "POST", "/api/group/schedule", tok, map[string]any{"id": g.Data.ID, "days": week, "effective_from": "2026-01-01"}, 200, nil)

	// The people, from one CSV file.
	first := []string{"Aisyah", "Tan", "Rajesh", "Nurul", "José", "Mei Ling", "Ahmad", "Siti", "Kumar", "Wei", "Farah", "Daniel", "Priya", "Hafiz", "Emily", "Zhang"}
	last := []string{"Rahman", "Mei Ling", "Kumar", "Huda", "García", "Lim", "Ismail", "Aminah", "Pillai", "Chen", "Yusof", "Lee", "Nair", "Omar", "Wong", "Wei 张伟"}
	var csv strings.Builder
	csv.WriteString("code,first_name,last_name,email,join_date\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&csv, "E%05d,%s,%s %d,,2024-01-15\n", i, first[i%len(first)], last[(i/len(first))%len(last)], i)
	}
	c.upload(b, "/api/employee/import", tok, "people.csv", []byte(csv.String()))
	phase("import")

	// Their ids, page by page, into the group.
	var ids []int64
	for page := 1; len(ids) < n; page++ {
		var list struct {
			Data []struct {
				ID int64 `json:"id"`
			} `json:"data"`
		}
		c.call(b, "GET", fmt.Sprintf("/api/employee/record?page[size]=150&page[number]=%d", page), tok, nil, 200, &list)
		if len(list.Data) == 0 {
			b.Fatalf("only %d people listed of %d", len(ids), n)
		}
		for _, p := range list.Data {
			ids = append(ids, p.ID)
		}
	}
	for i := 0; i < len(ids); i += 500 {
		c.call(b, "POST", "/api/group/employees", tok, map[string]any{"group_id": g.Data.ID, "employees": ids[i:min(i+500, len(ids))], "effective_from": "2026-01-01"}, 200, nil)
	}
	phase("group")

	// Terminals, each pushing the punches of its thousand people for October.
	terminals := (n + 999) / 1000
	for t := 0; t < terminals; t++ {
		c.call(b, "POST", "/api/device/facial/register", tok, map[string]any{"name": fmt.Sprintf("Gate %d", t+1), "code": fmt.Sprintf("BENCH%04d", t+1)}, 201, nil)
	}
	var batch strings.Builder
	lines := 0
	flush := func(sn string) {
		if lines == 0 {
			return
		}
		req, _ := http.NewRequest("POST", c.url+"/iclock/cdata?SN="+sn+"&table=ATTLOG", strings.NewReader(batch.String()))
		req.Header.Set("Content-Type", "text/plain")
		c.send(b, req, "", 200, nil)
		batch.Reset()
		lines = 0
	}
	for t := 0; t < terminals; t++ {
		sn := fmt.Sprintf("BENCH%04d", t+1)
		for d := 1; d <= 31; d++ {
			day := time.Date(2026, 10, d, 0, 0, 0, 0, kl)
			if wd := day.Weekday(); wd == time.Saturday || wd == time.Sunday {
				continue
			}
			for i := t * 1000; i < min(n, (t+1)*1000); i++ {
				in := time.Date(2026, 10, d, 8, 0, 0, 0, kl).Add(time.Duration((i*7+d*13)%50) * time.Minute)
				out := time.Date(2026, 10, d, 17, 20, 0, 0, kl).Add(time.Duration((i*11+d*5)%40) * time.Minute)
				if (i+d)%23 == 0 {
					continue // absent
				}
				for _, at := range []time.Time{in, out} {
					batch.WriteString(iclock.FormatAttLog(iclock.AttLog{PIN: fmt.Sprintf("E%05d", i), Time: at, Verify: 15}) + "\n")
					if lines++; lines == 100 {
						flush(sn)
					}
				}
			}
		}
		flush(sn)
	}
	phase("ATTLOG")

	// Annual leave for everyone, then a tenth of the people on one to three days of it.
	var lt idData
	c.call(b, "POST", "/api/company/leave", tok, map[string]any{"type": "Annual", "day_count": 14}, 201, &lt)
	c.call(b, "POST", "/api/company/leave/employee/entitlement/bulk", tok, map[string]any{"leave_type_id": lt.Data.ID, "entitled": 14, "all": true}, 200, nil)
	phase("bulk entitlement")
	for i := 0; i < len(ids); i += 10 {
		from := time.Date(2026, 10, 5+i%20, 0, 0, 0, 0, time.UTC)
		to := from.AddDate(0, 0, i%3)
		c.call(b, "POST", "/api/company/leave/assignment", tok, map[string]any{"employee_id": ids[i], "leave_type_id": lt.Data.ID,
			"from_date": from.Format(time.DateOnly), "to_date": to.Format(time.DateOnly), "reason": "Family"}, 201, nil)
	}
	phase("assignments")
}

// upload posts a file as a multipart form (part "file").
func (c *company) upload(b *testing.B, path, token, name string, file []byte) {
	b.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(file)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", c.url+path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	c.send(b, req, token, 200, nil)
}
