package device

import (
	"context"
	"database/sql"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/ratelimit"
	"hadir/internal/platform/validate"
)

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// Beacons pages through the organisation's beacons.
func (s *Service) Beacons(ctx context.Context, orgID int64, name string, pg database.Page) ([]Beacon, int, error) {
	cond := ` FROM beacons WHERE org_id = $1 AND ($2 = '' OR lower(name) LIKE $3 ESCAPE '\' OR lower(serial) LIKE $3 ESCAPE '\')`
	args := []any{orgID, strings.TrimSpace(name), database.Like(strings.ToLower(strings.TrimSpace(name)))}
	var total int
	if err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT id, org_id, name, uuid, major, minor, serial`+cond+` ORDER BY lower(name), id`+pg.LimitOffset(), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Beacon
	for rows.Next() {
		var b Beacon
		if err := rows.Scan(&b.ID, &b.OrgID, &b.Name, &b.UUID, &b.Major, &b.Minor, &b.Serial); err != nil {
			return nil, 0, err
		}
		out = append(out, b)
	}
	return out, total, rows.Err()
}

// SaveBeacon creates (ID 0) or updates a beacon.
func (s *Service) SaveBeacon(ctx context.Context, b Beacon) (Beacon, error) {
	b.Name, b.UUID, b.Serial = strings.TrimSpace(b.Name), strings.ToLower(strings.TrimSpace(b.UUID)), strings.TrimSpace(b.Serial)
	c := validate.New()
	if c.Required("name", b.Name) {
		c.MaxLen("name", b.Name, 100)
	}
	if c.Required("uuid", b.UUID) && !uuidPattern.MatchString(b.UUID) {
		c.Add("uuid", "validation.uuid", "the beacon UUID looks like 8-4-4-4-12 hexadecimal digits", nil)
	}
	if b.Major < 0 || b.Major > 65535 {
		c.Add("major", "validation.max_value", "major is 0 to 65535", nil)
	}
	if b.Minor < 0 || b.Minor > 65535 {
		c.Add("minor", "validation.max_value", "minor is 0 to 65535", nil)
	}
	c.MaxLen("serial_number", b.Serial, 60)
	if err := c.Err(); err != nil {
		return b, err
	}
	now := s.Now()
	var err error
	if b.ID == 0 {
		err = database.MapError(s.q(ctx).QueryRowContext(ctx, `INSERT INTO beacons (org_id, name, uuid, major, minor, serial, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
			b.OrgID, b.Name, b.UUID, b.Major, b.Minor, b.Serial, now).Scan(&b.ID))
	} else {
		err = s.exec(ctx, `UPDATE beacons SET name = $3, uuid = $4, major = $5, minor = $6, serial = $7, updated_at = $8 WHERE org_id = $1 AND id = $2`,
			b.OrgID, b.ID, b.Name, b.UUID, b.Major, b.Minor, b.Serial, now)
	}
	if errors.Is(err, database.ErrUniqueViolation) {
		return b, ErrBeaconUsed
	}
	return b, err
}

// DeleteBeacon removes a beacon.
func (s *Service) DeleteBeacon(ctx context.Context, orgID, id int64) error {
	return s.exec(ctx, `DELETE FROM beacons WHERE org_id = $1 AND id = $2`, orgID, id)
}

// BeaconOf finds the organisation's beacon with an identifier; another organisation's
// beacon is not found.
func (s *Service) BeaconOf(ctx context.Context, orgID int64, uuid string, major, minor int) (Beacon, error) {
	var b Beacon
	if major < 0 || major > 65535 || minor < 0 || minor > 65535 {
		// No saved beacon has such a number; PostgreSQL would refuse it as out of range.
		return b, ErrNotFound
	}
	err := s.q(ctx).QueryRowContext(ctx, `SELECT id, org_id, name, uuid, major, minor, serial FROM beacons WHERE org_id = $1 AND uuid = $2 AND major = $3 AND minor = $4`,
		orgID, strings.ToLower(strings.TrimSpace(uuid)), major, minor).Scan(&b.ID, &b.OrgID, &b.Name, &b.UUID, &b.Major, &b.Minor, &b.Serial)
	if errors.Is(err, sql.ErrNoRows) {
		return b, ErrNotFound
	}
	return b, err
}

// BeaconClockIns limits beacon clock-ins of one person.
var BeaconClockIns = ratelimit.Rule{Limit: 1, Window: time.Minute}

func beaconKey(orgID, personID int64) string {
	return "beacon:" + strconv.FormatInt(orgID, 10) + ":" + strconv.FormatInt(personID, 10)
}

// ReserveBeaconClockIn reserves a person's beacon clock-in, atomically in the database so that
// parallel requests (on any node) get exactly one through per minute; the others get
// ErrRateLimit with the time to wait.
func (s *Service) ReserveBeaconClockIn(ctx context.Context, orgID, personID int64) error {
	ok, after, err := s.limits.Take(ctx, beaconKey(orgID, personID), BeaconClockIns)
	if err != nil {
		return err
	}
	if !ok {
		return ratelimit.Refuse(ErrRateLimit, after)
	}
	return nil
}

// ReleaseBeaconClockIn gives back a reservation whose clock-in failed.
func (s *Service) ReleaseBeaconClockIn(ctx context.Context, orgID, personID int64) error {
	return s.limits.Give(ctx, beaconKey(orgID, personID))
}
