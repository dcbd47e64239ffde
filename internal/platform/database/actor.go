package database

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
)

// Actor is who makes a change through the API, carried in the request's context so that the
// audit triggers (migration 0023) can record it with every row they write.
type Actor struct {
	UserID  int64
	IP      string
	TokenID int64 // the API token used, 0 for a session
	// SessionRef names the session without being usable as one (see SessionRef).
	SessionRef string
}

type actorKey struct{}

// WithActor returns ctx carrying the actor; WithTx and WithRequestTx hand it to the audit
// triggers at the start of each transaction.
func WithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

// ActorFrom returns the actor carried by ctx.
func ActorFrom(ctx context.Context) (Actor, bool) {
	a, ok := ctx.Value(actorKey{}).(Actor)
	return a, ok
}

// SessionRef is a short fingerprint of a session id for the audit trail: enough to tell
// two sessions of one user apart, never the id itself.
func SessionRef(sessionID string) string {
	if sessionID == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(sessionID))
	return hex.EncodeToString(sum[:6])
}

// setActor tells the audit triggers who acts in tx: on PostgreSQL a setting local to the
// transaction, on SQLite the one audit_context row (writers are serialised, so the row a
// trigger reads is its own transaction's; clearActor deletes it before commit).
func (db *DB) setActor(ctx context.Context, tx *sql.Tx, a Actor) error {
	var token any
	if a.TokenID != 0 {
		token = a.TokenID
	}
	if db.Dialect == Postgres {
		b, _ := json.Marshal(map[string]any{"user_id": a.UserID, "ip": a.IP, "token_id": token, "session_ref": a.SessionRef})
		_, err := tx.ExecContext(ctx, `SELECT set_config('hadir.actor', $1, true)`, string(b))
		return MapError(err)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO audit_context (id, at, user_id, ip, token_id, session_ref) VALUES (1, $1, $2, $3, $4, $5)`,
		Now(), a.UserID, a.IP, token, a.SessionRef)
	return MapError(err)
}

// clearActor removes SQLite's audit_context row before commit, so that a later transaction
// without an actor (a device, a background job) is not attributed to this one's.
func (db *DB) clearActor(ctx context.Context, tx *sql.Tx) error {
	if db.Dialect == Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM audit_context`)
	return MapError(err)
}
