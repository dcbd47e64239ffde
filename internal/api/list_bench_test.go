package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/demo"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// BenchmarkPeopleList50 is the call `make loadtest` names people-list (a page of 50 of the
// demo school's 1,000 teachers) through the whole handler chain (session, permission, store,
// JSON) without the network, so that its CPU per call and allocations can be compared
// between changes on a machine whose other load makes req/s figures noisy. The HTTP figures
// under 32 clients are in docs/benchmarks.md.
func BenchmarkPeopleList50(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		b.Run(string(e), func(b *testing.B) {
			db := testdb.Open(b, e)
			ctx := context.Background()
			cfg := config.Default()
			a, err := app.New(ctx, cfg, db, app.Options{Hash: auth.TestHashParams})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := demo.SeedWith(ctx, a, demo.Options{Teachers: 1000}); err != nil {
				b.Fatal(err)
			}
			if db.Dialect == database.SQLite {
				err = db.AnalyzeSQLite(ctx)
			} else {
				_, err = db.ExecContext(ctx, `ANALYZE`)
			}
			if err != nil {
				b.Fatal(err)
			}
			token := benchSignIn(b, a.API, "admin@school.demo", demo.Password)
			req := httptest.NewRequest("GET", "/api/school/employee/teacher?page[size]=50", nil)
			req.Header.Set("Authorization", "Bearer "+token)
			req.RemoteAddr = "127.0.0.1:40000"
			check := httptest.NewRecorder()
			a.API.ServeHTTP(check, req)
			var body struct {
				Data []map[string]any `json:"data"`
			}
			if check.Code != 200 || json.Unmarshal(check.Body.Bytes(), &body) != nil || len(body.Data) != 50 {
				b.Fatalf("people list: %d %.300s", check.Code, check.Body.String())
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				w := httptest.NewRecorder()
				a.API.ServeHTTP(w, req)
				if w.Code != 200 {
					b.Fatalf("people list: %d", w.Code)
				}
			}
		})
	}
}

func benchSignIn(b *testing.B, h http.Handler, email, password string) string {
	b.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req := httptest.NewRequest("POST", "/api/auth/login", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = "127.0.0.1:40000"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	var r struct {
		Data struct {
			AccessToken string `json:"access_token"`
		} `json:"data"`
	}
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &r) != nil || r.Data.AccessToken == "" {
		b.Fatalf("sign in: %d %s", w.Code, w.Body.String())
	}
	return r.Data.AccessToken
}
