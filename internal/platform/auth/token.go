package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
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
type Signer struct{ key []byte }

// NewSigner returns a Signer for a secret key.
func NewSigner(key string) *Signer { return &Signer{key: []byte(key)} }

// Issue signs a token for a session.
func (s *Signer) Issue(sessionID string, userID, orgID int64, issued, expires time.Time) (string, error) {
	c := Claims{SessionID: sessionID, UserID: userID, OrgID: orgID, RegisteredClaims: jwt.RegisteredClaims{
		Issuer: "hadir", IssuedAt: jwt.NewNumericDate(issued), ExpiresAt: jwt.NewNumericDate(expires),
	}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.key)
}

// Parse checks a token's signature and expiry and returns its claims.
func (s *Signer) Parse(token string) (*Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return s.key, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithIssuer("hadir"), jwt.WithExpirationRequired())
	if err != nil || c.SessionID == "" {
		return nil, ErrBadToken
	}
	return &c, nil
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
