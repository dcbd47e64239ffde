package api

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"hadir/internal/org"
	"hadir/internal/platform/web"
	"hadir/internal/ref"
)

func (a *API) refCompanyTypes(w http.ResponseWriter, r *http.Request) error {
	web.Data(w, http.StatusOK, map[string]any{"companyType": ref.CompanyTypes, "states": ref.States})
	return nil
}

func (a *API) refContact(w http.ResponseWriter, r *http.Request) error {
	web.Data(w, http.StatusOK, map[string]any{"relation": ref.Relations})
	return nil
}

func (a *API) refMarital(w http.ResponseWriter, r *http.Request) error {
	web.Data(w, http.StatusOK, ref.MaritalStatuses)
	return nil
}

type companyResponse struct {
	ID                 int64  `json:"id"`
	Name               string `json:"name"`
	FullName           string `json:"full_name"`
	CompanyTypeID      *int   `json:"company_type_id"`
	RegistrationNumber string `json:"registration_number"`
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
	CompanySize        *int   `json:"company_size"`
	TrackingStart      string `json:"tracking_start"`
}

func toCompanyResponse(o org.Org) companyResponse {
	return companyResponse{ID: o.ID, Name: o.Name, FullName: o.FullName, CompanyTypeID: o.CompanyTypeID,
		RegistrationNumber: o.RegistrationNumber, Description: o.Description, Email: o.Email, Phone: o.Phone,
		Address1: o.Address1, Address2: o.Address2, Address3: o.Address3, Locality: o.Locality, City: o.City,
		PostalCode: o.PostalCode, StateID: o.StateID, Timezone: o.Timezone, CompanySize: o.CompanySize, TrackingStart: o.TrackingStart}
}

func (a *API) companyProfile(w http.ResponseWriter, r *http.Request) error {
	o, err := a.Orgs.Get(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, toCompanyResponse(o))
	return nil
}

type companyProfileRequest struct {
	Name          string         `json:"name"`
	Description   string         `json:"description"`
	Email         string         `json:"email"`
	Phone         web.FlexString `json:"phone"`
	Address1      string         `json:"address1"`
	Address2      string         `json:"address2"`
	Address3      string         `json:"address3"`
	Locality      string         `json:"locality"`
	City          string         `json:"city"`
	PostalCode    web.FlexString `json:"postal_code"`
	StateID       web.FlexInt    `json:"state_id"`
	TrackingStart *string        `json:"tracking_start"`
	Timezone      string         `json:"timezone"`
}

func (a *API) updateCompanyProfile(w http.ResponseWriter, r *http.Request) error {
	var req companyProfileRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	o, err := a.Orgs.UpdateCompanyProfile(r.Context(), principal(r).OrgID, org.CompanyProfile{Name: req.Name,
		Description: req.Description, Email: req.Email, Phone: string(req.Phone), Address1: req.Address1, Address2: req.Address2,
		Address3: req.Address3, Locality: req.Locality, City: req.City, PostalCode: string(req.PostalCode),
		StateID: int(req.StateID), Timezone: req.Timezone, TrackingStart: req.TrackingStart})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, toCompanyResponse(o))
	return nil
}

type companyRegistrationRequest struct {
	FullName           string      `json:"full_name"`
	CompanyTypeID      web.FlexInt `json:"company_type_id"`
	RegistrationNumber string      `json:"registration_number"`
}

func (a *API) updateCompanyRegistration(w http.ResponseWriter, r *http.Request) error {
	var req companyRegistrationRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	o, err := a.Orgs.UpdateCompanyRegistration(r.Context(), principal(r).OrgID, org.CompanyRegistration{
		FullName: req.FullName, CompanyTypeID: int(req.CompanyTypeID), RegistrationNumber: req.RegistrationNumber})
	if err != nil {
		return err
	}
	web.JSON(w, http.StatusOK, map[string]any{"data": toCompanyResponse(o), "message": "company registration details saved"})
	return nil
}

func (a *API) listPositions(w http.ResponseWriter, r *http.Request) error {
	p, err := web.Paging(r, 30)
	if err != nil {
		return err
	}
	items, total, err := a.Orgs.Positions(r.Context(), principal(r).OrgID, r.URL.Query().Get("filter[name]"), p)
	if err != nil {
		return err
	}
	web.List(w, items, total, p)
	return nil
}

type positionRequest struct {
	ID          web.FlexInt `json:"id"`
	Name        string      `json:"name"`
	Code        string      `json:"code"`
	Description string      `json:"description"`
}

func (a *API) createPosition(w http.ResponseWriter, r *http.Request) error {
	var req positionRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	p, err := a.Orgs.SavePosition(r.Context(), org.Position{OrgID: principal(r).OrgID, Name: req.Name, Code: req.Code, Description: req.Description})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, p)
	return nil
}

func (a *API) updatePosition(w http.ResponseWriter, r *http.Request) error {
	var req positionRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if req.ID < 1 {
		_, err := web.ID("id", "")
		return err
	}
	p, err := a.Orgs.SavePosition(r.Context(), org.Position{ID: int64(req.ID), OrgID: principal(r).OrgID, Name: req.Name, Code: req.Code, Description: req.Description})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, p)
	return nil
}

// removeBy is the handler of a DELETE that names one item by id (query or JSON body) and
// answers 204.
func removeBy(del func(ctx context.Context, orgID, id int64) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := idParam(w, r, "id")
		if err != nil {
			return err
		}
		if err := del(r.Context(), principal(r).OrgID, id); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}

// idParam reads an id from the query string or, failing that, a JSON body (DESIGN §3).
func idParam(w http.ResponseWriter, r *http.Request, name string) (int64, error) {
	if v := r.URL.Query().Get(name); v != "" {
		return web.ID(name, v)
	}
	if r.Body != nil && strings.Contains(r.Header.Get("Content-Type"), "json") {
		var body map[string]web.FlexString
		b, _ := io.ReadAll(http.MaxBytesReader(w, r.Body, web.MaxBodyBytes))
		if json.Unmarshal(b, &body) == nil {
			return web.ID(name, string(body[name]))
		}
	}
	return web.ID(name, "")
}

type schoolResponse struct {
	ID            int64  `json:"id"`
	Code          string `json:"code"`
	Name          string `json:"name"`
	Email         string `json:"email"`
	ContactNumber string `json:"contact_number"`
	Timezone      string `json:"timezone"`
	Address1      string `json:"address1"`
	Address2      string `json:"address2"`
	Address3      string `json:"address3"`
	City          string `json:"city"`
	PostalCode    string `json:"postal_code"`
	StateID       *int   `json:"state_id"`
	TrackingStart string `json:"tracking_start"`
}

func toSchoolResponse(o org.Org) schoolResponse {
	return schoolResponse{ID: o.ID, Code: o.Code, Name: o.Name, Email: o.Email, ContactNumber: o.Phone, Timezone: o.Timezone,
		Address1: o.Address1, Address2: o.Address2, Address3: o.Address3, City: o.City, PostalCode: o.PostalCode, StateID: o.StateID,
		TrackingStart: o.TrackingStart}
}

func (a *API) schoolProfile(w http.ResponseWriter, r *http.Request) error {
	o, err := a.Orgs.Get(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, toSchoolResponse(o))
	return nil
}

type schoolProfileRequest struct {
	Code          string         `json:"code"`
	Name          string         `json:"name"`
	Email         string         `json:"email"`
	ContactNumber web.FlexString `json:"contact_number"`
	Timezone      string         `json:"timezone"`
	Address1      string         `json:"address1"`
	Address2      string         `json:"address2"`
	Address3      string         `json:"address3"`
	City          string         `json:"city"`
	PostalCode    web.FlexString `json:"postal_code"`
	StateID       web.FlexInt    `json:"state_id"`
	TrackingStart *string        `json:"tracking_start"`
}

func (a *API) updateSchoolProfile(w http.ResponseWriter, r *http.Request) error {
	var req schoolProfileRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	var state *int
	if req.StateID != 0 {
		s := int(req.StateID)
		state = &s
	}
	o, err := a.Orgs.UpdateSchool(r.Context(), principal(r).OrgID, org.SchoolProfile{Code: req.Code, Name: req.Name,
		Email: req.Email, ContactNumber: string(req.ContactNumber), Timezone: req.Timezone, Address1: req.Address1,
		Address2: req.Address2, Address3: req.Address3, City: req.City, PostalCode: string(req.PostalCode), StateID: state,
		TrackingStart: req.TrackingStart})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, toSchoolResponse(o))
	return nil
}
