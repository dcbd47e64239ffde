// Package oidctest runs a real OpenID provider on loopback for tests and the e2e harness:
// zitadel/oidc's op package with its example storage and login form (a user signs in with
// their e-mail as username and a password). Not for production.
package oidctest

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
	"github.com/zitadel/oidc/v3/pkg/op"
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
	st     *tamperStorage
	secret map[string]string // of each client
	mu     sync.Mutex
	other  http.Handler // the provider under Tamper.Issuer, when set
}

// Tamper makes the provider's token endpoint mint wrong ID tokens, for tests of a relying
// party's own checks of them. The tokens are still made by the op package and signed with the
// provider's key, for a code issued to the right client and redeemed with the right PKCE
// verifier: only the named claim is wrong. The zero Tamper mints correct tokens.
type Tamper struct {
	// Client makes the token endpoint redeem the caller's code as if it had been issued to
	// this other registered client (whose id and secret stand in for the caller's): the
	// ID token's aud and azp name that client, not the caller.
	Client string
	// Nonce replaces the ID token's nonce (normally the authorisation request's).
	Nonce string
	// Issuer makes a second op provider answer the token endpoint: it shares this provider's
	// storage (clients, codes, signing key) but names this issuer, so its ID tokens carry a
	// signature the relying party trusts and another iss.
	Issuer string
}

// tamperStorage is the example storage whose authorisation requests, as the token endpoint
// reads them, can claim another audience or nonce.
type tamperStorage struct {
	*storage.Storage
	mu     sync.Mutex
	tamper Tamper
}

func (s *tamperStorage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	r, err := s.Storage.AuthRequestByCode(ctx, code)
	if err != nil {
		return r, err
	}
	s.mu.Lock()
	t := s.tamper
	s.mu.Unlock()
	if t.Client == "" && t.Nonce == "" {
		return r, nil
	}
	return tamperedRequest{AuthRequest: r, t: t}, nil
}

type tamperedRequest struct {
	op.AuthRequest
	t Tamper
}

func (r tamperedRequest) GetAudience() []string {
	if r.t.Client != "" {
		return []string{r.t.Client}
	}
	return r.AuthRequest.GetAudience()
}

func (r tamperedRequest) GetClientID() string {
	if r.t.Client != "" {
		return r.t.Client
	}
	return r.AuthRequest.GetClientID()
}

func (r tamperedRequest) GetNonce() string {
	if r.t.Nonce != "" {
		return r.t.Nonce
	}
	return r.AuthRequest.GetNonce()
}

// asClient puts the client's credentials in place of the caller's in a token request.
func (p *Provider) asClient(r *http.Request, client string) {
	id, secret := url.QueryEscape(client), url.QueryEscape(p.secret[client])
	if _, _, ok := r.BasicAuth(); ok {
		r.SetBasicAuth(id, secret)
	}
	if err := r.ParseForm(); err != nil {
		return
	}
	form := r.PostForm
	if form.Has("client_id") {
		form.Set("client_id", client)
		form.Set("client_secret", p.secret[client])
	}
	body := form.Encode()
	r.Body = io.NopCloser(strings.NewReader(body))
	r.ContentLength = int64(len(body))
	r.Form, r.PostForm = nil, nil
}

// SetTamper makes the next ID tokens wrong as t says (the zero Tamper: right again).
func (p *Provider) SetTamper(t Tamper) {
	p.st.mu.Lock()
	p.st.tamper = t
	p.st.mu.Unlock()
	var other http.Handler
	if t.Issuer != "" {
		other = exampleop.SetupServer(t.Issuer, p.st, nil, false)
	}
	p.mu.Lock()
	p.other = other
	p.mu.Unlock()
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
	p.secret = map[string]string{}
	for _, c := range clients {
		cs[c.ID] = storage.WebClient(c.ID, c.Secret, c.RedirectURIs...)
		p.secret[c.ID] = c.Secret
	}
	p.st = &tamperStorage{Storage: storage.NewStorageWithClients(p.users, cs)}
	h := exampleop.SetupServer(p.Issuer, p.st, nil, false) // nil: keep the process's logger
	p.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		other := p.other
		p.mu.Unlock()
		if r.URL.Path == "/oauth/token" {
			p.st.mu.Lock()
			client := p.st.tamper.Client
			p.st.mu.Unlock()
			if client != "" {
				p.asClient(r, client)
			}
		}
		if other != nil && r.URL.Path == "/oauth/token" {
			other.ServeHTTP(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})}
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
