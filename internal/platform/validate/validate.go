// Package validate collects field errors of a request, each with a stable code (an i18n key
// the front end translates) and an English message.
package validate

import (
	"fmt"
	"net/mail"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// Detail is one problem with one field.
type Detail struct {
	Code    string         `json:"code"`
	Params  map[string]any `json:"params,omitempty"`
	Message string         `json:"-"`
}

// Errors maps a field name to its problems. It is an error when not empty.
type Errors map[string][]Detail

func (e Errors) Error() string {
	keys := make([]string, 0, len(e))
	for k := range e {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+": "+e[k][0].Message)
	}
	return "validation failed: " + strings.Join(parts, "; ")
}

// Messages are the English texts per field.
func (e Errors) Messages() map[string][]string {
	out := make(map[string][]string, len(e))
	for k, ds := range e {
		for _, d := range ds {
			out[k] = append(out[k], d.Message)
		}
	}
	return out
}

// Field builds a single-field error.
func Field(field, code, message string) Errors {
	return Errors{field: {{Code: code, Message: message}}}
}

// Checker accumulates field errors.
type Checker struct{ errs Errors }

// New returns an empty Checker.
func New() *Checker { return &Checker{errs: Errors{}} }

// Add records a problem with a field.
func (c *Checker) Add(field, code, message string, params map[string]any) {
	c.errs[field] = append(c.errs[field], Detail{Code: code, Params: params, Message: message})
}

// Has reports whether the field already has a problem.
func (c *Checker) Has(field string) bool { return len(c.errs[field]) > 0 }

// Err returns the collected errors, or nil.
func (c *Checker) Err() error {
	if len(c.errs) == 0 {
		return nil
	}
	return c.errs
}

// Required checks that a trimmed string is not empty.
func (c *Checker) Required(field, v string) bool {
	if strings.TrimSpace(v) == "" {
		c.Add(field, "validation.required", humanName(field)+" is required", nil)
		return false
	}
	return true
}

// MaxLen checks a single-line text (a name, code, title, address line): its length in
// characters, and that it holds no control character (see ControlChar). Nearly every text
// field passes through here, which makes it the one place that keeps control characters out.
func (c *Checker) MaxLen(field, v string, max int) bool {
	return c.NoControl(field, v, false) && c.maxLen(field, v, max)
}

// MaxText checks a multi-line text (a reason, description, remark, note, bio): its length,
// and that it holds no control character other than TAB, LF and CR+LF.
func (c *Checker) MaxText(field, v string, max int) bool {
	return c.NoControl(field, v, true) && c.maxLen(field, v, max)
}

// NoControl refuses control characters in a text: every C0 character and DEL, every C1
// character, the Unicode line and paragraph separators (U+2028, U+2029), and a CR on its
// own. A multi-line text may hold TAB, LF and CR+LF. A single-line text may hold none of
// them: a bare CR or LF in a name ends a line in the CSV, iCalendar and e-mail outputs that
// carry it, where a lenient reader takes what follows for a line of its own.
func (c *Checker) NoControl(field, v string, multiLine bool) bool {
	if i := ControlChar(v, multiLine); i >= 0 {
		r, _ := utf8.DecodeRuneInString(v[i:])
		c.Add(field, "validation.control_chars", fmt.Sprintf("%s must not contain control characters (found %U)", humanName(field), r),
			map[string]any{"char": fmt.Sprintf("%U", r)})
		return false
	}
	return true
}

// ControlChar returns the byte index of the first refused control character of v (see
// NoControl), or -1 when there is none.
func ControlChar(v string, multiLine bool) int {
	for i, r := range v {
		switch {
		case r == '\t' || r == '\n':
			if !multiLine {
				return i
			}
		case r == '\r':
			if !multiLine || i+1 >= len(v) || v[i+1] != '\n' {
				return i
			}
		case r < 0x20, r >= 0x7F && r <= 0x9F, r == 0x2028, r == 0x2029:
			return i
		}
	}
	return -1
}

func (c *Checker) maxLen(field, v string, max int) bool {
	if utf8.RuneCountInString(v) > max {
		c.Add(field, "validation.max", fmt.Sprintf("maximum length is %d", max), map[string]any{"max": max})
		return false
	}
	return true
}

// MinLen checks the length in characters.
func (c *Checker) MinLen(field, v string, min int) bool {
	if utf8.RuneCountInString(v) < min {
		c.Add(field, "validation.min", fmt.Sprintf("minimum length is %d", min), map[string]any{"min": min})
		return false
	}
	return true
}

// Email checks a required e-mail address.
func (c *Checker) Email(field, v string) bool {
	if !c.Required(field, v) {
		return false
	}
	return c.OptionalEmail(field, v)
}

// OptionalEmail checks an e-mail address when one is given.
func (c *Checker) OptionalEmail(field, v string) bool {
	if v == "" {
		return true
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || !strings.Contains(v[strings.LastIndex(v, "@")+1:], ".") || len(v) > 254 {
		c.Add(field, "validation.email", humanName(field)+" must be a valid e-mail address", nil)
		return false
	}
	return true
}

// Digits checks a string of digits only (required).
func (c *Checker) Digits(field, v string) bool {
	if !c.Required(field, v) {
		return false
	}
	for _, r := range v {
		if r < '0' || r > '9' {
			c.Add(field, "validation.digits", "numbers only", nil)
			return false
		}
	}
	return true
}

// Password checks a new password: required, at least 8 characters, at most 200.
func (c *Checker) Password(field, v string) bool {
	if !c.Required(field, v) {
		return false
	}
	return c.MinLen(field, v, 8) && c.maxLen(field, v, 200) // a password may hold any character
}

// Timezone checks an IANA time zone name.
func (c *Checker) Timezone(field, v string) bool {
	if !c.Required(field, v) {
		return false
	}
	if _, err := time.LoadLocation(v); err != nil || v == "Local" {
		c.Add(field, "validation.timezone", "time zone is not valid", nil)
		return false
	}
	return true
}

// True checks an accepted terms box.
func (c *Checker) True(field string, v bool) bool {
	if !v {
		c.Add(field, "validation.terms", "accepting terms and conditions is required", nil)
	}
	return v
}

// Invalid records "field is not valid".
func (c *Checker) Invalid(field string) {
	c.Add(field, "validation.invalid", "field is not valid", nil)
}

func humanName(field string) string {
	return strings.ReplaceAll(field, "_", " ")
}
