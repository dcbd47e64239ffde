package device

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"hadir/internal/platform/validate"
)

// Profile is what a terminal model accepts (issue 14): older firmware takes numeric PINs only,
// of a few digits, and names of about 24 bytes; not every model takes face photos. Zero
// lengths mean no limit. Enrolling someone who does not fit is refused before any command is
// queued, instead of failing on the terminal.
type Profile struct {
	PINDigitsOnly bool `json:"pin_digits_only"`
	PINMaxLength  int  `json:"pin_max_length"`
	NameMaxBytes  int  `json:"name_max_bytes"`
	TakesPhotos   bool `json:"takes_photos"`
}

// Profiles are the presets the device form offers, by name.
var Profiles = map[string]Profile{
	"bw_660":    {PINDigitsOnly: true, PINMaxLength: 9, NameMaxBytes: 24, TakesPhotos: false},   // black-and-white 6.60 line
	"tft":       {PINDigitsOnly: false, PINMaxLength: 14, NameMaxBytes: 24, TakesPhotos: false}, // TFT colour-screen fingerprint terminals
	"face":      {PINDigitsOnly: false, PINMaxLength: 23, NameMaxBytes: 48, TakesPhotos: true},  // face terminals (SpeedFace, ProFace)
	"unlimited": {TakesPhotos: true},
}

// DefaultProfile is a device's profile when none is chosen: no limits, photos sent.
var DefaultProfile = Profiles["unlimited"]

// check validates the profile's own values.
func (p Profile) check(c *validate.Checker) {
	if p.PINMaxLength < 0 || p.PINMaxLength > 24 {
		c.Add("pin_max_length", "validation.range", "pin_max_length is 0 (no limit) to 24", map[string]any{"min": 0, "max": 24})
	}
	if p.NameMaxBytes < 0 || p.NameMaxBytes > 200 {
		c.Add("name_max_bytes", "validation.range", "name_max_bytes is 0 (no limit) to 200", map[string]any{"min": 0, "max": 200})
	}
}

// Misfit says why a person's code cannot go to a terminal of this profile ("" when it can):
// the code, not the name, since a name is cut to fit (see FitName).
func (p Profile) Misfit(code string) (reason string, params map[string]any) {
	if p.PINDigitsOnly && strings.Trim(code, "0123456789") != "" {
		return "device.pin_not_numeric", map[string]any{"code": code}
	}
	if p.PINMaxLength > 0 && len(code) > p.PINMaxLength {
		return "device.pin_too_long", map[string]any{"code": code, "max": p.PINMaxLength}
	}
	return "", nil
}

// FitName cuts a name to the profile's byte limit on a character boundary: the terminal
// shows it, nothing matches on it.
func (p Profile) FitName(name string) string {
	if p.NameMaxBytes <= 0 || len(name) <= p.NameMaxBytes {
		return name
	}
	cut := name[:p.NameMaxBytes]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	return strings.TrimSpace(cut)
}

// misfitError is the 422 for people who do not fit a device: one detail per person, under
// field, naming them and the rule.
func misfitError(field string, people []Enrolled, p Profile) error {
	c := validate.New()
	for _, e := range people {
		code, params := p.Misfit(e.Code)
		if code == "" {
			continue
		}
		params["person"], params["person_id"] = e.Name, e.PersonID
		msg := fmt.Sprintf("%s (%s): this device takes codes of digits only", e.Name, e.Code)
		if code == "device.pin_too_long" {
			msg = fmt.Sprintf("%s (%s): this device takes codes of at most %d characters", e.Name, e.Code, p.PINMaxLength)
		}
		c.Add(field, code, msg, params)
	}
	return c.Err()
}
