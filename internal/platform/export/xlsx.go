package export

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"
)

// Excel limits that the writer enforces instead of producing a file Excel
// refuses to open or silently truncates.
const (
	maxSheetNameUTF16 = 31        // Excel counts sheet names in UTF-16 units
	maxCellChars      = 32767     // longest text a cell may hold
	maxExcelRows      = 1_048_576 // rows per worksheet
	autoWidthSample   = 500       // rows inspected for automatic widths
	minAutoWidth      = 8.0
	maxAutoWidth      = 60.0
)

// ErrTooManyRows is returned when a report exceeds Excel's 1,048,576-row
// sheet limit; the caller should narrow the report (or split it).
var ErrTooManyRows = errors.New("export: report exceeds Excel's row limit")

// WriteXLSX writes t as a one-sheet workbook to w. It uses excelize's
// StreamWriter, so with Table.Source the rows are never all in memory
// (excelize spills large sheets to a temporary file). The sheet has an
// optional bold title and subtitle row, a bold shaded header row frozen in
// place, and column widths from Column.Width or estimated from the content.
// Every value is written as text, so IDs like "007" keep their zeros and a
// cell starting with "=" is never evaluated as a formula.
func WriteXLSX(w io.Writer, t Table) error {
	if len(t.Columns) == 0 {
		return ErrNoColumns
	}
	f := excelize.NewFile()
	defer f.Close()

	sheet := SheetName(t.Title)
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return fmt.Errorf("export: naming sheet: %w", err)
	}
	titleStyle, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 14}})
	if err != nil {
		return err
	}
	subStyle, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Italic: true, Color: "555555"}})
	if err != nil {
		return err
	}
	headStyle, err := f.NewStyle(&excelize.Style{
		Font:      &excelize.Font{Bold: true},
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"E7E6E6"}},
		Border:    []excelize.Border{{Type: "bottom", Color: "808080", Style: 1}},
		Alignment: &excelize.Alignment{Vertical: "center", WrapText: true},
	})
	if err != nil {
		return err
	}

	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}

	// Widths and panes must be set before the first SetRow.
	widths := columnWidths(t)
	for i, wd := range widths {
		if err := sw.SetColWidth(i+1, i+1, wd); err != nil {
			return err
		}
	}
	row := 1
	if !t.OmitTitleRows {
		if t.Title != "" {
			row++
		}
		if t.Subtitle != "" {
			row++
		}
		if row > 1 {
			row++ // blank spacer row before the header
		}
	}
	headerRow := row
	if err := sw.SetPanes(&excelize.Panes{
		Freeze: true, YSplit: headerRow, TopLeftCell: cellName(1, headerRow+1), ActivePane: "bottomLeft",
	}); err != nil {
		return err
	}

	r := 1
	if !t.OmitTitleRows {
		if t.Title != "" {
			if err := sw.SetRow(cellName(1, r), []any{excelize.Cell{StyleID: titleStyle, Value: cleanCell(t.Title)}},
				excelize.RowOpts{Height: 22}); err != nil {
				return err
			}
			r++
		}
		if t.Subtitle != "" {
			if err := sw.SetRow(cellName(1, r), []any{excelize.Cell{StyleID: subStyle, Value: cleanCell(t.Subtitle)}}); err != nil {
				return err
			}
			r++
		}
	}
	head := make([]any, len(t.Columns))
	for i, c := range t.Columns {
		head[i] = excelize.Cell{StyleID: headStyle, Value: cleanCell(c.Header)}
	}
	if err := sw.SetRow(cellName(1, headerRow), head); err != nil {
		return err
	}

	r = headerRow + 1
	vals := make([]any, len(t.Columns))
	err = t.each(func(data []string) error {
		if r > maxExcelRows {
			return ErrTooManyRows
		}
		for i := range vals {
			vals[i] = cleanCell(cell(data, i))
		}
		if err := sw.SetRow(cellName(1, r), vals); err != nil {
			return err
		}
		r++
		return nil
	})
	if err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	_, err = f.WriteTo(w)
	return err
}

// SheetName turns a report title into a valid Excel sheet name: the
// characters Excel forbids (: \ / ? * [ ]) are removed, leading and trailing
// apostrophes trimmed, the result cut to Excel's 31 UTF-16 units without
// splitting a character, and "Sheet1" used when nothing is left. Excel
// reserves "History", so that becomes "History_".
func SheetName(title string) string {
	s := strings.Map(func(r rune) rune {
		switch {
		case strings.ContainsRune(`:\/?*[]`, r):
			return -1
		case unicode.IsControl(r):
			return ' '
		}
		return r
	}, title)
	s = strings.Join(strings.Fields(s), " ")
	s = strings.Trim(s, "' ")
	units := 0
	for i, r := range s {
		units += utf16.RuneLen(r)
		if units > maxSheetNameUTF16 {
			s = s[:i]
			break
		}
	}
	s = strings.Trim(s, "' ")
	switch {
	case s == "":
		return "Sheet1"
	case strings.EqualFold(s, "History"):
		return s + "_"
	}
	return s
}

// columnWidths uses Column.Width when set; otherwise it estimates from the
// header and, for in-memory tables, the first rows (streamed rows cannot be
// inspected before they are written).
func columnWidths(t Table) []float64 {
	out := make([]float64, len(t.Columns))
	for i, c := range t.Columns {
		if c.Width > 0 {
			out[i] = c.Width
			continue
		}
		wd := displayWidth(c.Header) + 2
		if t.Source == nil {
			for j, row := range t.Rows {
				if j >= autoWidthSample {
					break
				}
				wd = max(wd, displayWidth(cell(row, i))+2)
			}
		}
		out[i] = min(max(wd, minAutoWidth), maxAutoWidth)
	}
	return out
}

// displayWidth approximates how many Excel character units s needs: East
// Asian wide characters take two.
func displayWidth(s string) float64 {
	var n float64
	for _, r := range s {
		if isWide(r) {
			n += 2
		} else {
			n++
		}
	}
	return n
}

func isWide(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		(r >= 0xFF01 && r <= 0xFF60) || (r >= 0x3000 && r <= 0x303F)
}

// cleanCell removes characters XML 1.0 cannot carry (which would corrupt
// the workbook) and truncates to Excel's per-cell limit.
func cleanCell(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return -1
		}
		return r
	}, s)
	if len(s) > maxCellChars { // cheap byte test first
		u := 0
		for i, r := range s {
			u += utf16.RuneLen(r)
			if u > maxCellChars {
				return s[:i]
			}
		}
	}
	return s
}

func cellName(col, row int) string {
	name, _ := excelize.CoordinatesToCellName(col, row)
	return name
}
