package clockin

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/platform/database"
	"hadir/internal/platform/ratelimit"
	"hadir/internal/platform/validate"
)

// The kiosk PIN pad (issue 11): at a kiosk with the PIN pad on, a person without a phone types
// their person code and a personal PIN. The PIN is an HMAC-SHA256 under a key derived from the
// signer for this purpose, salted with organisation and person. It is deliberately not argon2:
// that would queue behind the sign-in hash semaphore; guessing is stopped by the limits below.

// Errors of the PIN pad.
var (
	// ErrPinWrong: the code, the PIN, or the person (none, archived, another organisation's)
	// is wrong; which one is never said.
	ErrPinWrong = errors.New("clockin: wrong person code or PIN")
	// ErrPinLocked: too many wrong PINs for the person or at the kiosk.
	ErrPinLocked = errors.New("clockin: too many wrong PINs")
)

// Failure limits of the PIN pad: per person and per kiosk. Every attempt reserves under both
// before the PIN is checked (so parallel guesses cannot pass the limit) and a right PIN gives
// its reservations back.
var (
	PinPersonLimit = ratelimit.Rule{Limit: 5, Window: 15 * time.Minute}
	PinKioskLimit  = ratelimit.Rule{Limit: 30, Window: 15 * time.Minute}
)

func pinPersonKey(orgID, personID int64) string {
	return "kioskpin:p:" + strconv.FormatInt(orgID, 10) + ":" + strconv.FormatInt(personID, 10)
}

func pinKioskKey(kioskID int64) string { return "kioskpin:k:" + strconv.FormatInt(kioskID, 10) }

// checkPin validates a new PIN: 4 to 8 digits.
func checkPin(pin string) error {
	ok := len(pin) >= 4 && len(pin) <= 8
	for _, r := range pin {
		if r < '0' || r > '9' {
			ok = false
		}
	}
	if !ok {
		return validate.Errors{"pin": {{Code: "validation.pin_digits", Message: "the PIN is 4 to 8 digits",
			Params: map[string]any{"min": 4, "max": 8}}}}
	}
	return nil
}

// pinHash is the keyed hash of a person's PIN.
func (s *Service) pinHash(orgID, personID int64, pin string) string {
	m := hmac.New(sha256.New, s.pinKey)
	m.Write([]byte("pin1:" + strconv.FormatInt(orgID, 10) + ":" + strconv.FormatInt(personID, 10) + ":" + pin))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// PinHolder is a person with a kiosk PIN (the PIN itself is never shown).
type PinHolder struct {
	PersonID  int64     `json:"person_id"`
	Code      string    `json:"code"`
	Name      string    `json:"name"`
	UpdatedAt time.Time `json:"updated_at"`
}

// livePerson checks that a person is the organisation's and not archived.
func (s *Service) livePerson(ctx context.Context, orgID, personID int64) error {
	var n int
	if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM people WHERE org_id = $1 AND id = $2 AND archived_at IS NULL`, orgID, personID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// SetPin sets or changes a person's PIN (another organisation's or an archived person is not
// found).
func (s *Service) SetPin(ctx context.Context, orgID, personID int64, pin string) error {
	if err := s.livePerson(ctx, orgID, personID); err != nil {
		return err
	}
	if err := checkPin(pin); err != nil {
		return err
	}
	now := database.Now()
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO kiosk_pins (org_id, person_id, pin_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
		ON CONFLICT (person_id) DO UPDATE SET pin_hash = excluded.pin_hash, updated_at = excluded.updated_at`,
		orgID, personID, s.pinHash(orgID, personID, pin), now)
	if err != nil {
		return database.MapError(err)
	}
	// A new PIN starts with a clean slate of failures.
	return s.limits.Clear(ctx, pinPersonKey(orgID, personID))
}

// ClearPin removes a person's PIN (removing none is no error).
func (s *Service) ClearPin(ctx context.Context, orgID, personID int64) error {
	if err := s.livePerson(ctx, orgID, personID); err != nil {
		return err
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM kiosk_pins WHERE org_id = $1 AND person_id = $2`, orgID, personID)
	return database.MapError(err)
}

// HasPin reports whether a person has a PIN.
func (s *Service) HasPin(ctx context.Context, orgID, personID int64) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM kiosk_pins WHERE org_id = $1 AND person_id = $2`, orgID, personID).Scan(&n)
	return n > 0, err
}

// PinHolders lists the organisation's live people with a PIN, by name.
func (s *Service) PinHolders(ctx context.Context, orgID int64) ([]PinHolder, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT p.id, p.code, p.first_name, p.last_name, `+s.db.TimeText("k.updated_at")+`
		FROM kiosk_pins k JOIN people p ON p.id = k.person_id AND p.org_id = k.org_id
		WHERE k.org_id = $1 AND p.archived_at IS NULL ORDER BY lower(p.first_name), lower(p.last_name), p.id`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PinHolder{}
	for rows.Next() {
		var h PinHolder
		var first, last string
		var at database.ScanTime
		if err := rows.Scan(&h.PersonID, &h.Code, &first, &last, &at); err != nil {
			return nil, err
		}
		h.Name = strings.TrimSpace(first + " " + last)
		h.UpdatedAt = at.T
		out = append(out, h)
	}
	return out, rows.Err()
}

// Kiosk returns one kiosk of the organisation.
func (s *Service) Kiosk(ctx context.Context, orgID, id int64) (Kiosk, error) {
	return s.store.Kiosk(ctx, orgID, id)
}

// SetPinPad switches a kiosk's PIN pad on or off.
func (s *Service) SetPinPad(ctx context.Context, orgID, id int64, on bool) (Kiosk, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE kiosks SET pin_pad = $3 WHERE org_id = $1 AND id = $2`, orgID, id, on)
	if err != nil {
		return Kiosk{}, database.MapError(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Kiosk{}, ErrNotFound
	}
	return s.store.Kiosk(ctx, orgID, id)
}

// PinClocked is an accepted PIN clock-in and the first name of the person.
type PinClocked struct {
	Clocked
	FirstName string
}

// PinClock clocks a person in at a kiosk by person code and PIN. The kiosk is known by its
// secret; one revoked, unknown or without the PIN pad is not found. A wrong code, a wrong PIN
// or a person without one are all ErrPinWrong. Failures count against the person and the
// kiosk (ErrPinLocked past either limit, even with the right PIN, until the window ends).
func (s *Service) PinClock(ctx context.Context, secret, code, pin string) (PinClocked, error) {
	k, err := s.KioskBySecret(ctx, secret)
	if err != nil {
		return PinClocked{}, err
	}
	if !k.PinPad {
		return PinClocked{}, ErrNotFound
	}
	code = strings.TrimSpace(code)
	c := validate.New()
	c.Required("code", code)
	c.Required("pin", pin)
	if err := c.Err(); err != nil {
		return PinClocked{}, err
	}
	ok, after, err := s.limits.Take(ctx, pinKioskKey(k.ID), PinKioskLimit)
	if err != nil {
		return PinClocked{}, err
	}
	if !ok {
		// A refused attempt is no guess: it does not push the window's count further.
		_ = s.limits.Give(ctx, pinKioskKey(k.ID))
		return PinClocked{}, ratelimit.Refuse(ErrPinLocked, after)
	}
	var personID int64
	var first, hash string
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT p.id, p.first_name, COALESCE(k.pin_hash, '') FROM people p
		LEFT JOIN kiosk_pins k ON k.person_id = p.id AND k.org_id = p.org_id
		WHERE p.org_id = $1 AND lower(p.code) = lower($2) AND p.archived_at IS NULL`, k.OrgID, code).Scan(&personID, &first, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		// Spend the same hashing work as a known person, then refuse alike.
		_ = hmac.Equal([]byte(s.pinHash(k.OrgID, 0, pin)), []byte("-"))
		return PinClocked{}, ErrPinWrong
	}
	if err != nil {
		return PinClocked{}, err
	}
	ok, after, err = s.limits.Take(ctx, pinPersonKey(k.OrgID, personID), PinPersonLimit)
	if err != nil {
		return PinClocked{}, err
	}
	if !ok {
		// Refused before the PIN was looked at: not a guess at this kiosk.
		_ = s.limits.Give(ctx, pinKioskKey(k.ID))
		_ = s.limits.Give(ctx, pinPersonKey(k.OrgID, personID))
		return PinClocked{}, ratelimit.Refuse(ErrPinLocked, after)
	}
	if !hmac.Equal([]byte(s.pinHash(k.OrgID, personID, pin)), []byte(hash)) || hash == "" {
		return PinClocked{}, ErrPinWrong
	}
	// The right PIN: not a failure under either limit.
	_ = s.limits.Give(ctx, pinKioskKey(k.ID))
	_ = s.limits.Give(ctx, pinPersonKey(k.OrgID, personID))
	site, err := s.store.Site(ctx, k.OrgID, k.SiteID)
	if err != nil {
		return PinClocked{}, err
	}
	out, err := s.record(ctx, attendance.Punch{OrgID: k.OrgID, PersonID: personID, Source: attendance.SourceKiosk,
		Raw: "kiosk-pin:" + strconv.FormatInt(k.ID, 10), SiteID: &site.ID}, site)
	return PinClocked{Clocked: out, FirstName: first}, err
}
