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

// MaxLen checks the length in characters.
func (c *Checker) MaxLen(field, v string, max int) bool {
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
	return c.MinLen(field, v, 8) && c.MaxLen(field, v, 200)
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
