package account

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"image/png"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/hotp"
	"github.com/pquerna/otp/totp"

	"hadir/internal/platform/auth"
	"hadir/internal/platform/ratelimit"
	"hadir/internal/platform/validate"
)

// Two-factor sign-in (issue 9): time-based one-time passwords (RFC 6238: HMAC-SHA1, 6 digits,
// 30-second steps) that work with any authenticator app, plus single-use recovery codes.
// A code is accepted within one step either side of the server's clock, and never twice: the
// last accepted step is stored per user and a code of that step or an earlier one is refused,
// by one conditional UPDATE so that two parallel sign-ins cannot both use it.

// TOTP parameters; authenticator apps assume exactly these.
const (
	totpIssuer        = "Hadir"
	totpPeriod        = 30 // seconds
	totpSkew          = 1  // steps accepted either side of now
	RecoveryCodeCount = 10
)

// Errors of two-factor sign-in.
var (
	// ErrTwoFactorRequired is a correct password for an account with two-factor sign-in, sent
	// without a code.
	ErrTwoFactorRequired = errors.New("account: a two-factor code is required")
	// ErrTwoFactorSetupRequired is an owner or admin of an organisation that requires
	// two-factor sign-in, who has not enrolled yet.
	ErrTwoFactorSetupRequired = errors.New("account: two-factor sign-in must be set up first")
	// ErrTwoFactorEnabled is an enrolment started while two-factor sign-in is already on.
	ErrTwoFactorEnabled = errors.New("account: two-factor sign-in is already enabled")
	// ErrTwoFactorNotEnabled is a confirmation, a disable or new recovery codes without the
	// enrolment they need.
	ErrTwoFactorNotEnabled = errors.New("account: two-factor sign-in is not enabled")
)

// TwoFactorState is what the store holds of a user's second factor.
type TwoFactorState struct {
	UserID       int64
	SecretSealed string
	Enabled      bool
	LastStep     int64
}

// TwoFactorStore is the persistence of two-factor sign-in.
type TwoFactorStore interface {
	TwoFactor(ctx context.Context, userID int64) (TwoFactorState, error)
	StartTwoFactor(ctx context.Context, orgID, userID int64, sealed string, now time.Time) error
	EnableTwoFactor(ctx context.Context, userID int64, now time.Time) error
	DeleteTwoFactor(ctx context.Context, userID int64) error
	// AcceptStep records step as the last accepted one when it is later than the stored one;
	// false means the step was used already (a replay).
	AcceptStep(ctx context.Context, userID, step int64) (bool, error)
	ReplaceRecoveryCodes(ctx context.Context, userID int64, hashes []string, now time.Time) error
	UseRecoveryCode(ctx context.Context, userID int64, hash string, now time.Time) (bool, error)
	RecoveryCodesLeft(ctx context.Context, userID int64) (int, error)
	TwoFactorPolicy(ctx context.Context, orgID int64) (bool, error)
	SetTwoFactorPolicy(ctx context.Context, orgID int64, require bool) error
}

// TwoFactorStatus is the caller's two-factor state, as the account page shows it.
type TwoFactorStatus struct {
	Enabled           bool `json:"enabled"`
	Pending           bool `json:"pending"`
	RecoveryCodesLeft int  `json:"recovery_codes_left"`
	// Required is true when the organisation requires two-factor sign-in of this user's role.
	Required bool `json:"required"`
}

// TwoFactorEnrolment is a started enrolment: what an authenticator app needs.
type TwoFactorEnrolment struct {
	Secret string `json:"secret"`  // base32, for typing in by hand
	URI    string `json:"uri"`     // otpauth://totp/Hadir:<email>?secret=...&issuer=Hadir
	QRCode string `json:"qr_code"` // a PNG data URL of the URI
}

// SecurityPolicy is the organisation's sign-in policy.
type SecurityPolicy struct {
	RequireTwoFactor bool `json:"require_two_factor"`
}

func (s *Service) sealKey() []byte { return s.signer.Derive("totp-secret") }

// codeInvalid is the 422 of a wrong, used or expired code in a field.
func codeInvalid(field string) error {
	return validate.Field(field, "auth.two_factor_invalid", "the code is wrong or has been used")
}

// TwoFactorStatus returns the caller's two-factor state.
func (s *Service) TwoFactorStatus(ctx context.Context, p Principal) (TwoFactorStatus, error) {
	var st TwoFactorStatus
	tf, err := s.store.TwoFactor(ctx, p.UserID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return st, err
	}
	st.Enabled, st.Pending = err == nil && tf.Enabled, err == nil && !tf.Enabled
	if st.Enabled {
		if st.RecoveryCodesLeft, err = s.store.RecoveryCodesLeft(ctx, p.UserID); err != nil {
			return st, err
		}
	}
	if p.Role == RoleOwner || p.Role == RoleAdmin {
		if st.Required, err = s.store.TwoFactorPolicy(ctx, p.OrgID); err != nil {
			return st, err
		}
	}
	return st, nil
}

// StartTwoFactor makes a new secret for the caller and returns it with its otpauth URI and
// QR code. Two-factor sign-in is not on until ConfirmTwoFactor gets a code of it; starting
// again replaces a pending secret.
func (s *Service) StartTwoFactor(ctx context.Context, p Principal) (TwoFactorEnrolment, error) {
	u, err := s.store.UserByID(ctx, p.OrgID, p.UserID)
	if err != nil {
		return TwoFactorEnrolment{}, err
	}
	tf, err := s.store.TwoFactor(ctx, u.ID)
	if err == nil && tf.Enabled {
		return TwoFactorEnrolment{}, ErrTwoFactorEnabled
	}
	if err != nil && !errors.Is(err, ErrNotFound) {
		return TwoFactorEnrolment{}, err
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: u.Email, Period: totpPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return TwoFactorEnrolment{}, err
	}
	sealed, err := auth.Seal(s.sealKey(), []byte(key.Secret()))
	if err != nil {
		return TwoFactorEnrolment{}, err
	}
	if err := s.store.StartTwoFactor(ctx, u.OrgID, u.ID, sealed, s.Now()); err != nil {
		return TwoFactorEnrolment{}, err
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return TwoFactorEnrolment{}, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return TwoFactorEnrolment{}, err
	}
	return TwoFactorEnrolment{Secret: key.Secret(), URI: key.URL(),
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}, nil
}

// ConfirmTwoFactor turns two-factor sign-in on with a current code of the pending secret and
// returns the recovery codes, shown this once.
func (s *Service) ConfirmTwoFactor(ctx context.Context, p Principal, code string) ([]string, error) {
	c := validate.New()
	c.Required("code", code)
	if err := c.Err(); err != nil {
		return nil, err
	}
	tf, err := s.store.TwoFactor(ctx, p.UserID)
	if errors.Is(err, ErrNotFound) {
		return nil, ErrTwoFactorNotEnabled
	}
	if err != nil {
		return nil, err
	}
	if tf.Enabled {
		return nil, ErrTwoFactorEnabled
	}
	var codes []string
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		ok, err := s.checkTOTP(ctx, tf, code)
		if err != nil {
			return err
		}
		if !ok {
			return codeInvalid("code")
		}
		if err := s.store.EnableTwoFactor(ctx, p.UserID, s.Now()); err != nil {
			return err
		}
		codes, err = s.newRecoveryCodes(ctx, p.UserID)
		return err
	})
	return codes, err
}

// DisableTwoFactor turns two-factor sign-in off; it needs the current password and a code
// (from the authenticator or a recovery code).
func (s *Service) DisableTwoFactor(ctx context.Context, p Principal, password, code string) error {
	c := validate.New()
	c.Required("password", password)
	c.Required("code", code)
	if err := c.Err(); err != nil {
		return err
	}
	u, err := s.store.UserByID(ctx, p.OrgID, p.UserID)
	if err != nil {
		return err
	}
	if err := s.checkCurrent(ctx, u, "password", password); err != nil {
		return err
	}
	if err := s.checkSignedInCode(ctx, u, code); err != nil {
		return err
	}
	return s.store.DeleteTwoFactor(ctx, u.ID)
}

// RegenerateRecoveryCodes replaces the caller's recovery codes after checking a code; the
// old ones stop working.
func (s *Service) RegenerateRecoveryCodes(ctx context.Context, p Principal, code string) ([]string, error) {
	c := validate.New()
	c.Required("code", code)
	if err := c.Err(); err != nil {
		return nil, err
	}
	u, err := s.store.UserByID(ctx, p.OrgID, p.UserID)
	if err != nil {
		return nil, err
	}
	if err := s.checkSignedInCode(ctx, u, code); err != nil {
		return nil, err
	}
	var codes []string
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		codes, err = s.newRecoveryCodes(ctx, u.ID)
		return err
	})
	return codes, err
}

// checkSignedInCode checks the code of a signed-in change (disable, new recovery codes) and
// counts a wrong one as a failed sign-in of the account, so that a stolen session cannot
// guess codes faster than a stranger can guess passwords.
func (s *Service) checkSignedInCode(ctx context.Context, u User, code string) error {
	key := "login:account:" + u.Email
	ok, after, err := s.limits.Take(ctx, key, LoginPerAccount)
	if err != nil {
		return err
	}
	if !ok {
		return ratelimit.Refuse(ErrTooManyAttempts, after)
	}
	err = s.checkSecondFactor(ctx, u.ID, code, "code")
	var ve validate.Errors
	if errors.As(err, &ve) {
		if ferr := s.store.AddFailure(ctx, u.Email, "", s.Now()); ferr != nil {
			return ferr
		}
		return err
	}
	// A right code (or a failure to check it) does not count.
	if gerr := s.limits.Give(ctx, key); gerr != nil {
		return gerr
	}
	return err
}

// SecurityPolicy returns the caller's organisation's sign-in policy.
func (s *Service) SecurityPolicy(ctx context.Context, p Principal) (SecurityPolicy, error) {
	req, err := s.store.TwoFactorPolicy(ctx, p.OrgID)
	return SecurityPolicy{RequireTwoFactor: req}, err
}

// SetSecurityPolicy changes the organisation's sign-in policy; owners only. An owner turns
// the requirement on only after enrolling, so the setting never locks out the one who sets it.
func (s *Service) SetSecurityPolicy(ctx context.Context, p Principal, sp SecurityPolicy) (SecurityPolicy, error) {
	if p.Role != RoleOwner {
		return SecurityPolicy{}, ErrNotOwner
	}
	if sp.RequireTwoFactor {
		tf, err := s.store.TwoFactor(ctx, p.UserID)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return SecurityPolicy{}, err
		}
		if err != nil || !tf.Enabled {
			return SecurityPolicy{}, validate.Field("require_two_factor", "auth.two_factor_enrol_first",
				"set up two-factor sign-in for your own account first")
		}
	}
	return sp, s.store.SetTwoFactorPolicy(ctx, p.OrgID, sp.RequireTwoFactor)
}

// loginSecondFactor is the step of Login after a correct password. It answers whether the
// new session must set up two-factor sign-in first, or an error when a code is missing or
// wrong (a wrong code counts as a failed sign-in, so codes cannot be guessed faster than
// passwords).
func (s *Service) loginSecondFactor(ctx context.Context, u User, code string, meta ClientMeta) (setupRequired bool, err error) {
	tf, err := s.store.TwoFactor(ctx, u.ID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return false, err
	}
	if err != nil || !tf.Enabled {
		if u.Role != RoleOwner && u.Role != RoleAdmin {
			return false, nil
		}
		return s.store.TwoFactorPolicy(ctx, u.OrgID)
	}
	if strings.TrimSpace(code) == "" {
		return false, ErrTwoFactorRequired
	}
	if err := s.checkSecondFactor(ctx, u.ID, code, "otp_code"); err != nil {
		var ve validate.Errors
		if errors.As(err, &ve) {
			if ferr := s.store.AddFailure(ctx, u.Email, meta.IP, s.Now()); ferr != nil {
				return false, ferr
			}
		}
		return false, err
	}
	return false, nil
}

// checkSecondFactor accepts a current TOTP code (six digits) or an unused recovery code of an
// enabled second factor, and uses it up; anything else is a 422 on field.
func (s *Service) checkSecondFactor(ctx context.Context, userID int64, code, field string) error {
	tf, err := s.store.TwoFactor(ctx, userID)
	if errors.Is(err, ErrNotFound) || (err == nil && !tf.Enabled) {
		return ErrTwoFactorNotEnabled
	}
	if err != nil {
		return err
	}
	code = strings.TrimSpace(code)
	ok := false
	if isTOTPCode(code) {
		ok, err = s.checkTOTP(ctx, tf, code)
	} else {
		ok, err = s.store.UseRecoveryCode(ctx, userID, auth.HashToken(normRecoveryCode(code)), s.Now())
	}
	if err != nil {
		return err
	}
	if !ok {
		return codeInvalid(field)
	}
	return nil
}

// checkTOTP finds the step within the window whose code matches and records it as used; a
// step at or before the last accepted one is refused.
func (s *Service) checkTOTP(ctx context.Context, tf TwoFactorState, code string) (bool, error) {
	if !isTOTPCode(code) {
		return false, nil
	}
	secret, err := auth.Open(s.sealKey(), tf.SecretSealed)
	if err != nil {
		return false, err
	}
	now := s.Now().Unix() / totpPeriod
	for step := now + totpSkew; step >= now-totpSkew; step-- {
		if step <= tf.LastStep {
			break
		}
		want, err := hotp.GenerateCodeCustom(string(secret), uint64(step), hotp.ValidateOpts{Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
		if err != nil {
			return false, err
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s.store.AcceptStep(ctx, tf.UserID, step)
		}
	}
	return false, nil
}

func isTOTPCode(code string) bool {
	if len(code) != 6 {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// newRecoveryCodes replaces the user's recovery codes with RecoveryCodeCount fresh ones
// ("xxxxx-xxxxx" of base32 letters and digits, 50 bits each) and returns them; only their
// hashes are stored.
func (s *Service) newRecoveryCodes(ctx context.Context, userID int64) ([]string, error) {
	codes := make([]string, RecoveryCodeCount)
	hashes := make([]string, RecoveryCodeCount)
	for i := range codes {
		t := strings.ToLower(rand.Text())
		codes[i] = t[:5] + "-" + t[5:10]
		hashes[i] = auth.HashToken(normRecoveryCode(codes[i]))
	}
	return codes, s.store.ReplaceRecoveryCodes(ctx, userID, hashes, s.Now())
}

// normRecoveryCode forgives case, spaces and dashes in a typed recovery code.
func normRecoveryCode(code string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' {
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(code)))
}
