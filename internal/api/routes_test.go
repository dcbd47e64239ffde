package api_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"hadir/internal/account"
	"hadir/internal/api"
	"hadir/internal/org"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// routeCase says how to call a route in the walk. A route of the table without a case fails
// the test, so every new route must come with its isolation and permission case.
type routeCase struct {
	query string // query string for a valid call
	body  any    // JSON body for a valid call
	// foreign, when set, makes an item in the victim organisation and returns the query and
	// body that address it; the attacker (another organisation's owner) must get 404.
	foreign func(e *env, victim tenant) (query string, body any)
	// check, when set, confirms after the foreign call that the victim's item is unchanged.
	check func(e *env, victim tenant)
}

func positionIn(e *env, victim tenant) int64 {
	p, err := e.app.Orgs.SavePosition(context.Background(), org.Position{OrgID: victim.orgID, Name: fmt.Sprintf("Victim position %d", seq.Add(1))})
	if err != nil {
		e.t.Fatal(err)
	}
	return p.ID
}

var routeCases = map[string]routeCase{
	"POST /api/auth/login":                 {body: map[string]any{"email": "nobody@example.com", "password": "x"}},
	"POST /api/login":                      {body: map[string]any{"email": "nobody@example.com", "password": "x"}},
	"POST /api/auth/register":              {body: map[string]any{}},
	"POST /api/users":                      {body: map[string]any{}},
	"POST /api/school/register":            {body: map[string]any{}},
	"POST /api/auth/password/school/reset": {body: map[string]any{"email": "nobody@example.com"}},
	"POST /api/auth/password/reset/new":    {body: map[string]any{"token": "x", "password": "abcdefgh1", "password_confirmation": "abcdefgh1"}},
	"GET /api/verify":                      {},
	"PUT /api/user":                        {body: map[string]any{"bio": "hello"}},
	"POST /api/auth/logout":                {},
	"POST /api/auth/account/email":         {body: map[string]any{"email": "new@example.com", "password": "wrong"}},
	"POST /api/auth/account/password":      {body: map[string]any{"current_password": "wrong", "password": "abcdefgh1", "password_confirmation": "abcdefgh1"}},
	"GET /api/ref/company/type":            {},
	"GET /api/ref/employee/contact":        {},
	"GET /api/ref/marital":                 {},
	"GET /api/company/profile":             {},
	"POST /api/company/profile/update":     {body: map[string]any{"name": "X"}},
	"POST /api/company/register":           {body: map[string]any{"full_name": "X Sdn Bhd", "company_type_id": 3, "registration_number": "123"}},
	"GET /api/company/settings/positions":  {},
	"POST /api/company/settings/positions": {body: map[string]any{"name": "Walker"}},
	"GET /api/school/management/form":      {},
	"POST /api/school/management":          {body: map[string]any{"name": ""}},
	"POST /api/company/settings/positions/update": {
		body: map[string]any{"id": 999999, "name": "Renamed"},
		foreign: func(e *env, v tenant) (string, any) {
			return "", map[string]any{"id": positionIn(e, v), "name": "Stolen"}
		},
		check: func(e *env, v tenant) {
			items, _, _ := e.app.Orgs.Positions(context.Background(), v.orgID, "Stolen", database.Page{Number: 1, Size: 10})
			if len(items) != 0 {
				e.t.Errorf("another organisation renamed a position")
			}
		},
	},
	"DELETE /api/company/settings/positions": {
		query: "?id=999999",
		foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("?id=%d", positionIn(e, v)), nil
		},
	},
}

type actor struct {
	name  string
	kind  string
	role  string
	token func() string
}

// TestRouteWalk walks the whole route table: no token → 401; every role of both kinds of
// organisation gets 403 exactly when it lacks the route's permission; another organisation's
// ids answer 404; malformed bodies never cause a 5xx.
func TestRouteWalk(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		school, company, victim := e.school("Walk School"), e.company("Walk Company"), e.company("Victim Company")
		actors := []actor{
			{"school owner", "school", account.RoleOwner, func() string { return e.school("Walk School Owner").token }},
			{"school admin", "school", account.RoleAdmin, func() string { return e.user(school.orgID, account.RoleAdmin) }},
			{"school member", "school", account.RoleMember, func() string { return e.user(school.orgID, account.RoleMember) }},
			{"company owner", "company", account.RoleOwner, func() string { return e.company("Walk Company Owner").token }},
			{"company admin", "company", account.RoleAdmin, func() string { return e.user(company.orgID, account.RoleAdmin) }},
			{"company member", "company", account.RoleMember, func() string { return e.user(company.orgID, account.RoleMember) }},
		}
		for _, rt := range e.app.API.Routes() {
			key := rt.Method + " " + rt.Path
			c, ok := routeCases[key]
			if !ok {
				t.Errorf("route %s has no case in the route-walk table", key)
				continue
			}
			t.Run(key, func(t *testing.T) {
				e.t = t
				defer func() { e.t = nil }()
				if rt.Access != api.Public {
					for _, tok := range []string{"", "not-a-token", school.token + "x"} {
						if r := e.call(rt.Method, rt.Path+c.query, tok, c.body); r.status != 401 {
							t.Errorf("token %q: status %d, want 401: %s", tok, r.status, r.raw)
						}
					}
				}
				for _, a := range actors {
					tok := ""
					if rt.Access != api.Public {
						tok = a.token() // a fresh session each time: some routes end it
					}
					r := e.call(rt.Method, rt.Path+c.query, tok, c.body)
					allowed := rt.Access != api.Perm || slices.Contains(account.Permissions(a.kind, a.role), rt.Permission)
					switch {
					case !allowed && r.status != 403:
						t.Errorf("%s: status %d, want 403: %s", a.name, r.status, r.raw)
					case allowed && (r.status == 401 || r.status == 403 || r.status >= 500):
						t.Errorf("%s: status %d, want an answer: %s", a.name, r.status, r.raw)
					}
					if rt.Method == "POST" || rt.Method == "PUT" {
						if r := e.call(rt.Method, rt.Path, tok, `{"broken": `); allowed && r.status >= 500 {
							t.Errorf("%s: malformed body gave %d: %s", a.name, r.status, r.raw)
						}
					}
				}
				if c.foreign != nil {
					q, body := c.foreign(e, victim)
					r := e.call(rt.Method, rt.Path+q, company.token, body)
					if r.status != 404 {
						t.Errorf("another organisation's item: status %d, want 404: %s", r.status, r.raw)
					}
					if c.check != nil {
						c.check(e, victim)
					}
				}
			})
		}
		e.t = t
	})
}

// TestUnknownAPIPath answers a JSON 404 with code route_not_found, and the SPA serves the rest.
func TestUnknownAPIPath(t *testing.T) {
	e := newEnv(t, testdb.New(t))
	r := e.expect(e.call("GET", "/api/no/such/route", "", nil), 404)
	if r.str("code") != "route_not_found" {
		t.Fatalf("code %q", r.str("code"))
	}
	e.expect(e.call("GET", "/healthz", "", nil), 200)
	e.expect(e.call("GET", "/api/verify", "", nil), 401)
	e.expect(e.call("GET", "/readyz", "", nil), 200)
	m := e.expect(e.call("GET", "/metrics", "", nil), 200)
	if !strings.Contains(m.raw, "hadir_uptime_seconds") || !strings.Contains(m.raw, `hadir_http_requests_total{route="GET /api/verify"`) {
		t.Fatalf("metrics: %s", m.raw)
	}
}
