// Package oidctest runs a real OpenID provider on loopback for tests and the e2e harness:
// zitadel/oidc's op package with its example storage and login form (a user signs in with
// their e-mail as username and a password). Not for production.
package oidctest

import (
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
	"golang.org/x/text/language"
)

// Client is a relying party registered at the provider.
type Client struct {
	ID, Secret   string
	RedirectURIs []string
}

// User is an account at the provider.
type User struct {
	Subject, Email, Password, Name string
	EmailVerified                  bool
}

// Provider is a running OpenID provider.
type Provider struct {
	Issuer string
	users  *users
	srv    *http.Server
	ln     net.Listener
}

type users struct {
	mu sync.Mutex
	m  map[string]*storage.User
}

func (u *users) GetUserByID(id string) *storage.User {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.m[id]
}

func (u *users) GetUserByUsername(name string) *storage.User {
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, x := range u.m {
		if x.Username == name {
			return x
		}
	}
	return nil
}

func (u *users) ExampleClientID() string { return storage.ServiceUserID }

// Start runs a provider on addr ("127.0.0.1:0" for any port) with the clients.
func Start(addr string, clients ...Client) (*Provider, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	p := &Provider{Issuer: "http://" + ln.Addr().String(), users: &users{m: map[string]*storage.User{}}, ln: ln}
	cs := map[string]*storage.Client{}
	for _, c := range clients {
		cs[c.ID] = storage.WebClient(c.ID, c.Secret, c.RedirectURIs...)
	}
	st := storage.NewStorageWithClients(p.users, cs)
	h := exampleop.SetupServer(p.Issuer, st, nil, false) // nil: keep the process's logger
	p.srv = &http.Server{Handler: h}
	go func() { _ = p.srv.Serve(ln) }()
	return p, nil
}

// StartT starts a provider for a test and stops it at the test's end.
func StartT(t testing.TB, clients ...Client) *Provider {
	t.Helper()
	p, err := Start("127.0.0.1:0", clients...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

// AddUser adds (or replaces) an account; its e-mail is its username on the login form.
func (p *Provider) AddUser(u User) {
	first, last, _ := strings.Cut(u.Name, " ")
	p.users.mu.Lock()
	defer p.users.mu.Unlock()
	p.users.m[u.Subject] = &storage.User{ID: u.Subject, Username: u.Email, Password: u.Password, FirstName: first, LastName: last,
		Email: u.Email, EmailVerified: u.EmailVerified, PreferredLanguage: language.English}
}

// Close stops the provider.
func (p *Provider) Close() { _ = p.srv.Close() }
