package auth

import (
	"errors"
	"testing"
)

// A sealed value opens under its key only, and an altered one does not open.
func TestSealOpens(t *testing.T) {
	key := NewSigner("one").Derive("totp")
	sealed, err := Seal(key, []byte("JBSWY3DPEHPK3PXP"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Open(key, sealed)
	if err != nil || string(got) != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("open: %q %v", got, err)
	}
	if _, err := Open(NewSigner("two").Derive("totp"), sealed); !errors.Is(err, ErrSealBroken) {
		t.Fatalf("another key: %v", err)
	}
	if _, err := Open(NewSigner("one").Derive("other"), sealed); !errors.Is(err, ErrSealBroken) {
		t.Fatalf("another purpose: %v", err)
	}
	b := []byte(sealed)
	b[len(b)-2] ^= 1
	if _, err := Open(key, string(b)); err == nil {
		t.Fatal("an altered value opened")
	}
}
