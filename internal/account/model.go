// Package account is the accounts domain: registration of schools and companies with their
// owner, sign-in with sessions, password changes and resets, and the roles and permissions
// the server enforces.
package account

import (
	"errors"
	"slices"
	"strings"
	"time"

	"hadir/internal/org"
)

// Roles of a user within an organisation.
const (
	RoleOwner  = "owner"
	RoleAdmin  = "admin"
	RoleMember = "member"
)

// Errors of the account domain.
var (
	ErrInvalidCredentials = errors.New("account: the login detail is incorrect")
	ErrTooManyAttempts    = errors.New("account: too many failed sign-in attempts")
	ErrLocked             = errors.New("account: locked after too many failed sign-ins; a sign-in link is e-mailed for the right password")
	ErrTooManyResets      = errors.New("account: too many password reset requests")
	ErrUnauthenticated    = errors.New("account: not signed in")
	ErrNotFound           = errors.New("account: not found")
	ErrEmailTaken         = errors.New("account: e-mail taken")
	ErrNotOwner           = errors.New("account: only the owner can do this")
)

// User is an account. Every user belongs to exactly one organisation.
type User struct {
	ID           int64     `json:"id"`
	OrgID        int64     `json:"-"`
	Name         string    `json:"name"`
	Email        string    `json:"email"`
	Username     string    `json:"username"`
	Bio          string    `json:"bio"`
	Image        string    `json:"image"`
	Role         string    `json:"role"`
	PasswordHash string    `json:"-"`
	CreatedAt    time.Time `json:"created_at"`
}

// Principal is who is calling: resolved from a token on every request.
type Principal struct {
	UserID    int64
	OrgID     int64
	OrgKind   string
	Role      string
	SessionID string
	// TwoFactorSetupRequired is an owner or admin of an organisation that requires two-factor
	// sign-in who has not enrolled: only enrolment, /api/verify and logout are open to them.
	TwoFactorSetupRequired bool
	// TokenID is set when the caller is an API token (apitoken.go) instead of a session; the
	// token acts as UserID within TokenScope, until TokenExpiresAt when set.
	TokenID        int64
	TokenScope     TokenScope
	TokenExpiresAt *time.Time
	tokenLastUsed  *time.Time // the last use known to this node (AuthenticateToken)
}

// Can reports whether the principal holds a permission.
// A "{org}" in the name stands for the caller's kind of organisation ("school" or "company").
func (p Principal) Can(permission string) bool {
	return slices.Contains(Permissions(p.OrgKind, p.Role), ResolvePermission(p.OrgKind, permission))
}

// ResolvePermission replaces "{org}" in a permission name by the kind of organisation.
func ResolvePermission(kind, permission string) string {
	return strings.ReplaceAll(permission, "{org}", kind)
}

// Session is the result of a sign-in or registration.
type Session struct {
	Token     string
	ExpiresAt time.Time
	User      User
	Org       org.Org
	// TwoFactorSetupRequired: see Principal.
	TwoFactorSetupRequired bool
	// FailedAttempts are the failed sign-ins since the previous successful one (set on
	// sign-in, nil on registration).
	FailedAttempts *FailedAttempts
}

// FailedAttempts tells a user, at sign-in, of failed attempts on their account since their
// previous sign-in.
type FailedAttempts struct {
	Count  int        `json:"count"`
	LastAt *time.Time `json:"last_at"`
	LastIP string     `json:"last_ip"`
}

// ClientMeta describes where a sign-in comes from, for rate limiting and the session row.
type ClientMeta struct {
	IP        string
	UserAgent string
}

// Permissions lists what a role may do in an organisation of a kind. The names are those of
// the product spec (§6); companies use "company" where schools use "school".
func Permissions(kind, role string) []string {
	k := "school"
	if kind == org.KindCompany {
		k = "company"
	}
	view, viewEmp := "view.manage."+k, "view.manage."+k+".employee"
	add, addEmp := "add.manage."+k, "add.manage."+k+".employee"
	switch role {
	case RoleOwner:
		return []string{view, viewEmp, add, addEmp}
	case RoleAdmin:
		return []string{view, viewEmp, addEmp}
	}
	return []string{}
}

// CompanySignup is the company registration form.
type CompanySignup struct {
	Name, Email, CompanySize, Employer, Password, Timezone string
	Terms                                                  bool
	Start                                                  Start
}

// Start is what a new organisation begins with: its starter data in a language, or nothing.
type Start struct {
	// Language is the stored UI language code the starter rows are named in ("" = en).
	Language string
	// Empty skips the starter rows (for an organisation that imports its own set).
	Empty bool
}

// SchoolSignup is the school registration form.
type SchoolSignup struct {
	Name, Code, Email, ContactNumber, Timezone string
	AdminName, AdminEmail, Password            string
	Terms                                      bool
	Start                                      Start
}

// UserUpdate is a profile change; nil fields are left alone.
type UserUpdate struct {
	Name, Email, Username, Bio, Image *string
	Password                          string
	CurrentPassword                   string
}
