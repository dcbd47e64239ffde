package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/device"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// parallelRequests is how many requests each limit test fires at once.
const parallelRequests = 64

// clientFrom is an HTTP client whose connections leave from a loopback address of its own
// (127.0.0.0/8 is all loopback on Linux), so the server sees a different client address.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}, Timeout: time.Minute}
}

// loopback returns the i-th distinct client address (127.0.1.0 onwards).
func loopback(i int) string { return fmt.Sprintf("127.0.%d.%d", 1+i/250, 1+i%250) }

// callVia sends a JSON request through a client; failures become status -1 (safe in goroutines).
func (e *env) callVia(c *http.Client, method, path, token string, body any) resp {
	var rd io.Reader
	if body != nil {
		buf, _ := json.Marshal(body)
		rd = bytes.NewReader(buf)
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, rd)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.Do(req)
	if err != nil {
		return resp{status: -1, raw: err.Error()}
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := resp{status: res.StatusCode, raw: string(raw), header: res.Header}
	_ = json.Unmarshal(raw, &r.body)
	return r
}

// burst fires n requests at once (released together) and returns the answers.
func burst(n int, do func(i int) resp) []resp {
	out := make([]resp, n)
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-start
			out[i] = do(i)
		}()
	}
	ready.Wait()
	close(start)
	done.Wait()
	return out
}

// expectLimit checks that exactly `through` answers have status ok and every other one is
// 429 with the code and a Retry-After header.
func expectLimit(t *testing.T, rs []resp, ok, through int, code string) {
	t.Helper()
	passed := 0
	for _, r := range rs {
		switch r.status {
		case ok:
			passed++
		case http.StatusTooManyRequests:
			if r.str("code") != code {
				t.Fatalf("429 with code %q, want %q: %s", r.str("code"), code, r.raw)
			}
			if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s < 1 {
				t.Fatalf("429 without a Retry-After in seconds: %v", r.header)
			}
		default:
			t.Fatalf("status %d: %s", r.status, r.raw)
		}
	}
	if passed != through {
		t.Fatalf("%d of %d requests got %d, want exactly %d", passed, len(rs), ok, through)
	}
}

// slowHashWait lets parallel tests queue on the hashing semaphore instead of being refused.
func (e *env) slowHashWait() { e.app.Accounts.Hasher().Wait = time.Minute }

func TestLoginLimitPerAccountHoldsInParallel(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.slowHashWait()
		c := e.company("Guess Co")
		rs := burst(parallelRequests, func(i int) resp {
			return e.callVia(clientFrom(loopback(i)), "POST", "/api/auth/login", "", map[string]any{"email": c.email, "password": fmt.Sprintf("guess %d", i)})
		})
		expectLimit(t, rs, 422, account.LoginPerAccount.Limit, "auth.locked")
	})
}

func TestLoginLimitPerIPHoldsInParallel(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.slowHashWait()
		ip := clientFrom("127.0.0.7")
		rs := burst(parallelRequests, func(i int) resp {
			return e.callVia(ip, "POST", "/api/auth/login", "", map[string]any{"email": fmt.Sprintf("nobody%d@example.com", i), "password": "guess"})
		})
		expectLimit(t, rs, 422, account.LoginPerIP.Limit, "auth.too_many_attempts")
		// Another address is not held back by this one's attempts.
		e.expect(e.callVia(clientFrom("127.0.0.8"), "POST", "/api/auth/login", "", map[string]any{"email": "nobody@example.com", "password": "guess"}), 422)
	})
}

func TestPasswordResetLimitsHoldInParallel(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Reset Co")
		t.Run("perAccount", func(t *testing.T) {
			rs := burst(parallelRequests, func(i int) resp {
				return e.callVia(clientFrom(loopback(i)), "POST", "/api/auth/password/school/reset", "", map[string]any{"email": c.email})
			})
			expectLimit(t, rs, 200, account.ResetsPerEmail.Limit, "auth.too_many_resets")
			var tokens int
			if err := db.QueryRow(`SELECT COUNT(*) FROM password_resets`).Scan(&tokens); err != nil {
				t.Fatal(err)
			}
			if tokens != account.ResetsPerEmail.Limit {
				t.Fatalf("%d reset tokens, want %d", tokens, account.ResetsPerEmail.Limit)
			}
		})
		t.Run("unknownAddressAnswersTheSame", func(t *testing.T) {
			rs := burst(parallelRequests, func(i int) resp {
				return e.callVia(clientFrom(loopback(100+i)), "POST", "/api/auth/password/school/reset", "", map[string]any{"email": "nobody@reset.test"})
			})
			expectLimit(t, rs, 200, account.ResetsPerEmail.Limit, "auth.too_many_resets")
		})
		t.Run("perIP", func(t *testing.T) {
			ip := clientFrom("127.0.0.9")
			rs := burst(parallelRequests, func(i int) resp {
				return e.callVia(ip, "POST", "/api/auth/password/school/reset", "", map[string]any{"email": fmt.Sprintf("someone%d@reset.test", i)})
			})
			expectLimit(t, rs, 200, account.ResetsPerIP.Limit, "auth.too_many_resets")
		})
	})
}

func TestVerificationGuessLimitHoldsInParallel(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ip := clientFrom("127.0.0.10")
		rs := burst(parallelRequests, func(i int) resp {
			if i%2 == 0 {
				return e.callVia(ip, "GET", fmt.Sprintf("/api/employee/check?verification_code=WRONG%03d", i), "", nil)
			}
			return e.callVia(ip, "POST", "/api/auth/verification/register/employee", "", map[string]any{"verification_code": fmt.Sprintf("WRONG%03d", i),
				"email": fmt.Sprintf("guess%d@verify.test", i), "password": pw, "password_confirmation": pw})
		})
		expectLimit(t, rs, 422, account.GuessesPerIP.Limit, "auth.too_many_attempts")
	})
}

func TestBeaconClockInOnceAMinuteInParallel(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Beacon School")
		ctx := context.Background()
		p, err := e.app.People.Create(ctx, s.orgID, people.Teacher, people.General{Code: "B1", FirstName: "Beacon"})
		if err != nil {
			t.Fatal(err)
		}
		tok := e.member(s.orgID, p.ID)
		const uuid = "f7826da6-4fa2-4e98-8024-bc5b71e0893e"
		if _, err := e.app.Devices.SaveBeacon(ctx, device.Beacon{OrgID: s.orgID, Name: "Gate", UUID: uuid, Major: 1, Minor: 2}); err != nil {
			t.Fatal(err)
		}
		c := &http.Client{Timeout: time.Minute}
		rs := burst(parallelRequests, func(int) resp {
			return e.callVia(c, "POST", "/api/attendance/beacon", tok, map[string]any{"uuid": uuid, "major": 1, "minor": 2})
		})
		expectLimit(t, rs, 201, device.BeaconClockIns.Limit, "beacon.too_often")
		var punches int
		if err := db.QueryRow(`SELECT COUNT(*) FROM punches WHERE person_id = $1`, p.ID).Scan(&punches); err != nil {
			t.Fatal(err)
		}
		if punches != 1 {
			t.Fatalf("%d punches, want 1", punches)
		}
	})
}

var loginLinkPattern = regexp.MustCompile(`/auth/login/link\?token=([A-Za-z0-9_-]+)`)

// TestLockoutWithoutDenial: strangers' wrong passwords lock the account; the owner's right
// password then gets the same answer as a wrong one but e-mails a one-time sign-in link that
// signs them in, and they are told of the failed attempts.
func TestLockoutWithoutDenial(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Lock Co")
		login := func(ip, password string) resp {
			return e.callVia(clientFrom(ip), "POST", "/api/auth/login", "", map[string]any{"email": c.email, "password": password})
		}
		for i := range account.LoginPerAccount.Limit {
			e.expect(login("127.0.0.20", fmt.Sprintf("wrong %d", i)), 422)
		}
		wrong := e.expect(login("127.0.0.21", "wrong again"), 429)
		if len(e.smtp.Messages()) != 0 {
			t.Fatalf("a wrong password on a locked account sent e-mail")
		}
		right := e.expect(login("127.0.0.22", pw), 429)
		if wrong.raw != right.raw || right.str("code") != "auth.locked" || right.header.Get("Retry-After") == "" {
			t.Fatalf("locked answers differ or lack Retry-After:\n%s\n%s", wrong.raw, right.raw)
		}
		msg := e.smtp.WaitFor(t, c.email, 10*time.Second)
		m := loginLinkPattern.FindStringSubmatch(msg.Body)
		if m == nil {
			t.Fatalf("no sign-in link in %q", msg.Body)
		}
		var hashes int
		if err := db.QueryRow(`SELECT COUNT(*) FROM login_links WHERE token_hash = $1`, m[1]).Scan(&hashes); err != nil || hashes != 0 {
			t.Fatalf("the raw token is stored (%d, %v)", hashes, err)
		}
		e.expect(e.call("POST", "/api/auth/login/link", "", map[string]any{"token": "forged"}), 422)
		in := e.expect(e.call("POST", "/api/auth/login/link", "", map[string]any{"token": m[1]}), 200)
		if in.str("data", "access_token") == "" || in.str("data", "email") != c.email {
			t.Fatalf("%s", in.raw)
		}
		fa, _ := in.data()["failed_attempts"].(map[string]any)
		if fa["count"] != float64(account.LoginPerAccount.Limit+1) || fa["last_ip"] != "127.0.0.21" || fa["last_at"] == nil {
			t.Fatalf("failed_attempts = %v, want %d, last from 127.0.0.21", fa, account.LoginPerAccount.Limit+1)
		}
		e.expect(e.call("GET", "/api/verify", in.str("data", "access_token"), nil), 200)
		used := e.expect(e.call("POST", "/api/auth/login/link", "", map[string]any{"token": m[1]}), 422)
		if used.str("code") != "auth.login_link_invalid" {
			t.Fatalf("%s", used.raw)
		}
		// The link unlocked the account: the password alone works again, and the attempts
		// already shown are not shown twice.
		again := e.expect(login("127.0.0.22", pw), 200)
		if fa, _ := again.data()["failed_attempts"].(map[string]any); fa["count"] != float64(0) {
			t.Fatalf("failed_attempts after a clean sign-in: %v", fa)
		}
	})
}

func TestFailedAttemptsShownAtNextSignIn(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Notice Co")
		e.expect(e.callVia(clientFrom("127.0.0.30"), "POST", "/api/auth/login", "", map[string]any{"email": c.email, "password": "nope"}), 422)
		e.expect(e.callVia(clientFrom("127.0.0.31"), "POST", "/api/auth/login", "", map[string]any{"email": strings.ToUpper(c.email), "password": "nope"}), 422)
		r := e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": c.email, "password": pw}), 200)
		fa, _ := r.data()["failed_attempts"].(map[string]any)
		if fa["count"] != float64(2) || fa["last_ip"] != "127.0.0.31" {
			t.Fatalf("failed_attempts = %v", fa)
		}
	})
}

// TestLockedTwoFactorAccountNeedsLinkAndCode: for an account with two-factor sign-in the
// lock is lifted only by the e-mailed link together with a code, and each link is one guess
// of the code, so whoever knows the password cannot go on guessing codes.
func TestLockedTwoFactorAccountNeedsLinkAndCode(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.t = t
		clk := fixClock(e)
		c := e.company("Factor Co")
		secret, _ := e.enrol(t, clk, c.token)
		for range account.LoginPerAccount.Limit {
			e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": c.email, "password": "nope"}), 422)
		}
		clk.add(30 * time.Second)
		locked := e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": c.email, "password": pw, "otp_code": code(t, secret, clk.now)}), 429)
		if locked.str("code") != "auth.locked" {
			t.Fatalf("a right code opened a locked account: %s", locked.raw)
		}
		m := loginLinkPattern.FindStringSubmatch(e.smtp.WaitFor(t, c.email, 10*time.Second).Body)
		if m == nil {
			t.Fatal("no sign-in link e-mailed")
		}
		wantCode(t, e.call("POST", "/api/auth/login/link", "", map[string]any{"token": m[1]}), 401, "auth.two_factor_required")
		wantCode(t, e.call("POST", "/api/auth/login/link", "", map[string]any{"token": m[1], "otp_code": "000000"}), 422, "auth.two_factor_invalid")
		clk.add(30 * time.Second)
		wantCode(t, e.call("POST", "/api/auth/login/link", "", map[string]any{"token": m[1], "otp_code": code(t, secret, clk.now)}), 422, "auth.login_link_invalid")

		// A fresh link with a right code signs in and unlocks.
		e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": c.email, "password": pw}), 429)
		var link []string
		for deadline := time.Now().Add(10 * time.Second); link == nil && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			for _, msg := range e.smtp.Messages() {
				if l := loginLinkPattern.FindStringSubmatch(msg.Body); l != nil && l[1] != m[1] {
					link = l
				}
			}
		}
		if link == nil {
			t.Fatal("no second sign-in link")
		}
		e.expect(e.call("POST", "/api/auth/login/link", "", map[string]any{"token": link[1], "otp_code": code(t, secret, clk.now)}), 200)
	})
}
