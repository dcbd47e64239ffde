// Package device is the domain of attendance terminals and beacons: device records and their
// state, who is enrolled on each, the command queue that makes a terminal match its
// enrolment (kept in the database so any server node can serve a device), and beacons.
package device

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/ratelimit"
	"hadir/internal/platform/validate"
)

// Errors of the device domain.
var (
	ErrNotFound   = errors.New("device: not found")
	ErrCodeTaken  = errors.New("device: the serial number is already registered")
	ErrBeaconUsed = errors.New("device: a beacon with this identifier exists")
	ErrRateLimit  = errors.New("device: too many beacon clock-ins")
)

// Command statuses.
const (
	Queued  = "queued"
	Sent    = "sent"
	OK      = "ok"
	Failed  = "failed"
	Expired = "expired"
)

// Queue timing: a command sent without a result goes back to the queue after ResendAfter,
// and gives up after MaxAttempts or CommandTTL.
var (
	ResendAfter = 2 * time.Minute
	MaxAttempts = 5
	CommandTTL  = 24 * time.Hour
)

// Device is a terminal with its state.
type Device struct {
	ID           int64  `json:"id"`
	OrgID        int64  `json:"-"`
	Name         string `json:"name"`
	Model        string `json:"model"`
	Code         string `json:"code"`
	PurchaseDate string `json:"purchase_date"`
	Enabled      bool   `json:"enabled"`
	PushKey      string `json:"push_key,omitempty"`
	AllowedIPs   string `json:"allowed_ips"`
	// Use is what the device's punches are: UseAttendance (punches, as every terminal before)
	// or UseAccess (a door: its events are kept for review, never attendance).
	Use string `json:"use"`
	// Protocol is "security" once the device registered over Security PUSH 3.x (its
	// commands then go out in the 3.x form), "" for the attendance PUSH.
	Protocol     string `json:"protocol"`
	RegistryCode string `json:"-"`
	SessionID    string `json:"-"`
	// What the model accepts (numeric PINs, lengths, photos): its fields are the device's.
	Profile
	LastSeen    *time.Time `json:"last_seen"`
	LastIP      string     `json:"last_ip"`
	Firmware    string     `json:"firmware"`
	PushVersion string     `json:"push_version"`
	Info        string     `json:"info"`
	// What the terminal last reported holding, and its capacity (null: never reported).
	UserCount        *int   `json:"user_count"`
	FingerprintCount *int   `json:"fingerprint_count"`
	FaceCount        *int   `json:"face_count"`
	LogCount         *int   `json:"log_count"`
	UserCapacity     *int   `json:"user_capacity"`
	LogCapacity      *int   `json:"log_capacity"`
	AttStamp         string `json:"-"`
	// TZTold is the UTC offset in seconds the terminal was last told (its clock runs at it);
	// nil before its first handshake.
	TZTold   *int `json:"-"`
	Enrolled int  `json:"enrolled"`
	Queued   int  `json:"commands_pending"`
	Failed   int  `json:"commands_failed"`
	Punches  int  `json:"punches"`
	// Health (issue 14): online, offline or unknown (never called since it was added), as the
	// health checker last claimed it, and when that changed.
	Health          string     `json:"health"`
	HealthChangedAt *time.Time `json:"health_changed_at"`
	// PollInterval is the command-poll interval in seconds the terminal was told (Delay).
	PollInterval int `json:"poll_interval"`
	// ClockDrift is how far the terminal's clock runs ahead of the server's (seconds, negative
	// behind), measured from its punch stamps; nil before a measurement.
	ClockDrift *int `json:"clock_drift"`
	// BacklogCommands are commands queued and not yet handed to the terminal; BacklogPunches
	// estimates the punches it holds and has not sent (its reported record count less the
	// punches received from it; nil when it never reported a count).
	BacklogCommands int  `json:"backlog_commands"`
	BacklogPunches  *int `json:"backlog_punches"`
}

// Allows reports whether a request from addr may speak for the device.
func (d Device) Allows(addr string) bool {
	if strings.TrimSpace(d.AllowedIPs) == "" {
		return true
	}
	ip := net.ParseIP(addr)
	for _, part := range strings.Split(d.AllowedIPs, ",") {
		part = strings.TrimSpace(part)
		if _, n, err := net.ParseCIDR(part); err == nil && ip != nil && n.Contains(ip) {
			return true
		}
		if part == addr {
			return true
		}
	}
	return false
}

// Command is one queued instruction for a device.
type Command struct {
	ID         int64      `json:"id"`
	DeviceID   int64      `json:"device_id"`
	Command    string     `json:"command"`
	Label      string     `json:"label"`
	Status     string     `json:"status"`
	Attempts   int        `json:"attempts"`
	ReturnCode *int       `json:"return_code"`
	Result     string     `json:"result"`
	CreatedAt  time.Time  `json:"created_at"`
	DoneAt     *time.Time `json:"done_at"`
}

// Beacon is a Bluetooth beacon people clock in near.
type Beacon struct {
	ID     int64  `json:"id"`
	OrgID  int64  `json:"-"`
	Name   string `json:"name"`
	UUID   string `json:"uuid"`
	Major  int    `json:"major"`
	Minor  int    `json:"minor"`
	Serial string `json:"serial_number"`
}

// Beacon shows as "uuid:major:minor" in lists (the spec's "beacon" column).
func (b Beacon) Identifier() string { return fmt.Sprintf("%s:%d:%d", b.UUID, b.Major, b.Minor) }

// Enrolled is a person on a device, with what a terminal needs of them.
type Enrolled struct {
	PersonID int64
	Kind     string
	Code     string
	Name     string
	Image    []byte // the processed profile image, if any
}

// Service holds the device rules.
type Service struct {
	db     *database.DB
	limits *ratelimit.Limiter
	// Now is the clock.
	Now func() time.Time
}

// NewService returns a Service.
func NewService(db *database.DB) *Service {
	return &Service{db: db, limits: ratelimit.New(db), Now: database.Now}
}

func (s *Service) q(ctx context.Context) database.Querier { return s.db.Q(ctx) }

func (s *Service) exec(ctx context.Context, q string, args ...any) error {
	res, err := s.q(ctx).ExecContext(ctx, q, args...)
	if err = database.MapError(err); err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

const deviceCols = `d.id, d.org_id, d.name, d.model, d.code, COALESCE(d.purchase_date, ''), d.enabled, d.push_key, d.allowed_ips, d.last_seen, d.last_ip, d.firmware,
	d.info, d.att_stamp, d.push_version, d.user_count, d.fingerprint_count, d.face_count, d.log_count, d.user_capacity, d.log_capacity,
	d.pin_digits_only, d.pin_max_length, d.name_max_bytes, d.takes_photos, d.use_for, d.protocol,
	d.health_state, d.health_changed_at, d.poll_interval, d.clock_drift,
	(SELECT COUNT(*) FROM device_commands c WHERE c.org_id = d.org_id AND c.device_id = d.id AND c.status = 'queued'),
	(SELECT COUNT(*) FROM device_people x WHERE x.org_id = d.org_id AND x.device_id = d.id),
	(SELECT COUNT(*) FROM device_commands c WHERE c.org_id = d.org_id AND c.device_id = d.id AND c.status IN ('queued', 'sent')),
	(SELECT COUNT(*) FROM device_commands c WHERE c.org_id = d.org_id AND c.device_id = d.id AND c.status IN ('failed', 'expired')),
	(SELECT COUNT(*) FROM punches p WHERE p.org_id = d.org_id AND p.device_id = d.id)`

func scanDevice(row interface{ Scan(...any) error }) (Device, error) {
	var d Device
	var seen, changed sql.NullTime
	var counts [6]sql.NullInt64
	var drift sql.NullInt64
	err := row.Scan(&d.ID, &d.OrgID, &d.Name, &d.Model, &d.Code, &d.PurchaseDate, &d.Enabled, &d.PushKey, &d.AllowedIPs, &seen, &d.LastIP, &d.Firmware,
		&d.Info, &d.AttStamp, &d.PushVersion, &counts[0], &counts[1], &counts[2], &counts[3], &counts[4], &counts[5],
		&d.PINDigitsOnly, &d.PINMaxLength, &d.NameMaxBytes, &d.TakesPhotos, &d.Use, &d.Protocol,
		&d.Health, &changed, &d.PollInterval, &drift, &d.BacklogCommands,
		&d.Enrolled, &d.Queued, &d.Failed, &d.Punches)
	if errors.Is(err, sql.ErrNoRows) {
		return d, ErrNotFound
	}
	if changed.Valid {
		t := changed.Time
		d.HealthChangedAt = &t
	}
	if drift.Valid {
		v := int(drift.Int64)
		d.ClockDrift = &v
	}
	for i, p := range []**int{&d.UserCount, &d.FingerprintCount, &d.FaceCount, &d.LogCount, &d.UserCapacity, &d.LogCapacity} {
		if counts[i].Valid {
			v := int(counts[i].Int64)
			*p = &v
		}
	}
	if seen.Valid {
		t := seen.Time
		d.LastSeen = &t
	}
	if d.LogCount != nil {
		v := max(0, *d.LogCount-d.Punches)
		d.BacklogPunches = &v
	}
	return d, err
}

// List pages through the organisation's devices, filtered by name and purchase date.
func (s *Service) List(ctx context.Context, orgID int64, name, purchase string, pg database.Page) ([]Device, int, error) {
	cond := ` FROM devices d WHERE d.org_id = $1 AND ($2 = '' OR lower(d.name) LIKE $3 ESCAPE '\' OR lower(d.code) LIKE $3 ESCAPE '\') AND ($4 = '' OR d.purchase_date = $4)`
	args := []any{orgID, strings.TrimSpace(name), database.Like(strings.ToLower(strings.TrimSpace(name))), purchase}
	var total int
	if err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT `+deviceCols+cond+` ORDER BY lower(d.name), d.id`+pg.LimitOffset(), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Device
	for rows.Next() {
		d, err := scanDevice(rows)
		if err != nil {
			return nil, 0, err
		}
		d.PushKey = ""
		out = append(out, d)
	}
	return out, total, rows.Err()
}

// Get returns a device of the organisation.
func (s *Service) Get(ctx context.Context, orgID, id int64) (Device, error) {
	return scanDevice(s.q(ctx).QueryRowContext(ctx, `SELECT `+deviceCols+` FROM devices d WHERE d.org_id = $1 AND d.id = $2`, orgID, id))
}

// BySerial returns any organisation's device by serial number (the protocol's SN), with
// just what the protocol needs (no counts: it runs on every request of a terminal).
func (s *Service) BySerial(ctx context.Context, sn string) (Device, error) {
	var d Device
	var seen sql.NullTime
	var told sql.NullInt64
	err := s.q(ctx).QueryRowContext(ctx, `SELECT id, org_id, name, code, enabled, push_key, allowed_ips, att_stamp, last_seen, push_version, tz_told,
		use_for, protocol, registry_code, session_id, poll_interval, health_state FROM devices WHERE upper(code) = upper($1)`, sn).
		Scan(&d.ID, &d.OrgID, &d.Name, &d.Code, &d.Enabled, &d.PushKey, &d.AllowedIPs, &d.AttStamp, &seen, &d.PushVersion, &told,
			&d.Use, &d.Protocol, &d.RegistryCode, &d.SessionID, &d.PollInterval, &d.Health)
	if errors.Is(err, sql.ErrNoRows) {
		return d, ErrNotFound
	}
	if told.Valid {
		v := int(told.Int64)
		d.TZTold = &v
	}
	if seen.Valid {
		t := seen.Time
		d.LastSeen = &t
	}
	return d, err
}

// Terminal is BySerial for the device protocol: the device as it authenticates (enabled,
// key, allowed addresses), cached for at most database.CountsTTL and forgotten on every node
// when any device is saved or deleted (Save, Delete), so a terminal's request needs no round
// trip for it. LastSeen and AttStamp may be that old too: the handshake reads BySerial.
func (s *Service) Terminal(ctx context.Context, sn string) (Device, error) {
	v, err := s.db.Cached(ctx, 0, "device:"+strings.ToUpper(sn), func() (any, error) { return s.BySerial(ctx, sn) })
	if err != nil {
		return Device{}, err
	}
	return v.(Device), nil
}

// devicesChanged forgets the cached devices (Terminal) on every node once ctx's transaction
// commits. Devices change rarely, by hand, so every cached value is forgotten with them.
func (s *Service) devicesChanged(ctx context.Context) error { return s.db.OrgChanged(ctx, 0) }

var serialPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{4,40}$`)

// CodeAvailable reports whether a serial number is free (except for one device).
func (s *Service) CodeAvailable(ctx context.Context, code string, except int64) (bool, error) {
	var n int
	err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM devices WHERE upper(code) = upper($1) AND id <> $2`, strings.TrimSpace(code), except).Scan(&n)
	return n == 0, err
}

// Save creates (ID 0) or updates a device record.
func (s *Service) Save(ctx context.Context, d Device) (Device, error) {
	d.Name, d.Model, d.Code, d.PurchaseDate = strings.TrimSpace(d.Name), strings.TrimSpace(d.Model), strings.TrimSpace(d.Code), strings.TrimSpace(d.PurchaseDate)
	c := validate.New()
	if c.Required("name", d.Name) {
		c.MaxLen("name", d.Name, 100)
	}
	c.MaxLen("model", d.Model, 100)
	if c.Required("code", d.Code) && !serialPattern.MatchString(d.Code) {
		c.Add("code", "validation.serial", "the serial number holds 4 to 40 letters, digits, - or _", nil)
	}
	if d.PurchaseDate != "" {
		if _, err := time.Parse(time.DateOnly, d.PurchaseDate); err != nil {
			c.Add("purchase_date", "validation.date", "purchase_date must be a date (YYYY-MM-DD)", nil)
		}
	}
	for _, part := range strings.Split(d.AllowedIPs, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if _, _, err := net.ParseCIDR(part); err != nil && net.ParseIP(part) == nil {
			c.Add("allowed_ips", "validation.invalid", "allowed addresses are IPs or CIDR ranges separated by commas", nil)
			break
		}
	}
	c.MaxLen("push_key", d.PushKey, 100)
	if d.Use == "" {
		d.Use = UseAttendance
	}
	if d.Use != UseAttendance && d.Use != UseAccess {
		c.Add("use", "validation.invalid", "use is attendance or access", nil)
	}
	d.Profile.check(c)
	if err := c.Err(); err != nil {
		return d, err
	}
	free, err := s.CodeAvailable(ctx, d.Code, d.ID)
	if err != nil {
		return d, err
	}
	if !free {
		return d, ErrCodeTaken
	}
	now := s.Now()
	var purchase any
	if d.PurchaseDate != "" {
		purchase = d.PurchaseDate
	}
	if d.ID == 0 {
		err = s.q(ctx).QueryRowContext(ctx, `INSERT INTO devices (org_id, name, model, code, purchase_date, enabled, push_key, allowed_ips, created_at, updated_at,
				pin_digits_only, pin_max_length, name_max_bytes, takes_photos, use_for)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14) RETURNING id`, d.OrgID, d.Name, d.Model, d.Code, purchase, d.Enabled, d.PushKey, d.AllowedIPs, now,
			d.PINDigitsOnly, d.PINMaxLength, d.NameMaxBytes, d.TakesPhotos, d.Use).Scan(&d.ID)
		err = database.MapError(err)
	} else {
		// The key is never shown, so an edit that leaves it empty keeps the stored one; a
		// single "-" removes it.
		err = s.exec(ctx, `UPDATE devices SET name = $3, model = $4, code = $5, purchase_date = $6, enabled = $7,
			push_key = CASE WHEN $8 = '' THEN push_key WHEN $8 = '-' THEN '' ELSE $8 END, allowed_ips = $9, updated_at = $10,
			pin_digits_only = $11, pin_max_length = $12, name_max_bytes = $13, takes_photos = $14, use_for = $15
			WHERE org_id = $1 AND id = $2`, d.OrgID, d.ID, d.Name, d.Model, d.Code, purchase, d.Enabled, d.PushKey, d.AllowedIPs, now,
			d.PINDigitsOnly, d.PINMaxLength, d.NameMaxBytes, d.TakesPhotos, d.Use)
	}
	if errors.Is(err, database.ErrUniqueViolation) {
		return d, ErrCodeTaken
	}
	if err != nil {
		return d, err
	}
	if err := s.devicesChanged(ctx); err != nil {
		return d, err
	}
	return s.Get(ctx, d.OrgID, d.ID)
}

// Delete removes a device; its punches stay (their source names it).
func (s *Service) Delete(ctx context.Context, orgID, id int64) error {
	if err := s.exec(ctx, `DELETE FROM devices WHERE org_id = $1 AND id = $2`, orgID, id); err != nil {
		return err
	}
	return s.devicesChanged(ctx)
}

// PeopleRef is a person in an enrolment list.
type PeopleRef struct {
	ID        int64  `json:"id"`
	Kind      string `json:"kind"`
	Code      string `json:"code"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Name      string `json:"name"`
}

// People pages through the people of a kind enrolled (in) or not enrolled on a device.
func (s *Service) People(ctx context.Context, orgID, deviceID int64, kind string, in bool, name string, pg database.Page) ([]PeopleRef, int, error) {
	if _, err := s.Get(ctx, orgID, deviceID); err != nil {
		return nil, 0, err
	}
	not := "NOT "
	if in {
		not = ""
	}
	cond := ` FROM people p WHERE p.org_id = $1 AND p.kind = $2 AND p.archived_at IS NULL AND ($4 = '' OR lower(p.first_name || ' ' || p.last_name) LIKE $5 ESCAPE '\' OR lower(p.code) LIKE $5 ESCAPE '\')
		AND ` + not + `EXISTS (SELECT 1 FROM device_people x WHERE x.org_id = p.org_id AND x.device_id = $3 AND x.person_id = p.id)`
	args := []any{orgID, kind, deviceID, strings.TrimSpace(name), database.Like(strings.ToLower(strings.TrimSpace(name)))}
	var total int
	if err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT p.id, p.kind, p.code, p.first_name, p.last_name`+cond+
		// The people lists' order, which people_active_by_name holds: no sort of every person.
		` ORDER BY lower(p.first_name), lower(p.last_name), p.id`+pg.LimitOffset(), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []PeopleRef
	for rows.Next() {
		var p PeopleRef
		if err := rows.Scan(&p.ID, &p.Kind, &p.Code, &p.FirstName, &p.LastName); err != nil {
			return nil, 0, err
		}
		p.Name = strings.TrimSpace(p.FirstName + " " + p.LastName)
		out = append(out, p)
	}
	return out, total, rows.Err()
}

// Enrol adds (or removes) people of a kind to a device and, in the same transaction, queues
// the commands that put them on the terminal (or take them off), superseding what was still
// waiting for their PINs.
func (s *Service) Enrol(ctx context.Context, orgID, deviceID int64, kind string, ids []int64, add bool) error {
	if _, err := s.Get(ctx, orgID, deviceID); err != nil {
		return err
	}
	if len(ids) == 0 {
		return validate.Field("employee", "validation.required", "choose at least one person")
	}
	// Every id must be a person of the kind in the organisation: one query for all of them.
	seen := map[int64]bool{}
	args := []any{orgID, kind}
	var in []string
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			args = append(args, id)
			in = append(in, "$"+strconv.Itoa(len(args)))
		}
	}
	var n int
	if err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM people WHERE org_id = $1 AND kind = $2 AND id IN (`+strings.Join(in, ", ")+`)`, args...).Scan(&n); err != nil {
		return err
	}
	if n != len(seen) {
		return ErrNotFound
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if add {
			// Everyone must fit the terminal's model before anything is queued: one 422
			// naming each person who does not (issue 14).
			prof, err := s.profile(ctx, orgID, deviceID)
			if err != nil {
				return err
			}
			var people []Enrolled
			for id := range seen {
				p, _, err := s.person(ctx, orgID, id)
				if err != nil {
					return err
				}
				people = append(people, p)
			}
			sort.Slice(people, func(i, j int) bool { return people[i].Code < people[j].Code })
			if err := misfitError("employee", people, prof); err != nil {
				return err
			}
		}
		for id := range seen {
			p, archived, err := s.person(ctx, orgID, id)
			if err != nil {
				return err
			}
			if add {
				res, err := s.q(ctx).ExecContext(ctx, `INSERT INTO device_people (org_id, device_id, person_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
					orgID, deviceID, id, s.Now())
				if err != nil {
					return err
				}
				// Someone already on the device is not sent again; an archived person is
				// enrolled but only reaches the terminal when restored.
				if n, _ := res.RowsAffected(); n == 1 && !archived {
					if err := s.putPerson(ctx, orgID, deviceID, p); err != nil {
						return err
					}
				}
				continue
			}
			res, err := s.q(ctx).ExecContext(ctx, `DELETE FROM device_people WHERE org_id = $1 AND device_id = $2 AND person_id = $3`, orgID, deviceID, id)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 1 {
				if err := s.takePerson(ctx, orgID, deviceID, p.Code); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// enrolled lists everyone on a device with their code, name and image.
func (s *Service) enrolled(ctx context.Context, orgID, deviceID int64) ([]Enrolled, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT p.id, p.kind, p.code, p.first_name || ' ' || p.last_name, i.data FROM device_people x
		JOIN people p ON p.id = x.person_id LEFT JOIN images i ON i.id = p.image_id
		WHERE x.org_id = $1 AND x.device_id = $2 AND p.archived_at IS NULL ORDER BY p.code`, orgID, deviceID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Enrolled
	for rows.Next() {
		var e Enrolled
		if err := rows.Scan(&e.PersonID, &e.Kind, &e.Code, &e.Name, &e.Image); err != nil {
			return nil, err
		}
		e.Name = strings.TrimSpace(e.Name)
		out = append(out, e)
	}
	return out, rows.Err()
}

// knownPINs are the PINs the server ever put on the device or saw from it.
func (s *Service) knownPINs(ctx context.Context, orgID, deviceID int64) ([]string, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT DISTINCT label FROM device_commands WHERE org_id = $1 AND device_id = $2 AND label LIKE 'user %' AND status = 'ok'`, orgID, deviceID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			return nil, err
		}
		out = append(out, strings.TrimPrefix(l, "user "))
	}
	return out, rows.Err()
}

// UserCommand is the command that writes a user record (privilege 0: a normal user).
func UserCommand(pin, name string) string {
	return "DATA UPDATE USERINFO PIN=" + pin + "\tName=" + clean(name) + "\tPri=0\tPasswd=\tCard=\tGrp=1"
}

// PhotoCommand is the command that writes a face photo (Type=9, base64 JPEG or PNG).
func PhotoCommand(pin string, image []byte) string {
	b := base64.StdEncoding.EncodeToString(image)
	return fmt.Sprintf("DATA UPDATE BIOPHOTO PIN=%s\tType=9\tSize=%d\tContent=%s", pin, len(b), b)
}

// clean keeps a value off the protocol's separators.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

func (s *Service) queue(ctx context.Context, orgID, deviceID int64, cmd, label string) error {
	now := s.Now()
	_, err := s.q(ctx).ExecContext(ctx, `INSERT INTO device_commands (org_id, device_id, command, label, status, created_at, expires_at) VALUES ($1, $2, $3, $4, 'queued', $5, $6)`,
		orgID, deviceID, cmd, label, now, now.Add(CommandTTL))
	return err
}

// Queue adds one command (INFO, CHECK, REBOOT, ...) for a device.
func (s *Service) Queue(ctx context.Context, orgID, deviceID int64, cmd string) error {
	if _, err := s.Get(ctx, orgID, deviceID); err != nil {
		return err
	}
	return s.queue(ctx, orgID, deviceID, cmd, strings.ToLower(strings.Fields(cmd + " x")[0]))
}

// Commands pages through a device's commands, newest first.
func (s *Service) Commands(ctx context.Context, orgID, deviceID int64, pg database.Page) ([]Command, int, error) {
	if _, err := s.Get(ctx, orgID, deviceID); err != nil {
		return nil, 0, err
	}
	var total int
	if err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM device_commands WHERE org_id = $1 AND device_id = $2`, orgID, deviceID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT id, device_id, command, label, status, attempts, return_code, result, created_at, done_at FROM device_commands
		WHERE org_id = $1 AND device_id = $2 ORDER BY id DESC`+pg.LimitOffset(), orgID, deviceID)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Command
	for rows.Next() {
		var c Command
		var rc sql.NullInt64
		var done sql.NullTime
		if err := rows.Scan(&c.ID, &c.DeviceID, &c.Command, &c.Label, &c.Status, &c.Attempts, &rc, &c.Result, &c.CreatedAt, &done); err != nil {
			return nil, 0, err
		}
		if rc.Valid {
			v := int(rc.Int64)
			c.ReturnCode = &v
		}
		if done.Valid {
			t := done.Time
			c.DoneAt = &t
		}
		if len(c.Command) > 200 {
			c.Command = c.Command[:200] + "…"
		}
		out = append(out, c)
	}
	return out, total, rows.Err()
}

// Claim hands out the device's next commands: queued ones, and sent ones whose result never
// came (after ResendAfter), at most limit. Commands past their attempts or lifetime expire.
// The UPDATE with the status in its WHERE makes two nodes never hand out one command twice.
func (s *Service) Claim(ctx context.Context, d Device, limit int) ([]Command, error) {
	now := s.Now()
	if _, err := s.q(ctx).ExecContext(ctx, `UPDATE device_commands SET status = 'expired', done_at = $2 WHERE device_id = $1 AND status IN ('queued', 'sent')
		AND (expires_at < $2 OR attempts >= $3)`, d.ID, now, MaxAttempts); err != nil {
		return nil, err
	}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT id, command FROM device_commands WHERE device_id = $1 AND (status = 'queued' OR (status = 'sent' AND sent_at < $2))
		ORDER BY id LIMIT $3`, d.ID, now.Add(-ResendAfter), limit)
	if err != nil {
		return nil, err
	}
	var cands []Command
	for rows.Next() {
		var c Command
		if err := rows.Scan(&c.ID, &c.Command); err != nil {
			rows.Close()
			return nil, err
		}
		cands = append(cands, c)
	}
	rows.Close()
	// One transaction for the batch: a commit per command made a backlog of 10,000 cost
	// minutes on PostgreSQL (BenchmarkReconcile10000).
	var out []Command
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		out = out[:0]
		for _, c := range cands {
			res, err := s.q(ctx).ExecContext(ctx, `UPDATE device_commands SET status = 'sent', sent_at = $2, attempts = attempts + 1 WHERE id = $1
				AND (status = 'queued' OR (status = 'sent' AND sent_at < $3))`, c.ID, now, now.Add(-ResendAfter))
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 1 {
				out = append(out, c)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Result records a device's answer to a command: Return=0 (or more, for counts) is
// success, a negative code a failure, kept with the code.
// It returns the command's label (a synchronisation's query is reconciled next).
func (s *Service) Result(ctx context.Context, d Device, id int64, code int, extra string) (string, error) {
	status := OK
	if code < 0 {
		status = Failed
	}
	var label string
	err := s.q(ctx).QueryRowContext(ctx, `UPDATE device_commands SET status = $3, return_code = $4, result = $5, done_at = $6 WHERE device_id = $1 AND id = $2 AND status IN ('sent', 'queued')
		RETURNING label`, d.ID, id, status, code, extra, s.Now()).Scan(&label)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return label, err
}

// Report is what a terminal tells of itself (its INFO): every field may be unknown (empty or
// nil) and then keeps its stored value.
type Report struct {
	Firmware     string
	PushVersion  string
	Info         string
	Users        *int
	Fingerprints *int
	Faces        *int
	Logs         *int // attendance records held on the terminal
	MaxUsers     *int
	MaxLogs      *int
}

// Seen records that a device called, from where and with what it reported.
func (s *Service) Seen(ctx context.Context, d Device, ip string, r Report) error {
	_, err := s.q(ctx).ExecContext(ctx, `UPDATE devices SET last_seen = $2, last_ip = $3, firmware = CASE WHEN $4 = '' THEN firmware ELSE $4 END,
		info = CASE WHEN $5 = '' THEN info ELSE $5 END, push_version = CASE WHEN $6 = '' THEN push_version ELSE $6 END,
		user_count = COALESCE($7, user_count), fingerprint_count = COALESCE($8, fingerprint_count), face_count = COALESCE($9, face_count),
		log_count = COALESCE($10, log_count), user_capacity = COALESCE($11, user_capacity), log_capacity = COALESCE($12, log_capacity)
		WHERE id = $1`, d.ID, s.Now(), ip, r.Firmware, r.Info, r.PushVersion, nullInt(r.Users), nullInt(r.Fingerprints), nullInt(r.Faces),
		nullInt(r.Logs), nullInt(r.MaxUsers), nullInt(r.MaxLogs))
	return err
}

func nullInt(p *int) any {
	if p == nil {
		return nil
	}
	return int64(*p)
}

// Told records the UTC offset (seconds) a terminal was told in its handshake, the push
// version it gave there ("" for firmware that sends none) and the poll interval it was told
// (Delay, seconds: the health checker's measure). Cached terminals are forgotten when the
// offset or version changed, so that its punches are read at the new offset at once.
func (s *Service) Told(ctx context.Context, d Device, offset int, pushVersion string, poll time.Duration) error {
	secs := int(poll / time.Second)
	if d.TZTold != nil && *d.TZTold == offset && d.PushVersion == pushVersion && d.PollInterval == secs {
		return nil
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.q(ctx).ExecContext(ctx, `UPDATE devices SET tz_told = $2, push_version = $3, poll_interval = $4 WHERE id = $1`, d.ID, offset, pushVersion, secs); err != nil {
			return err
		}
		return s.devicesChanged(ctx)
	})
}

// QueueClockSync queues a CHECK, which makes the terminal fetch its options again (and so the
// new TimeZone), unless one is already waiting: the organisation's offset changed (daylight
// saving) since the terminal was told, and old firmware cannot follow the change by itself.
func (s *Service) QueueClockSync(ctx context.Context, d Device) error {
	var n int
	if err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM device_commands WHERE device_id = $1 AND label = 'clock' AND status IN ('queued', 'sent')`, d.ID).Scan(&n); err != nil || n > 0 {
		return err
	}
	return s.queue(ctx, d.OrgID, d.ID, "CHECK", "clock")
}

// SetStamp remembers the last ATTLOG stamp a device reported.
func (s *Service) SetStamp(ctx context.Context, d Device, stamp string) error {
	_, err := s.q(ctx).ExecContext(ctx, `UPDATE devices SET att_stamp = $2 WHERE id = $1`, d.ID, stamp)
	return err
}

// Record keeps an upload that is not punches (OPERLOG, USERINFO, BIOPHOTO, ...).
func (s *Service) Record(ctx context.Context, d Device, table, body string) error {
	if len(body) > 64<<10 {
		body = body[:64<<10]
	}
	_, err := s.q(ctx).ExecContext(ctx, `INSERT INTO device_uploads (org_id, device_id, tbl, body, created_at) VALUES ($1, $2, $3, $4, $5)`, d.OrgID, d.ID, table, body, s.Now())
	return err
}

// PersonByPIN finds the active people with the given codes (PINs) in a device's
// organisation, keyed by upper-cased code.
func (s *Service) PersonByPIN(ctx context.Context, orgID int64, pins []string) (map[string]int64, error) {
	out := map[string]int64{}
	if len(pins) == 0 {
		return out, nil
	}
	args := []any{orgID}
	var in []string
	seen := map[string]bool{}
	for _, p := range pins {
		p = strings.ToLower(p)
		if seen[p] {
			continue
		}
		seen[p] = true
		args = append(args, p)
		in = append(in, "$"+strconv.Itoa(len(args)))
	}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT upper(code), id FROM people WHERE org_id = $1 AND archived_at IS NULL AND lower(code) IN (`+strings.Join(in, ", ")+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var code string
		var id int64
		if err := rows.Scan(&code, &id); err != nil {
			return nil, err
		}
		out[code] = id
	}
	return out, rows.Err()
}
