package api_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"hadir/internal/account"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// clock fixes the account service's clock and moves it on demand.
type clock struct{ now time.Time }

func (c *clock) add(d time.Duration) { c.now = c.now.Add(d) }

func fixClock(e *env) *clock {
	// Near the real time (sessions made under this clock are checked against the real one:
	// a fixed date made every sign-in here expire 12 hours after it), on a step boundary.
	c := &clock{now: time.Now().UTC().Truncate(time.Minute)}
	e.app.Accounts.Now = func() time.Time { return c.now }
	return c
}

// code is the TOTP code of a secret at an instant, as an authenticator app computes it.
func code(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// userWithEmail adds a user with a role to an organisation and returns its e-mail and token.
func (e *env) userWithEmail(orgID int64, role string) (string, string) {
	e.t.Helper()
	email := fmt.Sprintf("tf-%s%d@org%d.test", role, seq.Add(1), orgID)
	hash, _ := auth.Hash(auth.TestHashParams, pw)
	if _, err := account.NewStore(e.db).CreateUser(context.Background(), account.User{OrgID: orgID, Name: role, Email: email, Role: role, PasswordHash: hash}); err != nil {
		e.t.Fatal(err)
	}
	return email, e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": email, "password": pw}), 200).str("data", "access_token")
}

// enrol starts and confirms two-factor sign-in for a token's user and returns the secret and
// the recovery codes.
func (e *env) enrol(t *testing.T, c *clock, token string) (string, []string) {
	t.Helper()
	secret := e.expect(e.call("POST", "/api/account/two-factor/enrol", token, nil), 200).str("data", "secret")
	r := e.expect(e.call("POST", "/api/account/two-factor/confirm", token, map[string]any{"code": code(t, secret, c.now)}), 200)
	var codes []string
	for _, x := range r.data()["recovery_codes"].([]any) {
		codes = append(codes, x.(string))
	}
	return secret, codes
}

func login(e *env, email, otpCode string) resp {
	e.t.Helper()
	body := map[string]any{"email": email, "password": pw}
	if otpCode != "" {
		body["otp_code"] = otpCode
	}
	return e.call("POST", "/api/auth/login", "", body)
}

func wantCode(t *testing.T, r resp, status int, code string) {
	t.Helper()
	if r.status != status || r.str("code") != code {
		t.Fatalf("status %d code %q, want %d %q: %s", r.status, r.str("code"), status, code, r.raw)
	}
}

// TestTwoFactorSignIn: enrolment gives a secret, an otpauth URI and a QR code; only a current
// code turns it on; sign-in then needs a code within one step of now, never the same step
// twice; recovery codes work once; disabling needs the password and a code.
func TestTwoFactorSignIn(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.t = t
		c := fixClock(e)
		owner := e.company("Two Factor Co")
		tok := owner.token

		st := e.expect(e.call("GET", "/api/account/two-factor", tok, nil), 200)
		if st.str("data", "enabled") != "false" || st.str("data", "pending") != "false" {
			t.Fatalf("status before: %s", st.raw)
		}
		en := e.expect(e.call("POST", "/api/account/two-factor/enrol", tok, nil), 200)
		secret, uri := en.str("data", "secret"), en.str("data", "uri")
		u, err := url.Parse(uri)
		if err != nil || u.Scheme != "otpauth" || u.Host != "totp" || u.Query().Get("issuer") != "Hadir" || u.Query().Get("secret") != secret ||
			!strings.Contains(u.Path, owner.email) {
			t.Fatalf("uri %q", uri)
		}
		qr, ok := strings.CutPrefix(en.str("data", "qr_code"), "data:image/png;base64,")
		b, _ := base64.StdEncoding.DecodeString(qr)
		if _, err := png.Decode(bytes.NewReader(b)); !ok || err != nil {
			t.Fatalf("qr code is not a PNG data URL: %v", err)
		}
		// Pending: sign-in does not ask for a code yet.
		e.expect(login(e, owner.email, ""), 200)

		r := e.call("POST", "/api/account/two-factor/confirm", tok, map[string]any{"code": code(t, secret, c.now.Add(-5*time.Minute))})
		wantCode(t, r, 422, "auth.two_factor_invalid")
		if fieldCode(r, "code") != "auth.two_factor_invalid" {
			t.Fatalf("field: %s", r.raw)
		}
		confirmed := code(t, secret, c.now)
		r = e.expect(e.call("POST", "/api/account/two-factor/confirm", tok, map[string]any{"code": confirmed}), 200)
		recovery := r.data()["recovery_codes"].([]any)
		if len(recovery) != 10 {
			t.Fatalf("recovery codes: %s", r.raw)
		}
		st = e.expect(e.call("GET", "/api/account/two-factor", tok, nil), 200)
		if st.str("data", "enabled") != "true" || st.str("data", "recovery_codes_left") != "10" {
			t.Fatalf("status after: %s", st.raw)
		}
		wantCode(t, e.call("POST", "/api/account/two-factor/enrol", tok, nil), 409, "auth.two_factor_already_enabled")

		t.Run("login401_without_code", func(t *testing.T) {
			e.t = t
			wantCode(t, login(e, owner.email, ""), 401, "auth.two_factor_required")
		})
		t.Run("wrong_password_never_tells", func(t *testing.T) {
			e.t = t
			r := e.call("POST", "/api/auth/login", "", map[string]any{"email": owner.email, "password": "wrong password"})
			wantCode(t, r, 422, "auth.invalid_credentials")
			r = e.call("POST", "/api/auth/login", "", map[string]any{"email": owner.email, "password": "wrong password", "otp_code": code(t, secret, c.now)})
			wantCode(t, r, 422, "auth.invalid_credentials")
		})
		t.Run("replay422", func(t *testing.T) {
			e.t = t
			r := login(e, owner.email, confirmed) // the step of the confirmation is used
			wantCode(t, r, 422, "auth.two_factor_invalid")
			if fieldCode(r, "otp_code") != "auth.two_factor_invalid" {
				t.Fatalf("field: %s", r.raw)
			}
		})
		t.Run("window_one_step", func(t *testing.T) {
			e.t = t
			c.add(60 * time.Second)
			d := e.expect(login(e, owner.email, code(t, secret, c.now.Add(-30*time.Second))), 200).data()
			if d["access_token"] == "" || d["two_factor_setup_required"] != false {
				t.Fatalf("login: %v", d)
			}
			e.expect(login(e, owner.email, code(t, secret, c.now.Add(30*time.Second))), 200)
			// Now is at or before the last accepted step: a replay, however fresh.
			wantCode(t, login(e, owner.email, code(t, secret, c.now)), 422, "auth.two_factor_invalid")
			c.add(10 * time.Minute)
			wantCode(t, login(e, owner.email, code(t, secret, c.now.Add(60*time.Second))), 422, "auth.two_factor_invalid")
			wantCode(t, login(e, owner.email, code(t, secret, c.now.Add(-60*time.Second))), 422, "auth.two_factor_invalid")
			e.expect(login(e, owner.email, code(t, secret, c.now)), 200)
			wantCode(t, login(e, owner.email, code(t, secret, c.now)), 422, "auth.two_factor_invalid")
			c.add(30 * time.Second)
			e.expect(login(e, owner.email, code(t, secret, c.now)), 200)
		})
		t.Run("recovery_code_once", func(t *testing.T) {
			e.t = t
			e.expect(login(e, owner.email, recovery[0].(string)), 200)
			wantCode(t, login(e, owner.email, recovery[0].(string)), 422, "auth.two_factor_invalid")
			typed := " " + strings.ToUpper(strings.ReplaceAll(recovery[1].(string), "-", " ")) + " "
			e.expect(login(e, owner.email, typed), 200)
			wantCode(t, login(e, owner.email, "zzzzz-zzzzz"), 422, "auth.two_factor_invalid")
			st := e.expect(e.call("GET", "/api/account/two-factor", tok, nil), 200)
			if st.str("data", "recovery_codes_left") != "8" {
				t.Fatalf("status: %s", st.raw)
			}
		})
		t.Run("regenerate_recovery_codes", func(t *testing.T) {
			e.t = t
			wantCode(t, e.call("POST", "/api/account/two-factor/recovery-codes", tok, map[string]any{"code": "000000"}), 422, "auth.two_factor_invalid")
			c.add(30 * time.Second)
			r := e.expect(e.call("POST", "/api/account/two-factor/recovery-codes", tok, map[string]any{"code": code(t, secret, c.now)}), 200)
			fresh := r.data()["recovery_codes"].([]any)
			if len(fresh) != 10 || fresh[0] == recovery[2] {
				t.Fatalf("codes: %s", r.raw)
			}
			wantCode(t, login(e, owner.email, recovery[2].(string)), 422, "auth.two_factor_invalid")
			e.expect(login(e, owner.email, fresh[0].(string)), 200)
		})
		t.Run("disable", func(t *testing.T) {
			e.t = t
			c.add(30 * time.Second)
			r := e.call("POST", "/api/account/two-factor/disable", tok, map[string]any{"password": "wrong password", "code": code(t, secret, c.now)})
			if r.status != 422 || fieldCode(r, "password") != "validation.current_password" {
				t.Fatalf("wrong password: %s", r.raw)
			}
			r = e.call("POST", "/api/account/two-factor/disable", tok, map[string]any{"password": pw, "code": "123456"})
			wantCode(t, r, 422, "auth.two_factor_invalid")
			r = e.call("POST", "/api/account/two-factor/disable", tok, map[string]any{"password": pw})
			if r.status != 422 || fieldCode(r, "code") != "validation.required" {
				t.Fatalf("no code: %s", r.raw)
			}
			e.expect(e.call("POST", "/api/account/two-factor/disable", tok, map[string]any{"password": pw, "code": code(t, secret, c.now)}), 200)
			e.expect(login(e, owner.email, ""), 200)
			wantCode(t, e.call("POST", "/api/account/two-factor/disable", tok, map[string]any{"password": pw, "code": "123456"}), 409, "auth.two_factor_not_enabled")
			wantCode(t, e.call("POST", "/api/account/two-factor/confirm", tok, map[string]any{"code": "123456"}), 409, "auth.two_factor_not_enabled")
		})
	})
}

// TestTwoFactorCodesAreRateLimited: wrong codes after a correct password count as failed
// sign-ins, so a stolen password does not allow guessing codes faster than passwords.
func TestTwoFactorCodesAreRateLimited(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.t = t
		c := fixClock(e)
		owner := e.school("Guessed School")
		secret, _ := e.enrol(t, c, owner.token)
		c.add(30 * time.Second)
		for i := range account.LoginPerAccount.Limit {
			wantCode(t, login(e, owner.email, fmt.Sprintf("%06d", i)), 422, "auth.two_factor_invalid")
		}
		// Wrong codes count against the account like wrong passwords: it is locked, and even a
		// right code only brings the e-mailed link (which asks for a code again).
		wantCode(t, login(e, owner.email, code(t, secret, c.now)), 429, "auth.locked")

		// A signed-in session guessing codes for new recovery codes is held the same way.
		c.add(pastFailureWindow)
		e.expect(login(e, owner.email, code(t, secret, c.now)), 200)
		for range account.LoginPerAccount.Limit {
			wantCode(t, e.call("POST", "/api/account/two-factor/recovery-codes", owner.token, map[string]any{"code": "000000"}), 422, "auth.two_factor_invalid")
		}
		c.add(30 * time.Second)
		wantCode(t, e.call("POST", "/api/account/two-factor/recovery-codes", owner.token, map[string]any{"code": code(t, secret, c.now)}), 429, "auth.too_many_attempts")
		wantCode(t, e.call("POST", "/api/account/two-factor/disable", owner.token, map[string]any{"password": pw, "code": code(t, secret, c.now)}), 429, "auth.too_many_attempts")
	})
}

// pastFailureWindow moves the clock beyond the failures it counts.
const pastFailureWindow = 15*time.Minute + time.Minute

// TestTwoFactorPolicy: only the owner changes the organisation's requirement, and only after
// enrolling; an owner or admin without two-factor then signs in with
// two_factor_setup_required and can reach nothing but enrolment, /api/verify and logout
// until they enrol; members and other organisations are not affected.
func TestTwoFactorPolicy(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.t = t
		c := fixClock(e)
		school, other := e.school("Strict School"), e.company("Lax Company")
		adminEmail, admin := e.userWithEmail(school.orgID, account.RoleAdmin)
		_, member := e.userWithEmail(school.orgID, account.RoleMember)
		_, otherAdmin := e.userWithEmail(other.orgID, account.RoleAdmin)

		if r := e.expect(e.call("GET", "/api/account/security/policy", admin, nil), 200); r.str("data", "require_two_factor") != "false" {
			t.Fatalf("policy: %s", r.raw)
		}
		e.expect(e.call("PUT", "/api/account/security/policy", admin, map[string]any{"require_two_factor": true}), 403)
		r := e.call("PUT", "/api/account/security/policy", school.token, map[string]any{"require_two_factor": true})
		if r.status != 422 || fieldCode(r, "require_two_factor") != "auth.two_factor_enrol_first" {
			t.Fatalf("policy before enrolling: %s", r.raw)
		}
		r = e.call("PUT", "/api/account/security/policy", school.token, map[string]any{})
		if r.status != 422 || fieldCode(r, "require_two_factor") != "validation.required" {
			t.Fatalf("empty policy: %s", r.raw)
		}
		e.enrol(t, c, school.token)
		r = e.expect(e.call("PUT", "/api/account/security/policy", school.token, map[string]any{"require_two_factor": true}), 200)
		if r.str("data", "require_two_factor") != "true" {
			t.Fatalf("policy: %s", r.raw)
		}

		// The admin's existing session is held at enrolment.
		wantCode(t, e.call("GET", "/api/school/management/form", admin, nil), 403, "auth.two_factor_setup_required")
		wantCode(t, e.call("GET", "/api/account/security/policy", admin, nil), 403, "auth.two_factor_setup_required")
		if v := e.expect(e.call("GET", "/api/verify", admin, nil), 200); v.str("data", "two_factor_setup_required") != "true" {
			t.Fatalf("verify: %s", v.raw)
		}
		if st := e.expect(e.call("GET", "/api/account/two-factor", admin, nil), 200); st.str("data", "required") != "true" {
			t.Fatalf("status: %s", st.raw)
		}
		// A new sign-in succeeds and says so.
		l := e.expect(login(e, adminEmail, ""), 200)
		if l.str("data", "two_factor_setup_required") != "true" {
			t.Fatalf("login: %s", l.raw)
		}
		fresh := l.str("data", "access_token")
		wantCode(t, e.call("GET", "/api/school/employee/teacher", fresh, nil), 403, "auth.two_factor_setup_required")
		e.expect(e.call("POST", "/api/auth/logout", fresh, nil), 204)

		// Members, the owner (enrolled) and other organisations go on as before.
		e.expect(e.call("GET", "/api/ref/marital", member, nil), 200)
		if v := e.expect(e.call("GET", "/api/verify", member, nil), 200); v.str("data", "two_factor_setup_required") != "false" {
			t.Fatalf("member verify: %s", v.raw)
		}
		e.expect(e.call("GET", "/api/school/management/form", school.token, nil), 200)
		e.expect(e.call("GET", "/api/employee/record", otherAdmin, nil), 200)
		if r := e.expect(e.call("GET", "/api/account/security/policy", other.token, nil), 200); r.str("data", "require_two_factor") != "false" {
			t.Fatalf("another organisation's policy: %s", r.raw)
		}
		e.expect(e.call("PUT", "/api/account/security/policy", other.token, map[string]any{"require_two_factor": false}), 200)
		wantCode(t, e.call("GET", "/api/school/management/form", admin, nil), 403, "auth.two_factor_setup_required")

		// The admin enrols and is let through at once, on the same session.
		e.enrol(t, c, admin)
		e.expect(e.call("GET", "/api/school/management/form", admin, nil), 200)

		// Turning the policy off frees an owner or admin who had not enrolled.
		e.expect(e.call("PUT", "/api/account/security/policy", school.token, map[string]any{"require_two_factor": false}), 200)
		_, admin2 := e.userWithEmail(school.orgID, account.RoleAdmin)
		e.expect(e.call("GET", "/api/school/management/form", admin2, nil), 200)
	})
}

// TestTwoFactorReplayInParallel: one code sent by many sign-ins at once opens one session.
func TestTwoFactorReplayInParallel(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.t = t
		c := fixClock(e)
		owner := e.company("Parallel Co")
		secret, _ := e.enrol(t, c, owner.token)
		c.add(30 * time.Second)
		otpCode := code(t, secret, c.now)
		const n = 16
		statuses := make(chan int, n)
		for range n {
			go func() {
				body := fmt.Sprintf(`{"email": %q, "password": %q, "otp_code": %q}`, owner.email, pw, otpCode)
				res, err := http.Post(e.srv.URL+"/api/auth/login", "application/json", strings.NewReader(body))
				if err != nil {
					statuses <- 0
					return
				}
				res.Body.Close()
				statuses <- res.StatusCode
			}()
		}
		ok := 0
		for range n {
			switch s := <-statuses; s {
			case 200:
				ok++
			case 422, 429:
			default:
				t.Errorf("status %d", s)
			}
		}
		if ok != 1 {
			t.Fatalf("%d sign-ins with one code succeeded, want 1", ok)
		}
	})
}
