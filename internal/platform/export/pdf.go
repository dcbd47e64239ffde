package export

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/sfnt"

	"hadir/assets/fonts"
)

// PDF layout, in millimetres and points. Chosen for A4 attendance lists:
// small enough that a 7-column report fits landscape, large enough to read.
const (
	pdfMargin       = 10.0
	pdfBottom       = 14.0 // space kept for the footer
	pdfTitleSize    = 14.0
	pdfSubSize      = 10.0
	pdfMetaSize     = 8.0
	pdfBodySize     = 8.5
	pdfPad          = 1.2 // cell padding at pdfBodySize; it shrinks with the text
	pdfComfortSize  = 7.0 // the table text shrinks to this so that cells keep to one line
	pdfMinBodySize  = 5.5 // the smallest the table text shrinks to so every word fits its column
	pdfMaxCellLines = 4   // longer cell text is cut with "…"
	pdfMaxHeadLines = 3
	pdfLandscapeCol = 6    // more columns than this → landscape
	pdfNaturalMax   = 70.0 // mm: a column wants no more room than this for one line of its text
	pdfSampleRows   = 300  // rows read before the layout is chosen from their content
	pdfCJKWord      = 8    // a CJK stretch longer than this is running text, broken anywhere
	pdfFitSlack     = 0.1  // mm added to a minimum so rounding never pushes a word to the next line
	a4Short, a4Long = 210.0, 297.0
	ptToMM          = 25.4 / 72
	fontLatin       = "dejavu"
	fontCJK         = "droid"
	ellipsis        = "…"
)

// latinFace is DejaVu parsed once, to ask which runes it has a glyph for;
// everything else is drawn with the CJK fallback font.
var latinFace = sync.OnceValues(func() (*sfnt.Font, error) {
	return sfnt.Parse(fonts.DejaVuSans)
})

// WritePDF renders t as a PDF table to w: A4 portrait, or landscape when
// there are more than six columns or the content needs the width; the
// title, subtitle and "Generated:" line on the first page; the header row
// repeated at the top of every page; and "n / total" page numbers in the
// footer.
//
// Column widths follow the content (see layout): no column is narrower than
// its widest word, in the header or in the first rows, so a header such as
// "Present" or a day number such as "01" is never broken inside the word;
// the text shrinks (down to pdfMinBodySize) when a wide grid needs it. Cell
// text is wrapped at spaces to the column width and cut with "…" after a few
// lines so one long value cannot push a row past a page.
//
// The UTF-8 TrueType fonts from assets/fonts are embedded (as subsets), so
// Latin, Chinese and Japanese text renders and can be copied or searched in
// any viewer without fonts installed. Rows can come from Table.Source; they
// are written as they arrive, but the finished PDF is held in memory until
// it is written out (fpdf's model), so keep PDF reports to sizes people
// print: use XLSX for bulk data.
//
// At most MaxPDFRows rows are drawn: past that WritePDF stops reading the
// source and returns ErrTooManyPDFRows, which bounds the memory of a PDF
// export (XLSX streams and has no such limit).
func WritePDF(w io.Writer, t Table) error {
	if len(t.Columns) == 0 {
		return ErrNoColumns
	}
	face, err := latinFace()
	if err != nil {
		return fmt.Errorf("export: parsing embedded font: %w", err)
	}
	pdf := newPDF("P")
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("export: loading fonts: %w", err)
	}
	// The document's title and language in its info and catalog (/Title, /Lang), read by
	// screen readers (issue 17).
	pdf.SetTitle(t.Title, true)
	lang := t.Lang
	if lang == "" {
		lang = "en"
	}
	pdf.SetLang(lang)
	pdf.SetCreator("Hadir", true)
	pdf.SetProducer("Hadir", true)
	if !t.GeneratedAt.IsZero() {
		pdf.SetCreationDate(t.GeneratedAt)
		pdf.SetModificationDate(t.GeneratedAt)
	}

	p := &pdfTable{pdf: pdf, face: face, has: map[rune]bool{}, widths: map[widthKey]float64{}, t: &t, size: pdfBodySize}
	// The first rows are held back until the layout is chosen from them; later rows are
	// drawn as they arrive.
	var sample [][]string
	started := false
	start := func() {
		p.layout(sample)
		pdf.SetFooterFunc(p.footer)
		p.newPage()
		for _, row := range sample {
			p.drawRow(row)
		}
		sample, started = nil, true
	}
	n := 0
	err = t.each(func(row []string) error {
		if n++; n > MaxPDFRows {
			return ErrTooManyPDFRows
		}
		if !started {
			sample = append(sample, slices.Clone(row))
			if len(sample) == pdfSampleRows {
				start()
			}
			return pdf.Error()
		}
		p.drawRow(row)
		return pdf.Error()
	})
	if err != nil {
		return err
	}
	if !started {
		start()
	}
	return pdf.Output(w)
}

// newPDF creates an A4 document with the embedded fonts loaded.
func newPDF(orientation string) *fpdf.Fpdf {
	pdf := fpdf.New(orientation, "mm", "A4", "")
	// The alias must be set before fonts are added so fpdf keeps digits in
	// the font subsets for the total page count.
	pdf.AliasNbPages("{nb}")
	pdf.AddUTF8FontFromBytes(fontLatin, "", fonts.DejaVuSans)
	pdf.AddUTF8FontFromBytes(fontLatin, "B", fonts.DejaVuSansBold)
	pdf.AddUTF8FontFromBytes(fontCJK, "", fonts.DroidSansFallback)
	pdf.SetMargins(pdfMargin, pdfMargin, pdfMargin)
	pdf.SetAutoPageBreak(false, pdfBottom) // rows are placed by hand
	return pdf
}

// pdfTable holds the state of one PDF rendering.
type pdfTable struct {
	pdf    *fpdf.Fpdf
	face   *sfnt.Font
	buf    sfnt.Buffer
	has    map[rune]bool // rune → DejaVu has a glyph
	widths map[widthKey]float64
	t      *Table
	colW   []float64
	y      float64
	pageH  float64
	pageW  float64
	// orientation is "P" or "L"; size is the table text's size in points.
	orientation string
	size        float64
}

type widthKey struct {
	r    rune
	bold bool
	size float64
}

// run is a stretch of text drawn with one font.
type run struct {
	cjk  bool
	text string
}

func lineHeight(size float64) float64 { return size * ptToMM * 1.3 }

// layout chooses the orientation, the text size and the column widths from the header and
// the sample rows:
//   - a column's minimum is its widest word (header in bold, cells in the body face; every
//     CJK character is a word of its own, as CJK text breaks between characters), so no
//     word is ever split across lines while the page can hold the minimums;
//   - its natural width is its longest line (at most pdfNaturalMax);
//   - landscape when there are more than pdfLandscapeCol columns or the natural widths do
//     not fit portrait; the text shrinks in half points down to pdfComfortSize while the
//     natural widths do not fit, and on down to pdfMinBodySize while the minimums do not;
//   - then every column gets its natural width and the room left over goes by the Width
//     weights; when the natural widths do not fit, each column gets its minimum and a
//     share of the rest in proportion to what it lacks. Only a table whose minimums exceed
//     the page even at the smallest size is squeezed below them.
func (p *pdfTable) layout(sample [][]string) {
	cols := p.t.Columns
	minW := make([]float64, len(cols)) // at pdfBodySize, without padding
	natW := make([]float64, len(cols))
	for i, c := range cols {
		minW[i] = p.widestWord(c.Header, true)
		natW[i] = min(p.widestLine(c.Header, true), pdfNaturalMax)
		for _, row := range sample {
			v := cell(row, i)
			if v == "" {
				continue
			}
			minW[i] = max(minW[i], p.widestWord(v, false))
			natW[i] = max(natW[i], min(p.widestLine(v, false), pdfNaturalMax))
		}
		natW[i] = max(natW[i], minW[i])
	}
	total := func(ws []float64, scale float64) float64 {
		var sum float64
		for _, w := range ws {
			sum += (w+2*pdfPad)*scale + pdfFitSlack
		}
		return sum
	}
	p.orientation = "P"
	p.pageW, p.pageH = a4Short, a4Long
	if len(cols) > pdfLandscapeCol || total(natW, 1) > a4Short-2*pdfMargin {
		p.orientation = "L"
		p.pageW, p.pageH = a4Long, a4Short
	}
	usable := p.pageW - 2*pdfMargin
	// First shrink a little (to pdfComfortSize) so that every cell keeps to one line, then
	// as far as needed (to pdfMinBodySize) so that every word fits.
	p.size = pdfBodySize
	for p.size > pdfComfortSize && total(natW, p.size/pdfBodySize) > usable {
		p.size -= 0.5
	}
	for p.size > pdfMinBodySize && total(minW, p.size/pdfBodySize) > usable {
		p.size -= 0.5
	}
	scale := p.size / pdfBodySize
	lo := make([]float64, len(cols))
	hi := make([]float64, len(cols))
	for i := range cols {
		lo[i] = (minW[i]+2*pdfPad)*scale + pdfFitSlack
		hi[i] = (natW[i]+2*pdfPad)*scale + pdfFitSlack
	}
	sumLo, sumHi := total(minW, scale), total(natW, scale)
	p.colW = make([]float64, len(cols))
	switch {
	case sumHi <= usable:
		weights := columnWidths(*p.t)
		var wsum float64
		for i := range weights {
			weights[i] = min(max(weights[i], 4), 40)
			wsum += weights[i]
		}
		for i := range cols {
			p.colW[i] = hi[i] + (usable-sumHi)*weights[i]/wsum
		}
	case sumLo <= usable:
		for i := range cols {
			p.colW[i] = lo[i] + (hi[i]-lo[i])*(usable-sumLo)/(sumHi-sumLo)
		}
	default:
		for i := range cols {
			p.colW[i] = lo[i] * usable / sumLo
		}
	}
}

// pad is the cell padding at the table's text size.
func (p *pdfTable) pad() float64 { return pdfPad * p.size / pdfBodySize }

// widestWord is the width of s's widest unbreakable word at pdfBodySize. Words are
// separated by spaces and line breaks; a word with more than pdfCJKWord characters from the
// CJK font is running CJK text (a remark), which breaks between any two characters, so only
// its widest character counts. Short CJK words (a header such as 出席, a name) stay whole.
func (p *pdfTable) widestWord(s string, bold bool) float64 {
	var widest float64
	for _, word := range strings.Fields(basicPlane(s)) {
		var w, widestRune float64
		cjk := 0
		for _, r := range word {
			rw := p.runeWidth(r, bold, pdfBodySize)
			w += rw
			widestRune = max(widestRune, rw)
			if p.useCJK(r) {
				cjk++
			}
		}
		if cjk > pdfCJKWord {
			w = widestRune
		}
		widest = max(widest, w)
	}
	return widest
}

// widestLine is the width of s's longest line at pdfBodySize.
func (p *pdfTable) widestLine(s string, bold bool) float64 {
	var widest float64
	for _, l := range strings.Split(basicPlane(s), "\n") {
		widest = max(widest, p.textWidth(strings.TrimSpace(l), bold, pdfBodySize))
	}
	return widest
}

func (p *pdfTable) latinHas(r rune) bool {
	v, ok := p.has[r]
	if !ok {
		g, err := p.face.GlyphIndex(&p.buf, r)
		v = err == nil && g != 0
		p.has[r] = v
	}
	return v
}

// setFont selects the face for a run; the CJK font has no bold face.
func (p *pdfTable) setFont(cjk, bold bool, size float64) {
	switch {
	case cjk:
		p.pdf.SetFont(fontCJK, "", size)
	case bold:
		p.pdf.SetFont(fontLatin, "B", size)
	default:
		p.pdf.SetFont(fontLatin, "", size)
	}
}

// useCJK reports whether r must come from the fallback font. Whitespace
// and runes neither font has stay with DejaVu.
func (p *pdfTable) useCJK(r rune) bool {
	return !p.latinHas(r) && r > 0x7f
}

func (p *pdfTable) runeWidth(r rune, bold bool, size float64) float64 {
	k := widthKey{r, bold, size}
	w, ok := p.widths[k]
	if !ok {
		p.setFont(p.useCJK(r), bold, size)
		w = p.pdf.GetStringWidth(string(r))
		p.widths[k] = w
	}
	return w
}

func (p *pdfTable) textWidth(s string, bold bool, size float64) float64 {
	var w float64
	for _, r := range s {
		w += p.runeWidth(r, bold, size)
	}
	return w
}

// runs splits s into maximal stretches that use the same font.
func (p *pdfTable) runs(s string) []run {
	var out []run
	start := 0
	cur := false
	for i, r := range s {
		c := p.useCJK(r)
		if i > start && c != cur {
			out = append(out, run{cur, s[start:i]})
			start = i
		}
		cur = c
	}
	if start < len(s) {
		out = append(out, run{cur, s[start:]})
	}
	return out
}

// basicPlane replaces the characters fpdf cannot measure or embed, those past U+FFFF (emoji,
// rare CJK), by U+FFFD: its width tables stop there, and such a name made every report of
// the organisation panic.
func basicPlane(s string) string {
	for _, r := range s {
		if r > 0xFFFF {
			return strings.Map(func(r rune) rune {
				if r > 0xFFFF {
					return '\uFFFD'
				}
				return r
			}, s)
		}
	}
	return s
}

// drawText draws one line with its baseline at y, switching fonts per run.
func (p *pdfTable) drawText(x, y float64, s string, bold bool, size float64) {
	s = basicPlane(s)
	for _, rn := range p.runs(s) {
		p.setFont(rn.cjk, bold, size)
		p.pdf.Text(x, y, rn.text)
		x += p.textWidth(rn.text, bold, size)
	}
}

// wrap breaks s into lines no wider than width: at spaces where possible,
// anywhere otherwise (CJK text has no spaces). Explicit newlines are kept.
// With more than maxLines lines, the last kept line ends in "…".
func (p *pdfTable) wrap(s string, width float64, bold bool, size float64, maxLines int) []string {
	s = basicPlane(s)
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\t", " ")
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		rs := []rune(strings.TrimRight(para, " "))
		start, lastSpace := 0, -1
		var w float64
		for i := 0; i < len(rs); i++ {
			rw := p.runeWidth(rs[i], bold, size)
			if rs[i] == ' ' {
				lastSpace = i
			}
			if w+rw <= width || i == start {
				w += rw
				continue
			}
			end, next := i, i
			if lastSpace > start {
				end, next = lastSpace, lastSpace+1
			}
			lines = append(lines, strings.TrimRight(string(rs[start:end]), " "))
			for next < len(rs) && rs[next] == ' ' {
				next++
			}
			start, lastSpace, w = next, -1, 0
			i = next - 1
		}
		lines = append(lines, string(rs[start:]))
		if len(lines) > maxLines {
			break
		}
	}
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		last := []rune(lines[maxLines-1])
		ew := p.textWidth(ellipsis, bold, size)
		for len(last) > 0 && p.textWidth(string(last), bold, size)+ew > width {
			last = last[:len(last)-1]
		}
		lines[maxLines-1] = strings.TrimRight(string(last), " ") + ellipsis
	}
	return lines
}

// newPage starts a page: the title block on the first page, then the
// header row (repeated on every page).
func (p *pdfTable) newPage() {
	p.pdf.AddPageFormat(p.orientation, fpdf.SizeType{Wd: a4Short, Ht: a4Long})
	p.y = pdfMargin
	usable := p.pageW - 2*pdfMargin
	if p.pdf.PageNo() == 1 {
		block := func(s string, bold bool, size float64, gray int) {
			if s == "" {
				return
			}
			p.pdf.SetTextColor(gray, gray, gray)
			lh := lineHeight(size)
			for _, l := range p.wrap(s, usable, bold, size, 3) {
				p.drawText(pdfMargin, p.y+size*ptToMM, l, bold, size)
				p.y += lh
			}
		}
		block(p.t.Title, true, pdfTitleSize, 0)
		block(p.t.Subtitle, false, pdfSubSize, 60)
		block(p.t.generatedLine(), false, pdfMetaSize, 110)
		p.pdf.SetTextColor(0, 0, 0)
		if p.y > pdfMargin {
			p.y += 3
		}
	}
	head := make([]string, len(p.t.Columns))
	for i, c := range p.t.Columns {
		head[i] = c.Header
	}
	p.drawCells(head, true)
}

// drawRow draws a data row, first moving to a new page if it won't fit.
func (p *pdfTable) drawRow(row []string) {
	cells := make([]string, len(p.colW))
	for i := range cells {
		cells[i] = cell(row, i)
	}
	if p.y+p.rowHeight(cells, false) > p.pageH-pdfBottom {
		p.newPage()
	}
	p.drawCells(cells, false)
}

func (p *pdfTable) rowHeight(cells []string, header bool) float64 {
	h, _ := p.layoutRow(cells, header)
	return h
}

func (p *pdfTable) layoutRow(cells []string, header bool) (float64, [][]string) {
	maxLines := pdfMaxCellLines
	if header {
		maxLines = pdfMaxHeadLines
	}
	wrapped := make([][]string, len(cells))
	n := 1
	for i, c := range cells {
		wrapped[i] = p.wrap(c, p.colW[i]-2*p.pad(), header, p.size, maxLines)
		n = max(n, len(wrapped[i]))
	}
	return float64(n)*lineHeight(p.size) + 2*p.pad(), wrapped
}

func (p *pdfTable) drawCells(cells []string, header bool) {
	h, wrapped := p.layoutRow(cells, header)
	p.pdf.SetLineWidth(0.2)
	p.pdf.SetDrawColor(150, 150, 150)
	style := "D"
	if header {
		p.pdf.SetFillColor(231, 230, 230)
		style = "FD"
	}
	x := pdfMargin
	lh := lineHeight(p.size)
	for i, lines := range wrapped {
		p.pdf.Rect(x, p.y, p.colW[i], h, style)
		for j, l := range lines {
			// baseline: top padding + line offset + ascent (~0.8 em)
			base := p.y + p.pad() + float64(j)*lh + p.size*ptToMM*0.95
			p.drawText(x+p.pad(), base, l, header, p.size)
		}
		x += p.colW[i]
	}
	p.y += h
}

// footer prints the report title (left) and "n / total" (right).
func (p *pdfTable) footer() {
	y := p.pageH - pdfMargin + 2
	p.pdf.SetTextColor(110, 110, 110)
	usable := p.pageW - 2*pdfMargin
	if p.t.Title != "" {
		l := p.wrap(p.t.Title, usable*0.7, false, pdfMetaSize, 1)
		p.drawText(pdfMargin, y, l[0], false, pdfMetaSize)
	}
	num := fmt.Sprintf("%d / {nb}", p.pdf.PageNo())
	// Estimate the width with the widest plausible total so the text stays
	// inside the right margin whatever {nb} becomes.
	est := p.textWidth(fmt.Sprintf("%d / %d", p.pdf.PageNo(), max(p.pdf.PageNo()*10, 100)), false, pdfMetaSize)
	p.pdf.SetFont(fontLatin, "", pdfMetaSize)
	p.pdf.Text(p.pageW-pdfMargin-est, y, num)
	p.pdf.SetTextColor(0, 0, 0)
}
