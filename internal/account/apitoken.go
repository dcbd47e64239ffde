package account

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"hadir/internal/platform/auth"
	"hadir/internal/platform/validate"
)

// API tokens (issue 15) let a script call the API without a person's password. A token acts
// as the admin who created it, never beyond that admin's role, and only inside its scope:
// read-only or read/write, over some of the areas below. Which area a route belongs to, and
// whether it writes, is declared once in the route table (internal/api/routes.go); routes of
// no area (the account's own security, organisation settings, tokens themselves, the
// personal area) are closed to every token.
const (
	AreaPeople     = "people"
	AreaAttendance = "attendance"
	AreaLeave      = "leave"
	AreaDevices    = "devices"
)

// Areas are the areas a token may be given, in display order.
var Areas = []string{AreaPeople, AreaAttendance, AreaLeave, AreaDevices}

// TokenPrefix starts every API token, so that a leaked one is recognisable (secret scanners)
// and the server tells it from a session token without trying both.
const TokenPrefix = "hdr_"

// TokenTouchEvery is how often at most a token's last use is written: a script calling many
// times a second must not turn every read into a write.
const TokenTouchEvery = time.Minute

// ErrTokenScope is a token calling a route outside its scope.
var ErrTokenScope = errors.New("account: the API token's scope does not cover this call")

// TokenScope is what a token may do.
type TokenScope struct {
	Write bool
	Areas []string
}

// Allows reports whether the scope covers a route of an area that reads or writes. A route
// of no area is never covered.
func (s TokenScope) Allows(area string, write bool) bool {
	return area != "" && slices.Contains(s.Areas, area) && (s.Write || !write)
}

// APIToken is a token as listed: never its secret.
type APIToken struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	Prefix     string     `json:"prefix"`
	Write      bool       `json:"write"`
	Areas      []string   `json:"areas"`
	ExpiresAt  *time.Time `json:"expires_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
	LastUsedIP string     `json:"last_used_ip"`
	RevokedAt  *time.Time `json:"revoked_at"`
	CreatedAt  time.Time  `json:"created_at"`
	CreatedBy  string     `json:"created_by"`
	UserID     int64      `json:"-"`
	OrgID      int64      `json:"-"`
	SecretHash string     `json:"-"`
}

// NewToken is the form of a token to create. ExpiresOn, when set, is the last day
// (YYYY-MM-DD) the token works, in the organisation's time zone.
type NewToken struct {
	Name      string
	Write     bool
	Areas     []string
	ExpiresOn string
}

// TokenStore is the persistence of API tokens.
type TokenStore interface {
	CreateToken(ctx context.Context, t APIToken) (int64, error)
	Tokens(ctx context.Context, orgID int64) ([]APIToken, error)
	RevokeToken(ctx context.Context, orgID, id int64, now time.Time) error
	// TokenPrincipal resolves a live token by the hash of its secret, with its last use.
	TokenPrincipal(ctx context.Context, secretHash string, now time.Time) (Principal, *time.Time, error)
	TouchToken(ctx context.Context, id int64, ip string, now, before time.Time) error
}

func tokenKey(id int64) string { return "t:" + strconv.FormatInt(id, 10) }

// CreateToken creates a token for the caller's organisation, acting as the caller, and
// returns it with its secret: the only time the secret is seen.
func (s *Service) CreateToken(ctx context.Context, p Principal, nt NewToken) (APIToken, string, error) {
	c := validate.New()
	name := strings.TrimSpace(nt.Name)
	if c.Required("name", name) {
		c.MaxLen("name", name, 100)
	}
	areas := make([]string, 0, len(nt.Areas))
	for _, a := range nt.Areas {
		if !slices.Contains(Areas, a) {
			c.Add("areas", "validation.invalid", "areas are people, attendance, leave and devices", nil)
			break
		}
		if !slices.Contains(areas, a) {
			areas = append(areas, a)
		}
	}
	if len(nt.Areas) == 0 {
		c.Add("areas", "validation.required", "areas is required: choose at least one", nil)
	}
	var expires *time.Time
	if nt.ExpiresOn != "" {
		o, err := s.orgs.Get(ctx, p.OrgID)
		if err != nil {
			return APIToken{}, "", err
		}
		day, err := time.ParseInLocation("2006-01-02", nt.ExpiresOn, o.Location())
		switch {
		case err != nil:
			c.Add("expires_on", "validation.date", "expires on must be a date YYYY-MM-DD", nil)
		case !day.AddDate(0, 0, 1).After(s.Now()):
			c.Add("expires_on", "validation.not_past", "expires on must be today or later", nil)
		default:
			end := day.AddDate(0, 0, 1).UTC() // the token works through the whole last day
			expires = &end
		}
	}
	if err := c.Err(); err != nil {
		return APIToken{}, "", err
	}
	slices.SortFunc(areas, func(a, b string) int { return slices.Index(Areas, a) - slices.Index(Areas, b) })
	secret := TokenPrefix + auth.RandomToken(32)
	t := APIToken{OrgID: p.OrgID, UserID: p.UserID, Name: name, Write: nt.Write, Areas: areas, ExpiresAt: expires,
		Prefix: secret[:len(TokenPrefix)+6], SecretHash: auth.HashToken(secret), CreatedAt: s.Now()}
	id, err := s.store.CreateToken(ctx, t)
	if err != nil {
		return APIToken{}, "", err
	}
	t.ID = id
	return t, secret, nil
}

// Tokens lists the organisation's tokens, newest first, revoked ones included.
func (s *Service) Tokens(ctx context.Context, p Principal) ([]APIToken, error) {
	return s.store.Tokens(ctx, p.OrgID)
}

// RevokeToken ends a token of the caller's organisation at once, on every node (the
// revocation goes through the principal cache's invalidation, NOTIFY on PostgreSQL).
// Revoking a revoked token is a no-op; another organisation's token is ErrNotFound.
func (s *Service) RevokeToken(ctx context.Context, p Principal, id int64) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.RevokeToken(ctx, p.OrgID, id, s.Now()); err != nil {
			return err
		}
		return s.revoked(ctx, tokenKey(id))
	})
}

// AuthenticateToken resolves an API token to its principal: the creating user's role within
// the organisation, limited by the token's scope. Revoked, expired and unknown tokens, and
// tokens whose user is gone, fail.
func (s *Service) AuthenticateToken(ctx context.Context, secret, ip string) (Principal, error) {
	if !strings.HasPrefix(secret, TokenPrefix) {
		return Principal{}, ErrUnauthenticated
	}
	hash := auth.HashToken(secret)
	key := "tok:" + hash
	now := s.Now()
	p, hit, gen := s.principals.get(key, time.Now())
	if hit && p.TokenExpiresAt != nil && !now.Before(*p.TokenExpiresAt) {
		hit = false
	}
	if !hit {
		var err error
		p, p.tokenLastUsed, err = s.store.TokenPrincipal(ctx, hash, now)
		if errors.Is(err, ErrNotFound) {
			return Principal{}, ErrUnauthenticated
		}
		if err != nil {
			return Principal{}, err
		}
	}
	// The last use is written only when the one known is older than TokenTouchEvery, so a
	// script calling many times a second writes about once a minute per node (and the
	// conditional UPDATE makes the other nodes' writes no-ops).
	touch := p.tokenLastUsed == nil || now.Sub(*p.tokenLastUsed) >= TokenTouchEvery
	if touch {
		// A failed write of the last use (a read-only or full database) does not refuse the
		// call: the call itself answers what the database allows, as a session's would.
		if err := s.store.TouchToken(ctx, p.TokenID, ip, now, now.Add(-TokenTouchEvery)); err != nil {
			if ctx.Err() != nil {
				return Principal{}, err
			}
			slog.Warn("account: API token last use not recorded", "token", p.TokenID, "err", err)
		}
		p.tokenLastUsed = &now
	}
	if !hit || touch {
		s.principals.putKey(key, p, gen, time.Now())
	}
	return p, nil
}
