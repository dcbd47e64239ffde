package payroll

import (
	"context"
	"fmt"
	"strings"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// Reports is the attendance engine's walk of a report (attendance.Service).
type Reports interface {
	CheckReport(ctx context.Context, orgID int64, q attendance.Query) error
	ReportEach(ctx context.Context, orgID int64, q attendance.Query, pageSize int, fn func(attendance.Row) error) error
}

// LeaveTypes lists an organisation's leave types (not away: away is counted in hours).
type LeaveTypes func(ctx context.Context, orgID int64) ([]LeaveType, error)

// Service builds payroll exports and keeps the organisations' column mappings.
type Service struct {
	db      *database.DB
	store   *Store
	reports Reports
	types   LeaveTypes
	// PageSize is how many people the export computes at a time (0: the engine chooses).
	PageSize int
}

// NewService returns a Service.
func NewService(db *database.DB, reports Reports, types LeaveTypes) *Service {
	return &Service{db: db, store: NewStore(db), reports: reports, types: types}
}

// Limits of a mapping.
const (
	MaxMappingName = 100
	MaxHeader      = 100
	MaxMappings    = 50
)

// Columns is every column the organisation's export can have, in the default order.
func (s *Service) Columns(ctx context.Context, orgID int64) ([]Column, error) {
	types, err := s.types(ctx, orgID)
	if err != nil {
		return nil, err
	}
	return Available(types), nil
}

// Mappings lists the organisation's saved mappings by name.
func (s *Service) Mappings(ctx context.Context, orgID int64) ([]Mapping, error) {
	return s.store.List(ctx, orgID)
}

// SaveMapping creates (id 0) or replaces a mapping, after checking its name and that every
// column is one the export has, once. A blank header takes the column's default. Making it
// the default takes that from any other mapping, in the same transaction.
func (s *Service) SaveMapping(ctx context.Context, orgID, id int64, m Mapping) (Mapping, error) {
	if id > 0 { // another organisation's mapping is not found, whatever the body says
		if _, err := s.store.Get(ctx, orgID, id); err != nil {
			return Mapping{}, err
		}
	}
	avail, err := s.Columns(ctx, orgID)
	if err != nil {
		return Mapping{}, err
	}
	m.Name = strings.TrimSpace(m.Name)
	c := validate.New()
	if c.Required("name", m.Name) {
		c.MaxLen("name", m.Name, MaxMappingName)
	}
	if len(m.Columns) == 0 {
		c.Add("columns", "validation.required", "choose at least one column", nil)
	}
	if len(m.Columns) > len(avail) {
		c.Add("columns", "validation.invalid", "a column may appear once", nil)
	}
	headers := map[string]string{}
	for _, a := range avail {
		headers[a.Key] = a.Header
	}
	seen := map[string]bool{}
	for i, col := range m.Columns {
		field := fmt.Sprintf("columns.%d", i)
		def, ok := headers[col.Key]
		switch {
		case !ok:
			c.Add(field+".key", "payroll.unknown_column", fmt.Sprintf("the export has no column %q", col.Key), map[string]any{"key": col.Key})
			continue
		case seen[col.Key]:
			c.Add(field+".key", "payroll.duplicate_column", fmt.Sprintf("the column %q appears twice", col.Key), map[string]any{"key": col.Key})
			continue
		}
		seen[col.Key] = true
		m.Columns[i].Header = strings.TrimSpace(col.Header)
		if m.Columns[i].Header == "" {
			m.Columns[i].Header = def
		}
		c.MaxLen(field+".header", m.Columns[i].Header, MaxHeader)
	}
	if err := c.Err(); err != nil {
		return Mapping{}, err
	}
	m.OrgID, m.ID = orgID, id
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if id == 0 {
			n, err := s.store.Count(ctx, orgID)
			if err != nil {
				return err
			}
			if n >= MaxMappings {
				return validate.Field("name", "payroll.too_many_mappings", fmt.Sprintf("an organisation keeps at most %d mappings", MaxMappings))
			}
		}
		if m.Default {
			if err := s.store.ClearDefault(ctx, orgID); err != nil {
				return err
			}
		}
		saved, err := s.store.Save(ctx, m)
		m = saved
		return err
	})
	return m, err
}

// DeleteMapping removes a mapping.
func (s *Service) DeleteMapping(ctx context.Context, orgID, id int64) error {
	return s.store.Delete(ctx, orgID, id)
}

// Query selects an export: a month (YYYY-MM), optionally one kind of people (teacher or
// staff in a school), one group, and a mapping (0: the default mapping, or every column).
type Query struct {
	Month   string
	Kind    string
	GroupID int64
	// DepartmentID keeps one department's people (a company's; 0: all).
	DepartmentID int64
	MappingID    int64
}

// Sheet is an export ready to stream: its columns in order with their headers, and its rows.
type Sheet struct {
	From, To string
	Columns  []Column
	// Rows hands every person's cells to yield, in name order, a page of people at a time.
	Rows func(yield func([]string) error) error
}

// Export checks a query and prepares its sheet; the rows are computed as they are streamed.
// A bad month or kind is a 422 naming the field, another organisation's group or mapping
// ErrNotFound (404), before anything is written.
func (s *Service) Export(ctx context.Context, orgID int64, q Query) (Sheet, error) {
	c := validate.New()
	first, err := time.Parse("2006-01", q.Month)
	if err != nil {
		c.Add("month", "validation.invalid", "month must be a month (YYYY-MM)", nil)
	}
	if q.Kind != "" && q.Kind != "teacher" && q.Kind != "staff" && q.Kind != "employee" {
		c.Invalid("kind")
	}
	if err := c.Err(); err != nil {
		return Sheet{}, err
	}
	from, to := first.Format(time.DateOnly), first.AddDate(0, 1, -1).Format(time.DateOnly)
	aq := attendance.Query{Kind: q.Kind, From: from, To: to, GroupID: q.GroupID, DepartmentID: q.DepartmentID}
	if err := s.reports.CheckReport(ctx, orgID, aq); err != nil {
		return Sheet{}, err
	}
	cols, err := s.columnsOf(ctx, orgID, q.MappingID)
	if err != nil {
		return Sheet{}, err
	}
	sheet := Sheet{From: from, To: to, Columns: cols}
	sheet.Rows = func(yield func([]string) error) error {
		return s.reports.ReportEach(ctx, orgID, aq, s.PageSize, func(row attendance.Row) error {
			f := Of(row)
			name := strings.TrimSpace(row.Person.FirstName + " " + row.Person.LastName)
			cells := make([]string, len(cols))
			for i, col := range cols {
				cells[i] = value(col.Key, row.Person.Code, name, f)
			}
			return yield(cells)
		})
	}
	return sheet, nil
}

// columnsOf is the columns of a mapping: the one asked for, else the default one, else
// every column in the default order.
func (s *Service) columnsOf(ctx context.Context, orgID, mappingID int64) ([]Column, error) {
	if mappingID > 0 {
		m, err := s.store.Get(ctx, orgID, mappingID)
		return m.Columns, err
	}
	m, ok, err := s.store.Default(ctx, orgID)
	if err != nil || ok {
		return m.Columns, err
	}
	return s.Columns(ctx, orgID)
}
