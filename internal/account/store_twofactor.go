package account

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"hadir/internal/platform/database"
)

// twoFactorSetupRequired is the SQL expression, over users u and orgs o, that is 1 for an
// owner or admin of an organisation requiring two-factor sign-in who has not enrolled. It is
// part of the session lookup, so enforcing the policy costs no extra query.
const twoFactorSetupRequired = `CASE WHEN o.require_two_factor AND u.role IN ('owner', 'admin') AND NOT EXISTS
		(SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) THEN 1 ELSE 0 END`

// TwoFactor returns a user's second factor, enabled or pending; ErrNotFound when there is none.
func (s *SQLStore) TwoFactor(ctx context.Context, userID int64) (TwoFactorState, error) {
	var tf TwoFactorState
	var enabled sql.NullTime
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT user_id, secret_sealed, enabled_at, last_step FROM user_two_factor WHERE user_id = $1`, userID).
		Scan(&tf.UserID, &tf.SecretSealed, &enabled, &tf.LastStep)
	if errors.Is(err, sql.ErrNoRows) {
		return tf, ErrNotFound
	}
	tf.Enabled = enabled.Valid
	return tf, err
}

// StartTwoFactor stores a pending secret, replacing a pending one; an enabled second factor
// is left alone (ErrTwoFactorEnabled).
func (s *SQLStore) StartTwoFactor(ctx context.Context, orgID, userID int64, sealed string, now time.Time) error {
	const q = `INSERT INTO user_two_factor (user_id, org_id, secret_sealed, last_step, created_at) VALUES ($1, $2, $3, 0, $4)
		ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, last_step = 0, created_at = excluded.created_at
		WHERE user_two_factor.enabled_at IS NULL`
	res, err := s.db.Q(ctx).ExecContext(ctx, q, userID, orgID, sealed, now)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrTwoFactorEnabled
	}
	return nil
}

// EnableTwoFactor turns a pending second factor on.
func (s *SQLStore) EnableTwoFactor(ctx context.Context, userID int64, now time.Time) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE user_two_factor SET enabled_at = $2 WHERE user_id = $1 AND enabled_at IS NULL`, userID, now)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrTwoFactorNotEnabled
	}
	return nil
}

// DeleteTwoFactor removes a user's second factor and recovery codes.
func (s *SQLStore) DeleteTwoFactor(ctx context.Context, userID int64) error {
	q := s.db.Q(ctx)
	if _, err := q.ExecContext(ctx, `DELETE FROM user_recovery_codes WHERE user_id = $1`, userID); err != nil {
		return err
	}
	_, err := q.ExecContext(ctx, `DELETE FROM user_two_factor WHERE user_id = $1`, userID)
	return err
}

// AcceptStep moves the last accepted step forward; one conditional UPDATE, so of two
// requests with the same code only one succeeds.
func (s *SQLStore) AcceptStep(ctx context.Context, userID, step int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE user_two_factor SET last_step = $2 WHERE user_id = $1 AND last_step < $2`, userID, step)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ReplaceRecoveryCodes stores new recovery code hashes in place of the old ones.
func (s *SQLStore) ReplaceRecoveryCodes(ctx context.Context, userID int64, hashes []string, now time.Time) error {
	q := s.db.Q(ctx)
	if _, err := q.ExecContext(ctx, `DELETE FROM user_recovery_codes WHERE user_id = $1`, userID); err != nil {
		return err
	}
	for _, h := range hashes {
		if _, err := q.ExecContext(ctx, `INSERT INTO user_recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)`, userID, h, now); err != nil {
			return err
		}
	}
	return nil
}

// UseRecoveryCode marks an unused recovery code used; false when there is no such code.
func (s *SQLStore) UseRecoveryCode(ctx context.Context, userID int64, hash string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE user_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
		userID, hash, now)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// RecoveryCodesLeft counts a user's unused recovery codes.
func (s *SQLStore) RecoveryCodesLeft(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL`, userID).Scan(&n)
	return n, err
}

// TwoFactorPolicy reports whether an organisation requires two-factor sign-in of owners and admins.
func (s *SQLStore) TwoFactorPolicy(ctx context.Context, orgID int64) (bool, error) {
	var req bool
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT require_two_factor FROM orgs WHERE id = $1`, orgID).Scan(&req)
	if errors.Is(err, sql.ErrNoRows) {
		return false, ErrNotFound
	}
	return req, err
}

// SetTwoFactorPolicy changes an organisation's requirement.
func (s *SQLStore) SetTwoFactorPolicy(ctx context.Context, orgID int64, require bool) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE orgs SET require_two_factor = $2, updated_at = $3 WHERE id = $1`, orgID, require, database.Now())
	return err
}
