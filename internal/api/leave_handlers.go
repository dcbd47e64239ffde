package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/leave"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// leaveFace is one handler family over the leave engine: leave or away, for a kind of
// person (teacher, staff, employee, or "school" for both) addressed by idName.
type leaveFace struct {
	a          *API
	kind       string
	personKind string
	idName     string
}

func (f leaveFace) actor(r *http.Request) leave.Actor {
	act := actor(r, f.a)
	p := principal(r)
	return leave.Actor{UserID: act.UserID, Name: act.Name, IsAdmin: p.Can("add.manage.{org}.employee")}
}

// ---- types ----

type typeRequest struct {
	ID                 web.FlexInt  `json:"id"`
	Type               string       `json:"type"`
	Name               string       `json:"name"`
	Description        string       `json:"description"`
	Unit               string       `json:"unit"`
	DayCount           leave.Amount `json:"day_count"`
	Paid               *bool        `json:"paid"`
	AllowNegative      bool         `json:"allow_negative"`
	AttachmentRequired bool         `json:"attachment_required"`
	MaxCarry           leave.Amount `json:"max_carry"`
	// Policy is the type's leave policy; an update without it keeps the one stored.
	Policy *leave.Policy `json:"policy"`
}

func (f leaveFace) listTypes(w http.ResponseWriter, r *http.Request) error {
	size := 30 // company lists
	if f.personKind == "school" {
		size = 10 // the school's detail lists (spec §9)
	}
	pg, err := web.Paging(r, size)
	if err != nil {
		return err
	}
	items, total, err := f.a.Leave.Types(r.Context(), principal(r).OrgID, f.kind, r.URL.Query().Get("filter[name]"), pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

func (f leaveFace) getType(w http.ResponseWriter, r *http.Request) error {
	id, err := web.ID("id", r.URL.Query().Get("id"))
	if err != nil {
		return err
	}
	t, err := f.a.Leave.Type(r.Context(), principal(r).OrgID, f.kind, id)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, t)
	return nil
}

func (f leaveFace) saveType(update bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req typeRequest
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
		paid := true
		if req.Paid != nil {
			paid = *req.Paid
		}
		name := req.Type
		if name == "" {
			name = req.Name
		}
		var policy leave.Policy
		if req.Policy != nil {
			policy = *req.Policy
		} else if update {
			old, err := f.a.Leave.Type(r.Context(), principal(r).OrgID, f.kind, int64(req.ID))
			if err != nil {
				return err
			}
			policy = old.Policy
		}
		t, err := f.a.Leave.SaveType(r.Context(), leave.Type{ID: int64(req.ID), OrgID: principal(r).OrgID, Kind: f.kind, Name: name, Description: req.Description,
			Unit: req.Unit, DefaultAmount: req.DayCount, Paid: paid, AllowNegative: req.AllowNegative, AttachmentRequired: req.AttachmentRequired, MaxCarry: req.MaxCarry,
			Policy: policy})
		if err != nil {
			return err
		}
		web.Data(w, created(update), t)
		return nil
	}
}

func (f leaveFace) deleteType(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(w, r, "id")
	if err != nil {
		return err
	}
	if err := f.a.Leave.DeleteType(r.Context(), principal(r).OrgID, f.kind, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ---- entitlements ----

type entitlementRequest struct {
	ID          web.FlexInt   `json:"id"`
	EmployeeID  web.FlexInt   `json:"employee_id"`
	TeacherID   web.FlexInt   `json:"teacher_id"`
	StaffID     web.FlexInt   `json:"staff_id"`
	TypeID      web.FlexInt   `json:"leave_type_id"`
	Entitled    leave.Amount  `json:"entitled"`
	Carried     leave.Amount  `json:"carried_over"`
	PeriodStart string        `json:"period_start"`
	ValidUntil  string        `json:"valid_until"`
	Note        string        `json:"note"`
	Employees   []web.FlexInt `json:"employees"`
	GroupID     web.FlexInt   `json:"group_id"`
	All         bool          `json:"all"`
}

func (req entitlementRequest) person() int64 {
	for _, v := range []web.FlexInt{req.EmployeeID, req.TeacherID, req.StaffID} {
		if v > 0 {
			return int64(v)
		}
	}
	return 0
}

func (f leaveFace) personID(r *http.Request) (int64, error) {
	q := r.URL.Query()
	for _, n := range []string{f.idName, "id", "employee_id", "teacher_id", "staff_id"} {
		if v := q.Get(n); v != "" {
			return web.ID(n, v)
		}
	}
	return web.ID(f.idName, "")
}

func (f leaveFace) listEntitlements(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 50)
	if err != nil {
		return err
	}
	id, err := f.personID(r)
	if err != nil {
		return err
	}
	items, total, err := f.a.Leave.Entitlements(r.Context(), principal(r).OrgID, f.personKind, id, f.kind, pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

func (f leaveFace) entitlementForm(w http.ResponseWriter, r *http.Request) error {
	id, err := web.ID("id", r.URL.Query().Get("id"))
	if err != nil {
		return err
	}
	e, err := f.a.Leave.Entitlement(r.Context(), principal(r).OrgID, f.personKind, f.kind, id)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, e)
	return nil
}

func (f leaveFace) saveEntitlement(w http.ResponseWriter, r *http.Request) error {
	var req entitlementRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	pid := req.person()
	if pid == 0 && req.ID == 0 {
		_, err := web.ID(f.idName, "")
		return err
	}
	e := leave.Entitlement{ID: int64(req.ID), PersonID: pid, TypeID: int64(req.TypeID), Entitled: req.Entitled, Carried: req.Carried,
		PeriodStart: req.PeriodStart, ValidUntil: req.ValidUntil, Note: req.Note}
	if e.ID != 0 && e.PersonID == 0 {
		cur, err := f.a.Leave.Entitlement(r.Context(), principal(r).OrgID, f.personKind, f.kind, e.ID)
		if err != nil {
			return err
		}
		e.PersonID = cur.PersonID
		if e.TypeID == 0 {
			e.TypeID = cur.TypeID
		}
	}
	out, err := f.a.Leave.SaveEntitlement(r.Context(), principal(r).OrgID, f.personKind, f.kind, e)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

func (f leaveFace) deleteEntitlement(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(w, r, "id")
	if err != nil {
		return err
	}
	if err := f.a.Leave.DeleteEntitlement(r.Context(), principal(r).OrgID, f.personKind, f.kind, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// bulkEntitle gives the same entitlement to listed people, a group's members or everyone of the kind.
func (f leaveFace) bulkEntitle(w http.ResponseWriter, r *http.Request) error {
	var req entitlementRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	pr := principal(r)
	var ids []int64
	for _, x := range req.Employees {
		ids = append(ids, int64(x))
	}
	switch {
	case req.GroupID > 0:
		members, _, err := f.a.Attendance.GroupPeople(r.Context(), pr.OrgID, f.personKind, int64(req.GroupID), true, attendance.PeopleFilter{}, database.Page{Number: 1, Size: 100000})
		if err != nil {
			return err
		}
		for _, m := range members {
			ids = append(ids, m.ID)
		}
	case req.All:
		rows, _, _, err := f.a.Attendance.Report(r.Context(), pr.OrgID, attendance.Query{Kind: kindOrEmpty(f.personKind), From: "2000-01-01", To: "2000-01-01"}, database.Page{})
		if err != nil {
			return err
		}
		for _, row := range rows {
			if attendance.KindMatches(f.personKind, row.Person.Kind) {
				ids = append(ids, row.Person.ID)
			}
		}
	}
	if len(ids) == 0 {
		return validate.Field("employees", "validation.required", "choose people, a group or everyone")
	}
	n, err := f.a.Leave.BulkEntitle(r.Context(), pr.OrgID, f.personKind, f.kind, ids, leave.Entitlement{TypeID: int64(req.TypeID), Entitled: req.Entitled,
		Carried: req.Carried, PeriodStart: req.PeriodStart, ValidUntil: req.ValidUntil, Note: req.Note})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]int{"saved": n})
	return nil
}

func kindOrEmpty(k string) string {
	if k == "school" {
		return ""
	}
	return k
}

func (f leaveFace) balances(w http.ResponseWriter, r *http.Request) error {
	date, err := f.a.dateParam(r, "date")
	if err != nil {
		return err
	}
	items, err := f.a.Leave.Balances(r.Context(), principal(r).OrgID, f.kind, date)
	if err != nil {
		return err
	}
	if items == nil {
		items = []leave.Entitlement{}
	}
	// {"data": [...]} as web.Data writes it, encoded by hand: 18,000 entitlements at 6,000
	// people took a fifth of the call through reflection (issue 16).
	b := make([]byte, 0, 64+len(items)*260)
	b = append(b, `{"data":`...)
	b = leave.AppendEntitlementsJSON(b, items)
	b = append(b, "}\n"...)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(b)
	return err
}

// ---- applications ----

type applyRequest struct {
	EmployeeID web.FlexInt  `json:"employee_id"`
	ID         web.FlexInt  `json:"id"`
	TeacherID  web.FlexInt  `json:"teacher_id"`
	StaffID    web.FlexInt  `json:"staff_id"`
	TypeID     web.FlexInt  `json:"leave_type_id"`
	From       string       `json:"from_date"`
	To         string       `json:"to_date"`
	Session    string       `json:"session"`
	Hours      leave.Amount `json:"hours"`
	FromTime   string       `json:"from_time"`
	ToTime     string       `json:"to_time"`
	Reason     string       `json:"reason"`
}

// readApply reads an application from JSON, or from a multipart form with an attachment.
func readApply(w http.ResponseWriter, r *http.Request) (applyRequest, *leave.Attachment, error) {
	var req applyRequest
	att, err := readWithAttachment(w, r, &req)
	return req, att, err
}

// readWithAttachment reads a body into req from JSON, or from a multipart form whose fields
// are req's and whose optional file "attachment" is a document (a PDF or an image, at most
// leave.MaxAttachmentBytes), as leave applications and attendance-correction requests take.
func readWithAttachment(w http.ResponseWriter, r *http.Request, req any) (*leave.Attachment, error) {
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		return nil, web.Decode(w, r, req)
	}
	r.Body = http.MaxBytesReader(w, r.Body, leave.MaxAttachmentBytes+256<<10)
	if err := r.ParseMultipartForm(leave.MaxAttachmentBytes + 256<<10); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return nil, web.NewError(http.StatusRequestEntityTooLarge, "upload.too_large", "the attachment is too large (at most 5 MB)")
		}
		return nil, validate.Field("body", "validation.invalid", "the form is not valid")
	}
	defer r.MultipartForm.RemoveAll()
	fields := map[string]string{}
	for k, v := range r.MultipartForm.Value {
		if len(v) > 0 {
			if badText(k) || badText(v[0]) {
				return nil, validate.Field(strings.ToValidUTF8(strings.ReplaceAll(k, "\x00", ""), "?"), "validation.invalid", "the field holds characters that are not text")
			}
			fields[k] = v[0]
		}
	}
	b, _ := json.Marshal(fields)
	if err := json.Unmarshal(b, req); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, validate.Field(te.Field, "validation.invalid", te.Field+" is not valid")
		}
		return nil, validate.Field("body", "validation.invalid", "the form is not valid")
	}
	file, hdr, err := r.FormFile("attachment")
	if err != nil {
		return nil, nil
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, leave.MaxAttachmentBytes+1))
	if err != nil {
		return nil, err
	}
	att, err := leave.CheckAttachment(hdr.Filename, data)
	return att, err
}

func (req applyRequest) request(person int64, att *leave.Attachment) leave.Request {
	return leave.Request{PersonID: person, TypeID: int64(req.TypeID), From: req.From, To: req.To, Session: req.Session, Hours: req.Hours,
		FromTime: req.FromTime, ToTime: req.ToTime, Reason: req.Reason, Attachment: att}
}

// assign is an admin's application for someone, approved at once.
func (f leaveFace) assign(w http.ResponseWriter, r *http.Request) error {
	req, att, err := readApply(w, r)
	if err != nil {
		return err
	}
	var person int64
	for _, v := range []web.FlexInt{req.EmployeeID, req.TeacherID, req.StaffID, req.ID} {
		if v > 0 {
			person = int64(v)
			break
		}
	}
	if person == 0 {
		_, err := web.ID(f.idName, "")
		return err
	}
	app, err := f.a.Leave.Apply(r.Context(), principal(r).OrgID, f.personKind, f.kind, req.request(person, att), f.actor(r), true)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, app)
	return nil
}

// maxBulkAssignBytes bounds the body of a bulk assignment: 20,000 assignments with short
// reasons.
const maxBulkAssignBytes = 8 << 20

type bulkAssignRequest struct {
	Assignments []applyRequest `json:"assignments"`
}

// bulkAssign assigns many applications at once (approved at once), all or none.
func (f leaveFace) bulkAssign(w http.ResponseWriter, r *http.Request) error {
	var req bulkAssignRequest
	if err := web.DecodeMax(w, r, &req, maxBulkAssignBytes); err != nil {
		return err
	}
	rs := make([]leave.Request, len(req.Assignments))
	for i, a := range req.Assignments {
		var person int64
		for _, v := range []web.FlexInt{a.EmployeeID, a.TeacherID, a.StaffID, a.ID} {
			if v > 0 {
				person = int64(v)
				break
			}
		}
		if person == 0 {
			return validate.Field(fmt.Sprintf("assignments[%d].%s", i, f.idName), "validation.required", f.idName+" is required")
		}
		rs[i] = a.request(person, nil)
	}
	n, err := f.a.Leave.BulkAssign(r.Context(), principal(r).OrgID, f.personKind, f.kind, rs, f.actor(r))
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]int{"saved": n})
	return nil
}

func (f leaveFace) listApplications(w http.ResponseWriter, r *http.Request) error {
	pg, err := web.Paging(r, 15)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	filter := leave.AppFilter{Kind: f.kind, PersonKind: kindOrEmpty(f.personKind), Status: q.Get("status"), Base: q.Get("filter[base]"),
		From: q.Get("from_date"), To: q.Get("to_date")}
	if q.Get(f.idName) != "" || q.Get("id") != "" {
		if filter.PersonID, err = f.personID(r); err != nil {
			return err
		}
	}
	if d := q.Get("date"); d != "" && filter.From == "" {
		if len(d) == 7 {
			d += "-01"
		}
		t, err := time.Parse(time.DateOnly, d)
		if err != nil {
			return validate.Field("date", "validation.date", "date must be a month (YYYY-MM) or a date")
		}
		first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
		filter.From, filter.To = first.Format(time.DateOnly), first.AddDate(0, 1, -1).Format(time.DateOnly)
	}
	items, total, err := f.a.Leave.Applications(r.Context(), principal(r).OrgID, filter, pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

type decideRequest struct {
	ID      web.FlexInt `json:"id"`
	Comment string      `json:"comment"`
}

func (f leaveFace) decide(to string) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req decideRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		if req.ID < 1 {
			_, err := web.ID("id", "")
			return err
		}
		app, err := f.a.Leave.Decide(r.Context(), principal(r).OrgID, f.personKind, f.kind, int64(req.ID), to, f.actor(r), 0, req.Comment)
		if err != nil {
			return err
		}
		web.Data(w, http.StatusOK, app)
		return nil
	}
}

func (f leaveFace) stats(w http.ResponseWriter, r *http.Request) error {
	st, err := f.a.Leave.Stats(r.Context(), principal(r).OrgID, f.kind)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, st)
	return nil
}

type carryRequest struct {
	TypeID     web.FlexInt   `json:"leave_type_id"`
	Year       web.FlexInt   `json:"year"`
	MaxCarry   *leave.Amount `json:"max_carry"`
	ValidUntil string        `json:"valid_until"`
	Apply      bool          `json:"apply"`
}

// carryForward previews (apply false) or applies the year-end carry-forward of a type.
func (f leaveFace) carryForward(w http.ResponseWriter, r *http.Request) error {
	var req carryRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	rows, err := f.a.Leave.CarryForward(r.Context(), principal(r).OrgID, f.kind, int64(req.TypeID), int(req.Year), req.MaxCarry, req.ValidUntil, req.Apply)
	if err != nil {
		return err
	}
	if rows == nil {
		rows = []leave.CarryRow{}
	}
	web.Data(w, http.StatusOK, map[string]any{"applied": req.Apply, "rows": rows})
	return nil
}

// ---- personal ----

func (f leaveFace) myEntitlements(w http.ResponseWriter, r *http.Request) error {
	p, err := f.a.mine(r)
	if err != nil {
		return err
	}
	pg, err := web.Paging(r, 15)
	if err != nil {
		return err
	}
	items, total, err := f.a.Leave.Entitlements(r.Context(), principal(r).OrgID, "", p.ID, f.kind, pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

// myTypes lists the organisation's types of the kind for a member's apply form, so it can say
// which need an attachment and offer types without an entitlement that may go negative.
func (f leaveFace) myTypes(w http.ResponseWriter, r *http.Request) error {
	if _, err := f.a.mine(r); err != nil {
		return err
	}
	items, _, err := f.a.Leave.Types(r.Context(), principal(r).OrgID, f.kind, "", database.Page{})
	if err != nil {
		return err
	}
	if items == nil {
		items = []leave.Type{}
	}
	web.Data(w, http.StatusOK, items)
	return nil
}

func (f leaveFace) myEntitlementForm(w http.ResponseWriter, r *http.Request) error {
	p, err := f.a.mine(r)
	if err != nil {
		return err
	}
	id, err := web.ID("id", r.URL.Query().Get("id"))
	if err != nil {
		return err
	}
	e, err := f.a.Leave.Entitlement(r.Context(), principal(r).OrgID, "", f.kind, id)
	if err != nil {
		return err
	}
	if e.PersonID != p.ID {
		return leave.ErrNotFound
	}
	web.Data(w, http.StatusOK, e)
	return nil
}

func (f leaveFace) myApply(w http.ResponseWriter, r *http.Request) error {
	p, err := f.a.mine(r)
	if err != nil {
		return err
	}
	req, att, err := readApply(w, r)
	if err != nil {
		return err
	}
	act := f.actor(r)
	act.IsAdmin = false // in the personal area everyone applies as themselves
	app, err := f.a.Leave.Apply(r.Context(), principal(r).OrgID, "", f.kind, req.request(p.ID, att), act, false)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, app)
	return nil
}

func (f leaveFace) myApplications(w http.ResponseWriter, r *http.Request) error {
	p, err := f.a.mine(r)
	if err != nil {
		return err
	}
	pg, err := web.Paging(r, 20)
	if err != nil {
		return err
	}
	items, total, err := f.a.Leave.Applications(r.Context(), principal(r).OrgID, leave.AppFilter{Kind: f.kind, PersonID: p.ID, Status: r.URL.Query().Get("status")}, pg)
	if err != nil {
		return err
	}
	web.List(w, items, total, pg)
	return nil
}

func (f leaveFace) myCancel(w http.ResponseWriter, r *http.Request) error {
	p, err := f.a.mine(r)
	if err != nil {
		return err
	}
	var req decideRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if req.ID < 1 {
		_, err := web.ID("id", "")
		return err
	}
	act := f.actor(r)
	act.IsAdmin = false
	app, err := f.a.Leave.Decide(r.Context(), principal(r).OrgID, "", f.kind, int64(req.ID), leave.Cancelled, act, p.ID, req.Comment)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, app)
	return nil
}

// ---- attachments and calendar ----

func (a *API) leaveAttachment(w http.ResponseWriter, r *http.Request) error {
	att, err := a.Leave.Attachment(r.Context(), principal(r).OrgID, r.PathValue("key"))
	if err != nil {
		return err
	}
	writeAttachment(w, att)
	return nil
}

// writeAttachment answers a stored document, shown inline under its name.
func writeAttachment(w http.ResponseWriter, att leave.Attachment) {
	w.Header().Set("Content-Type", att.ContentType)
	w.Header().Set("Content-Disposition", "inline; filename*=UTF-8''"+strings.ReplaceAll(att.Name, " ", "%20"))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(att.Data)
}

func (a *API) calendarLink(reset bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		key, err := a.Leave.CalendarKey(r.Context(), principal(r).OrgID, reset)
		if err != nil {
			return err
		}
		web.Data(w, http.StatusOK, map[string]string{"url": a.BaseURL + "/api/calendar/" + key + ".ics"})
		return nil
	}
}

func (a *API) calendarFeed(w http.ResponseWriter, r *http.Request) error {
	key, ok := strings.CutSuffix(r.PathValue("file"), ".ics")
	if !ok || len(key) < 20 {
		return errNotFound
	}
	body, err := a.Leave.Calendar(r.Context(), key)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Cache-Control", "private, max-age=300")
	_, err = io.WriteString(w, body)
	return err
}

// ledger answers the year's leave ledger (year = YYYY, default this year).
func (f leaveFace) ledger(w http.ResponseWriter, r *http.Request) error {
	y, err := f.ledgerYear(r)
	if err != nil {
		return err
	}
	rows, err := f.a.Leave.Ledger(r.Context(), principal(r).OrgID, f.kind, f.personKind, y)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, rows)
	return nil
}
