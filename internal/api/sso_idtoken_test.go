package api_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"hadir/internal/account"
	"hadir/internal/oidctest"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// Issue 15: an ID token with a wrong audience, a wrong issuer or another sign-in's nonce, and a
// callback used twice, are each refused by Hadir's own check with its own error. The provider
// mints the wrong tokens itself (oidctest.Tamper: the op package signs them with its key), for
// a code issued to Hadir's client and redeemed with the sign-in's PKCE verifier, so that the
// state, PKCE and the provider all pass and only the check under test can refuse.
func TestSSOIDTokenChecks(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e, op := ssoEnv(t, db)
		sch := e.school("Token Check School")
		hash, _ := auth.Hash(auth.TestHashParams, pw)
		if _, err := account.NewStore(db).CreateUser(context.Background(), account.User{OrgID: sch.orgID, Name: "Cikgu Siti",
			Email: "siti@semak.edu.my", Role: account.RoleMember, PasswordHash: hash}); err != nil {
			t.Fatal(err)
		}
		op.AddUser(oidctest.User{Subject: "sub-siti", Email: "siti@semak.edu.my", EmailVerified: true, Password: "idp-pass", Name: "Siti"})
		e.expect(e.call("POST", "/api/integrations/sso/providers", sch.token, map[string]any{"name": "IdP", "issuer": op.Issuer,
			"client_id": "hadir", "client_secret": "s3cret-hadir", "domains": []string{"semak.edu.my"}, "match_email": true}), 201)

		// callback signs in at the provider and returns the state and code it sends back.
		callback := func() (cb, state, code string) {
			b := newSSOBrowser(e)
			cb = b.login(b.toProvider("siti@semak.edu.my"), "siti@semak.edu.my", "idp-pass")
			u, err := url.Parse(cb)
			if err != nil || u.Query().Get("state") == "" || u.Query().Get("code") == "" {
				t.Fatalf("callback %q", cb)
			}
			return cb, u.Query().Get("state"), u.Query().Get("code")
		}
		finish := func(state, code string) (string, error) {
			return e.app.Accounts.FinishSSO(context.Background(), state, code)
		}
		tickets := func() int {
			var n int
			if err := db.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM sso_logins WHERE ticket_hash IS NOT NULL`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}

		// The same flow with a right token succeeds: what the cases below change is the token.
		_, state, code := callback()
		if ticket, err := finish(state, code); err != nil || ticket == "" {
			t.Fatalf("an untampered sign-in: %q %v", ticket, err)
		}

		cases := []struct {
			name   string
			tamper oidctest.Tamper
			want   error
			others []error
		}{
			{"wrong audience", oidctest.Tamper{Client: "other-app"}, account.ErrSSOAudience, []error{account.ErrSSOIssuer, account.ErrSSONonce, account.ErrSSOState}},
			{"wrong issuer", oidctest.Tamper{Issuer: strings.Replace(op.Issuer, "127.0.0.1", "localhost", 1)}, account.ErrSSOIssuer, []error{account.ErrSSOAudience, account.ErrSSONonce, account.ErrSSOState}},
			{"another sign-in's nonce", oidctest.Tamper{Nonce: "nonce-of-another-sign-in"}, account.ErrSSONonce, []error{account.ErrSSOIssuer, account.ErrSSOAudience, account.ErrSSOState}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				op.SetTamper(tc.tamper)
				defer op.SetTamper(oidctest.Tamper{})
				before := tickets()
				_, state, code := callback()
				ticket, err := finish(state, code)
				if !errors.Is(err, tc.want) || !errors.Is(err, account.ErrSSOFailed) || ticket != "" {
					t.Fatalf("got %q, %v; want %v", ticket, err, tc.want)
				}
				for _, o := range tc.others {
					if errors.Is(err, o) {
						t.Fatalf("%v is also %v", err, o)
					}
				}
				// Through the browser: the callback lands on the login page with the plain reason.
				cb, _, _ := callback()
				if l, _, _ := newSSOBrowser(e).follow(cb); l.Path != "/login" || l.Query().Get("sso_error") != "failed" {
					t.Fatalf("browser landed on %s", l)
				}
				if n := tickets(); n != before {
					t.Fatalf("a refused sign-in left a ticket: %d, was %d", n, before)
				}
			})
		}

		t.Run("the same callback twice", func(t *testing.T) {
			_, state, code := callback()
			if ticket, err := finish(state, code); err != nil || ticket == "" {
				t.Fatalf("first use: %q %v", ticket, err)
			}
			ticket, err := finish(state, code)
			if !errors.Is(err, account.ErrSSOState) || !errors.Is(err, account.ErrSSOFailed) || ticket != "" {
				t.Fatalf("second use: %q %v", ticket, err)
			}
		})
	})
}
