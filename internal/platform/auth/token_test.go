package auth

import (
	"strings"
	"testing"
	"time"
)

// Remembering verified tokens changes nothing a caller can see: a token checks out until
// it expires (also once remembered), a tampered or foreign token never does, and the claims
// handed out are the caller's own.
func TestParseRemembersOnlyVerifiedTokensUntilTheyExpire(t *testing.T) {
	s := NewSigner("key one")
	now := time.Now()
	tok, err := s.Issue("sid-1", 7, 9, now, now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ { // verified, then remembered
		c, err := s.Parse(tok)
		if err != nil || c.SessionID != "sid-1" || c.UserID != 7 || c.OrgID != 9 {
			t.Fatalf("parse %d: %+v %v", i, c, err)
		}
		c.UserID = 99 // the caller's copy
	}
	if c, _ := s.Parse(tok); c.UserID != 7 {
		t.Fatalf("a caller's change reached the remembered claims: %+v", c)
	}
	parts := strings.Split(tok, ".")
	forged := parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[2]))
	if _, err := s.Parse(forged); err == nil {
		t.Fatal("a token with a wrong signature was accepted")
	}
	if _, err := NewSigner("key two").Parse(tok); err == nil {
		t.Fatal("another key's signer accepted the token")
	}
	short, _ := s.Issue("sid-2", 7, 9, now, time.Now().Add(1500*time.Millisecond))
	if _, err := s.Parse(short); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1600 * time.Millisecond) // JWT instants are whole seconds
	if _, err := s.Parse(short); err == nil {
		t.Fatal("a remembered token was accepted after it expired")
	}
	if _, ok := s.verified[short]; ok {
		t.Fatal("an expired token is still remembered")
	}
}

func TestParseForgetsPastItsBound(t *testing.T) {
	s := NewSigner("k")
	now := time.Now()
	for i := 0; i < verifiedTokens+50; i++ {
		tok, _ := s.Issue("sid", int64(i), 1, now, now.Add(time.Hour))
		if _, err := s.Parse(tok); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(s.verified); n > verifiedTokens {
		t.Fatalf("%d tokens remembered, bound %d", n, verifiedTokens)
	}
}
