// Package org is the organisation domain: schools and companies with their profiles and
// registration details, and the positions a company defines.
package org

import (
	"errors"
	"sync"
	"time"
)

// Kinds of organisation.
const (
	KindSchool  = "school"
	KindCompany = "company"
)

// Errors of the org domain.
var (
	ErrNotFound     = errors.New("org: not found")
	ErrPositionName = errors.New("org: position name taken")
)

// Org is a school or a company. Company-only and school-only fields are empty for the other kind.
type Org struct {
	ID                 int64  `json:"id"`
	Kind               string `json:"kind"`
	Name               string `json:"name"`
	Code               string `json:"code"`
	FullName           string `json:"full_name"`
	CompanyTypeID      *int   `json:"company_type_id"`
	RegistrationNumber string `json:"registration_number"`
	CompanySize        *int   `json:"company_size"`
	Description        string `json:"description"`
	Email              string `json:"email"`
	Phone              string `json:"phone"`
	Address1           string `json:"address1"`
	Address2           string `json:"address2"`
	Address3           string `json:"address3"`
	Locality           string `json:"locality"`
	City               string `json:"city"`
	PostalCode         string `json:"postal_code"`
	StateID            *int   `json:"state_id"`
	Timezone           string `json:"timezone"`
	WeekStart          int    `json:"week_start"`
	// TrackingStart is the first date attendance counts ("" = no bound): days before it are
	// not tracked (issue 13).
	TrackingStart string    `json:"tracking_start"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

// Location is the organisation's time zone (UTC if the stored name cannot be loaded).
func (o Org) Location() *time.Location { return LoadLocation(o.Timezone) }

// locations keeps each zone loaded once: time.LoadLocation reads and decodes the zone from
// the embedded database on every call, and every report asks for its organisation's zone.
var locations sync.Map // name -> *time.Location

// LoadLocation is time.LoadLocation, loaded once per name; an unknown name is UTC.
func LoadLocation(name string) *time.Location {
	if l, ok := locations.Load(name); ok {
		return l.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	locations.Store(name, loc)
	return loc
}

// CompanyProfile is the editable company profile.
type CompanyProfile struct {
	Name, Description, Email, Phone        string
	Address1, Address2, Address3, Locality string
	City, PostalCode, Timezone             string
	StateID                                int
	// TrackingStart, when not nil, sets the first date attendance counts ("" clears it).
	TrackingStart *string
}

// CompanyRegistration is the company's legal registration.
type CompanyRegistration struct {
	FullName           string
	CompanyTypeID      int
	RegistrationNumber string
}

// SchoolProfile is the editable school profile.
type SchoolProfile struct {
	Code, Name, Email, ContactNumber, Timezone     string
	Address1, Address2, Address3, City, PostalCode string
	StateID                                        *int
	// TrackingStart, when not nil, sets the first date attendance counts ("" clears it).
	TrackingStart *string
}

// Position is a job position a company defines.
type Position struct {
	ID          int64     `json:"id"`
	OrgID       int64     `json:"-"`
	Name        string    `json:"name"`
	Code        string    `json:"code"`
	Description string    `json:"description"`
	CreatedAt   time.Time `json:"created_at"`
}
