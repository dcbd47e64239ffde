// Package leave is the one leave engine of Hadir, for leave and away alike (kind): types,
// entitlements per person and period, applications with approval, and balances that are
// always computed from the ledger of applications, never stored.
package leave

import (
	"bytes"
	"encoding/json"
	"errors"
	"hadir/internal/approval"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Kinds of the engine.
const (
	KindLeave = "leave"
	KindAway  = "away"
)

// Application statuses.
const (
	Pending   = "pending"
	Approved  = "approved"
	Rejected  = "rejected"
	Cancelled = "cancelled"
)

// Errors of the leave domain.
var (
	ErrNotFound           = errors.New("leave: not found")
	ErrTypeName           = errors.New("leave: a type with this name exists")
	ErrTypeInUse          = errors.New("leave: the type is in use by entitlements or applications")
	ErrOverlap            = errors.New("leave: the dates overlap another pending or approved application")
	ErrInsufficient       = errors.New("leave: not enough balance")
	ErrAttachmentRequired = errors.New("leave: this type needs an attachment")
	ErrNoWorkingDays      = errors.New("leave: the dates hold no working day of the person's schedule")
	ErrNoEntitlement      = errors.New("leave: no entitlement covers these dates")
	ErrTransition         = errors.New("leave: the application cannot change to that status")
	ErrStarted            = errors.New("leave: the leave has started; only an admin can cancel it")
)

// Amount is a number of days (or hours) in hundredths, so sums are exact.
type Amount int64

// MarshalJSON writes the amount as a decimal number (1.5).
func (a Amount) MarshalJSON() ([]byte, error) {
	return []byte(a.String()), nil
}

func (a Amount) String() string {
	s := strconv.FormatFloat(float64(a)/100, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// UnmarshalJSON reads a number or a numeric string with at most two decimals.
func (a *Amount) UnmarshalJSON(b []byte) error {
	b = bytes.Trim(bytes.TrimSpace(b), `"`)
	if len(b) == 0 || string(b) == "null" {
		*a = 0
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1e7 {
		return &json.UnmarshalTypeError{Value: string(b), Type: reflect.TypeOf(0.0)}
	}
	v := math.Round(f * 100)
	if math.Abs(v-f*100) > 1e-6 {
		return &json.UnmarshalTypeError{Value: string(b), Type: reflect.TypeOf(0.0)}
	}
	*a = Amount(v)
	return nil
}

// Type is a kind of leave or away.
type Type struct {
	ID                 int64  `json:"id"`
	OrgID              int64  `json:"-"`
	Kind               string `json:"kind"`
	Name               string `json:"type"`
	Description        string `json:"description"`
	Unit               string `json:"unit"`
	DefaultAmount      Amount `json:"day_count"`
	Paid               bool   `json:"paid"`
	AllowNegative      bool   `json:"allow_negative"`
	AttachmentRequired bool   `json:"attachment_required"`
	MaxCarry           Amount `json:"max_carry"`
	// Policy is how the type's days are granted and used (issue 13).
	Policy Policy `json:"policy"`
	InUse  bool   `json:"in_use"`
}

// Entitlement is what a person may take of a type in a period, with the computed balance.
type Entitlement struct {
	ID          int64  `json:"id"`
	PersonID    int64  `json:"employee_id"`
	TypeID      int64  `json:"leave_type_id"`
	TypeName    string `json:"leave_type"`
	Unit        string `json:"unit"`
	PeriodStart string `json:"period_start"`
	ValidUntil  string `json:"valid_until"`
	Entitled    Amount `json:"entitled"`
	Carried     Amount `json:"carried_over"`
	Taken       Amount `json:"taken"`
	Pending     Amount `json:"pending"`
	Balance     Amount `json:"balance"`
	Available   Amount `json:"available"`
	Note        string `json:"note"`
	// Expired is the carried days that expired unused (types with a policy).
	Expired Amount `json:"expired"`
	// Breakdown is how a type's policy reached the figures (nil for a type without one).
	Breakdown *Breakdown `json:"breakdown,omitempty"`
}

// compute fills Balance and Available from Taken and Pending.
func (e *Entitlement) compute() {
	e.Balance = e.Entitled + e.Carried - e.Taken
	e.Available = e.Balance - e.Pending
}

// Application is a request for leave or away (an assignment is one an admin makes,
// approved at once).
type Application struct {
	ID         int64  `json:"id"`
	OrgID      int64  `json:"-"`
	PersonID   int64  `json:"employee_id"`
	PersonCode string `json:"code"`
	PersonName string `json:"name"`
	PersonKind string `json:"person_kind"`
	TypeID     int64  `json:"leave_type_id"`
	TypeName   string `json:"leave_type"`
	Unit       string `json:"unit"`
	Kind       string `json:"kind"`
	// Paid is the type's paid flag (read for attendance's approved leave only).
	Paid    bool   `json:"-"`
	From    string `json:"from_date"`
	To      string `json:"to_date"`
	Session string `json:"session"`
	// FromTime and ToTime are the time range (HH:MM, the organisation's zone) of a
	// partial-day application, whose Session is "hours"; empty otherwise (issue 13).
	FromTime      string     `json:"from_time"`
	ToTime        string     `json:"to_time"`
	Amount        Amount     `json:"amount"`
	Reason        string     `json:"reason"`
	AttachmentKey string     `json:"-"`
	AttachmentURL string     `json:"attachment_url"`
	Status        string     `json:"status"`
	Assignment    bool       `json:"assignment"`
	DecidedBy     string     `json:"decided_by"`
	DecidedAt     *time.Time `json:"decided_at"`
	Comment       string     `json:"comment"`
	// PolicyOverride is the rules of the type's policy an admin set aside (blackout, notice).
	PolicyOverride string    `json:"policy_override"`
	CreatedAt      time.Time `json:"application_date"`
	// Timeline is the application's approval steps (lists only; empty for an application
	// decided before the approvals engine, or an assignment).
	Timeline []approval.Decision `json:"timeline,omitempty"`
}

// Attachment is an uploaded supporting document.
type Attachment struct {
	Key, Name, ContentType string
	Data                   []byte
}

// Limits.
const (
	MaxReason          = 2000
	MaxDescription     = 200
	MaxAttachmentBytes = 5 << 20
)
