package export

import (
	"bufio"
	"encoding/csv"
	"io"
)

// csvBOM is the UTF-8 byte order mark, without which Excel reads a CSV file in the
// machine's legacy code page and garbles every non-ASCII name.
const csvBOM = "\uFEFF"

// WriteCSV writes t as CSV to w: a UTF-8 byte order mark, the header row, then the rows,
// RFC 4180 style (comma-separated, CRLF line ends, a field quoted when it holds a comma,
// quote or line break, quotes doubled). The title rows are left out: a CSV file is for
// importing. A cell that a spreadsheet would take for a formula (it starts with =, +, -, @,
// a tab or a carriage return) is written with a leading apostrophe, so that a name such as
// "=HYPERLINK(...)" is shown as text and never runs (CSV injection). Rows are written as
// the source yields them, through a 64 KB buffer.
func WriteCSV(w io.Writer, t Table) error {
	if len(t.Columns) == 0 {
		return ErrNoColumns
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if _, err := bw.WriteString(csvBOM); err != nil {
		return err
	}
	cw := csv.NewWriter(bw)
	cw.UseCRLF = true
	rec := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		rec[i] = SafeCSVCell(c.Header)
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	err := t.each(func(row []string) error {
		for i := range rec {
			rec[i] = SafeCSVCell(cell(row, i))
		}
		return cw.Write(rec)
	})
	if err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// SafeCSVCell guards a cell against formula injection: a value starting with =, +, -, @, a
// tab or a carriage return gets a leading apostrophe.
func SafeCSVCell(v string) string {
	if v == "" {
		return v
	}
	switch v[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + v
	}
	return v
}
