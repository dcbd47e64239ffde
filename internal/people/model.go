// Package people is the one domain of teachers, staff (schools) and employees (companies):
// their general details and record areas, archive and restore, unique codes, profile images,
// departments, roles of their linked accounts and employee verification. The school and
// company routes are two faces of this one service.
package people

import (
	"errors"
	"time"
)

// Kind of person.
type Kind string

// The kinds of person; schools have teachers and staff, companies employees.
const (
	Teacher  Kind = "teacher"
	Staff    Kind = "staff"
	Employee Kind = "employee"
)

// Errors of the people domain.
var (
	ErrNotFound       = errors.New("people: not found")
	ErrCodeTaken      = errors.New("people: the unique code cannot be used because it is already taken by another user")
	ErrDepartmentName = errors.New("people: department name taken")
	ErrNoAccount      = errors.New("people: the person has no account yet")
	ErrOwner          = errors.New("people: the owner's role cannot be changed this way")
	ErrInviteInvalid  = errors.New("people: the verification code is wrong, used or expired")
	ErrAlreadyLinked  = errors.New("people: the account is already linked")
	ErrUploadTooLarge = errors.New("people: the upload is too large")
	ErrNoEmail        = errors.New("people: the person has no e-mail address")
)

// Person is a teacher, staff member or employee.
type Person struct {
	ID        int64  `json:"id"`
	OrgID     int64  `json:"-"`
	Kind      Kind   `json:"kind"`
	Code      string `json:"code"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
	JoinDate  string `json:"join_date"`
	// LeavingDate is the person's last day ("" = still here): later days are not tracked.
	LeavingDate  string     `json:"leaving_date"`
	DepartmentID *int64     `json:"department_id"`
	ImageKey     string     `json:"-"`
	UserID       *int64     `json:"-"`
	Role         string     `json:"-"` // the linked account's role, empty without one
	ArchivedAt   *time.Time `json:"archived_at"`
	CreatedAt    time.Time  `json:"created_at"`
}

// General is the editable general detail of a person.
type General struct {
	Code, FirstName, LastName, Email, JoinDate string
	DepartmentID                               int64
	LeavingDate                                string
}

// ListFilter selects people in a list.
type ListFilter struct {
	Kind      Kind
	Archived  bool
	Base      string // name, code or e-mail contains
	FirstName string
	Role      string // "admin" keeps those whose account is admin or owner, "member" the others
}

// Department groups employees of a company.
type Department struct {
	ID          int64  `json:"id"`
	OrgID       int64  `json:"-"`
	Name        string `json:"name"`
	Description string `json:"description"`
	// HeadID is the department's head, a person of the organisation (nil without one); the
	// approval chains' "department_head" level resolves to them.
	HeadID    *int64    `json:"head_id"`
	HeadName  string    `json:"head_name"`
	CreatedAt time.Time `json:"created_at"`
	Members   int       `json:"members"`
	// AbsenceWarning warns a member applying for leave or away when this many others of the
	// department are off on some of those dates (0: never). Nil in a save keeps the stored one.
	AbsenceWarning *int `json:"absence_warning"`
}

// Image is a stored, processed profile image.
type Image struct {
	Key         string
	ContentType string
	Data        []byte
	Width       int
	Height      int
}

// Limits.
const (
	MaxUploadBytes = 10 << 20 // an image, whole or reassembled from chunks
	MaxChunkBytes  = 1 << 20  // one chunk (the web app sends 800,000 bytes)
	ImageMaxSide   = 512
	InviteTTL      = 7 * 24 * time.Hour
)
