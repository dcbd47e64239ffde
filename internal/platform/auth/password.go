// Package auth hashes passwords with argon2id and issues the signed access tokens that are
// bound to server-side session rows.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// HashParams are the argon2id costs. The encoded hash records them, so hashes made with
// other costs still verify.
type HashParams struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
}

// DefaultHashParams follow OWASP's argon2id guidance (64 MiB, one pass).
var DefaultHashParams = HashParams{Memory: 64 * 1024, Time: 1, Threads: 2}

// TestHashParams are cheap costs for tests, where hashing speed is not the point.
var TestHashParams = HashParams{Memory: 1024, Time: 1, Threads: 1}

// Hash returns the encoded argon2id hash of a password.
func Hash(p HashParams, password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, 32)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// Verify reports whether password matches an encoded hash.
func Verify(encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("auth: unknown hash format")
	}
	var p HashParams
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return false, fmt.Errorf("auth: bad hash parameters: %w", err)
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, err
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
