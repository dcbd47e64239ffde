package api_test

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

func fieldCode(r resp, field string) string {
	d, _ := r.body["details"].(map[string]any)
	list, _ := d[field].([]any)
	if len(list) == 0 {
		return ""
	}
	m, _ := list[0].(map[string]any)
	s, _ := m["code"].(string)
	return s
}

func TestRegisterAndLogin(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		t.Run("school201", func(t *testing.T) {
			e.t = t
			r := e.expect(e.call("POST", "/api/school/register", "", map[string]any{"name": "SK Bukit", "code": "SKB1",
				"email": "office@skbukit.test", "contact_number": "03-12345678", "timezone": "Asia/Kuala_Lumpur",
				"admin_name": "Cikgu Ali", "admin_email": "Ali@SKBukit.test", "password": pw, "terms": true}), 201)
			d := r.data()
			if d["access_token"] == "" || d["name"] != "Cikgu Ali" || d["email"] != "ali@skbukit.test" {
				t.Fatalf("payload: %s", r.raw)
			}
			o := d["org"].(map[string]any)
			if o["kind"] != "school" || o["name"] != "SK Bukit" || o["timezone"] != "Asia/Kuala_Lumpur" {
				t.Fatalf("org: %v", o)
			}
			if len(d["permissions"].([]any)) != 4 || d["roles"].([]any)[0] != "owner" {
				t.Fatalf("roles/permissions: %v %v", d["roles"], d["permissions"])
			}
			v := e.expect(e.call("GET", "/api/verify", r.str("data", "access_token"), nil), 200)
			if v.str("data", "email") != "ali@skbukit.test" || v.str("data", "access_token") != "<nil>" {
				t.Fatalf("verify: %s", v.raw)
			}
		})
		t.Run("company201", func(t *testing.T) {
			e.t = t
			r := e.expect(e.call("POST", "/api/users", "", map[string]any{"name": "Siti", "email": "siti@acme.test",
				"company_size": 40, "employer": "Acme Sdn Bhd", "password": pw, "timezone": "Asia/Kuala_Lumpur", "terms": true}), 201)
			if r.str("data", "org", "name") != "Acme Sdn Bhd" || r.str("data", "org", "kind") != "company" {
				t.Fatalf("payload: %s", r.raw)
			}
		})
		t.Run("register422", func(t *testing.T) {
			e.t = t
			r := e.expect(e.call("POST", "/api/auth/register", "", map[string]any{"name": "", "email": "not-an-email",
				"company_size": "12a", "employer": "X", "password": "short", "timezone": "Mars/Base", "terms": false}), 422)
			for field, code := range map[string]string{"name": "validation.required", "email": "validation.email",
				"company_size": "validation.digits", "password": "validation.min", "timezone": "validation.timezone", "terms": "validation.terms"} {
				if got := fieldCode(r, field); got != code {
					t.Errorf("%s: code %q, want %q", field, got, code)
				}
			}
			if r.body["errors"].(map[string]any)["terms"].([]any)[0] != "accepting terms and conditions is required" {
				t.Errorf("terms message: %s", r.raw)
			}
			bad := e.expect(e.call("POST", "/api/auth/register", "", `{"name": 5}`), 422)
			if fieldCode(bad, "name") != "validation.invalid" {
				t.Errorf("wrong type: %s", bad.raw)
			}
			e.expect(e.call("POST", "/api/school/register", "", `not json`), 422)
		})
		t.Run("duplicateEmail422", func(t *testing.T) {
			e.t = t
			r := e.expect(e.call("POST", "/api/auth/register", "", map[string]any{"name": "Other", "email": "SITI@acme.test",
				"company_size": "3", "employer": "Other Co", "password": pw, "timezone": "UTC", "terms": true}), 422)
			if fieldCode(r, "email") != "validation.taken" {
				t.Fatalf("%s", r.raw)
			}
			var n int
			_ = db.QueryRow(`SELECT COUNT(*) FROM orgs WHERE name = 'Other Co'`).Scan(&n)
			if n != 0 {
				t.Fatalf("a failed registration left its organisation behind")
			}
		})
		t.Run("login", func(t *testing.T) {
			e.t = t
			r := e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": "siti@acme.test", "password": pw}), 200)
			if r.str("data", "org", "kind") != "company" || r.str("data", "access_token") == "" {
				t.Fatalf("%s", r.raw)
			}
			bad := e.expect(e.call("POST", "/api/login", "", map[string]any{"email": "siti@acme.test", "password": "nope"}), 422)
			if bad.str("message") != "the login detail is incorrect" || bad.str("code") != "auth.invalid_credentials" {
				t.Fatalf("%s", bad.raw)
			}
			e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": "nobody@acme.test", "password": "nope"}), 422)
			miss := e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": "", "password": ""}), 422)
			if fieldCode(miss, "email") != "validation.required" || fieldCode(miss, "password") != "validation.required" {
				t.Fatalf("%s", miss.raw)
			}
		})
		t.Run("rateLimited429", func(t *testing.T) {
			e.t = t
			for i := 0; i < 5; i++ {
				e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": "ali@skbukit.test", "password": "wrong"}), 422)
			}
			// Locked: the right password now gets the same answer as a wrong one (and e-mails a link).
			r := e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": "ali@skbukit.test", "password": pw}), 429)
			if r.str("code") != "auth.locked" || r.header.Get("Retry-After") == "" {
				t.Fatalf("%s %v", r.raw, r.header)
			}
		})
	})
}

func TestSessionsAndPasswords(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Session Co")
		login := func(email, password string) resp {
			return e.call("POST", "/api/auth/login", "", map[string]any{"email": email, "password": password})
		}
		t.Run("logoutRevokes", func(t *testing.T) {
			e.t = t
			tok := e.expect(login(c.email, pw), 200).str("data", "access_token")
			e.expect(e.call("GET", "/api/verify", tok, nil), 200)
			e.expect(e.call("POST", "/api/auth/logout", tok, nil), 204)
			e.expect(e.call("GET", "/api/verify", tok, nil), 401)
		})
		t.Run("changePassword", func(t *testing.T) {
			e.t = t
			a := e.expect(login(c.email, pw), 200).str("data", "access_token")
			b := e.expect(login(c.email, pw), 200).str("data", "access_token")
			r := e.expect(e.call("POST", "/api/auth/account/password", a, map[string]any{"current_password": "wrong-one",
				"password": "new password 1", "password_confirmation": "new password 1"}), 422)
			if fieldCode(r, "current_password") != "validation.current_password" {
				t.Fatalf("%s", r.raw)
			}
			r = e.expect(e.call("POST", "/api/auth/account/password", a, map[string]any{"current_password": pw,
				"password": "new password 1", "password_confirmation": "different"}), 422)
			if fieldCode(r, "password_confirmation") != "validation.confirmed" {
				t.Fatalf("%s", r.raw)
			}
			e.expect(e.call("POST", "/api/auth/account/password", a, map[string]any{"current_password": pw,
				"password": "new password 1", "password_confirmation": "new password 1"}), 200)
			e.expect(e.call("GET", "/api/verify", a, nil), 200)
			e.expect(e.call("GET", "/api/verify", b, nil), 401)
			e.expect(login(c.email, pw), 422)
			e.expect(login(c.email, "new password 1"), 200)
		})
		t.Run("changeEmail", func(t *testing.T) {
			e.t = t
			tok := e.expect(login(c.email, "new password 1"), 200).str("data", "access_token")
			e.expect(e.call("POST", "/api/auth/account/email", tok, map[string]any{"email": "boss@sessionco.test", "password": "wrong"}), 422)
			other := e.company("Other Co")
			r := e.expect(e.call("POST", "/api/auth/account/email", tok, map[string]any{"email": other.email, "password": "new password 1"}), 422)
			if fieldCode(r, "email") != "validation.taken" {
				t.Fatalf("%s", r.raw)
			}
			r = e.expect(e.call("POST", "/api/auth/account/email", tok, map[string]any{"email": "Boss@SessionCo.test", "password": "new password 1"}), 200)
			if r.str("data", "email") != "boss@sessionco.test" {
				t.Fatalf("%s", r.raw)
			}
			e.expect(login("boss@sessionco.test", "new password 1"), 200)
			c.email = "boss@sessionco.test"
		})
		t.Run("updateUser", func(t *testing.T) {
			e.t = t
			tok := e.expect(login(c.email, "new password 1"), 200).str("data", "access_token")
			r := e.expect(e.call("PUT", "/api/user", tok, map[string]any{"username": "boss", "bio": "Runs the place", "name": "The Boss"}), 200)
			if r.str("data", "username") != "boss" || r.str("data", "bio") != "Runs the place" || r.str("data", "name") != "The Boss" {
				t.Fatalf("%s", r.raw)
			}
			r = e.expect(e.call("PUT", "/api/user", tok, map[string]any{"password": "another password"}), 422)
			if fieldCode(r, "current_password") != "validation.required" {
				t.Fatalf("%s", r.raw)
			}
			e.expect(e.call("PUT", "/api/user", tok, map[string]any{"image": "javascript:alert(1)"}), 422)
			e.expect(e.call("PUT", "/api/user", tok, map[string]any{"password": "another password", "current_password": "new password 1"}), 200)
			e.expect(login(c.email, "another password"), 200)
		})
	})
}

var resetLink = regexp.MustCompile(`https?://\S+/auth/password/reset\?token=(\S+)`)

func TestPasswordResetByEmail(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Reset School")
		e.expect(e.call("POST", "/api/auth/password/school/reset", "", map[string]any{"email": "nobody@nowhere.test"}), 200)
		e.expect(e.call("POST", "/api/auth/password/school/reset", "", map[string]any{"email": "bad"}), 422)
		e.expect(e.call("POST", "/api/auth/password/school/reset", "", map[string]any{"email": strings.ToUpper(s.email)}), 200)
		msg := e.smtp.WaitFor(t, s.email, 10*time.Second)
		m := resetLink.FindStringSubmatch(msg.Body)
		if m == nil || !strings.HasPrefix(m[0], e.srv.URL) {
			t.Fatalf("no reset link to this server in: %q", msg.Body)
		}
		token, _ := url.QueryUnescape(m[1])
		for _, got := range e.smtp.Messages() {
			if strings.Contains(strings.Join(got.To, ","), "nobody@nowhere.test") {
				t.Fatal("an e-mail went to an unknown address")
			}
		}
		r := e.expect(e.call("POST", "/api/auth/password/reset/new", "", map[string]any{"token": "forged", "password": "brand new pass", "password_confirmation": "brand new pass"}), 422)
		if r.str("code") != "auth.reset_token_invalid" {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", "/api/auth/password/reset/new", "", map[string]any{"token": token, "password": "brand new pass", "password_confirmation": "brand new pass"}), 200)
		e.expect(e.call("GET", "/api/verify", s.token, nil), 401) // every session ended
		e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": s.email, "password": "brand new pass"}), 200)
		r = e.expect(e.call("POST", "/api/auth/password/reset/new", "", map[string]any{"token": token, "password": "third password", "password_confirmation": "third password"}), 422)
		if r.str("code") != "auth.reset_token_invalid" {
			t.Fatalf("a used token worked again: %s", r.raw)
		}

		// An expired link is refused.
		e.expect(e.call("POST", "/api/auth/password/school/reset", "", map[string]any{"email": s.email}), 200)
		deadline := time.Now().Add(10 * time.Second)
		var second string
		for second == "" && time.Now().Before(deadline) {
			msgs := e.smtp.Messages()
			if len(msgs) >= 2 {
				if m := resetLink.FindStringSubmatch(msgs[len(msgs)-1].Body); m != nil {
					second, _ = url.QueryUnescape(m[1])
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
		if second == "" {
			t.Fatal("second reset e-mail did not arrive")
		}
		if _, err := db.Exec(`UPDATE password_resets SET expires_at = $1 WHERE used_at IS NULL`, database.Now().Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		e.expect(e.call("POST", "/api/auth/password/reset/new", "", map[string]any{"token": second, "password": "third password", "password_confirmation": "third password"}), 422)
	})
}
