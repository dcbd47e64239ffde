package api

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"hadir/internal/account"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// face is one handler family over the people service: a kind of person and the name of the
// id parameter its routes use (school routes say id, company routes employee_id).
type face struct {
	a      *API
	kind   people.Kind
	idName string
}

type personResponse struct {
	ID           int64   `json:"id"`
	Kind         string  `json:"kind"`
	Code         string  `json:"code"`
	FirstName    string  `json:"first_name"`
	LastName     string  `json:"last_name"`
	Name         string  `json:"name"`
	Email        string  `json:"email"`
	JoinDate     string  `json:"join_date"`
	LeavingDate  string  `json:"leaving_date"`
	DepartmentID *int64  `json:"department_id"`
	ImageURL     string  `json:"image_url"`
	HasAccount   bool    `json:"has_account"`
	IsAdmin      bool    `json:"is_admin"`
	Role         string  `json:"role"`
	Archived     bool    `json:"archived"`
	ArchivedAt   *string `json:"archived_at"`
}

func toPersonResponse(p people.Person) personResponse {
	r := personResponse{ID: p.ID, Kind: string(p.Kind), Code: p.Code, FirstName: p.FirstName, LastName: p.LastName,
		Name: strings.TrimSpace(p.FirstName + " " + p.LastName), Email: p.Email, JoinDate: p.JoinDate, LeavingDate: p.LeavingDate, DepartmentID: p.DepartmentID,
		HasAccount: p.UserID != nil, Role: p.Role, IsAdmin: p.Role == account.RoleAdmin || p.Role == account.RoleOwner, Archived: p.ArchivedAt != nil}
	if p.ImageKey != "" {
		r.ImageURL = "/api/images/" + p.ImageKey
	}
	if p.ArchivedAt != nil {
		s := p.ArchivedAt.UTC().Format("2006-01-02T15:04:05Z07:00")
		r.ArchivedAt = &s
	}
	return r
}

// appendPersonJSON appends toPersonResponse(p) as encoding/json would encode it, without
// reflection: lists of people are Hadir's most called answer (issue 9, "Throughput").
// TestPersonJSONMatchesEncodingJSON holds the two together.
func appendPersonJSON(b []byte, p people.Person) []byte {
	r := toPersonResponse(p)
	b = append(b, `{"id":`...)
	b = web.AppendInt(b, r.ID)
	b = append(b, `,"kind":`...)
	b = web.AppendString(b, r.Kind)
	b = append(b, `,"code":`...)
	b = web.AppendString(b, r.Code)
	b = append(b, `,"first_name":`...)
	b = web.AppendString(b, r.FirstName)
	b = append(b, `,"last_name":`...)
	b = web.AppendString(b, r.LastName)
	b = append(b, `,"name":`...)
	b = web.AppendString(b, r.Name)
	b = append(b, `,"email":`...)
	b = web.AppendString(b, r.Email)
	b = append(b, `,"join_date":`...)
	b = web.AppendString(b, r.JoinDate)
	b = append(b, `,"leaving_date":`...)
	b = web.AppendString(b, r.LeavingDate)
	b = append(b, `,"department_id":`...)
	if r.DepartmentID != nil {
		b = web.AppendInt(b, *r.DepartmentID)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"image_url":`...)
	b = web.AppendString(b, r.ImageURL)
	b = append(b, `,"has_account":`...)
	b = web.AppendBool(b, r.HasAccount)
	b = append(b, `,"is_admin":`...)
	b = web.AppendBool(b, r.IsAdmin)
	b = append(b, `,"role":`...)
	b = web.AppendString(b, r.Role)
	b = append(b, `,"archived":`...)
	b = web.AppendBool(b, r.Archived)
	b = append(b, `,"archived_at":`...)
	if r.ArchivedAt != nil {
		b = web.AppendString(b, *r.ArchivedAt)
	} else {
		b = append(b, "null"...)
	}
	return append(b, '}')
}

// writePeople writes a page of people as web.List would.
func writePeople(w http.ResponseWriter, items []people.Person, total int, pg database.Page) {
	web.ListJSON(w, len(items), func(b []byte, i int) []byte { return appendPersonJSON(b, items[i]) }, total, pg)
}

func (f face) list(archived bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		pg, err := web.Paging(r, 30)
		if err != nil {
			return err
		}
		q := r.URL.Query()
		items, total, err := f.a.People.List(r.Context(), principal(r).OrgID, people.ListFilter{Kind: f.kind, Archived: archived,
			Base: q.Get("filter[base]"), FirstName: q.Get("filter[first_name]")}, pg)
		if err != nil {
			return err
		}
		writePeople(w, items, total, pg)
		return nil
	}
}

type generalRequest struct {
	ID           web.FlexInt `json:"id"`
	EmployeeID   web.FlexInt `json:"employee_id"`
	Code         string      `json:"code"`
	FirstName    string      `json:"first_name"`
	LastName     string      `json:"last_name"`
	Email        string      `json:"email"`
	JoinDate     string      `json:"join_date"`
	LeavingDate  string      `json:"leaving_date"`
	DepartmentID web.FlexInt `json:"department_id"`
}

func (g generalRequest) general() people.General {
	return people.General{Code: g.Code, FirstName: g.FirstName, LastName: g.LastName, Email: g.Email, JoinDate: g.JoinDate, DepartmentID: int64(g.DepartmentID), LeavingDate: g.LeavingDate}
}

func (f face) create(w http.ResponseWriter, r *http.Request) error {
	var req generalRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	p, err := f.a.People.Create(r.Context(), principal(r).OrgID, f.kind, req.general())
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, toPersonResponse(p))
	return nil
}

// bodyID picks the person id from a decoded body: the face's id name, or either name.
func (f face) bodyID(id, employeeID web.FlexInt) (int64, error) {
	v := id
	if f.idName == "employee_id" || v == 0 {
		if employeeID != 0 {
			v = employeeID
		}
	}
	if v < 1 {
		_, err := web.ID(f.idName, "")
		return 0, err
	}
	return int64(v), nil
}

func (f face) updateGeneral(w http.ResponseWriter, r *http.Request) error {
	var req generalRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	id, err := f.bodyID(req.ID, req.EmployeeID)
	if err != nil {
		return err
	}
	p, err := f.a.People.UpdateGeneral(r.Context(), principal(r).OrgID, f.kind, id, req.general())
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, toPersonResponse(p))
	return nil
}

func (f face) archive(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(w, r, f.idName)
	if err != nil {
		return err
	}
	if err := f.a.People.Archive(r.Context(), principal(r).OrgID, f.kind, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (f face) restore(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(w, r, f.idName)
	if err != nil {
		return err
	}
	if err := f.a.People.Restore(r.Context(), principal(r).OrgID, f.kind, id); err != nil {
		return err
	}
	p, err := f.a.People.Get(r.Context(), principal(r).OrgID, f.kind, id)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, toPersonResponse(p))
	return nil
}

func (f face) code(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	var except int64
	if v := q.Get("id"); v != "" {
		n, err := web.ID("id", v)
		if err != nil {
			return err
		}
		except = n
	}
	free, err := f.a.People.CodeAvailable(r.Context(), principal(r).OrgID, q.Get("code"), except)
	if err != nil {
		return err
	}
	resp := map[string]any{"available": free, "exists": !free}
	if !free {
		resp["message"] = people.ErrCodeTaken.Error()[len("people: "):]
	}
	web.Data(w, http.StatusOK, resp)
	return nil
}

func (f face) details(w http.ResponseWriter, r *http.Request) error {
	id, err := web.ID(f.idName, r.URL.Query().Get(f.idName))
	if err != nil {
		return err
	}
	p, areas, err := f.a.People.Details(r.Context(), principal(r).OrgID, f.kind, id)
	if err != nil {
		return err
	}
	areas["general"] = toPersonResponse(p)
	// The group is set on the Groups screen; the job area shows it read-only.
	g, ok, err := f.a.Attendance.GroupOf(r.Context(), principal(r).OrgID, p.ID)
	if err != nil {
		return err
	}
	areas["group"] = nil
	if ok {
		areas["group"] = map[string]any{"id": g.ID, "name": g.Name}
	}
	web.Data(w, http.StatusOK, areas)
	return nil
}

// detail answers one area of a person (company employee/detail/{area} calls).
func (f face) detail(area string) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := web.ID(f.idName, r.URL.Query().Get(f.idName))
		if err != nil {
			return err
		}
		p, areas, err := f.a.People.Details(r.Context(), principal(r).OrgID, f.kind, id)
		if err != nil {
			return err
		}
		if area == "general" {
			web.Data(w, http.StatusOK, toPersonResponse(p))
		} else {
			web.Data(w, http.StatusOK, areas[area])
		}
		return nil
	}
}

// saveArea saves one record area: the body holds the person id (id or employee_id for the
// person, record_id for the row; the company forms send the row id as "id" with employee_id).
func (f face) saveArea(area string) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		r.Body = http.MaxBytesReader(w, r.Body, web.MaxBodyBytes)
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			return web.NewError(http.StatusRequestEntityTooLarge, "request.too_large", "the request body is too large")
		}
		var ids struct {
			ID         web.FlexInt `json:"id"`
			EmployeeID web.FlexInt `json:"employee_id"`
			RecordID   web.FlexInt `json:"record_id"`
		}
		if err := json.Unmarshal(raw, &ids); err != nil {
			return validate.Field("body", "validation.invalid", "the request body is not valid JSON")
		}
		var personID, recordID int64
		if f.idName == "employee_id" {
			personID, recordID = int64(ids.EmployeeID), int64(ids.ID)
		} else {
			personID, recordID = int64(ids.ID), int64(ids.RecordID)
		}
		if ids.RecordID != 0 {
			recordID = int64(ids.RecordID)
		}
		if personID < 1 {
			_, err := web.ID(f.idName, "")
			return err
		}
		var fields map[string]json.RawMessage
		_ = json.Unmarshal(raw, &fields)
		for _, k := range []string{"id", "employee_id", "record_id"} {
			delete(fields, k)
		}
		clean, _ := json.Marshal(fields)
		rec, err := f.a.People.SaveArea(r.Context(), principal(r).OrgID, f.kind, personID, area, recordID, clean)
		if err != nil {
			return err
		}
		m := map[string]any{}
		_ = json.Unmarshal(rec.Data, &m)
		m["id"] = rec.ID
		web.Data(w, http.StatusOK, m)
		return nil
	}
}

func (f face) deleteEducation(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	personID, err := web.ID(f.idName, q.Get(f.idName))
	if err != nil {
		return err
	}
	recordID, err := web.ID("record_id", q.Get("record_id"))
	if err != nil {
		return err
	}
	if err := f.a.People.DeleteEducation(r.Context(), principal(r).OrgID, f.kind, personID, recordID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// image takes a profile image: multipart with the file in "image" (or "file"), the person id,
// and for chunked uploads is_last and the upload_id the first chunk's answer gave.
func (f face) image(w http.ResponseWriter, r *http.Request) error {
	pr := principal(r)
	id, key, upload, err := readImageUpload(w, r, f.idName, func(id int64, uploadID string, chunk []byte, last bool) (string, string, error) {
		return f.a.People.UploadImage(r.Context(), pr, f.kind, id, uploadID, chunk, last)
	})
	if err != nil {
		return err
	}
	writeUpload(w, id, key, upload)
	return nil
}

func writeUpload(w http.ResponseWriter, id int64, key, upload string) {
	if key == "" {
		web.Data(w, http.StatusAccepted, map[string]any{"upload_id": upload, "id": id})
		return
	}
	web.Data(w, http.StatusOK, map[string]any{"url": "/api/images/" + key, "id": id})
}

type uploadFunc func(id int64, uploadID string, chunk []byte, last bool) (key, upload string, err error)

func readImageUpload(w http.ResponseWriter, r *http.Request, idName string, store uploadFunc) (int64, string, string, error) {
	r.Body = http.MaxBytesReader(w, r.Body, people.MaxChunkBytes+64<<10)
	if err := r.ParseMultipartForm(people.MaxChunkBytes + 64<<10); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return 0, "", "", errUploadTooLarge
		}
		return 0, "", "", validate.Field("image", "validation.required", "image is required (multipart/form-data)")
	}
	defer r.MultipartForm.RemoveAll()
	var id int64
	if idName != "" {
		raw := r.FormValue(idName)
		if raw == "" {
			raw = r.FormValue("id")
		}
		n, err := web.ID(idName, raw)
		if err != nil {
			return 0, "", "", err
		}
		id = n
	}
	file, _, err := r.FormFile("image")
	if err != nil {
		if file, _, err = r.FormFile("file"); err != nil {
			return 0, "", "", validate.Field("image", "validation.required", "image is required")
		}
	}
	defer file.Close()
	chunk, err := io.ReadAll(io.LimitReader(file, people.MaxChunkBytes+1))
	if err != nil {
		return 0, "", "", err
	}
	last := true
	if v := r.FormValue("is_last"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return 0, "", "", validate.Field("is_last", "validation.invalid", "is_last is not valid")
		}
		last = b
	}
	key, upload, err := store(id, r.FormValue("upload_id"), chunk, last)
	return id, key, upload, err
}

func (f face) privilegeList(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 30)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	role := ""
	switch q.Get("role") {
	case "", "1":
	case "2", "admin":
		role = "admin"
	case "3", "member":
		role = "member"
	default:
		return validate.Field("role", "validation.invalid", "role is not valid")
	}
	items, total, err := f.a.People.List(r.Context(), principal(r).OrgID, people.ListFilter{Kind: f.kind, Role: role,
		Base: q.Get("filter[base]"), FirstName: q.Get("filter[first_name]")}, pg)
	if err != nil {
		return err
	}
	writePeople(w, items, total, pg)
	return nil
}

type privilegeRequest struct {
	ID         web.FlexInt `json:"id"`
	EmployeeID web.FlexInt `json:"employee_id"`
	RoleCode   string      `json:"role_code"`
}

func (f face) privilege(action string) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req privilegeRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		id, err := f.bodyID(req.ID, req.EmployeeID)
		if err != nil {
			return err
		}
		pr := principal(r)
		switch action {
		case "assign":
			if req.RoleCode != "" && req.RoleCode != "admin" {
				return validate.Field("role_code", "validation.invalid", "role_code must be admin")
			}
			err = f.a.People.SetAdmin(r.Context(), pr, f.kind, id, true)
		case "remove":
			err = f.a.People.SetAdmin(r.Context(), pr, f.kind, id, false)
		case "transfer":
			err = f.a.People.TransferOwnership(r.Context(), pr, f.kind, id)
		}
		if err != nil {
			return err
		}
		p, err := f.a.People.Get(r.Context(), pr.OrgID, f.kind, id)
		if err != nil {
			return err
		}
		web.Data(w, http.StatusOK, toPersonResponse(p))
		return nil
	}
}

func (f face) deleteAccount(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(w, r, f.idName)
	if err != nil {
		return err
	}
	if err := f.a.People.DeleteAccount(r.Context(), principal(r), f.kind, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Shared verification and image calls.

func (a *API) image(w http.ResponseWriter, r *http.Request) error {
	img, err := a.People.Image(r.Context(), r.PathValue("key"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", img.ContentType)
	w.Header().Set("Cache-Control", "private, max-age=31536000, immutable")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(img.Data)
	return nil
}

func (a *API) checkCode(w http.ResponseWriter, r *http.Request) error {
	inv, err := a.People.CheckCode(r.Context(), r.URL.Query().Get("verification_code"), clientMeta(r).IP)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"valid": true, "first_name": inv.Person.FirstName, "last_name": inv.Person.LastName,
		"email": inv.Person.Email, "kind": inv.Person.Kind, "org": map[string]any{"name": inv.OrgName, "kind": inv.OrgKind}})
	return nil
}

type codeRegisterRequest struct {
	VerificationCode     string `json:"verification_code"`
	Email                string `json:"email"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

func (a *API) registerWithCode(w http.ResponseWriter, r *http.Request) error {
	var req codeRegisterRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	s, err := a.People.RegisterWithCode(r.Context(), req.VerificationCode, req.Email, req.Password, req.PasswordConfirmation, clientMeta(r))
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, toSessionResponse(s.User, s.Org, s.Token, s.ExpiresAt))
	return nil
}

func (a *API) myVerification(w http.ResponseWriter, r *http.Request) error {
	p, err := a.People.Mine(r.Context(), principal(r))
	if errors.Is(err, people.ErrNotFound) {
		web.Data(w, http.StatusOK, map[string]any{"linked": false, "person": nil})
		return nil
	}
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"linked": true, "person": toPersonResponse(p)})
	return nil
}

type linkRequest struct {
	VerificationCode string `json:"verification_code"`
}

func (a *API) linkWithCode(w http.ResponseWriter, r *http.Request) error {
	var req linkRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	p, err := a.People.LinkWithCode(r.Context(), principal(r), req.VerificationCode, clientMeta(r).IP)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"linked": true, "person": toPersonResponse(p)})
	return nil
}

type renewRequest struct {
	EmployeeID web.FlexInt `json:"employee_id"`
	ID         web.FlexInt `json:"id"`
}

func (a *API) renewInvite(w http.ResponseWriter, r *http.Request) error {
	var req renewRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	id := int64(req.EmployeeID)
	if id == 0 {
		id = int64(req.ID)
	}
	if id < 1 {
		_, err := web.ID("employee_id", "")
		return err
	}
	if err := a.People.ResendInvite(r.Context(), principal(r).OrgID, id); err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]string{"message": "a new verification e-mail has been sent"})
	return nil
}

func (a *API) profileSummary(w http.ResponseWriter, r *http.Request) error {
	pr := principal(r)
	u, o, err := a.Accounts.Me(r.Context(), pr)
	if err != nil {
		return err
	}
	out := map[string]any{"user": u, "org": orgResponse{ID: o.ID, Name: o.Name, Kind: o.Kind, Timezone: o.Timezone}, "person": nil}
	if p, err := a.People.Mine(r.Context(), pr); err == nil {
		out["person"] = toPersonResponse(p)
	} else if !errors.Is(err, people.ErrNotFound) {
		return err
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

// personalImage sets the caller's own profile image (the person linked to their account).
func (a *API) personalImage(w http.ResponseWriter, r *http.Request) error {
	pr := principal(r)
	p, err := a.People.Mine(r.Context(), pr)
	if errors.Is(err, people.ErrNotFound) {
		return people.ErrNoAccount
	}
	if err != nil {
		return err
	}
	id, key, upload, err := readImageUpload(w, r, "", func(_ int64, uploadID string, chunk []byte, last bool) (string, string, error) {
		return a.People.UploadImage(r.Context(), pr, p.Kind, p.ID, uploadID, chunk, last)
	})
	if err != nil {
		return err
	}
	if id == 0 {
		id = p.ID
	}
	writeUpload(w, id, key, upload)
	return nil
}

func (a *API) listDepartments(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 30)
	if err != nil {
		return err
	}
	items, total, err := a.People.Departments(r.Context(), principal(r).OrgID, r.URL.Query().Get("filter[name]"), pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

type departmentRequest struct {
	ID          web.FlexInt `json:"id"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
	// HeadID is the department's head; absent keeps the current head on update, null or 0
	// clears it.
	HeadID         json.RawMessage `json:"head_id"`
	AbsenceWarning *web.FlexInt    `json:"absence_warning"`
}

func (a *API) saveDepartment(update bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req departmentRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		if update && req.ID < 1 {
			_, err := web.ID("id", "")
			return err
		}
		if !update {
			req.ID = 0
		}
		dep := people.Department{ID: int64(req.ID), OrgID: principal(r).OrgID, Name: req.Name, Description: req.Description}
		if len(req.HeadID) > 0 {
			var h web.FlexInt
			if string(req.HeadID) != "null" {
				if err := json.Unmarshal(req.HeadID, &h); err != nil || h < 0 {
					return validate.Field("head_id", "validation.invalid", "head_id is not valid")
				}
			}
			dep.HeadID = (*int64)(&h)
		} else if update {
			h, err := a.People.DepartmentHead(r.Context(), dep.OrgID, dep.ID)
			if err != nil {
				return err
			}
			dep.HeadID = &h
		}
		if req.AbsenceWarning != nil {
			n := int(*req.AbsenceWarning)
			dep.AbsenceWarning = &n
		}
		d, err := a.People.SaveDepartment(r.Context(), dep)
		if err != nil {
			return err
		}
		web.Data(w, created(update), d)
		return nil
	}
}
