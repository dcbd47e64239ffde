// Package export writes tabular reports (teacher lists, attendance reports,
// import templates, ...) as XLSX and PDF from plain string rows.
//
// It knows nothing about Hadir's domain: callers turn their records into a
// Table of already formatted, already translated strings, and this package
// only decides layout. Keeping the writers domain-free lets every report share
// one tested implementation of the awkward parts (Excel's sheet-name rules,
// streaming large workbooks, CJK-capable PDF fonts, page headers and page
// numbers, RFC 6266 download headers).
//
// Large reports should set Table.Source instead of Table.Rows so that rows
// are produced on demand and a million-row export need not sit in memory.
package export

import (
	"errors"
	"time"
)

// Column describes one report column.
type Column struct {
	// Header is the column title shown in the header row.
	Header string
	// Width is the column width in Excel character units (roughly the number
	// of average characters that fit). Zero means "choose automatically".
	// The PDF writer treats widths as relative weights and scales them to
	// the printable page width.
	Width float64
}

// RowSource streams rows: it must call yield once per row, in order, and
// stop (returning yield's error) as soon as yield returns an error. It lets
// a report be generated straight from a database cursor without building
// all rows in memory.
type RowSource func(yield func(row []string) error) error

// Table is a report: a title, optional subtitle, a header row and data rows.
// All values are display strings; formatting and translation are the
// caller's job so that both output formats show exactly the same text.
type Table struct {
	// Title is shown above the table and, for XLSX, also names the sheet.
	Title string
	// Subtitle is an optional second line (school, period, filters...).
	Subtitle string
	// Columns defines the header row. Rows may be shorter (missing cells are
	// blank) or longer (extra cells are dropped).
	Columns []Column
	// Rows holds the data when it is small enough to keep in memory.
	Rows [][]string
	// Source, when non-nil, is used instead of Rows (streaming).
	Source RowSource

	// GeneratedAt is printed in the PDF ("Generated: ...") and used as the
	// PDF creation date. It is passed in rather than read from the clock so
	// output is reproducible and shown in the school's time zone. Zero
	// means: print nothing.
	GeneratedAt time.Time
	// GeneratedLabel replaces the English "Generated" prefix (translation).
	GeneratedLabel string
	// Lang is the BCP 47 tag of the report's language (LanguageTag turns the app's codes
	// into one); the PDF declares it so that screen readers pick the right voice. Empty
	// means English.
	Lang string

	// OmitTitleRows makes the XLSX start directly with the header row, so
	// the file can serve as an import template that tabular.Read accepts.
	OmitTitleRows bool
}

// ErrNoColumns is returned for a table without columns: such a report has
// no meaningful layout and is always a programming error.
var ErrNoColumns = errors.New("export: table has no columns")

// MaxPDFRows bounds a PDF report. fpdf holds the whole document in memory
// until it is written (about 1 MB a hundred pages), so a PDF is for what
// people print; 10,000 rows are some 250 pages.
const MaxPDFRows = 10_000

// ErrTooManyPDFRows means a PDF report would have more than MaxPDFRows rows.
var ErrTooManyPDFRows = errors.New("export: too many rows for a PDF; use xlsx")

// each feeds every row of t to fn, from Source when set, else from Rows.
func (t *Table) each(fn func(row []string) error) error {
	if t.Source != nil {
		return t.Source(fn)
	}
	for _, r := range t.Rows {
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}

// cell returns row[i] or "" when the row is too short.
func cell(row []string, i int) string {
	if i < len(row) {
		return row[i]
	}
	return ""
}

// generatedLine is the "Generated: <time>" line, or "" when no time is set.
func (t *Table) generatedLine() string {
	if t.GeneratedAt.IsZero() {
		return ""
	}
	label := t.GeneratedLabel
	if label == "" {
		label = "Generated"
	}
	return label + ": " + t.GeneratedAt.Format("2006-01-02 15:04 MST")
}

// LanguageTag is the BCP 47 tag of one of the app's language codes (web/src/lib/languages.ts:
// "ch" is Chinese and "jp" Japanese); unknown codes read as English.
func LanguageTag(code string) string {
	switch code {
	case "ms", "es", "de", "fr", "en":
		return code
	case "ch":
		return "zh"
	case "jp":
		return "ja"
	}
	return "en"
}
