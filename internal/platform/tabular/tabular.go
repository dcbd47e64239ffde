// Package tabular reads uploaded import files (teacher lists, student
// rosters, ...) into a header and rows of trimmed strings.
//
// Users produce these files with Excel, LibreOffice or Google Sheets, in
// whatever format and locale they have, and name them freely. Read therefore
// ignores the file name when choosing a parser: an XLSX workbook is
// recognised by its ZIP signature and anything else is read as CSV, whose
// delimiter (comma, semicolon as written by European-locale Excel, or tab)
// is detected from the header line. Every data row keeps the line (CSV) or
// row (XLSX) number the user sees, so validation errors can say "row 17".
// The package knows nothing about what the columns mean.
package tabular

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// MaxFileBytes bounds how much of an upload Read will buffer; imports are
// small, and the limit keeps a hostile upload from exhausting memory even
// if the HTTP layer forgot its own limit.
const MaxFileBytes = 32 << 20

// Bounds of what an XLSX may unpack to. An XLSX is a ZIP, and deflate packs
// a gigabyte of repeated XML into a megabyte: the declared sizes in the ZIP
// directory are checked before anything is inflated, and excelize gets the
// same limits (Go's zip reader refuses an entry that inflates past its
// declared size, so the declaration cannot lie).
const (
	// MaxUnzippedBytes bounds all parts of a workbook together.
	MaxUnzippedBytes = 32 << 20
	// MaxPartBytes bounds one part (a worksheet, the shared strings); a
	// part is parsed in memory, so this is the real memory bound.
	MaxPartBytes = 8 << 20
	// MaxZipEntries bounds the number of parts.
	MaxZipEntries = 1000
	// MaxColumns bounds the cells of one row. A spreadsheet cell address
	// such as XFD1 (column 16384) or a CSV line of commas would otherwise
	// make every kept row thousands of strings long.
	MaxColumns = 256
)

var (
	// ErrTooManyRows is returned when the file has more data rows than the
	// caller's maxRows, so huge imports are refused before any processing.
	ErrTooManyRows = errors.New("tabular: too many rows")
	// ErrEmpty means no header row was found (empty file or only blanks).
	ErrEmpty = errors.New("tabular: the file has no header row")
	// ErrFileTooLarge means the upload exceeds MaxFileBytes.
	ErrFileTooLarge = errors.New("tabular: file too large")
	// ErrUnzippedTooLarge means an XLSX declares more than MaxUnzippedBytes
	// in all, more than MaxPartBytes in one part, or more than MaxZipEntries
	// parts: a ZIP bomb, or a workbook far beyond an import.
	ErrUnzippedTooLarge = errors.New("tabular: the workbook is too large when unpacked")
	// ErrTooManyColumns means a row has more than MaxColumns cells.
	ErrTooManyColumns = errors.New("tabular: too many columns")
	// ErrUnreadable means the file is neither a readable XLSX workbook nor
	// UTF-8/UTF-16 text CSV (for example an old .xls, a PDF, a picture,
	// or a CSV saved in a legacy 8-bit encoding).
	ErrUnreadable = errors.New("tabular: unreadable file: upload an .xlsx workbook or a UTF-8 .csv file")
)

// Row is one non-empty data row.
type Row struct {
	// Line is the 1-based position in the file as the user sees it: the
	// spreadsheet row number for XLSX, the line where the record starts for
	// CSV. Empty rows are skipped but still counted.
	Line int
	// Cells holds the trimmed cell values, padded with "" to at least the
	// header length (so Cells[i] is safe for every header index); cells
	// beyond the header are kept.
	Cells []string
}

// Get returns cell i, or "" when the row has no such cell.
func (r Row) Get(i int) string {
	if i >= 0 && i < len(r.Cells) {
		return r.Cells[i]
	}
	return ""
}

// Read parses an uploaded CSV or XLSX file. The first non-empty row is the
// header (trimmed, trailing empty header cells dropped, original spelling
// kept; compare with Normalize). Fully empty rows are skipped. For XLSX the
// first worksheet is read and cells are returned as Excel displays them
// (number and date formats applied). maxRows > 0 limits the number of data
// rows (ErrTooManyRows); filename is used only in error messages.
func Read(r io.Reader, filename string, maxRows int) (header []string, rows []Row, err error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("tabular: reading %q: %w", filename, err)
	}
	if len(data) > MaxFileBytes {
		return nil, nil, ErrFileTooLarge
	}
	c := &collector{maxRows: maxRows}
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		err = readXLSX(data, c)
	} else {
		err = readCSV(data, c)
	}
	if err != nil {
		if errors.Is(err, ErrTooManyRows) || errors.Is(err, ErrUnreadable) || errors.Is(err, ErrUnzippedTooLarge) || errors.Is(err, ErrTooManyColumns) {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("%w (%s: %v)", ErrUnreadable, filename, err)
	}
	if c.header == nil {
		return nil, nil, ErrEmpty
	}
	return c.header, c.rows, nil
}

// collector turns raw records into header + rows.
type collector struct {
	maxRows int
	header  []string
	rows    []Row
}

func (c *collector) add(line int, rec []string) error {
	n := len(rec) // trailing empty cells are dropped before the row is kept
	for n > 0 && strings.TrimSpace(rec[n-1]) == "" {
		n--
	}
	if n == 0 {
		return nil
	}
	if n > MaxColumns {
		return fmt.Errorf("%w: row %d has %d cells, at most %d", ErrTooManyColumns, line, n, MaxColumns)
	}
	cells := make([]string, n, max(n, len(c.header)))
	for i, v := range rec[:n] {
		cells[i] = strings.TrimSpace(v)
	}
	if c.header == nil {
		n := len(cells)
		for n > 0 && cells[n-1] == "" {
			n--
		}
		c.header = cells[:n]
		return nil
	}
	if c.maxRows > 0 && len(c.rows) >= c.maxRows {
		return fmt.Errorf("%w: more than %d", ErrTooManyRows, c.maxRows)
	}
	for len(cells) < len(c.header) {
		cells = append(cells, "")
	}
	c.rows = append(c.rows, Row{Line: line, Cells: cells})
	return nil
}

// checkZip refuses a ZIP whose directory declares more than the bounds,
// before a byte is inflated.
func checkZip(data []byte) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	if len(zr.File) > MaxZipEntries {
		return fmt.Errorf("%w: %d parts", ErrUnzippedTooLarge, len(zr.File))
	}
	var total uint64
	for _, f := range zr.File {
		if f.UncompressedSize64 > MaxPartBytes {
			return fmt.Errorf("%w: %s declares %d bytes", ErrUnzippedTooLarge, f.Name, f.UncompressedSize64)
		}
		total += f.UncompressedSize64
	}
	if total > MaxUnzippedBytes {
		return fmt.Errorf("%w: %d bytes in all", ErrUnzippedTooLarge, total)
	}
	return nil
}

func readXLSX(data []byte, c *collector) error {
	if err := checkZip(data); err != nil {
		return err
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: MaxUnzippedBytes, UnzipXMLSizeLimit: MaxPartBytes})
	if err != nil {
		return err
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return errors.New("workbook has no sheets")
	}
	it, err := f.Rows(sheets[0])
	if err != nil {
		return err
	}
	defer it.Close()
	line := 0
	for it.Next() {
		line++
		rec, err := it.Columns()
		if err != nil {
			return err
		}
		if err := c.add(line, rec); err != nil {
			return err
		}
	}
	return it.Error()
}

func readCSV(data []byte, c *collector) error {
	text, err := decodeText(data)
	if err != nil {
		return err
	}
	comma := detectDelimiter(text)
	// csv.Reader allocates a whole record before it can be looked at: a
	// line of a million delimiters would be a million strings.
	for l := range strings.Lines(text) {
		if strings.Count(l, string(comma)) > 4*MaxColumns {
			return fmt.Errorf("%w: a line has more than %d cells", ErrTooManyColumns, 4*MaxColumns)
		}
	}
	cr := csv.NewReader(strings.NewReader(text))
	cr.Comma = comma
	cr.FieldsPerRecord = -1 // ragged rows are normal in hand-made files
	cr.LazyQuotes = true
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		line, _ := cr.FieldPos(0)
		if err := c.add(line, rec); err != nil {
			return err
		}
	}
}

// decodeText accepts UTF-8 (with or without BOM) and UTF-16 with a BOM
// (Excel's "Unicode text"). Other encodings are refused rather than
// guessed, so names are never silently corrupted.
func decodeText(b []byte) (string, error) {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		b = b[3:]
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		if len(b)%2 != 0 {
			return "", ErrUnreadable
		}
		le := b[0] == 0xFF
		u := make([]uint16, 0, len(b)/2-1)
		for i := 2; i+1 < len(b); i += 2 {
			if le {
				u = append(u, uint16(b[i])|uint16(b[i+1])<<8)
			} else {
				u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
			}
		}
		return string(utf16.Decode(u)), nil
	}
	if !utf8.Valid(b) || bytes.IndexByte(b, 0) >= 0 {
		return "", ErrUnreadable
	}
	return string(b), nil
}

// detectDelimiter picks the most frequent of ',', ';' and tab outside
// quotes on the first non-blank line; comma when none occurs.
func detectDelimiter(text string) rune {
	var line string
	for l := range strings.Lines(text) {
		if strings.TrimSpace(l) != "" {
			line = l
			break
		}
	}
	counts := map[rune]int{}
	inQuotes := false
	for _, r := range line {
		switch {
		case r == '"':
			inQuotes = !inQuotes
		case !inQuotes && (r == ',' || r == ';' || r == '\t'):
			counts[r]++
		}
	}
	best := ','
	for _, d := range []rune{';', '\t'} {
		if counts[d] > counts[best] {
			best = d
		}
	}
	return best
}

// Normalize turns a header into a stable key for matching columns:
// lower-case, trimmed, runs of spaces, dashes, dots and slashes become a
// single "_" ("Full Name" → "full_name", "E-mail" → "e_mail",
// "No. Kad Pengenalan" → "no_kad_pengenalan"). Letters of any script are
// kept, so translated headers such as "姓名" still match themselves.
func Normalize(h string) string {
	var b strings.Builder
	pending := false
	for _, r := range strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\uFEFF"))) {
		if unicode.IsSpace(r) || r == '-' || r == '_' || r == '.' || r == '/' || r == '\u2013' || r == '\u2014' {
			pending = true
			continue
		}
		if pending && b.Len() > 0 {
			b.WriteByte('_')
		}
		pending = false
		b.WriteRune(r)
	}
	return b.String()
}

// Index maps each normalised header to its column index (the first one
// wins on duplicates), for looking columns up by name.
func Index(header []string) map[string]int {
	m := make(map[string]int, len(header))
	for i, h := range header {
		k := Normalize(h)
		if _, dup := m[k]; !dup && k != "" {
			m[k] = i
		}
	}
	return m
}
