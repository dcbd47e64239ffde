package account

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"hadir/internal/platform/database"
)

// SQLStore is the account Store over SQLite or PostgreSQL.
type SQLStore struct{ db *database.DB }

var _ Store = (*SQLStore)(nil)

// NewStore returns the SQL store.
func NewStore(db *database.DB) *SQLStore { return &SQLStore{db: db} }

const userColumns = `id, org_id, name, email, username, bio, image, role, password_hash, created_at`

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	err := row.Scan(&u.ID, &u.OrgID, &u.Name, &u.Email, &u.Username, &u.Bio, &u.Image, &u.Role, &u.PasswordHash, &u.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return u, ErrNotFound
	}
	return u, err
}

// CreateUser inserts a user; a used e-mail gives ErrEmailTaken.
func (s *SQLStore) CreateUser(ctx context.Context, u User) (int64, error) {
	const q = `INSERT INTO users (org_id, name, email, username, bio, image, password_hash, role, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`
	var id int64
	err := database.MapError(s.db.Q(ctx).QueryRowContext(ctx, q, u.OrgID, u.Name, u.Email, u.Username, u.Bio, u.Image, u.PasswordHash, u.Role, database.Now()).Scan(&id))
	if errors.Is(err, database.ErrUniqueViolation) {
		return 0, ErrEmailTaken
	}
	return id, err
}

// UserByEmail finds a user by sign-in address (stored lower-cased).
func (s *SQLStore) UserByEmail(ctx context.Context, email string) (User, error) {
	return scanUser(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE email = $1`, email))
}

// UserByID finds a user of an organisation.
func (s *SQLStore) UserByID(ctx context.Context, orgID, id int64) (User, error) {
	return scanUser(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE org_id = $1 AND id = $2`, orgID, id))
}

// UpdateUser saves the profile fields of a user.
func (s *SQLStore) UpdateUser(ctx context.Context, u User) error {
	const q = `UPDATE users SET name = $3, email = $4, username = $5, bio = $6, image = $7, updated_at = $8 WHERE org_id = $1 AND id = $2`
	res, err := s.db.Q(ctx).ExecContext(ctx, q, u.OrgID, u.ID, u.Name, u.Email, u.Username, u.Bio, u.Image, database.Now())
	if err = database.MapError(err); errors.Is(err, database.ErrUniqueViolation) {
		return ErrEmailTaken
	}
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// SetPassword stores a new password hash.
func (s *SQLStore) SetPassword(ctx context.Context, userID int64, hash string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1`, userID, hash, database.Now())
	return err
}

// CreateSession stores a session row.
func (s *SQLStore) CreateSession(ctx context.Context, id string, u User, created, expires time.Time, meta ClientMeta) error {
	const q = `INSERT INTO sessions (id, user_id, org_id, created_at, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6, $7)`
	ua := meta.UserAgent
	if len(ua) > 300 {
		ua = ua[:300]
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, q, id, u.ID, u.OrgID, created, expires, meta.IP, ua)
	return err
}

// SessionPrincipal resolves a live session to its caller.
func (s *SQLStore) SessionPrincipal(ctx context.Context, sessionID string, now time.Time) (Principal, error) {
	const q = `SELECT s.id, u.id, u.org_id, o.kind, u.role, ` + twoFactorSetupRequired + ` FROM sessions s
		JOIN users u ON u.id = s.user_id AND u.org_id = s.org_id
		JOIN orgs o ON o.id = u.org_id
		WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`
	var p Principal
	err := s.db.Q(ctx).QueryRowContext(ctx, q, sessionID, now).Scan(&p.SessionID, &p.UserID, &p.OrgID, &p.OrgKind, &p.Role, &p.TwoFactorSetupRequired)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	return p, err
}

// RevokeSession ends one session.
func (s *SQLStore) RevokeSession(ctx context.Context, sessionID string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, sessionID, now)
	return err
}

// RevokeUserSessions ends every session of a user except one (none when except is empty).
func (s *SQLStore) RevokeUserSessions(ctx context.Context, userID int64, except string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`, userID, except, now)
	return err
}

// AddFailure records a failed sign-in and forgets those older than 30 days. The rows are
// what a user is told of at their next sign-in; the limits are counted in rate_limits.
func (s *SQLStore) AddFailure(ctx context.Context, email, ip string, at time.Time) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM login_failures WHERE at < $1`, at.Add(-30*24*time.Hour)); err != nil {
		return err
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO login_failures (email, ip, at) VALUES ($1, $2, $3)`, email, ip, at)
	return err
}

// FailuresSinceLastSignIn counts the failed sign-ins on the user's address since their last
// session began (ever, for a user who never signed in), with the last one's time and address.
func (s *SQLStore) FailuresSinceLastSignIn(ctx context.Context, u User) (FailedAttempts, error) {
	since := u.CreatedAt
	var last time.Time
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT created_at FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, u.ID).Scan(&last)
	switch {
	case err == nil:
		since = last
	case !errors.Is(err, sql.ErrNoRows):
		return FailedAttempts{}, err
	}
	var fa FailedAttempts
	if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM login_failures WHERE email = $1 AND at > $2`, u.Email, since).Scan(&fa.Count); err != nil || fa.Count == 0 {
		return fa, err
	}
	var at time.Time
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT at, ip FROM login_failures WHERE email = $1 AND at > $2 ORDER BY at DESC, id DESC LIMIT 1`, u.Email, since).Scan(&at, &fa.LastIP)
	if err != nil {
		return fa, err
	}
	at = at.UTC()
	fa.LastAt = &at
	return fa, nil
}

// CreateLoginLink stores a one-time sign-in link's token hash.
func (s *SQLStore) CreateLoginLink(ctx context.Context, userID int64, tokenHash, ip string, created, expires time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO login_links (user_id, token_hash, ip, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		userID, tokenHash, ip, created, expires)
	return err
}

// UseLoginLink marks a live sign-in link used and returns its user; one UPDATE, so a link
// signs in once even when two requests race.
func (s *SQLStore) UseLoginLink(ctx context.Context, tokenHash string, now time.Time) (int64, error) {
	var userID int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `UPDATE login_links SET used_at = $2
		WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`, tokenHash, now).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return userID, err
}

// LoginLinkUser returns the user of a live, unused sign-in link without using it.
func (s *SQLStore) LoginLinkUser(ctx context.Context, tokenHash string, now time.Time) (int64, error) {
	var userID int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT user_id FROM login_links
		WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`, tokenHash, now).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return userID, err
}

// UserByIDAnyOrg finds a user by id alone (for a sign-in link, which names no organisation).
func (s *SQLStore) UserByIDAnyOrg(ctx context.Context, id int64) (User, error) {
	return scanUser(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
}

// CreateReset stores a password reset token's hash.
func (s *SQLStore) CreateReset(ctx context.Context, userID int64, tokenHash string, created, expires time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO password_resets (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		userID, tokenHash, created, expires)
	return err
}

// UseReset marks a live reset token used and returns its user; the single UPDATE makes a
// token usable once even when two requests race.
func (s *SQLStore) UseReset(ctx context.Context, tokenHash string, now time.Time) (int64, error) {
	var userID int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `UPDATE password_resets SET used_at = $2
		WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`, tokenHash, now).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return userID, err
}

// SetRole changes the role of a user of the organisation, never to or from owner.
func (s *SQLStore) SetRole(ctx context.Context, orgID, userID int64, role string) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE users SET role = $3, updated_at = $4 WHERE org_id = $1 AND id = $2 AND role <> 'owner'`,
		orgID, userID, role, database.Now())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// TransferOwnership makes another user of the organisation its owner and the old owner an
// admin. The partial unique index on owners keeps the organisation at exactly one.
func (s *SQLStore) TransferOwnership(ctx context.Context, orgID, fromID, toID int64) error {
	now := database.Now()
	q := s.db.Q(ctx)
	res, err := q.ExecContext(ctx, `UPDATE users SET role = 'admin', updated_at = $3 WHERE org_id = $1 AND id = $2 AND role = 'owner'`, orgID, fromID, now)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrNotOwner
	}
	res, err = q.ExecContext(ctx, `UPDATE users SET role = 'owner', updated_at = $3 WHERE org_id = $1 AND id = $2 AND id <> $4`, orgID, toID, now, fromID)
	if err = database.MapError(err); err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrNotFound
	}
	return nil
}

// DeleteUser removes a non-owner account of the organisation; its sessions go with it.
func (s *SQLStore) DeleteUser(ctx context.Context, orgID, userID int64) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM users WHERE org_id = $1 AND id = $2 AND role <> 'owner'`, orgID, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
