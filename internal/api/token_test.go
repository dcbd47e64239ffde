package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/api"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// newToken creates an API token through the API and returns its secret and id.
func (e *env) newToken(owner string, body map[string]any) (string, string) {
	e.t.Helper()
	r := e.expect(e.call("POST", "/api/integrations/tokens", owner, body), 201)
	return r.str("data", "token"), r.str("data", "id")
}

// tokenList is the organisation's tokens as listed.
func (e *env) tokenList(token string) []map[string]any {
	e.t.Helper()
	r := e.expect(e.call("GET", "/api/integrations/tokens", token, nil), 200)
	items, _ := r.body["data"].([]any)
	out := make([]map[string]any, len(items))
	for i, x := range items {
		out[i], _ = x.(map[string]any)
	}
	return out
}

// A token is created by an admin, shown once, stored hashed, and calls the API within its
// scope as its creator: a read-only token reads but does not write, a people token does not
// reach leave, no token reaches the account's security calls or the tokens themselves, and
// revocation or expiry answers 401 on the next call.
func TestAPITokens(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Token Company")
		admin := e.user(c.orgID, account.RoleAdmin)
		member := e.user(c.orgID, account.RoleMember)

		// create422: the fields are named.
		r := e.expect(e.call("POST", "/api/integrations/tokens", admin, map[string]any{"name": " ", "areas": []string{"payroll"}, "expires_on": "2001-01-01"}), 422)
		for _, f := range []string{"name", "areas", "expires_on"} {
			if !strings.Contains(r.raw, `"`+f+`"`) {
				t.Errorf("422 does not name %s: %s", f, r.raw)
			}
		}
		e.expect(e.call("POST", "/api/integrations/tokens", admin, map[string]any{"name": "No areas"}), 422)
		e.expect(e.call("POST", "/api/integrations/tokens", admin, map[string]any{"name": "Bad date", "areas": []string{"people"}, "expires_on": "tomorrow"}), 422)
		// create403: a member manages no tokens.
		e.expect(e.call("POST", "/api/integrations/tokens", member, map[string]any{"name": "Mine", "areas": []string{"people"}}), 403)
		e.expect(e.call("GET", "/api/integrations/tokens", member, nil), 403)

		read, readID := e.newToken(admin, map[string]any{"name": "Payroll reader", "areas": []string{"attendance", "people"}})
		if !strings.HasPrefix(read, "hdr_") || len(read) < 40 {
			t.Fatalf("token %q", read)
		}
		rw, _ := e.newToken(admin, map[string]any{"name": "HR sync", "write": true, "areas": []string{"people"}, "expires_on": "2099-12-31"})

		// The secret is stored only as its hash, and never listed.
		var stored string
		if err := db.QueryRow(`SELECT secret_hash FROM api_tokens WHERE id = $1`, readID).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(stored, read[4:]) || len(stored) != 64 {
			t.Fatalf("stored secret %q", stored)
		}
		list := e.tokenList(admin)
		if len(list) != 2 || strings.Contains(e.call("GET", "/api/integrations/tokens", admin, nil).raw, read) {
			t.Fatalf("list: %v", list)
		}
		if list[0]["name"] != "HR sync" || list[0]["write"] != true || list[0]["expires_at"] != "2099-12-31T16:00:00Z" || list[0]["created_by"] != "admin" {
			t.Fatalf("newest token listed as %v (expires at the end of the day in Kuala Lumpur)", list[0])
		}
		if list[1]["last_used_at"] != nil {
			t.Fatalf("an unused token has a last use: %v", list[1])
		}

		// Reads in its areas; 403 on writes, other areas and the account's security.
		e.expect(e.call("GET", "/api/employee/record", read, nil), 200)
		e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-02", read, nil), 200)
		r = e.expect(e.call("POST", "/api/employee/record/register", read, map[string]any{"code": "T1", "first_name": "Tok"}), 403)
		if r.str("code") != "auth.token_scope" {
			t.Fatalf("code %q", r.str("code"))
		}
		e.expect(e.call("GET", "/api/company/leave/application", read, nil), 403)
		e.expect(e.call("GET", "/api/device/facial", read, nil), 403)
		for _, call := range [][2]string{{"POST", "/api/auth/account/password"}, {"POST", "/api/account/two-factor/enrol"},
			{"GET", "/api/integrations/tokens"}, {"POST", "/api/integrations/tokens"}, {"DELETE", "/api/integrations/tokens/" + readID},
			{"PUT", "/api/account/security/policy"}, {"POST", "/api/auth/logout"}, {"GET", "/api/verify"}, {"PUT", "/api/user"}} {
			e.expect(e.call(call[0], call[1], rw, map[string]any{}), 403)
		}

		// A read/write people token writes people, acting as its creator.
		e.expect(e.call("POST", "/api/employee/record/register", rw, map[string]any{"code": "TOK1", "first_name": "Scripted", "email": ""}), 201)
		e.expect(e.call("GET", "/api/company/leave", rw, nil), 403)

		// Last use is recorded, at most once a minute.
		list = e.tokenList(admin)
		first, ok := list[1]["last_used_at"].(string)
		if !ok || list[1]["last_used_ip"] != "127.0.0.1" {
			t.Fatalf("last use not recorded: %v", list[1])
		}
		var writes int
		ctx, statements := database.Capture(context.Background())
		for range 3 {
			if _, err := e.app.Accounts.AuthenticateToken(ctx, read, "127.0.0.1"); err != nil {
				t.Fatal(err)
			}
		}
		for _, s := range statements() {
			if strings.Contains(s.Query, "UPDATE api_tokens") {
				writes++
			}
		}
		if writes != 0 {
			t.Fatalf("%d writes of the last use within a minute", writes)
		}
		clock := time.Now().Add(2 * time.Minute)
		e.app.Accounts.Now = func() time.Time { return clock }
		e.expect(e.call("GET", "/api/employee/record", read, nil), 200)
		if again := e.tokenList(admin)[1]["last_used_at"].(string); again == first {
			t.Fatalf("last use not moved after two minutes: %s", again)
		}
		e.app.Accounts.Now = database.Now

		// Another organisation's token: 404; revoking: 204, then 401 at once (it was cached).
		other := e.company("Token Other")
		e.expect(e.call("DELETE", "/api/integrations/tokens/"+readID, other.token, nil), 404)
		e.expect(e.call("GET", "/api/employee/record", read, nil), 200)
		e.expect(e.call("DELETE", "/api/integrations/tokens/"+readID, admin, nil), 204)
		e.expect(e.call("GET", "/api/employee/record", read, nil), 401)
		e.expect(e.call("DELETE", "/api/integrations/tokens/"+readID, admin, nil), 204)
		if e.tokenList(admin)[1]["revoked_at"] == nil {
			t.Fatal("revoked token not shown as revoked")
		}

		// Expiry: past the last day in the organisation's zone the token is refused, even
		// though it is cached.
		e.expect(e.call("GET", "/api/employee/record", rw, nil), 200)
		e.app.Accounts.Now = func() time.Time { return time.Date(2099, 12, 31, 16, 0, 0, 0, time.UTC) }
		e.expect(e.call("GET", "/api/employee/record", rw, nil), 401)
		e.app.Accounts.Now = func() time.Time { return time.Date(2099, 12, 31, 15, 59, 0, 0, time.UTC) }
		e.expect(e.call("GET", "/api/employee/record", rw, nil), 200) // still the last day in Kuala Lumpur
		e.app.Accounts.Now = database.Now

		// The creator's demotion narrows the token at once; the creator's removal ends it.
		short, _ := e.newToken(admin, map[string]any{"name": "Short", "areas": []string{"people"}})
		e.expect(e.call("GET", "/api/employee/record", short, nil), 200)
		ctxB := context.Background()
		owner, _ := e.app.Accounts.Authenticate(ctxB, c.token)
		adminP, _ := e.app.Accounts.Authenticate(ctxB, admin)
		if err := e.app.Accounts.SetAdmin(ctxB, owner, adminP.UserID, false); err != nil {
			t.Fatal(err)
		}
		e.expect(e.call("GET", "/api/employee/record", short, nil), 403)
		if err := e.app.Accounts.DeleteUser(ctxB, owner, adminP.UserID); err != nil {
			t.Fatal(err)
		}
		e.expect(e.call("GET", "/api/employee/record", short, nil), 401)
		e.expect(e.call("GET", "/api/employee/record", "hdr_"+strings.Repeat("A", 43), nil), 401)
	})
}

// Every route a manager calls is in an API token area, except those deliberately closed to
// tokens: the organisation's settings and security, the tokens themselves, and a person's
// personal-data export and erasure. A new
// management route that forgets its area fails here, and must either take an area in the
// route table or be added to this list.
func TestRoutesWithoutTokenArea(t *testing.T) {
	e := newEnv(t, testdb.New(t))
	closed := map[string]bool{
		"GET /api/account/security/policy":            true,
		"PUT /api/account/security/policy":            true,
		"GET /api/account/retention":                  true,
		"PUT /api/account/retention":                  true,
		"GET /api/company/profile":                    true,
		"POST /api/company/profile/update":            true,
		"POST /api/company/register":                  true,
		"GET /api/company/settings/positions":         true,
		"POST /api/company/settings/positions":        true,
		"POST /api/company/settings/positions/update": true,
		"DELETE /api/company/settings/positions":      true,
		"GET /api/school/management/form":             true,
		"POST /api/school/management":                 true,
		"GET /api/integrations/tokens":                true,
		"POST /api/integrations/tokens":               true,
		"DELETE /api/integrations/tokens/{id}":        true,
		// Single sign-on: who signs in, and how, is for a person at the screen.
		"GET /api/integrations/sso":                        true,
		"PUT /api/integrations/sso":                        true,
		"POST /api/integrations/sso/providers":             true,
		"PUT /api/integrations/sso/providers/{id}":         true,
		"DELETE /api/integrations/sso/providers/{id}":      true,
		"POST /api/integrations/sso/requests/{id}/approve": true,
		"DELETE /api/integrations/sso/requests/{id}":       true,
		// Webhooks send the organisation's events to any address: set up by a person at the
		// screen, like tokens.
		"GET /api/integrations/webhooks":                                       true,
		"POST /api/integrations/webhooks":                                      true,
		"PUT /api/integrations/webhooks/{id}":                                  true,
		"DELETE /api/integrations/webhooks/{id}":                               true,
		"GET /api/integrations/webhooks/{id}/deliveries":                       true,
		"POST /api/integrations/webhooks/{id}/deliveries/{delivery}/redeliver": true,
		// Saved reports send e-mail to people of the organisation: set up at the screen.
		"GET /api/reports/saved":            true,
		"GET /api/reports/recipients":       true,
		"POST /api/reports/saved":           true,
		"GET /api/reports/saved/{id}":       true,
		"PUT /api/reports/saved/{id}":       true,
		"DELETE /api/reports/saved/{id}":    true,
		"POST /api/reports/saved/{id}/send": true,
		// The audit trail holds the old values of every change: for people at the screen.
		"GET /api/audit":          true,
		"GET /api/audit/export":   true,
		"GET /api/audit/settings": true,
		"PUT /api/audit/settings": true,
		// A person's whole file and its erasure are for a person at the screen, never a script.
		"GET /api/people/{id}/personal-data": true,
		"POST /api/people/{id}/erase":        true,
	}
	for _, rt := range e.app.API.Routes() {
		key := rt.Method + " " + rt.Path
		switch {
		case rt.Access != api.Perm && rt.Area != "":
			t.Errorf("%s is not a management route but has the token area %q", key, rt.Area)
		case rt.Access == api.Perm && rt.Area == "" && !closed[key]:
			t.Errorf("%s has no API token area", key)
		case rt.Area != "" && closed[key]:
			t.Errorf("%s is listed as closed to tokens but has the area %q", key, rt.Area)
		}
	}
}
