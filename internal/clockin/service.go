package clockin

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"math"
	"strconv"
	"strings"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/ratelimit"
	"hadir/internal/platform/validate"
)

// Groups is what clocking in needs of the attendance domain's groups.
type Groups interface {
	// GroupOf is the group a person belongs to today.
	GroupOf(ctx context.Context, orgID, personID int64) (attendance.Group, bool, error)
	// Group finds a live group of the organisation (kind "" for any).
	Group(ctx context.Context, orgID int64, kind string, id int64) (attendance.Group, []attendance.ScheduleDay, error)
}

// Punches is the one punch path (attendance.Service.RecordPunch).
type Punches interface {
	RecordPunch(ctx context.Context, p attendance.Punch) (attendance.Punch, bool, error)
}

// Service holds the rules of web and kiosk clock-in.
type Service struct {
	db      *database.DB
	store   *Store
	groups  Groups
	punches Punches
	limits  *ratelimit.Limiter
	codeKey []byte
	pinKey  []byte
	// Now is the clock.
	Now func() time.Time
}

// NewService returns a Service; signer derives the key kiosk codes are signed with.
func NewService(db *database.DB, groups Groups, punches Punches, signer *auth.Signer) *Service {
	return &Service{db: db, store: NewStore(db), groups: groups, punches: punches, limits: ratelimit.New(db),
		codeKey: signer.Derive("kiosk-code"), pinKey: signer.Derive("kiosk-pin"), Now: time.Now}
}

// Repeats limits clock-ins (web and kiosk together) of one person: one a minute.
var Repeats = ratelimit.Rule{Limit: 1, Window: time.Minute}

func repeatKey(orgID, personID int64) string {
	return "clockin:" + strconv.FormatInt(orgID, 10) + ":" + strconv.FormatInt(personID, 10)
}

// Sites lists the organisation's sites with their groups.
func (s *Service) Sites(ctx context.Context, orgID int64) ([]Site, error) {
	return s.store.Sites(ctx, orgID)
}

// Site returns one site.
func (s *Service) Site(ctx context.Context, orgID, id int64) (Site, error) {
	return s.store.Site(ctx, orgID, id)
}

// SaveSite validates and stores a site (ID 0 makes one) with the groups allowed there.
func (s *Service) SaveSite(ctx context.Context, in Site) (Site, error) {
	in.Name = strings.TrimSpace(in.Name)
	c := validate.New()
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 100)
	}
	if !in.Anywhere {
		// NaN is a coordinate the request did not give.
		switch {
		case math.IsNaN(in.Latitude):
			c.Add("latitude", "validation.required", "latitude is required", nil)
		case in.Latitude < -90 || in.Latitude > 90:
			c.Add("latitude", "validation.between", "latitude is between -90 and 90", map[string]any{"min": -90, "max": 90})
		}
		switch {
		case math.IsNaN(in.Longitude):
			c.Add("longitude", "validation.required", "longitude is required", nil)
		case in.Longitude < -180 || in.Longitude > 180:
			c.Add("longitude", "validation.between", "longitude is between -180 and 180", map[string]any{"min": -180, "max": 180})
		}
		if in.Radius < 10 || in.Radius > 100000 {
			c.Add("radius", "validation.between", "the radius is 10 to 100000 metres", map[string]any{"min": 10, "max": 100000})
		}
		if in.MaxAccuracy < 1 || in.MaxAccuracy > 10000 {
			c.Add("max_accuracy", "validation.between", "the largest accuracy accepted is 1 to 10000 metres", map[string]any{"min": 1, "max": 10000})
		}
	} else {
		in.Latitude, in.Longitude, in.Radius, in.MaxAccuracy = 0, 0, 0, 0
	}
	seen := map[int64]bool{}
	groups := in.GroupIDs[:0:0]
	for _, g := range in.GroupIDs {
		if seen[g] {
			continue
		}
		seen[g] = true
		// Another organisation's group is not found (404), like any of its ids.
		if _, _, err := s.groups.Group(ctx, in.OrgID, "", g); err != nil {
			return in, err
		}
		groups = append(groups, g)
	}
	if err := c.Err(); err != nil {
		return in, err
	}
	in.GroupIDs = groups
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		in.ID, err = s.store.SaveSite(ctx, in, database.Now())
		return err
	})
	return in, err
}

// DeleteSite removes a site, its kiosks with it.
func (s *Service) DeleteSite(ctx context.Context, orgID, id int64) error {
	return s.store.DeleteSite(ctx, orgID, id)
}

// Allowed lists the sites a person may clock in at from the web today (by their group).
func (s *Service) Allowed(ctx context.Context, orgID, personID int64) ([]Site, error) {
	g, ok, err := s.groups.GroupOf(ctx, orgID, personID)
	if err != nil || !ok {
		return nil, err
	}
	return s.store.SitesOfGroup(ctx, orgID, g.ID)
}

// checkPosition validates a reported position.
func checkPosition(p Position) error {
	c := validate.New()
	if math.IsNaN(p.Latitude) || p.Latitude < -90 || p.Latitude > 90 {
		c.Add("latitude", "validation.between", "latitude is between -90 and 90", map[string]any{"min": -90, "max": 90})
	}
	if math.IsNaN(p.Longitude) || p.Longitude < -180 || p.Longitude > 180 {
		c.Add("longitude", "validation.between", "longitude is between -180 and 180", map[string]any{"min": -180, "max": 180})
	}
	if math.IsNaN(p.Accuracy) || math.IsInf(p.Accuracy, 0) || p.Accuracy < 0 {
		c.Add("accuracy", "validation.min_value", "the accuracy is a distance in metres, 0 or more", map[string]any{"min": 0})
	}
	return c.Err()
}

// WebClock clocks a person in from a position: the site is chosen by Choose, then the
// repeat limit is taken (so a refused position does not use up the minute), then the punch
// is stored with source "web". Under any number of parallel calls one gets through a minute.
func (s *Service) WebClock(ctx context.Context, orgID, personID, userID int64, p Position) (Clocked, error) {
	if err := checkPosition(p); err != nil {
		return Clocked{}, err
	}
	sites, err := s.Allowed(ctx, orgID, personID)
	if err != nil {
		return Clocked{}, err
	}
	site, _, err := Choose(sites, p)
	if err != nil {
		return Clocked{}, err
	}
	return s.record(ctx, attendance.Punch{OrgID: orgID, PersonID: personID, Source: attendance.SourceWeb, Raw: "web",
		CreatedBy: &userID, Latitude: &p.Latitude, Longitude: &p.Longitude, Accuracy: &p.Accuracy, SiteID: &site.ID}, site)
}

// record takes the repeat limit and stores the punch, giving the reservation back when the
// punch could not be stored.
func (s *Service) record(ctx context.Context, p attendance.Punch, site Site) (Clocked, error) {
	ok, after, err := s.limits.Take(ctx, repeatKey(p.OrgID, p.PersonID), Repeats)
	if err != nil {
		return Clocked{}, err
	}
	if !ok {
		return Clocked{}, ratelimit.Refuse(ErrTooSoon, after)
	}
	p.At = s.Now().Truncate(time.Second)
	stored, _, err := s.punches.RecordPunch(ctx, p)
	if err != nil {
		_ = s.limits.Give(ctx, repeatKey(p.OrgID, p.PersonID))
		return Clocked{}, err
	}
	return Clocked{Punch: stored, Site: site}, nil
}

// Kiosks lists the organisation's kiosks, revoked ones last.
func (s *Service) Kiosks(ctx context.Context, orgID int64) ([]Kiosk, error) {
	return s.store.Kiosks(ctx, orgID)
}

// CreateKiosk makes a kiosk at a site and returns it with its secret, which is shown only
// now: the database keeps its hash.
func (s *Service) CreateKiosk(ctx context.Context, orgID, siteID int64, name string, pinPad bool) (Kiosk, string, error) {
	name = strings.TrimSpace(name)
	c := validate.New()
	if c.Required("name", name) {
		c.MaxLen("name", name, 100)
	}
	var site Site
	if siteID <= 0 {
		c.Add("site_id", "validation.required", "choose a site", nil)
	} else {
		var err error
		site, err = s.store.Site(ctx, orgID, siteID)
		if err != nil {
			return Kiosk{}, "", err // another organisation's site is not found
		}
	}
	if err := c.Err(); err != nil {
		return Kiosk{}, "", err
	}
	secret := auth.RandomToken(32)
	k := Kiosk{OrgID: orgID, SiteID: site.ID, SiteName: site.Name, Name: name, PinPad: pinPad, CreatedAt: database.Now()}
	id, err := s.store.CreateKiosk(ctx, k, auth.HashToken(secret))
	k.ID = id
	return k, secret, err
}

// RevokeKiosk stops a kiosk: its URL and every code it showed stop working at once.
func (s *Service) RevokeKiosk(ctx context.Context, orgID, id int64) error {
	return s.store.RevokeKiosk(ctx, orgID, id, database.Now())
}

// KioskBySecret finds a live kiosk by the secret of its URL and notes that it was seen.
func (s *Service) KioskBySecret(ctx context.Context, secret string) (Kiosk, error) {
	if secret == "" || len(secret) > 200 {
		return Kiosk{}, ErrNotFound
	}
	k, err := s.store.KioskBySecret(ctx, auth.HashToken(secret))
	if err != nil {
		return k, err
	}
	if k.RevokedAt != nil {
		return Kiosk{}, ErrNotFound
	}
	return k, s.store.SeenKiosk(ctx, k.ID, database.Now())
}

// Code is a kiosk code: "k1.<kiosk>.<org>.<unix seconds>.<signature>", the signature an
// HMAC-SHA256 under a key derived for this purpose only. It is short-lived rather than
// single-use: everyone queueing at the kiosk scans the same code.
func (s *Service) Code(k Kiosk, at time.Time) string {
	body := "k1." + strconv.FormatInt(k.ID, 10) + "." + strconv.FormatInt(k.OrgID, 10) + "." + strconv.FormatInt(at.Unix(), 10)
	return body + "." + s.sign(body)
}

func (s *Service) sign(body string) string {
	m := hmac.New(sha256.New, s.codeKey)
	m.Write([]byte(body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// parseCode checks a code's signature and returns its kiosk, organisation and issue time.
func (s *Service) parseCode(code string) (kioskID, orgID int64, at time.Time, err error) {
	parts := strings.Split(strings.TrimSpace(code), ".")
	if len(parts) != 5 || parts[0] != "k1" {
		return 0, 0, at, ErrCodeInvalid
	}
	body := strings.Join(parts[:4], ".")
	if !hmac.Equal([]byte(parts[4]), []byte(s.sign(body))) {
		return 0, 0, at, ErrCodeInvalid
	}
	kioskID, err1 := strconv.ParseInt(parts[1], 10, 64)
	orgID, err2 := strconv.ParseInt(parts[2], 10, 64)
	unix, err3 := strconv.ParseInt(parts[3], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return 0, 0, at, ErrCodeInvalid
	}
	return kioskID, orgID, time.Unix(unix, 0), nil
}

// KioskOf checks a code scanned at a kiosk: signed by this server, at most CodeLifetime
// old, of a live kiosk of the organisation; it returns the kiosk and its site. Another
// organisation's kiosk is not found.
func (s *Service) KioskOf(ctx context.Context, orgID int64, code string) (Kiosk, Site, error) {
	if strings.TrimSpace(code) == "" {
		return Kiosk{}, Site{}, validate.Field("code", "validation.required", "the kiosk code is required")
	}
	kioskID, codeOrg, at, err := s.parseCode(code)
	if err != nil {
		return Kiosk{}, Site{}, err
	}
	if codeOrg != orgID {
		return Kiosk{}, Site{}, ErrNotFound
	}
	age := s.Now().Sub(at)
	if age > CodeLifetime {
		return Kiosk{}, Site{}, ErrCodeExpired
	}
	if age < -5*time.Second { // issued in the future: not by this server's clock
		return Kiosk{}, Site{}, ErrCodeInvalid
	}
	k, err := s.store.Kiosk(ctx, orgID, kioskID)
	if err != nil {
		return Kiosk{}, Site{}, err
	}
	if k.RevokedAt != nil {
		return Kiosk{}, Site{}, ErrKioskRevoked
	}
	site, err := s.store.Site(ctx, orgID, k.SiteID)
	return k, site, err
}

// KioskClock clocks a signed-in person in with a code scanned at a kiosk (see KioskOf), with
// source "kiosk" at the kiosk's site. The same one-a-minute limit as web clock-in applies.
func (s *Service) KioskClock(ctx context.Context, orgID, personID, userID int64, code string) (Clocked, error) {
	k, site, err := s.KioskOf(ctx, orgID, code)
	if err != nil {
		return Clocked{}, err
	}
	return s.record(ctx, attendance.Punch{OrgID: orgID, PersonID: personID, Source: attendance.SourceKiosk,
		Raw: "kiosk:" + strconv.FormatInt(k.ID, 10), CreatedBy: &userID, SiteID: &site.ID}, site)
}
