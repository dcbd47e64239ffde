package account

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// CreateToken stores a new API token (its secret only as a hash).
func (s *SQLStore) CreateToken(ctx context.Context, t APIToken) (int64, error) {
	const q = `INSERT INTO api_tokens (org_id, user_id, name, secret_hash, prefix, can_write, areas, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, q, t.OrgID, t.UserID, t.Name, t.SecretHash, t.Prefix, t.Write,
		strings.Join(t.Areas, ","), t.ExpiresAt, t.CreatedAt).Scan(&id)
	return id, err
}

// Tokens lists an organisation's API tokens, newest first, with their creator's name.
func (s *SQLStore) Tokens(ctx context.Context, orgID int64) ([]APIToken, error) {
	const q = `SELECT t.id, t.user_id, t.name, t.prefix, t.can_write, t.areas, t.expires_at, t.last_used_at, t.last_used_ip,
			t.revoked_at, t.created_at, u.name
		FROM api_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.org_id = $1 ORDER BY t.id DESC`
	rows, err := s.db.Q(ctx).QueryContext(ctx, q, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []APIToken{}
	for rows.Next() {
		t := APIToken{OrgID: orgID}
		var areas string
		var expires, used, revoked sql.NullTime
		if err := rows.Scan(&t.ID, &t.UserID, &t.Name, &t.Prefix, &t.Write, &areas, &expires, &used, &t.LastUsedIP,
			&revoked, &t.CreatedAt, &t.CreatedBy); err != nil {
			return nil, err
		}
		t.Areas = splitAreas(areas)
		t.ExpiresAt, t.LastUsedAt, t.RevokedAt = timePtr(expires), timePtr(used), timePtr(revoked)
		out = append(out, t)
	}
	return out, rows.Err()
}

// RevokeToken marks a token revoked; ErrNotFound when the organisation has no such token.
func (s *SQLStore) RevokeToken(ctx context.Context, orgID, id int64, now time.Time) error {
	var one int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT 1 FROM api_tokens WHERE org_id = $1 AND id = $2`, orgID, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	_, err = s.db.Q(ctx).ExecContext(ctx, `UPDATE api_tokens SET revoked_at = $3 WHERE org_id = $1 AND id = $2 AND revoked_at IS NULL`, orgID, id, now)
	return err
}

// TokenPrincipal resolves a live token: not revoked, not expired, its user still in the
// organisation (the user's current role, so a demotion narrows the token at once).
func (s *SQLStore) TokenPrincipal(ctx context.Context, secretHash string, now time.Time) (Principal, *time.Time, error) {
	const q = `SELECT t.id, t.can_write, t.areas, t.expires_at, t.last_used_at, u.id, u.org_id, o.kind, u.role, ` + twoFactorSetupRequired + `
		FROM api_tokens t
		JOIN users u ON u.id = t.user_id AND u.org_id = t.org_id
		JOIN orgs o ON o.id = u.org_id
		WHERE t.secret_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > $2)`
	var p Principal
	var areas string
	var expires, used sql.NullTime
	err := s.db.Q(ctx).QueryRowContext(ctx, q, secretHash, now).Scan(&p.TokenID, &p.TokenScope.Write, &areas, &expires, &used,
		&p.UserID, &p.OrgID, &p.OrgKind, &p.Role, &p.TwoFactorSetupRequired)
	if errors.Is(err, sql.ErrNoRows) {
		return p, nil, ErrNotFound
	}
	if err != nil {
		return p, nil, err
	}
	p.TokenScope.Areas = splitAreas(areas)
	p.TokenExpiresAt = timePtr(expires)
	return p, timePtr(used), nil
}

// TouchToken records a use of a token unless one was recorded since before: of many nodes
// loading the token at once, one writes.
func (s *SQLStore) TouchToken(ctx context.Context, id int64, ip string, now, before time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE api_tokens SET last_used_at = $2, last_used_ip = $3
		WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $4)`, id, now, ip, before)
	return err
}

func splitAreas(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	v := t.Time.UTC()
	return &v
}
