package org

import (
	"context"
	"strings"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
	"hadir/internal/ref"
)

// Store is the persistence the org service needs; every call is scoped by the org id.
type Store interface {
	Create(ctx context.Context, o Org) (int64, error)
	Get(ctx context.Context, id int64) (Org, error)
	UpdateCompanyProfile(ctx context.Context, id int64, p CompanyProfile) error
	UpdateCompanyRegistration(ctx context.Context, id int64, r CompanyRegistration) error
	UpdateSchool(ctx context.Context, id int64, p SchoolProfile) error
	ListPositions(ctx context.Context, orgID int64, name string, p database.Page) ([]Position, int, error)
	CreatePosition(ctx context.Context, p Position) (Position, error)
	UpdatePosition(ctx context.Context, p Position) (Position, error)
	DeletePosition(ctx context.Context, orgID, id int64) error
}

// Service holds the organisation rules.
type Service struct{ store Store }

// NewService returns a Service over a Store.
func NewService(s Store) *Service { return &Service{store: s} }

// Create stores a new organisation (used by registration inside its transaction).
func (s *Service) Create(ctx context.Context, o Org) (int64, error) {
	if o.WeekStart == 0 {
		o.WeekStart = 1
	}
	return s.store.Create(ctx, o)
}

// Get returns an organisation.
func (s *Service) Get(ctx context.Context, id int64) (Org, error) { return s.store.Get(ctx, id) }

// UpdateCompanyProfile validates and saves the company profile.
func (s *Service) UpdateCompanyProfile(ctx context.Context, id int64, p CompanyProfile) (Org, error) {
	p = trimProfile(p)
	c := validate.New()
	if c.Required("name", p.Name) {
		c.MaxLen("name", p.Name, 200)
	}
	c.MaxText("description", p.Description, 2000)
	c.Email("email", p.Email)
	if c.Required("phone", p.Phone) {
		phone(c, "phone", p.Phone)
	}
	if c.Required("address1", p.Address1) {
		c.MaxLen("address1", p.Address1, 200)
	}
	c.MaxLen("address2", p.Address2, 200)
	c.MaxLen("address3", p.Address3, 200)
	c.MaxLen("locality", p.Locality, 100)
	if c.Required("city", p.City) {
		c.MaxLen("city", p.City, 100)
	}
	if c.Required("postal_code", p.PostalCode) {
		postal(c, "postal_code", p.PostalCode)
	}
	if p.StateID == 0 {
		c.Add("state_id", "validation.required", "state is required", nil)
	} else if !ref.Has(ref.States, p.StateID) {
		c.Invalid("state_id")
	}
	c.Timezone("timezone", p.Timezone)
	validTrackingStart(c, p.TrackingStart)
	if err := c.Err(); err != nil {
		return Org{}, err
	}
	if err := s.store.UpdateCompanyProfile(ctx, id, p); err != nil {
		return Org{}, err
	}
	return s.store.Get(ctx, id)
}

// UpdateCompanyRegistration validates and saves the registration details.
func (s *Service) UpdateCompanyRegistration(ctx context.Context, id int64, r CompanyRegistration) (Org, error) {
	r.FullName = strings.TrimSpace(r.FullName)
	r.RegistrationNumber = strings.TrimSpace(r.RegistrationNumber)
	c := validate.New()
	if c.Required("full_name", r.FullName) {
		c.MaxLen("full_name", r.FullName, 200)
	}
	if r.CompanyTypeID == 0 {
		c.Add("company_type_id", "validation.required", "company type is required", nil)
	} else if !ref.Has(ref.CompanyTypes, r.CompanyTypeID) {
		c.Invalid("company_type_id")
	}
	if c.Required("registration_number", r.RegistrationNumber) {
		c.MaxLen("registration_number", r.RegistrationNumber, 50)
	}
	if err := c.Err(); err != nil {
		return Org{}, err
	}
	if err := s.store.UpdateCompanyRegistration(ctx, id, r); err != nil {
		return Org{}, err
	}
	return s.store.Get(ctx, id)
}

// UpdateSchool validates and saves the school profile.
func (s *Service) UpdateSchool(ctx context.Context, id int64, p SchoolProfile) (Org, error) {
	for _, f := range []*string{&p.Code, &p.Name, &p.Email, &p.ContactNumber, &p.Timezone, &p.Address1, &p.Address2, &p.Address3, &p.City, &p.PostalCode} {
		*f = strings.TrimSpace(*f)
	}
	c := validate.New()
	ValidateSchool(c, "", p)
	for _, f := range [][2]string{{"address1", p.Address1}, {"address2", p.Address2}, {"address3", p.Address3}, {"city", p.City}} {
		c.MaxLen(f[0], f[1], 200)
	}
	if p.PostalCode != "" {
		postal(c, "postal_code", p.PostalCode)
	}
	if p.StateID != nil && !ref.Has(ref.States, *p.StateID) {
		c.Invalid("state_id")
	}
	validTrackingStart(c, p.TrackingStart)
	if err := c.Err(); err != nil {
		return Org{}, err
	}
	if err := s.store.UpdateSchool(ctx, id, p); err != nil {
		return Org{}, err
	}
	return s.store.Get(ctx, id)
}

// validTrackingStart checks a tracking start being set: a date (YYYY-MM-DD) or "" to clear it.
func validTrackingStart(c *validate.Checker, d *string) {
	if d == nil {
		return
	}
	*d = strings.TrimSpace(*d)
	if _, err := time.Parse(time.DateOnly, *d); *d != "" && err != nil {
		c.Add("tracking_start", "validation.date", "tracking_start must be a date (YYYY-MM-DD)", nil)
	}
}

// ValidateSchool checks the fields a school always has (also used by registration, whose
// field names are the same except for the prefix).
func ValidateSchool(c *validate.Checker, prefix string, p SchoolProfile) {
	if c.Required(prefix+"name", p.Name) {
		c.MaxLen(prefix+"name", p.Name, 200)
	}
	if c.Required(prefix+"code", p.Code) {
		c.MaxLen(prefix+"code", p.Code, 50)
	}
	c.Email(prefix+"email", p.Email)
	if c.Required(prefix+"contact_number", p.ContactNumber) {
		phone(c, prefix+"contact_number", p.ContactNumber)
	}
	c.Timezone(prefix+"timezone", p.Timezone)
}

// Positions lists the company's positions.
func (s *Service) Positions(ctx context.Context, orgID int64, name string, p database.Page) ([]Position, int, error) {
	return s.store.ListPositions(ctx, orgID, strings.TrimSpace(name), p)
}

// SavePosition creates (ID 0) or updates a position.
func (s *Service) SavePosition(ctx context.Context, p Position) (Position, error) {
	p.Name = strings.TrimSpace(p.Name)
	p.Code = strings.TrimSpace(p.Code)
	p.Description = strings.TrimSpace(p.Description)
	c := validate.New()
	if c.Required("name", p.Name) {
		c.MaxLen("name", p.Name, 100)
	}
	c.MaxLen("code", p.Code, 30)
	c.MaxText("description", p.Description, 200)
	if err := c.Err(); err != nil {
		return Position{}, err
	}
	if p.ID == 0 {
		return s.store.CreatePosition(ctx, p)
	}
	return s.store.UpdatePosition(ctx, p)
}

// DeletePosition removes a position.
func (s *Service) DeletePosition(ctx context.Context, orgID, id int64) error {
	return s.store.DeletePosition(ctx, orgID, id)
}

func trimProfile(p CompanyProfile) CompanyProfile {
	for _, f := range []*string{&p.Name, &p.Description, &p.Email, &p.Phone, &p.Address1, &p.Address2, &p.Address3, &p.Locality, &p.City, &p.PostalCode, &p.Timezone} {
		*f = strings.TrimSpace(*f)
	}
	return p
}

// phone accepts digits with the usual separators and an optional leading +, 7 to 20 digits.
func phone(c *validate.Checker, field, v string) {
	digits := 0
	for i, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0, r == ' ', r == '-', r == '(', r == ')':
		default:
			c.Invalid(field)
			return
		}
	}
	if digits < 7 || digits > 20 {
		c.Invalid(field)
	}
}

// postal accepts 3 to 10 letters, digits, spaces or dashes (Malaysian codes are 5 digits).
func postal(c *validate.Checker, field, v string) {
	if len(v) < 3 || len(v) > 10 {
		c.Invalid(field)
		return
	}
	for _, r := range v {
		if !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r == ' ' || r == '-') {
			c.Invalid(field)
			return
		}
	}
}
