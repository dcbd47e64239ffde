package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// ErrBadToken is any token that is malformed, badly signed or expired.
var ErrBadToken = errors.New("auth: bad token")

// Claims are what an access token carries. The session id is checked against the sessions
// table on every request, so revoking the row revokes the token at once.
type Claims struct {
	SessionID string `json:"sid"`
	UserID    int64  `json:"uid"`
	OrgID     int64  `json:"org"`
	jwt.RegisteredClaims
}

// Signer issues and checks HS256 tokens with one key.
type Signer struct {
	key []byte

	mu       sync.Mutex
	verified map[string]Claims // tokens whose signature checked out, until they expire
}

// verifiedTokens bounds the remembered tokens; past it, an arbitrary one is forgotten.
const verifiedTokens = 4096

// NewSigner returns a Signer for a secret key.
func NewSigner(key string) *Signer {
	return &Signer{key: []byte(key), verified: make(map[string]Claims)}
}

// Issue signs a token for a session.
func (s *Signer) Issue(sessionID string, userID, orgID int64, issued, expires time.Time) (string, error) {
	c := Claims{SessionID: sessionID, UserID: userID, OrgID: orgID, RegisteredClaims: jwt.RegisteredClaims{
		Issuer: "hadir", IssuedAt: jwt.NewNumericDate(issued), ExpiresAt: jwt.NewNumericDate(expires),
	}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.key)
}

// Parse checks a token's signature and expiry and returns its claims.
//
// A token whose signature has checked out is remembered, by its exact text, until it
// expires: a client sends the same token on every call, and decoding and verifying it
// again (base64, JSON through reflection, HMAC) was about a twentieth of a people list
// (issue 9, "Throughput"). Only the signature check is saved: the expiry is checked on
// every call, and revocation is the session's (account.Service.Authenticate), as before.
func (s *Signer) Parse(token string) (*Claims, error) {
	s.mu.Lock()
	c, ok := s.verified[token]
	s.mu.Unlock()
	if ok {
		if c.ExpiresAt != nil && time.Now().Before(c.ExpiresAt.Time) {
			return &c, nil
		}
		s.mu.Lock()
		delete(s.verified, token)
		s.mu.Unlock()
	}
	c = Claims{}
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return s.key, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithIssuer("hadir"), jwt.WithExpirationRequired())
	if err != nil || c.SessionID == "" {
		return nil, ErrBadToken
	}
	s.mu.Lock()
	if len(s.verified) >= verifiedTokens {
		for k := range s.verified { // map order: an arbitrary victim
			delete(s.verified, k)
			break
		}
	}
	s.verified[token] = c
	s.mu.Unlock()
	out := c
	return &out, nil
}

// RandomToken returns n random bytes, base64url encoded: for session ids and one-time links.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the system's random source failing is not recoverable
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken is the stored form of a one-time token: the raw value never reaches the database.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
