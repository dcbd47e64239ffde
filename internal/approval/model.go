// Package approval is the one approvals engine of DESIGN §10: leave, away and attendance
// corrections and overtime are requests of different kinds that go through chains of
// levels. A chain belongs to a kind and, optionally, a type (a leave type); its levels are the
// applicant's manager, their department's head, the organisation's admins or one named
// person. Each request keeps a snapshot of its chain, the level it is at and who it waits for;
// every step (submitted, approved, rejected, skipped, cancelled) is a decision row with actor,
// time, level, comment and an override flag: the request's timeline.
//
// A domain package registers its kind with two hooks (Domain): a check run inside the final
// approval's transaction (the leave balance) and the effect of approval or rejection (the
// application's status, the audited manual correction). The domain keeps its own record; this
// package never holds a second approval table per domain.
package approval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The kinds of request.
const (
	KindLeave      = "leave"
	KindAway       = "away"
	KindCorrection = "attendance_correction"
	KindOvertime   = "overtime"
)

// Request statuses.
const (
	Pending   = "pending"
	Approved  = "approved"
	Rejected  = "rejected"
	Cancelled = "cancelled"
)

// Decision actions on a timeline.
const (
	ActSubmitted = "submitted"
	ActApproved  = "approved"
	ActRejected  = "rejected"
	ActSkipped   = "skipped"
	ActCancelled = "cancelled"
)

// Level kinds.
const (
	LevelManager = "manager"
	LevelHead    = "department_head"
	LevelAdmins  = "admins"
	LevelPerson  = "person"
)

// Skip reasons, recorded as the comment of a skipped step.
const (
	SkipApplicant = "approver_is_applicant"
	SkipNobody    = "no_approver"
)

// MaxLevels bounds a chain.
const MaxLevels = 5

// Errors of the approvals engine.
var (
	ErrNotFound   = errors.New("approval: not found")
	ErrNotWaiting = errors.New("approval: not waiting for you")
	ErrDecided    = errors.New("approval: already decided")
	ErrUnknown    = errors.New("approval: unknown kind")
)

// Level is one step of a chain: a kind, and the person for LevelPerson.
type Level struct {
	Kind     string
	PersonID int64
}

// String is the level's stored form: "manager", "department_head", "admins", "person:12".
func (l Level) String() string {
	if l.Kind == LevelPerson {
		return LevelPerson + ":" + strconv.FormatInt(l.PersonID, 10)
	}
	return l.Kind
}

// ParseLevel reads a level's stored form.
func ParseLevel(s string) (Level, error) {
	switch s {
	case LevelManager, LevelHead, LevelAdmins:
		return Level{Kind: s}, nil
	}
	if rest, ok := strings.CutPrefix(s, LevelPerson+":"); ok {
		if id, err := strconv.ParseInt(rest, 10, 64); err == nil && id > 0 {
			return Level{Kind: LevelPerson, PersonID: id}, nil
		}
	}
	return Level{}, fmt.Errorf("approval: %q is not a level", s)
}

// Chain is the ordered levels of a kind (and type).
type Chain []Level

// DefaultChain is one level, the organisation's admins: the behaviour before chains existed.
var DefaultChain = Chain{{Kind: LevelAdmins}}

// MarshalJSON writes the levels' stored forms.
func (c Chain) MarshalJSON() ([]byte, error) {
	out := make([]string, len(c))
	for i, l := range c {
		out[i] = l.String()
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads the levels' stored forms.
func (c *Chain) UnmarshalJSON(b []byte) error {
	var in []string
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	out := make(Chain, 0, len(in))
	for _, s := range in {
		l, err := ParseLevel(s)
		if err != nil {
			return err
		}
		out = append(out, l)
	}
	*c = out
	return nil
}

// Actor is who acts: their account, name, whether they are an admin of the organisation and
// the person their account is linked to (0 without one).
type Actor struct {
	UserID   int64
	Name     string
	IsAdmin  bool
	PersonID int64
}

// Request is a request's place in its chain.
type Request struct {
	ID            int64     `json:"id"`
	Kind          string    `json:"kind"`
	RefID         int64     `json:"ref_id"`
	PersonID      int64     `json:"person_id"`
	PersonName    string    `json:"person_name"`
	Chain         Chain     `json:"chain"`
	Level         int       `json:"level"`
	LevelKind     string    `json:"level_kind"`
	Status        string    `json:"status"`
	ApproverID    *int64    `json:"approver_id"`
	DelegatedFrom *int64    `json:"delegated_from"`
	CreatedAt     time.Time `json:"created_at"`
}

// Decision is one step of a request's timeline.
type Decision struct {
	ID        int64     `json:"id"`
	Level     int       `json:"level"`
	LevelKind string    `json:"level_kind"`
	Action    string    `json:"action"`
	ActorName string    `json:"actor_name"`
	Comment   string    `json:"comment"`
	Override  bool      `json:"override"`
	CreatedAt time.Time `json:"created_at"`
}

// Delegation names a substitute for an approver over a date range (inclusive).
type Delegation struct {
	ID             int64  `json:"id"`
	PersonID       int64  `json:"person_id"`
	PersonName     string `json:"person_name"`
	SubstituteID   int64  `json:"substitute_id"`
	SubstituteName string `json:"substitute_name"`
	From           string `json:"from_date"`
	To             string `json:"to_date"`
}

// Domain is what a kind of request registers: the check inside the final approval's
// transaction, and the effects of the final approval and of a rejection. All three run in the
// engine's transaction, with the ctx it gives.
type Domain struct {
	Kind string
	// Check refuses the final approval (e.g. the balance no longer covers the leave).
	Check func(ctx context.Context, orgID, refID int64) error
	// Approve applies the approved request (e.g. marks the application approved, or writes
	// the audited manual correction).
	Approve func(ctx context.Context, orgID, refID int64, by Actor, comment string) error
	// Reject records the rejection in the domain's record.
	Reject func(ctx context.Context, orgID, refID int64, by Actor, comment string) error
}
