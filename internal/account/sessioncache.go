package account

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"hadir/internal/platform/database"
)

// Principals of live sessions are kept in memory for a few seconds, so that an authenticated
// call does not read the sessions, users and orgs tables every time (issue 9, "Throughput").
// Revocation stays immediate:
//
//   - every change that ends a session or changes what a user may do (logout, password
//     change, role change, ownership transfer, user deletion) goes through revokingStore,
//     which forgets the affected entries on this node when the change commits;
//   - on PostgreSQL the same change sends a NOTIFY in its transaction, which every node
//     hears when it commits (database.Listener) and forgets the same entries; while a node
//     does not hear the channel it does not use its cache at all;
//   - whatever else changes a session (a path added later, a hand-made SQL change) is
//     picked up within PrincipalCacheTTL.
const (
	// PrincipalCacheTTL is the longest a cached principal is used without reading it again.
	PrincipalCacheTTL = 5 * time.Second
	// principalCacheMax bounds the entries; a full cache is emptied and starts again.
	principalCacheMax = 20000
	// RevocationChannel is the PostgreSQL channel of session and user changes.
	RevocationChannel = "hadir_revocations"
)

type cachedPrincipal struct {
	p     Principal
	until time.Time
}

type principalCache struct {
	enabled atomic.Bool
	mu      sync.Mutex
	gen     uint64 // bumped by every invalidation; a load started before one is not kept
	m       map[string]cachedPrincipal
}

func newPrincipalCache(enabled bool) *principalCache {
	c := &principalCache{m: make(map[string]cachedPrincipal)}
	c.enabled.Store(enabled)
	return c
}

// get returns the cached principal of a session, and the generation to hand to put when
// the caller has to load it.
func (c *principalCache) get(sessionID string, now time.Time) (Principal, bool, uint64) {
	if !c.enabled.Load() {
		return Principal{}, false, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[sessionID]
	if ok && now.Before(e.until) {
		return e.p, true, c.gen
	}
	return Principal{}, false, c.gen
}

// put keeps a principal loaded from the database, unless an invalidation ran since gen.
func (c *principalCache) put(p Principal, gen uint64, now time.Time) {
	c.putKey(p.SessionID, p, gen, now)
}

// putKey is put under another key than the session id (an API token's hash).
func (c *principalCache) putKey(key string, p Principal, gen uint64, now time.Time) {
	if !c.enabled.Load() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	if len(c.m) >= principalCacheMax {
		clear(c.m)
	}
	c.m[key] = cachedPrincipal{p: p, until: now.Add(PrincipalCacheTTL)}
}

// forget drops the entries a revocation key names: "s:<session id>", "u:<user id>" (the
// user's sessions and API tokens), "t:<API token id>" or "*".
func (c *principalCache) forget(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	kind, v, _ := strings.Cut(key, ":")
	switch kind {
	case "s":
		delete(c.m, v)
	case "u":
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			clear(c.m)
			return
		}
		for k, e := range c.m {
			if e.p.UserID == id {
				delete(c.m, k)
			}
		}
	case "t":
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			clear(c.m)
			return
		}
		for k, e := range c.m {
			if e.p.TokenID == id {
				delete(c.m, k)
			}
		}
	default:
		clear(c.m)
	}
}

// setEnabled turns the cache on or off; both empty it.
func (c *principalCache) setEnabled(on bool) {
	c.enabled.Store(on)
	c.forget("*")
}

// ListenForRevocations makes this node hear the revocations of every other node sharing
// the PostgreSQL database at dsn, until ctx ends. Until it hears the channel (and whenever
// it loses it) the node reads every session from the database. Not needed on SQLite, where
// the process is the only node.
func (s *Service) ListenForRevocations(ctx context.Context, dsn string) {
	s.principals.setEnabled(false)
	l := &database.Listener{DSN: dsn, Channel: RevocationChannel, Notify: s.principals.forget, Up: s.principals.setEnabled}
	l.Run(ctx)
}

// revoked forgets what a committed change made stale, on this node and on the others.
func (s *Service) revoked(ctx context.Context, keys ...string) error {
	for _, k := range keys {
		s.principals.forget(k)
		database.AfterCommit(ctx, func() { s.principals.forget(k) })
		if s.db != nil && s.db.Dialect == database.Postgres {
			if _, err := s.db.Q(ctx).ExecContext(ctx, `SELECT pg_notify($1, $2)`, RevocationChannel, k); err != nil {
				return err
			}
		}
	}
	return nil
}

func userKey(id int64) string { return "u:" + strconv.FormatInt(id, 10) }

// revokingStore is the store with every change that can end a session or change a
// principal followed by its revocation.
type revokingStore struct {
	Store
	s *Service
}

func (r revokingStore) RevokeSession(ctx context.Context, sessionID string, now time.Time) error {
	if err := r.Store.RevokeSession(ctx, sessionID, now); err != nil {
		return err
	}
	return r.s.revoked(ctx, "s:"+sessionID)
}

func (r revokingStore) RevokeUserSessions(ctx context.Context, userID int64, exceptSession string, now time.Time) error {
	if err := r.Store.RevokeUserSessions(ctx, userID, exceptSession, now); err != nil {
		return err
	}
	return r.s.revoked(ctx, userKey(userID))
}

func (r revokingStore) SetPassword(ctx context.Context, userID int64, hash string) error {
	if err := r.Store.SetPassword(ctx, userID, hash); err != nil {
		return err
	}
	return r.s.revoked(ctx, userKey(userID))
}

func (r revokingStore) SetRole(ctx context.Context, orgID, userID int64, role string) error {
	if err := r.Store.SetRole(ctx, orgID, userID, role); err != nil {
		return err
	}
	return r.s.revoked(ctx, userKey(userID))
}

func (r revokingStore) TransferOwnership(ctx context.Context, orgID, fromID, toID int64) error {
	if err := r.Store.TransferOwnership(ctx, orgID, fromID, toID); err != nil {
		return err
	}
	return r.s.revoked(ctx, userKey(fromID), userKey(toID))
}

func (r revokingStore) DeleteUser(ctx context.Context, orgID, userID int64) error {
	if err := r.Store.DeleteUser(ctx, orgID, userID); err != nil {
		return err
	}
	return r.s.revoked(ctx, userKey(userID))
}

// Two-factor changes decide whether a session is held at enrolment (Principal's
// TwoFactorSetupRequired), so they are revocations too: of the user's sessions for their own
// enrolment, of every session for the organisation's policy (a rare change).

func (r revokingStore) EnableTwoFactor(ctx context.Context, userID int64, now time.Time) error {
	if err := r.Store.EnableTwoFactor(ctx, userID, now); err != nil {
		return err
	}
	return r.s.revoked(ctx, userKey(userID))
}

func (r revokingStore) DeleteTwoFactor(ctx context.Context, userID int64) error {
	if err := r.Store.DeleteTwoFactor(ctx, userID); err != nil {
		return err
	}
	return r.s.revoked(ctx, userKey(userID))
}

func (r revokingStore) SetTwoFactorPolicy(ctx context.Context, orgID int64, require bool) error {
	if err := r.Store.SetTwoFactorPolicy(ctx, orgID, require); err != nil {
		return err
	}
	return r.s.revoked(ctx, "*")
}

// HearsRevocations reports whether this node uses its principal cache: always on SQLite,
// and on PostgreSQL while it hears the revocation channel.
func (s *Service) HearsRevocations() bool { return s.principals.enabled.Load() }
