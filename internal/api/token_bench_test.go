package api_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"hadir/internal/account"
	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/platform/auth"
	"hadir/internal/testdb"
)

// BenchmarkAuthenticate compares resolving a caller from a session token and from an API
// token once cached (the steady state of a script or a browser): an API token is hashed
// (SHA-256) on every call where a session token's signature check is remembered, and must
// not cost a write per call (its last use is written at most once a minute).
func BenchmarkAuthenticate(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		b.Run(string(e), func(b *testing.B) {
			db := testdb.Open(b, e)
			ctx := context.Background()
			a, err := app.New(ctx, config.Default(), db, app.Options{Hash: auth.TestHashParams})
			if err != nil {
				b.Fatal(err)
			}
			body, _ := json.Marshal(map[string]any{"name": "Bench Owner", "email": "bench@tokens.test", "company_size": "25",
				"employer": "Bench", "password": pw, "timezone": "Asia/Kuala_Lumpur", "terms": true})
			req := httptest.NewRequest("POST", "/api/auth/register", strings.NewReader(string(body)))
			req.RemoteAddr = "127.0.0.1:40000"
			w := httptest.NewRecorder()
			a.API.ServeHTTP(w, req)
			var reg struct {
				Data struct {
					AccessToken string `json:"access_token"`
				} `json:"data"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &reg); err != nil || reg.Data.AccessToken == "" {
				b.Fatalf("register: %d %s", w.Code, w.Body.String())
			}
			session := reg.Data.AccessToken
			p, err := a.Accounts.Authenticate(ctx, session)
			if err != nil {
				b.Fatal(err)
			}
			_, secret, err := a.Accounts.CreateToken(ctx, p, account.NewToken{Name: "bench", Areas: account.Areas})
			if err != nil {
				b.Fatal(err)
			}
			b.Run("session", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := a.Accounts.Authenticate(ctx, session); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("token", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := a.Accounts.AuthenticateToken(ctx, secret, "127.0.0.1"); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
