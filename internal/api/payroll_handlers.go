package api

import (
	"net/http"
	"strings"
	"time"

	"hadir/internal/payroll"
	"hadir/internal/platform/export"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// payrollMappings lists the organisation's saved column mappings and every column the
// export can have (the editor's palette).
func (a *API) payrollMappings(w http.ResponseWriter, r *http.Request) error {
	orgID := principal(r).OrgID
	ms, err := a.Payroll.Mappings(r.Context(), orgID)
	if err != nil {
		return err
	}
	cols, err := a.Payroll.Columns(r.Context(), orgID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"mappings": ms, "columns": cols})
	return nil
}

// mappingRequest is the body that creates or replaces a mapping.
type mappingRequest struct {
	Name    string           `json:"name"`
	Default bool             `json:"is_default"`
	Columns []payroll.Column `json:"columns"`
}

// savePayrollMapping creates a mapping (POST) or replaces one (PUT /{id}).
func (a *API) savePayrollMapping(update bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		var id int64
		if update {
			var err error
			if id, err = pathID(r); err != nil {
				return err
			}
		}
		var req mappingRequest
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
		m, err := a.Payroll.SaveMapping(r.Context(), principal(r).OrgID, id, payroll.Mapping{Name: req.Name, Default: req.Default, Columns: req.Columns})
		if err != nil {
			return err
		}
		web.Data(w, created(update), m)
		return nil
	}
}

// payrollExport streams the month's payroll figures as xlsx (default) or csv, with the
// columns of the mapping asked for, else the default mapping, else every column. The query
// is checked whole before the first byte, so a bad month, group or mapping is a clean 4xx.
func (a *API) payrollExport(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	format := q.Get("format")
	if format == "" {
		format = "xlsx"
	}
	if format != "xlsx" && format != "csv" {
		return validate.Field("format", "validation.invalid", "format must be xlsx or csv")
	}
	groupID, err := queryID(r, "group_id")
	if err != nil {
		return err
	}
	departmentID, err := queryID(r, "department_id")
	if err != nil {
		return err
	}
	mappingID, err := queryID(r, "mapping")
	if err != nil {
		return err
	}
	pr := principal(r)
	kind := strings.TrimSpace(q.Get("kind"))
	if pr.OrgKind != "school" {
		kind = "employee"
	}
	sheet, err := a.Payroll.Export(r.Context(), pr.OrgID, payroll.Query{Month: q.Get("month"), Kind: kind, GroupID: groupID, DepartmentID: departmentID, MappingID: mappingID})
	if err != nil {
		return err
	}
	o, err := a.Orgs.Get(r.Context(), pr.OrgID)
	if err != nil {
		return err
	}
	t := export.Table{Title: "Payroll " + sheet.From[:7], GeneratedAt: time.Now().In(o.Location()), OmitTitleRows: true, Source: sheet.Rows}
	for _, c := range sheet.Columns {
		t.Columns = append(t.Columns, export.Column{Header: c.Header})
	}
	name := "Payroll " + sheet.From[:7]
	if format == "xlsx" {
		return streamReport(w, t, name, "xlsx")
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", export.ContentDisposition(name+".csv"))
	w.Header().Set("Cache-Control", "no-store")
	sw := &sentWriter{ResponseWriter: w}
	if err := export.WriteCSV(sw, t); err != nil {
		if sw.n == 0 {
			return err
		}
		cutShort(w, name, err)
	}
	return nil
}
