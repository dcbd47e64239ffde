package export

import (
	"archive/zip"
	"bufio"
	"compress/flate"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
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

// WriteXLSX writes t as a one-sheet workbook to w, streaming: each row goes into the
// compressed sheet as the source yields it, so memory stays bounded (the deflate window
// and a 64 KB buffer) whatever the number of rows, and nothing reaches w before the first
// 64 KB of output, so a source that fails at once leaves w untouched. The sheet has an
// optional bold title and subtitle row, a bold shaded header row frozen in place, and
// column widths from Column.Width or estimated from the content. Every value is written
// as text (inline strings), so IDs like "007" keep their zeros and a cell starting with
// "=" is never evaluated as a formula.
//
// The workbook is written by hand rather than with excelize's StreamWriter, which kept
// the whole sheet in memory up to 16 MB before spilling it to a temporary file and spent
// more time per cell than computing a monthly report's row (issue 16).
func WriteXLSX(w io.Writer, t Table) error {
	if len(t.Columns) == 0 {
		return ErrNoColumns
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	zw := zip.NewWriter(bw)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	headerRow := headerRowOf(t)
	sheet := SheetName(t.Title)
	for _, part := range [][2]string{
		{"[Content_Types].xml", xlsxContentTypes},
		{"_rels/.rels", xlsxRootRels},
		{"xl/_rels/workbook.xml.rels", xlsxWorkbookRels},
		{"xl/styles.xml", xlsxStyles},
		{"xl/workbook.xml", xml.Header + `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="` +
			escapeXML(sheet) + `" sheetId="1" r:id="rId1"/></sheets>` + definedNames(sheet, headerRow, len(t.Columns)) + `</workbook>`},
	} {
		pw, err := zw.Create(part[0])
		if err != nil {
			return err
		}
		if _, err := io.WriteString(pw, part[1]); err != nil {
			return err
		}
	}
	sw, err := zw.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		return err
	}
	x := &sheetWriter{w: bufio.NewWriterSize(sw, 32<<10), cols: make([]string, len(t.Columns))}
	for i := range x.cols {
		x.cols[i] = columnName(i + 1)
	}

	x.WriteString(xml.Header + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">`)
	x.WriteString(`<sheetViews><sheetView workbookViewId="0"><pane ySplit="` + strconv.Itoa(headerRow) + `" topLeftCell="` + cellName(1, headerRow+1) +
		`" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="` + cellName(1, headerRow+1) + `" sqref="` + cellName(1, headerRow+1) + `"/></sheetView></sheetViews>`)
	x.WriteString(`<sheetFormatPr defaultRowHeight="15"/><cols>`)
	for i, wd := range columnWidths(t) {
		n := strconv.Itoa(i + 1)
		x.WriteString(`<col min="` + n + `" max="` + n + `" width="` + strconv.FormatFloat(wd, 'f', -1, 64) + `" customWidth="1"/>`)
	}
	x.WriteString(`</cols><sheetData>`)

	r := 1
	if !t.OmitTitleRows {
		if t.Title != "" {
			x.row(r, `<row r="1" ht="22" customHeight="1">`, styleTitle, []string{t.Title})
			r++
		}
		if t.Subtitle != "" {
			x.row(r, "", styleSubtitle, []string{t.Subtitle})
		}
	}
	head := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		head[i] = c.Header
	}
	x.row(headerRow, "", styleHeader, head)

	r = headerRow + 1
	vals := make([]string, len(t.Columns))
	err = t.each(func(data []string) error {
		if r > maxExcelRows {
			return ErrTooManyRows
		}
		for i := range vals {
			vals[i] = cell(data, i)
		}
		x.row(r, "", styleNone, vals)
		r++
		return x.err
	})
	if err != nil {
		return err
	}
	x.WriteString(`</sheetData></worksheet>`)
	if x.err != nil {
		return x.err
	}
	if err := x.w.Flush(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return bw.Flush()
}

// Cell styles of styles.xml (cellXfs).
const (
	styleNone     = 0
	styleTitle    = 1
	styleSubtitle = 2
	styleHeader   = 3
)

// sheetWriter appends a worksheet's XML, keeping the first write error.
type sheetWriter struct {
	w    *bufio.Writer
	cols []string // column letters
	num  []byte
	err  error
}

// headerRowOf is the row number of t's header: after the title, the subtitle and a blank
// spacer row when there are any.
func headerRowOf(t Table) int {
	headerRow := 1
	if !t.OmitTitleRows {
		if t.Title != "" {
			headerRow++
		}
		if t.Subtitle != "" {
			headerRow++
		}
		if headerRow > 1 {
			headerRow++ // blank spacer row before the header
		}
	}
	return headerRow
}

// definedNames names the header row for assistive technology and scripts ("Header", the
// header cells) and repeats it on every printed page (_xlnm.Print_Titles); the frozen pane
// keeps it in view on screen (issue 17). The body's extent is not known before the rows have
// streamed, so only the header is named.
func definedNames(sheet string, headerRow, columns int) string {
	ref := "'" + strings.ReplaceAll(sheet, "'", "''") + "'!"
	row := strconv.Itoa(headerRow)
	header := ref + "$A$" + row + ":$" + columnName(columns) + "$" + row
	return `<definedNames><definedName name="_xlnm.Print_Titles" localSheetId="0">` + escapeXML(ref+"$"+row+":$"+row) +
		`</definedName><definedName name="Header">` + escapeXML(header) + `</definedName></definedNames>`
}

func (x *sheetWriter) WriteString(s string) {
	if x.err == nil {
		_, x.err = x.w.WriteString(s)
	}
}

// row writes one row of inline-string cells (empty cells are left out); open replaces the
// plain <row r="n"> tag when the row has its own height.
func (x *sheetWriter) row(r int, open string, style int, cells []string) {
	x.num = strconv.AppendInt(x.num[:0], int64(r), 10)
	if open == "" {
		x.WriteString(`<row r="`)
		x.WriteString(string(x.num))
		x.WriteString(`">`)
	} else {
		x.WriteString(open)
	}
	for i, v := range cells {
		if i >= len(x.cols) {
			break
		}
		v = cleanCell(v)
		if v == "" && style == styleNone {
			continue
		}
		x.WriteString(`<c r="`)
		x.WriteString(x.cols[i])
		x.WriteString(string(x.num))
		if style != styleNone {
			x.WriteString(`" s="` + strconv.Itoa(style))
		}
		x.WriteString(`" t="inlineStr"><is><t`)
		if v != strings.TrimSpace(v) {
			x.WriteString(` xml:space="preserve"`)
		}
		x.WriteString(`>`)
		x.escaped(v)
		x.WriteString(`</t></is></c>`)
	}
	x.WriteString(`</row>`)
}

// escaped writes text with &, < and > escaped (and carriage returns as character
// references, which XML parsers would otherwise turn into line feeds).
func (x *sheetWriter) escaped(s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '\r':
			esc = "&#13;"
		default:
			continue
		}
		x.WriteString(s[last:i])
		x.WriteString(esc)
		last = i + 1
	}
	x.WriteString(s[last:])
}

func escapeXML(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// columnName is the letters of a 1-based column number (1 → A, 27 → AA).
func columnName(n int) string {
	var b []byte
	for ; n > 0; n = (n - 1) / 26 {
		b = append([]byte{byte('A' + (n-1)%26)}, b...)
	}
	return string(b)
}

const xlsxContentTypes = xml.Header + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
	`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
	`<Default Extension="xml" ContentType="application/xml"/>` +
	`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
	`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
	`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`

const xlsxRootRels = xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
	`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`

const xlsxWorkbookRels = xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
	`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
	`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`

// xlsxStyles: the title (bold, 14 pt), the subtitle (italic, grey) and the header (bold, on
// light grey, a grey bottom border, centred vertically, wrapped).
const xlsxStyles = xml.Header + `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
	`<fonts count="4"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>` +
	`<font><b val="1"/><sz val="14"/><name val="Calibri"/><family val="2"/></font>` +
	`<font><i val="1"/><sz val="11"/><color rgb="FF555555"/><name val="Calibri"/><family val="2"/></font>` +
	`<font><b val="1"/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
	`<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>` +
	`<fill><patternFill patternType="solid"><fgColor rgb="FFE7E6E6"/><bgColor indexed="64"/></patternFill></fill></fills>` +
	`<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>` +
	`<border><left/><right/><top/><bottom style="thin"><color rgb="FF808080"/></bottom><diagonal/></border></borders>` +
	`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
	`<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
	`<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
	`<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
	`<xf numFmtId="0" fontId="3" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1"><alignment vertical="center" wrapText="1"/></xf></cellXfs>` +
	`<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`

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
	return columnName(col) + strconv.Itoa(row)
}
