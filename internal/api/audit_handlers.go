package api

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"hadir/internal/audit"
	"hadir/internal/org"
	"hadir/internal/platform/export"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// auditPageMax bounds one page of the audit trail; auditExportMax one export.
const (
	auditPageMax   = 150
	auditExportMax = 100_000
)

func (a *API) audit() *audit.Store { return &audit.Store{DB: a.DB} }

// auditFilter reads the filters of the audit trail: filter[person], filter[entity],
// filter[entity_id], filter[actor], filter[from] and filter[to] (dates in the organisation's
// zone, both inclusive) and before (the keyset cursor). A person or actor of another
// organisation is answered 404.
func (a *API) auditFilter(r *http.Request) (audit.Filter, org.Org, error) {
	q := r.URL.Query()
	p := principal(r)
	var f audit.Filter
	c := validate.New()
	id := func(name string) int64 {
		raw := strings.TrimSpace(q.Get(name))
		if raw == "" {
			return 0
		}
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n < 1 {
			c.Add(name, "validation.invalid", name+" must be an id", nil)
			return 0
		}
		return n
	}
	f.PersonID = id("filter[person]")
	f.ActorID = id("filter[actor]")
	f.Before = id("before")
	if e := strings.TrimSpace(q.Get("filter[entity]")); e != "" {
		if !slices.Contains(audit.Kinds, e) {
			c.Add("filter[entity]", "validation.invalid", "filter[entity] is not a kind of entity", nil)
		}
		f.Entity = e
	}
	f.EntityID = strings.TrimSpace(q.Get("filter[entity_id]"))
	if len(f.EntityID) > 64 {
		c.Add("filter[entity_id]", "validation.max", "filter[entity_id] is too long", nil)
	}
	o, err := a.Orgs.Get(r.Context(), p.OrgID)
	if err != nil {
		return f, o, err
	}
	loc := o.Location()
	date := func(name string) time.Time {
		raw := strings.TrimSpace(q.Get(name))
		if raw == "" {
			return time.Time{}
		}
		d, err := time.ParseInLocation(time.DateOnly, raw, loc)
		if err != nil {
			c.Add(name, "validation.date", name+" must be a date (YYYY-MM-DD)", nil)
		}
		return d
	}
	f.From = date("filter[from]")
	if to := date("filter[to]"); !to.IsZero() {
		f.To = to.AddDate(0, 0, 1)
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.To.After(f.From) {
		c.Add("filter[to]", "validation.invalid", "filter[to] is before filter[from]", nil)
	}
	if err := c.Err(); err != nil {
		return f, o, err
	}
	if f.PersonID != 0 {
		if ok, err := a.audit().PersonInOrg(r.Context(), p.OrgID, f.PersonID); err != nil {
			return f, o, err
		} else if !ok {
			return f, o, errNotFound
		}
	}
	if f.ActorID != 0 {
		if ok, err := a.audit().UserInOrg(r.Context(), p.OrgID, f.ActorID); err != nil {
			return f, o, err
		} else if !ok {
			return f, o, errNotFound
		}
	}
	return f, o, nil
}

type auditEntryJSON struct {
	ID         int64           `json:"id"`
	At         string          `json:"at"`
	ActorID    int64           `json:"actor_id"`
	ActorName  string          `json:"actor_name"`
	Via        string          `json:"via"`
	TokenID    *int64          `json:"token_id"`
	SessionRef string          `json:"session_ref"`
	IP         string          `json:"ip"`
	Entity     string          `json:"entity"`
	EntityID   string          `json:"entity_id"`
	PersonID   *int64          `json:"person_id"`
	PersonName string          `json:"person_name"`
	Action     string          `json:"action"`
	Old        json.RawMessage `json:"old"`
	New        json.RawMessage `json:"new"`
}

func toAuditEntryJSON(e audit.Entry, loc *time.Location) auditEntryJSON {
	out := auditEntryJSON{ID: e.ID, At: e.At.In(loc).Format(time.RFC3339), ActorID: e.UserID, ActorName: e.UserName,
		Via: "session", SessionRef: e.SessionRef, IP: e.IP, Entity: e.Entity, EntityID: e.EntityID,
		PersonName: strings.TrimSpace(e.PersonName), Action: e.Action, Old: e.Old, New: e.New}
	if e.TokenID != 0 {
		out.Via, out.TokenID = "token", &e.TokenID
	}
	if e.PersonID != 0 {
		out.PersonID = &e.PersonID
	}
	if out.Old == nil {
		out.Old = json.RawMessage("null")
	}
	if out.New == nil {
		out.New = json.RawMessage("null")
	}
	return out
}

// listAudit is the audit trail, newest first, keyset paged: ?before=<id>&limit=.
func (a *API) listAudit(w http.ResponseWriter, r *http.Request) error {
	f, o, err := a.auditFilter(r)
	if err != nil {
		return err
	}
	limit := 50
	if raw := r.URL.Query().Get("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > auditPageMax {
			return validate.Field("limit", "validation.invalid", fmt.Sprintf("limit must be between 1 and %d", auditPageMax))
		}
		limit = n
	}
	p := principal(r)
	items, next, err := a.audit().List(r.Context(), p.OrgID, f, limit)
	if err != nil {
		return err
	}
	out := make([]auditEntryJSON, len(items))
	for i, e := range items {
		out[i] = toAuditEntryJSON(e, o.Location())
	}
	var nextBefore *int64
	if next != 0 {
		nextBefore = &next
	}
	web.JSON(w, http.StatusOK, map[string]any{"data": out, "meta": map[string]any{"next_before": nextBefore, "kinds": audit.Kinds}})
	return nil
}

// exportAudit downloads the filtered trail as xlsx (default) or csv, at most
// auditExportMax entries, newest first.
func (a *API) exportAudit(w http.ResponseWriter, r *http.Request) error {
	format := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("format")))
	switch format {
	case "", "xlsx":
		format = "xlsx"
	case "csv":
	default:
		return validate.Field("format", "validation.invalid", "format must be xlsx or csv")
	}
	f, o, err := a.auditFilter(r)
	if err != nil {
		return err
	}
	p := principal(r)
	loc := o.Location()
	header := []string{"ID", "Time", "Actor", "Actor ID", "Via", "Token ID", "Session", "IP", "Entity", "Entity ID", "Person", "Person ID", "Action", "Old values", "New values"}
	row := func(e audit.Entry) []string {
		j := toAuditEntryJSON(e, loc)
		tok, person := "", ""
		if j.TokenID != nil {
			tok = strconv.FormatInt(*j.TokenID, 10)
		}
		if j.PersonID != nil {
			person = strconv.FormatInt(*j.PersonID, 10)
		}
		return []string{strconv.FormatInt(e.ID, 10), j.At, e.UserName, strconv.FormatInt(e.UserID, 10), j.Via, tok, e.SessionRef, e.IP,
			e.Entity, e.EntityID, j.PersonName, person, e.Action, string(e.Old), string(e.New)}
	}
	name := "audit-trail-" + time.Now().In(loc).Format("2006-01-02")
	if format == "csv" {
		var buf bytes.Buffer
		buf.WriteString("\ufeff") // Excel opens UTF-8 CSV correctly with a byte-order mark
		cw := csv.NewWriter(&buf)
		_ = cw.Write(header)
		if err := a.audit().Each(r.Context(), p.OrgID, f, auditExportMax, func(e audit.Entry) error { return cw.Write(csvSafe(row(e))) }); err != nil {
			return err
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			return err
		}
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", export.ContentDisposition(name+".csv"))
		w.Header().Set("Cache-Control", "no-store")
		_, err = w.Write(buf.Bytes())
		return err
	}
	cols := make([]export.Column, len(header))
	for i, h := range header {
		cols[i] = export.Column{Header: h}
	}
	t := export.Table{Title: "Audit trail", Subtitle: o.Name, Columns: cols, GeneratedAt: time.Now().In(loc),
		Source: func(yield func([]string) error) error {
			return a.audit().Each(r.Context(), p.OrgID, f, auditExportMax, func(e audit.Entry) error { return yield(row(e)) })
		}}
	return writeReport(w, t, name, "xlsx")
}

// csvSafe keeps a spreadsheet from reading a cell as a formula (CSV injection): a value a
// user typed that starts with = + - @ gets a leading apostrophe.
func csvSafe(cells []string) []string {
	for i, c := range cells {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			cells[i] = "'" + c
		}
	}
	return cells
}

type auditSettingsJSON struct {
	RetentionDays int `json:"retention_days"`
}

// auditSettings is the organisation's retention of the audit trail in days (0: for ever).
func (a *API) auditSettings(w http.ResponseWriter, r *http.Request) error {
	days, err := a.audit().Retention(r.Context(), principal(r).OrgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, auditSettingsJSON{RetentionDays: days})
	return nil
}

// setAuditSettings changes the retention; the change itself is recorded in the trail.
func (a *API) setAuditSettings(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		RetentionDays *int `json:"retention_days"`
	}
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if req.RetentionDays == nil {
		return validate.Field("retention_days", "validation.required", "retention_days is required")
	}
	if err := a.audit().SetRetention(r.Context(), principal(r).OrgID, *req.RetentionDays); err != nil {
		if errors.Is(err, audit.ErrRetention) {
			return validate.Field("retention_days", "validation.invalid", fmt.Sprintf("retention_days must be 0 (keep for ever) to %d", audit.MaxRetentionDays))
		}
		return err
	}
	web.Data(w, http.StatusOK, auditSettingsJSON{RetentionDays: *req.RetentionDays})
	return nil
}
