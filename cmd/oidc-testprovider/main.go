// Command oidc-testprovider runs a real OpenID provider on loopback for the browser tests
// (zitadel/oidc's op package, see internal/oidctest): one client and the users given.
// It prints "issuer <url>" once it listens, and serves until killed. Not for production.
//
//	oidc-testprovider -addr 127.0.0.1:0 -client hadir -secret s -redirect http://127.0.0.1:8080/api/auth/sso/callback \
//	    -user 'aminah@school.example:password:Aminah Ali'
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"hadir/internal/oidctest"
)

type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(v string) error { *l = append(*l, v); return nil }

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	client := flag.String("client", "hadir", "client id")
	secret := flag.String("secret", "", "client secret")
	var redirects, users list
	flag.Var(&redirects, "redirect", "allowed redirect URI (repeat)")
	flag.Var(&users, "user", "email:password:name of a user with a verified e-mail (repeat)")
	flag.Parse()
	if *secret == "" || len(redirects) == 0 {
		log.Fatal("oidc-testprovider: -secret and -redirect are required")
	}
	p, err := oidctest.Start(*addr, oidctest.Client{ID: *client, Secret: *secret, RedirectURIs: redirects})
	if err != nil {
		log.Fatal(err)
	}
	for i, u := range users {
		parts := strings.SplitN(u, ":", 3)
		if len(parts) != 3 {
			log.Fatalf("oidc-testprovider: -user %q is not email:password:name", u)
		}
		p.AddUser(oidctest.User{Subject: fmt.Sprintf("user-%d", i+1), Email: parts[0], Password: parts[1], Name: parts[2], EmailVerified: true})
	}
	fmt.Println("issuer", p.Issuer)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
	p.Close()
}
