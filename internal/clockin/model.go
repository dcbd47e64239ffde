// Package clockin is clocking in without a terminal (issue 11): from a phone's browser with a
// location check against the organisation's sites, and at a kiosk (a tablet at a site's
// entrance showing a QR code that changes every 30 seconds, which a signed-in member scans).
// Both end as punches through the attendance domain's one punch path, with source "web" or
// "kiosk", keeping the position, its accuracy and the site (DESIGN.md §10).
package clockin

import (
	"errors"
	"time"

	"hadir/internal/attendance"
)

// Errors of clocking in.
var (
	ErrNotFound = errors.New("clockin: not found")
	// ErrNotAllowed: none of the person's groups may clock in from the web.
	ErrNotAllowed = errors.New("clockin: web clock-in is not allowed")
	// ErrOutsideSite: the position is outside every site the person may use.
	ErrOutsideSite = errors.New("clockin: outside every allowed site")
	// ErrPoorAccuracy: the position is too uncertain for the site it may be in.
	ErrPoorAccuracy = errors.New("clockin: position accuracy too poor")
	// ErrTooSoon: the person clocked in less than a minute ago.
	ErrTooSoon = errors.New("clockin: clocked in a moment ago")
	// ErrCodeExpired: a kiosk code older than CodeLifetime.
	ErrCodeExpired = errors.New("clockin: the kiosk code has expired")
	// ErrCodeInvalid: not a kiosk code of this server.
	ErrCodeInvalid = errors.New("clockin: not a valid kiosk code")
	// ErrKioskRevoked: the kiosk was revoked.
	ErrKioskRevoked = errors.New("clockin: the kiosk was revoked")
)

// Site is a place people may clock in from the web: a circle around a centre, with the worst
// GPS accuracy accepted, or "anywhere" (no fence). GroupIDs are the groups allowed there.
type Site struct {
	ID          int64   `json:"id"`
	OrgID       int64   `json:"-"`
	Name        string  `json:"name"`
	Latitude    float64 `json:"latitude"`
	Longitude   float64 `json:"longitude"`
	Radius      int     `json:"radius"`       // metres
	MaxAccuracy int     `json:"max_accuracy"` // metres
	Anywhere    bool    `json:"anywhere"`
	GroupIDs    []int64 `json:"group_ids"`
}

// Position is what the phone reports: degrees and the accuracy radius in metres.
type Position struct {
	Latitude  float64
	Longitude float64
	Accuracy  float64
}

// Kiosk is a tablet at a site. Its secret URL is shown once, when it is made.
type Kiosk struct {
	ID        int64      `json:"id"`
	OrgID     int64      `json:"-"`
	SiteID    int64      `json:"site_id"`
	SiteName  string     `json:"site_name"`
	Name      string     `json:"name"`
	PinPad    bool       `json:"pin_pad"` // takes a person code and PIN besides the QR code
	LastSeen  *time.Time `json:"last_seen"`
	RevokedAt *time.Time `json:"revoked_at"`
	CreatedAt time.Time  `json:"created_at"`
}

// Clocked is an accepted clock-in: the stored punch and the site it was accepted at.
type Clocked struct {
	Punch attendance.Punch `json:"punch"`
	Site  Site             `json:"site"`
}

// Code timing: the kiosk shows a fresh code every CodeRefresh; a code is accepted for
// CodeLifetime after it was issued (so one scanned just before a refresh still works).
const (
	CodeRefresh  = 30 * time.Second
	CodeLifetime = 60 * time.Second
)
