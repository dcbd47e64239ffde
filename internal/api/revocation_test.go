package api_test

import (
	"context"
	"os"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// revocationBound is how soon a revocation on one node must show on another sharing the
// PostgreSQL database (NOTIFY is delivered on commit; in practice it takes milliseconds).
const revocationBound = 2 * time.Second

// On one node, logout, a role change and a deleted user take effect on the very next call,
// although the principal of the session was cached by the calls before.
func TestRevocationSameNode(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		s := e.school("Revoke One")
		owner, err := e.app.Accounts.Authenticate(ctx, s.token)
		if err != nil {
			t.Fatal(err)
		}
		list := "/api/school/employee/teacher"
		admin := e.user(s.orgID, "admin")
		adminP, _ := e.app.Accounts.Authenticate(ctx, admin)
		e.expect(e.call("GET", list, admin, nil), 200)
		e.expect(e.call("GET", list, admin, nil), 200)
		if err := e.app.Accounts.SetAdmin(ctx, owner, adminP.UserID, false); err != nil {
			t.Fatal(err)
		}
		e.expect(e.call("GET", list, admin, nil), 403)
		e.expect(e.call("POST", "/api/auth/logout", admin, nil), 204)
		e.expect(e.call("GET", "/api/verify", admin, nil), 401)

		other := e.user(s.orgID, "admin")
		otherP, _ := e.app.Accounts.Authenticate(ctx, other)
		e.expect(e.call("GET", list, other, nil), 200)
		if err := e.app.Accounts.DeleteUser(ctx, owner, otherP.UserID); err != nil {
			t.Fatal(err)
		}
		e.expect(e.call("GET", "/api/verify", other, nil), 401)

		// Ownership transfer: both principals change at once, though both were cached.
		heir := e.user(s.orgID, "admin")
		heirP, _ := e.app.Accounts.Authenticate(ctx, heir)
		if err := e.app.Accounts.TransferOwnership(ctx, owner, heirP.UserID); err != nil {
			t.Fatal(err)
		}
		if p, err := e.app.Accounts.Authenticate(ctx, s.token); err != nil || p.Role != account.RoleAdmin {
			t.Fatalf("former owner: %+v %v", p, err)
		}
		if p, err := e.app.Accounts.Authenticate(ctx, heir); err != nil || p.Role != account.RoleOwner {
			t.Fatalf("new owner: %+v %v", p, err)
		}

		// A password change ends the user's other sessions.
		second := e.expect(e.call("POST", "/api/auth/login", "", map[string]any{"email": s.email, "password": pw}), 200).str("data", "access_token")
		e.expect(e.call("GET", "/api/verify", second, nil), 200)
		e.expect(e.call("POST", "/api/auth/account/password", s.token, map[string]any{"current_password": pw,
			"password": "another horse battery", "password_confirmation": "another horse battery"}), 200)
		e.expect(e.call("GET", "/api/verify", second, nil), 401)
		e.expect(e.call("GET", "/api/verify", s.token, nil), 200)
	})
}

// Two API nodes on one PostgreSQL database: a role change, a logout and a deleted user on
// node A take effect on node B within revocationBound, although B had cached the session.
func TestRevocationAcrossNodes(t *testing.T) {
	base := os.Getenv(testdb.EnvPostgres)
	if base == "" {
		t.Skip(testdb.EnvPostgres + " is not set")
	}
	db := testdb.Open(t, database.Postgres)
	a, b := newEnv(t, db), newEnv(t, db)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, n := range []*env{a, b} {
		done := make(chan struct{})
		go func() { n.app.Accounts.ListenForRevocations(ctx, base); close(done) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	for deadline := time.Now().Add(10 * time.Second); !a.app.Accounts.HearsRevocations() || !b.app.Accounts.HearsRevocations(); {
		if time.Now().After(deadline) {
			t.Fatal("the nodes never heard the revocation channel")
		}
		time.Sleep(10 * time.Millisecond)
	}
	s := a.school("Revoke Two")
	owner, err := a.app.Accounts.Authenticate(ctx, s.token)
	if err != nil {
		t.Fatal(err)
	}
	list := "/api/school/employee/teacher"
	admin := a.user(s.orgID, "admin")
	adminP, _ := a.app.Accounts.Authenticate(ctx, admin)
	b.expect(b.call("GET", list, admin, nil), 200)
	b.expect(b.call("GET", list, admin, nil), 200) // cached on B now

	// within polls B until a call answers want, and fails past the bound.
	within := func(what, path, token string, want int) {
		t.Helper()
		start := time.Now()
		for {
			r := b.call("GET", path, token, nil)
			if r.status == want {
				t.Logf("%s showed on node B after %s", what, time.Since(start).Round(time.Millisecond))
				return
			}
			if time.Since(start) > revocationBound {
				t.Fatalf("%s: node B still answers %d after %s", what, r.status, revocationBound)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	if err := a.app.Accounts.SetAdmin(ctx, owner, adminP.UserID, false); err != nil {
		t.Fatal(err)
	}
	within("role change", list, admin, 403)
	b.expect(b.call("GET", "/api/verify", admin, nil), 200) // cached again, as a member
	a.expect(a.call("POST", "/api/auth/logout", admin, nil), 204)
	within("logout", "/api/verify", admin, 401)

	other := a.user(s.orgID, "admin")
	otherP, _ := a.app.Accounts.Authenticate(ctx, other)
	b.expect(b.call("GET", list, other, nil), 200)
	if err := a.app.Accounts.DeleteUser(ctx, owner, otherP.UserID); err != nil {
		t.Fatal(err)
	}
	within("user deletion", "/api/verify", other, 401)
}

// Two API nodes on one PostgreSQL database: an API token revoked on node A is refused on
// node B within revocationBound, although B had cached it (issue 15).
func TestTokenRevocationAcrossNodes(t *testing.T) {
	base := os.Getenv(testdb.EnvPostgres)
	if base == "" {
		t.Skip(testdb.EnvPostgres + " is not set")
	}
	db := testdb.Open(t, database.Postgres)
	a, b := newEnv(t, db), newEnv(t, db)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, n := range []*env{a, b} {
		done := make(chan struct{})
		go func() { n.app.Accounts.ListenForRevocations(ctx, base); close(done) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	for deadline := time.Now().Add(10 * time.Second); !a.app.Accounts.HearsRevocations() || !b.app.Accounts.HearsRevocations(); {
		if time.Now().After(deadline) {
			t.Fatal("the nodes never heard the revocation channel")
		}
		time.Sleep(10 * time.Millisecond)
	}
	c := a.company("Token Two Nodes")
	secret, id := a.newToken(c.token, map[string]any{"name": "Script", "areas": []string{"people"}})
	list := "/api/employee/record"
	b.expect(b.call("GET", list, secret, nil), 200)
	b.expect(b.call("GET", list, secret, nil), 200) // cached on B now
	a.expect(a.call("DELETE", "/api/integrations/tokens/"+id, c.token, nil), 204)
	start := time.Now()
	for {
		r := b.call("GET", list, secret, nil)
		if r.status == 401 {
			t.Logf("revocation showed on node B after %s", time.Since(start).Round(time.Millisecond))
			break
		}
		if time.Since(start) > revocationBound {
			t.Fatalf("node B still answers %d after %s", r.status, revocationBound)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
