package api_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/oidctest"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// browser follows redirects like a browser until a URL on the Hadir server that is not an API
// route (the web app's /login...), and submits the test provider's login form.
type ssoBrowser struct {
	t      *testing.T
	e      *env
	client *http.Client
}

func newSSOBrowser(e *env) *ssoBrowser {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &ssoBrowser{t: e.t, e: e, client: c}
}

// follow GETs u and its redirects; it returns the first URL that is not a redirect's source
// (the web app's landing), or the provider's login page URL when the chain stops there.
func (b *ssoBrowser) follow(u string) (*url.URL, int, string) {
	b.t.Helper()
	for range 10 {
		res, err := b.client.Get(u)
		if err != nil {
			b.t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		loc := res.Header.Get("Location")
		if res.StatusCode/100 != 3 || loc == "" {
			pu, _ := url.Parse(u)
			return pu, res.StatusCode, string(body)
		}
		next, _ := res.Request.URL.Parse(loc)
		if strings.HasPrefix(next.String(), b.e.srv.URL) && !strings.HasPrefix(next.Path, "/api/") {
			return next, res.StatusCode, ""
		}
		u = next.String()
	}
	b.t.Fatal("too many redirects")
	return nil, 0, ""
}

// toProvider starts a sign-in and returns the provider's login page URL (with the request id).
func (b *ssoBrowser) toProvider(email string) *url.URL {
	b.t.Helper()
	pu, status, body := b.follow(b.e.srv.URL + "/api/auth/sso/start?email=" + url.QueryEscape(email))
	if status != 200 || pu.Query().Get("authRequestID") == "" {
		b.t.Fatalf("not at the provider's login: %d %s %s", status, pu, body)
	}
	return pu
}

// login submits the provider's form and returns the callback URL it redirects to (not yet
// followed), so that a test can replay or alter it.
func (b *ssoBrowser) login(loginURL *url.URL, email, password string) string {
	b.t.Helper()
	form := url.Values{"username": {email}, "password": {password}, "id": {loginURL.Query().Get("authRequestID")}}
	res, err := b.client.PostForm(loginURL.Scheme+"://"+loginURL.Host+"/login/username", form)
	if err != nil {
		b.t.Fatal(err)
	}
	res.Body.Close()
	u := res.Header.Get("Location")
	for range 5 { // the provider's own /authorize/callback, then the relying party's callback
		next, _ := res.Request.URL.Parse(u)
		if strings.HasPrefix(next.String(), b.e.srv.URL) {
			return next.String()
		}
		if res, err = b.client.Get(next.String()); err != nil {
			b.t.Fatal(err)
		}
		res.Body.Close()
		u = res.Header.Get("Location")
	}
	b.t.Fatalf("no redirect to the callback")
	return ""
}

// signIn runs the whole flow and returns where the web app lands (/login/sso?ticket= or
// /login?sso_error=).
func (b *ssoBrowser) signIn(email, password string) *url.URL {
	b.t.Helper()
	cb := b.login(b.toProvider(email), email, password)
	landing, _, _ := b.follow(cb)
	return landing
}

func ssoEnv(t *testing.T, db *database.DB) (*env, *oidctest.Provider) {
	e := newEnv(t, db)
	op := oidctest.StartT(t,
		oidctest.Client{ID: "hadir", Secret: "s3cret-hadir", RedirectURIs: []string{e.srv.URL + "/api/auth/sso/callback"}},
		oidctest.Client{ID: "other-app", Secret: "s3cret-other", RedirectURIs: []string{e.srv.URL + "/api/auth/sso/callback"}})
	return e, op
}

func TestSSO(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e, op := ssoEnv(t, db)
		sch := e.school("SSO School")
		other := e.school("Other School")
		// Accounts of the school: the owner (a password) and a teacher whose address the provider knows.
		hash, _ := auth.Hash(auth.TestHashParams, pw)
		store := account.NewStore(db)
		teacherID, err := store.CreateUser(context.Background(), account.User{OrgID: sch.orgID, Name: "Cikgu Aminah", Email: "aminah@sekolah.edu.my", Role: account.RoleMember, PasswordHash: hash})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := store.CreateUser(context.Background(), account.User{OrgID: other.orgID, Name: "Elsewhere", Email: "ali@sekolah.edu.my", Role: account.RoleMember, PasswordHash: hash}); err != nil {
			t.Fatal(err)
		}
		op.AddUser(oidctest.User{Subject: "sub-aminah", Email: "aminah@sekolah.edu.my", EmailVerified: true, Password: "idp-pass", Name: "Aminah Binti Ali"})
		op.AddUser(oidctest.User{Subject: "sub-ali", Email: "ali@sekolah.edu.my", EmailVerified: true, Password: "idp-pass", Name: "Ali"})
		op.AddUser(oidctest.User{Subject: "sub-new", Email: "baru@sekolah.edu.my", EmailVerified: true, Password: "idp-pass", Name: "Guru Baru"})
		op.AddUser(oidctest.User{Subject: "sub-unverified", Email: "unverified@sekolah.edu.my", EmailVerified: false, Password: "idp-pass", Name: "U"})
		op.AddUser(oidctest.User{Subject: "sub-gmail", Email: "someone@gmail.example", EmailVerified: true, Password: "idp-pass", Name: "G"})

		// Before any provider: the lookup says no, and a start is refused on the e-mail.
		e.expect(e.call("GET", "/api/auth/sso/lookup?email=aminah@sekolah.edu.my", "", nil), 200)
		if r := e.call("GET", "/api/auth/sso/lookup?email=aminah@sekolah.edu.my", "", nil); r.data()["available"] != false {
			t.Fatalf("lookup before a provider: %s", r.raw)
		}
		e.expect(e.call("GET", "/api/auth/sso/lookup?email=nope", "", nil), 422)

		// Validation names the field; a member may not manage providers.
		bad := e.expect(e.call("POST", "/api/integrations/sso/providers", sch.token, map[string]any{"name": "X", "issuer": "ftp://x", "client_id": "c", "client_secret": "s", "domains": []string{"sekolah.edu.my"}}), 422)
		if !strings.Contains(bad.raw, "issuer") {
			t.Fatalf("error does not name issuer: %s", bad.raw)
		}
		e.expect(e.call("POST", "/api/integrations/sso/providers", sch.token, map[string]any{"name": "X", "issuer": op.Issuer, "client_id": "c", "client_secret": "s", "domains": []string{"not a domain"}}), 422)
		e.expect(e.call("POST", "/api/integrations/sso/providers", sch.token, map[string]any{"name": "X", "preset": "microsoft", "issuer": "https://example.com/x", "client_id": "c", "client_secret": "s", "domains": []string{"a.my"}}), 422)
		member := e.user(sch.orgID, account.RoleMember)
		e.expect(e.call("POST", "/api/integrations/sso/providers", member, map[string]any{"name": "X"}), 403)

		created := e.expect(e.call("POST", "/api/integrations/sso/providers", sch.token, map[string]any{"name": "School IdP", "issuer": op.Issuer,
			"client_id": "hadir", "client_secret": "s3cret-hadir", "domains": []string{"Sekolah.edu.my"}, "match_email": true}), 201)
		if strings.Contains(created.raw, "s3cret") || strings.Contains(created.raw, "secret_sealed") {
			t.Fatalf("the secret came back: %s", created.raw)
		}
		pid := created.str("data", "id")
		// The secret is no more readable in the list or the audit trail.
		list := e.expect(e.call("GET", "/api/integrations/sso", sch.token, nil), 200)
		if strings.Contains(list.raw, "s3cret") || !strings.Contains(list.raw, "sekolah.edu.my") {
			t.Fatalf("settings: %s", list.raw)
		}
		trail := e.expect(e.call("GET", "/api/audit?filter[entity]=sso_provider", sch.token, nil), 200)
		if strings.Contains(trail.raw, "s3cret") || !strings.Contains(trail.raw, "[secret]") {
			t.Fatalf("audit trail of the provider: %s", trail.raw)
		}
		// Another organisation cannot see, change or take the domain.
		e.expect(e.call("PUT", "/api/integrations/sso/providers/"+pid, other.token, map[string]any{"name": "mine", "issuer": op.Issuer, "client_id": "hadir", "domains": []string{"x.my"}}), 404)
		e.expect(e.call("DELETE", "/api/integrations/sso/providers/"+pid, other.token, nil), 404)
		taken := e.expect(e.call("POST", "/api/integrations/sso/providers", other.token, map[string]any{"name": "Grab", "issuer": op.Issuer,
			"client_id": "hadir", "client_secret": "x", "domains": []string{"sekolah.edu.my"}}), 422)
		if !strings.Contains(taken.raw, "domains") {
			t.Fatalf("taken domain: %s", taken.raw)
		}

		// The lookup now says yes for the domain, and only that.
		if r := e.call("GET", "/api/auth/sso/lookup?email=someone@SEKOLAH.edu.my", "", nil); r.data()["available"] != true || len(r.data()) != 1 {
			t.Fatalf("lookup: %s", r.raw)
		}

		t.Run("sign-in matched by e-mail", func(t *testing.T) {
			b := newSSOBrowser(e)
			landing := b.signIn("aminah@sekolah.edu.my", "idp-pass")
			if landing.Path != "/login/sso" || landing.Query().Get("ticket") == "" {
				t.Fatalf("landing %s", landing)
			}
			ticket := landing.Query().Get("ticket")
			s := e.expect(e.call("POST", "/api/auth/sso/session", "", map[string]any{"ticket": ticket}), 200)
			if s.str("data", "user", "id") != fmt.Sprint(teacherID) {
				t.Fatalf("signed in as %s", s.raw)
			}
			// The same session as a password sign-in: it calls the API and signs out.
			tok := s.str("data", "access_token")
			me := e.expect(e.call("GET", "/api/verify", tok, nil), 200)
			if !strings.Contains(me.raw, "aminah@sekolah.edu.my") {
				t.Fatalf("me: %s", me.raw)
			}
			// A ticket works once.
			e.expect(e.call("POST", "/api/auth/sso/session", "", map[string]any{"ticket": ticket}), 400)
			// The link holds: a second sign-in finds the account by its subject.
			if l := newSSOBrowser(e).signIn("aminah@sekolah.edu.my", "idp-pass"); l.Path != "/login/sso" {
				t.Fatalf("second sign-in: %s", l)
			}
		})

		t.Run("replay of the callback and a swapped state are refused", func(t *testing.T) {
			b := newSSOBrowser(e)
			cb := b.login(b.toProvider("aminah@sekolah.edu.my"), "aminah@sekolah.edu.my", "idp-pass")
			if l, _, _ := b.follow(cb); l.Path != "/login/sso" {
				t.Fatalf("first use: %s", l)
			}
			if l, _, _ := b.follow(cb); l.Query().Get("sso_error") != "failed" {
				t.Fatalf("replayed callback: %s", l)
			}
			// A code from one sign-in delivered with another sign-in's state (its nonce and
			// PKCE verifier belong to the first).
			first := b.login(b.toProvider("aminah@sekolah.edu.my"), "aminah@sekolah.edu.my", "idp-pass")
			second := b.login(b.toProvider("aminah@sekolah.edu.my"), "aminah@sekolah.edu.my", "idp-pass")
			fu, _ := url.Parse(first)
			su, _ := url.Parse(second)
			q := fu.Query()
			q.Set("state", su.Query().Get("state"))
			fu.RawQuery = q.Encode()
			if l, _, _ := b.follow(fu.String()); l.Query().Get("sso_error") != "failed" {
				t.Fatalf("swapped state: %s", l)
			}
			// Nothing made up: a state never issued.
			q.Set("state", "made-up")
			fu.RawQuery = q.Encode()
			if l, _, _ := b.follow(fu.String()); l.Query().Get("sso_error") != "failed" {
				t.Fatalf("made-up state: %s", l)
			}
		})

		t.Run("a code issued to another client (audience) is refused", func(t *testing.T) {
			b := newSSOBrowser(e)
			// Start a genuine sign-in to get a valid state, then obtain a code for "other-app"
			// with the same redirect URI and deliver it with that state.
			hadirLogin := b.toProvider("aminah@sekolah.edu.my")
			hadirCB, _ := url.Parse(b.login(hadirLogin, "aminah@sekolah.edu.my", "idp-pass"))
			otherStart := op.Issuer + "/auth?" + url.Values{"client_id": {"other-app"}, "response_type": {"code"}, "scope": {"openid email"},
				"redirect_uri": {e.srv.URL + "/api/auth/sso/callback"}, "state": {"x"}, "nonce": {"n"}}.Encode()
			otherLogin, status, body := b.follow(otherStart)
			if status != 200 || otherLogin.Query().Get("authRequestID") == "" {
				t.Fatalf("other client login: %d %s", status, body)
			}
			otherCB, _ := url.Parse(b.login(otherLogin, "aminah@sekolah.edu.my", "idp-pass"))
			q := hadirCB.Query()
			q.Set("code", otherCB.Query().Get("code"))
			hadirCB.RawQuery = q.Encode()
			if l, _, _ := b.follow(hadirCB.String()); l.Query().Get("sso_error") != "failed" {
				t.Fatalf("other client's code: %s", l)
			}
		})

		t.Run("a refused domain", func(t *testing.T) {
			// The provider signs in an address outside the allowed domains (its e-mail changed
			// at the provider after the start, or the provider serves several domains).
			b := newSSOBrowser(e)
			login := b.toProvider("aminah@sekolah.edu.my")
			cb := b.login(login, "someone@gmail.example", "idp-pass")
			if l, _, _ := b.follow(cb); l.Query().Get("sso_error") != "domain" {
				t.Fatalf("foreign domain: %s", l)
			}
			// An address of the domain whose account is in another organisation is not matched.
			if l := newSSOBrowser(e).signIn("ali@sekolah.edu.my", "idp-pass"); l.Query().Get("sso_error") != "no_account" {
				t.Fatalf("other organisation's account: %s", l)
			}
			// An unverified address is not matched.
			if l := newSSOBrowser(e).signIn("unverified@sekolah.edu.my", "idp-pass"); l.Query().Get("sso_error") != "no_account" {
				t.Fatalf("unverified: %s", l)
			}
		})

		t.Run("a new address waits for an admin", func(t *testing.T) {
			if l := newSSOBrowser(e).signIn("baru@sekolah.edu.my", "idp-pass"); l.Query().Get("sso_error") != "no_account" {
				t.Fatalf("without create_members: %s", l)
			}
			e.expect(e.call("PUT", "/api/integrations/sso/providers/"+pid, sch.token, map[string]any{"name": "School IdP", "issuer": op.Issuer,
				"client_id": "hadir", "domains": []string{"sekolah.edu.my"}, "match_email": true, "create_members": true}), 200)
			if l := newSSOBrowser(e).signIn("baru@sekolah.edu.my", "idp-pass"); l.Query().Get("sso_error") != "pending" {
				t.Fatalf("with create_members: %s", l)
			}
			st := e.expect(e.call("GET", "/api/integrations/sso", sch.token, nil), 200)
			reqs := st.data()["requests"].([]any)
			if len(reqs) != 1 || reqs[0].(map[string]any)["email"] != "baru@sekolah.edu.my" {
				t.Fatalf("requests: %s", st.raw)
			}
			rid := fmt.Sprint(int64(reqs[0].(map[string]any)["id"].(float64)))
			e.expect(e.call("POST", "/api/integrations/sso/requests/"+rid+"/approve", other.token, nil), 404)
			e.expect(e.call("POST", "/api/integrations/sso/requests/"+rid+"/approve", member, nil), 403)
			e.expect(e.call("POST", "/api/integrations/sso/requests/"+rid+"/approve", sch.token, nil), 201)
			l := newSSOBrowser(e).signIn("baru@sekolah.edu.my", "idp-pass")
			if l.Path != "/login/sso" {
				t.Fatalf("after approval: %s", l)
			}
			s := e.expect(e.call("POST", "/api/auth/sso/session", "", map[string]any{"ticket": l.Query().Get("ticket")}), 200)
			if s.str("data", "user", "role") != "member" || s.str("data", "org", "id") != fmt.Sprint(sch.orgID) {
				t.Fatalf("new member: %s", s.raw)
			}
		})

		t.Run("password sign-in off, the owner's recovery still works", func(t *testing.T) {
			e.expect(e.call("PUT", "/api/integrations/sso", member, map[string]any{"password_login_disabled": true}), 403)
			e.expect(e.call("PUT", "/api/integrations/sso", other.token, map[string]any{"password_login_disabled": true}), 422) // no provider
			r := e.expect(e.call("PUT", "/api/integrations/sso", sch.token, map[string]any{"password_login_disabled": true}), 200)
			if r.data()["password_login_disabled"] != true {
				t.Fatalf("settings: %s", r.raw)
			}
			off := e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": "aminah@sekolah.edu.my", "password": pw}), 403)
			if !strings.Contains(off.raw, "auth.password_sign_in_off") {
				t.Fatalf("member's password sign-in: %s", off.raw)
			}
			// A wrong password still says only "incorrect".
			e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": "aminah@sekolah.edu.my", "password": "wrong password!"}), 422)
			// The owner signs in with the password; the other organisation is untouched.
			e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": sch.email, "password": pw}), 200)
			e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": "ali@sekolah.edu.my", "password": pw}), 200)
			// Single sign-on still works.
			if l := newSSOBrowser(e).signIn("aminah@sekolah.edu.my", "idp-pass"); l.Path != "/login/sso" {
				t.Fatalf("sso with passwords off: %s", l)
			}
			e.expect(e.call("PUT", "/api/integrations/sso", sch.token, map[string]any{"password_login_disabled": false}), 200)
			e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": "aminah@sekolah.edu.my", "password": pw}), 200)
		})

		t.Run("Hadir's own second factor still applies after the provider", func(t *testing.T) {
			ticketOf := func() string {
				l := newSSOBrowser(e).signIn("aminah@sekolah.edu.my", "idp-pass")
				if l.Path != "/login/sso" || l.Query().Get("ticket") == "" {
					t.Fatalf("landing %s", l)
				}
				return l.Query().Get("ticket")
			}
			tok := e.expect(e.call("POST", "/api/auth/sso/session", "", map[string]any{"ticket": ticketOf()}), 200).str("data", "access_token")
			secret, _ := e.enrol(t, &clock{now: time.Now()}, tok)

			// Without a code: asked for one, and the ticket stays good for the answer.
			ticket := ticketOf()
			wantCode(t, e.call("POST", "/api/auth/sso/session", "", map[string]any{"ticket": ticket}), 401, "auth.two_factor_required")
			wantCode(t, e.call("POST", "/api/auth/sso/session", "", map[string]any{"ticket": ticket}), 401, "auth.two_factor_required")
			// A wrong code names the field and uses the ticket up: one guess per sign-in.
			wrong := e.expect(e.call("POST", "/api/auth/sso/session", "", map[string]any{"ticket": ticket, "otp_code": "000000"}), 422)
			if !strings.Contains(wrong.raw, "otp_code") {
				t.Fatalf("wrong code: %s", wrong.raw)
			}
			e.expect(e.call("POST", "/api/auth/sso/session", "", map[string]any{"ticket": ticket, "otp_code": code(t, secret, time.Now().Add(30*time.Second))}), 400)
			// A new sign-in with the right code gets the session.
			s := e.expect(e.call("POST", "/api/auth/sso/session", "", map[string]any{"ticket": ticketOf(), "otp_code": code(t, secret, time.Now().Add(30*time.Second))}), 200)
			if s.str("data", "user", "id") != fmt.Sprint(teacherID) {
				t.Fatalf("signed in as %s", s.raw)
			}
		})

		t.Run("a wrong issuer is refused", func(t *testing.T) {
			// The provider answers as 127.0.0.1; configured as localhost, its discovery
			// document names another issuer, which the client refuses.
			wrong := strings.Replace(op.Issuer, "127.0.0.1", "localhost", 1)
			// The provider is reachable under that name: only the issuer differs.
			res, err := http.Get(wrong + "/.well-known/openid-configuration")
			if err != nil || res.StatusCode != 200 {
				t.Fatalf("discovery under localhost: %v", err)
			}
			disc, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if !strings.Contains(string(disc), `"issuer":"`+op.Issuer+`"`) {
				t.Fatalf("discovery: %s", disc)
			}
			e.expect(e.call("PUT", "/api/integrations/sso/providers/"+pid, sch.token, map[string]any{"name": "School IdP", "issuer": wrong,
				"client_id": "hadir", "domains": []string{"sekolah.edu.my"}, "match_email": true}), 200)
			r := e.call("GET", "/api/auth/sso/start?email=aminah@sekolah.edu.my", "", nil)
			if r.status != 400 || !strings.Contains(r.raw, "auth.sso_failed") {
				t.Fatalf("wrong issuer start: %d %s", r.status, r.raw)
			}
			e.expect(e.call("DELETE", "/api/integrations/sso/providers/"+pid, sch.token, nil), 204)
			if r := e.call("GET", "/api/auth/sso/lookup?email=aminah@sekolah.edu.my", "", nil); r.data()["available"] != false {
				t.Fatalf("lookup after delete: %s", r.raw)
			}
		})
	})
}
