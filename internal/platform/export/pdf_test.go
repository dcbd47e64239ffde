package export

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"golang.org/x/image/font/sfnt"

	"hadir/assets/fonts"
)

// pdftotext runs poppler's pdftotext when installed. Without it the text
// assertions are skipped locally, but CI (CI=true) must have it so the
// check cannot silently disappear there.
func pdftotext(t *testing.T, pdf []byte, extra ...string) (string, bool) {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext not installed (apt-get install poppler-utils)")
		}
		t.Log("pdftotext not installed; skipping text extraction checks")
		return "", false
	}
	path := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	args := append(append([]string{"-enc", "UTF-8"}, extra...), path, "-")
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out), true
}

// keep saves a generated file to $HADIR_KEEP_DIR, for looking at it.
func keep(t *testing.T, name string, data []byte) {
	if dir := os.Getenv("HADIR_KEEP_DIR"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Log(err)
		}
	}
}

func TestWritePDFMultilingual(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePDF(&buf, sampleTable()); err != nil {
		t.Fatal(err)
	}
	pdf := buf.Bytes()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf[len(pdf)-32:], []byte("%%EOF")) {
		t.Fatalf("not a PDF: %q...", pdf[:min(20, len(pdf))])
	}
	keep(t, "multilingual.pdf", pdf)
	text, ok := pdftotext(t, pdf)
	if !ok {
		return
	}
	norm := strings.Join(strings.Fields(text), " ")
	for _, row := range multilingual {
		if !strings.Contains(norm, row[1]) {
			t.Errorf("extracted text lacks %q:\n%s", row[1], text)
		}
	}
	for _, want := range []string{"Teacher Monthly Report 2026-11", "学校", "Generated: 2026-11-30 14:05 MYT"} {
		if !strings.Contains(norm, want) {
			t.Errorf("extracted text lacks %q:\n%s", want, text)
		}
	}
	if !regexp.MustCompile(`1 ?/ ?1`).MatchString(norm) {
		t.Errorf("no page number 1 / 1 in:\n%s", text)
	}
}

// The embedded fonts together must have a glyph for every letter of every
// UI language; this is what makes the PDF writer's fallback work.
func TestFontsCoverUILanguages(t *testing.T) {
	latin, err := sfnt.Parse(fonts.DejaVuSans)
	if err != nil {
		t.Fatal(err)
	}
	cjk, err := sfnt.Parse(fonts.DroidSansFallback)
	if err != nil {
		t.Fatal(err)
	}
	var b sfnt.Buffer
	sample := "Zhang Wei 张伟 Tanaka 田中 さくら カタカナ Müller Straße ÄÖÜ Aisyah binti Ahmad José Peña ¿¡ François Æ œ ç é è ê « » € 出席 欠席 请假 休暇"
	for _, r := range sample {
		if unicode.IsSpace(r) {
			continue
		}
		g1, _ := latin.GlyphIndex(&b, r)
		g2, _ := cjk.GlyphIndex(&b, r)
		if g1 == 0 && g2 == 0 {
			t.Errorf("no embedded font has %q (U+%04X)", r, r)
		}
	}
}

func TestWritePDFPagesAndLandscape(t *testing.T) {
	cols := make([]Column, 8)
	for i := range cols {
		cols[i] = Column{Header: fmt.Sprintf("Column %d", i+1)}
	}
	tbl := Table{
		Title:   "Attendance 出席",
		Columns: cols,
		Source: func(yield func([]string) error) error {
			for i := range 120 {
				// Longer than four lines even in a column as wide as the layout gives one line of text.
				row := []string{fmt.Sprint(i + 1), strings.Repeat("Nur Aisyah binti Abdullah 陈美玲 with a rather long name that must wrap inside its cell ", 3)}
				if err := yield(row); err != nil {
					return err
				}
			}
			return nil
		},
	}
	var buf bytes.Buffer
	if err := WritePDF(&buf, tbl); err != nil {
		t.Fatal(err)
	}
	keep(t, "pages.pdf", buf.Bytes())
	// A4 landscape MediaBox is 841.89 x 595.28 pt.
	if !regexp.MustCompile(`/MediaBox \[0 0 841\.89 595\.28\]`).Match(buf.Bytes()) {
		t.Errorf("expected landscape A4 MediaBox")
	}
	text, ok := pdftotext(t, buf.Bytes(), "-layout")
	if !ok {
		return
	}
	pages := strings.Split(strings.TrimRight(text, "\f"), "\f")
	if len(pages) < 3 {
		t.Fatalf("expected several pages, got %d", len(pages))
	}
	for i, pg := range pages {
		if !strings.Contains(pg, "Column 8") {
			t.Errorf("page %d lacks the repeated header", i+1)
		}
		if want := fmt.Sprintf(`%d ?/ ?%d\s*$`, i+1, len(pages)); !regexp.MustCompile(want).MatchString(pg) {
			t.Errorf("page %d lacks page number %q", i+1, want)
		}
	}
	if !strings.Contains(text, "…") {
		t.Errorf("long cell text was not cut with an ellipsis")
	}
}

func TestWritePDFPortraitAndEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePDF(&buf, Table{Columns: []Column{{Header: "Only"}}}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(buf.Bytes(), []byte("/MediaBox [0 0 595.28 841.89]")) {
		t.Errorf("expected portrait A4")
	}
	if err := WritePDF(&buf, Table{}); err != ErrNoColumns {
		t.Errorf("err = %v", err)
	}
}

func TestWrap(t *testing.T) {
	face, err := latinFace()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	_ = WritePDF(&buf, Table{Columns: []Column{{Header: "x"}}}) // fonts load
	p := newTestPDFTable(t, face)
	w := p.textWidth("Aisyah binti", false, pdfBodySize) + 0.1
	got := p.wrap("Aisyah binti Ahmad", w, false, pdfBodySize, 5)
	if strings.Join(got, "|") != "Aisyah binti|Ahmad" {
		t.Errorf("wrap = %q", got)
	}
	cjk := p.wrap("田中さくら田中さくら", p.textWidth("田中さ", false, pdfBodySize)+0.1, false, pdfBodySize, 5)
	if strings.Join(cjk, "|") != "田中さ|くら田|中さく|ら" {
		t.Errorf("cjk wrap = %q", cjk)
	}
	cut := p.wrap("one two three four five", p.textWidth("three", false, pdfBodySize)+0.1, false, pdfBodySize, 2)
	if len(cut) != 2 || !strings.HasSuffix(cut[1], "…") {
		t.Errorf("cut = %q", cut)
	}
	for _, l := range cut {
		if p.textWidth(l, false, pdfBodySize) > p.textWidth("three", false, pdfBodySize)+0.1 {
			t.Errorf("line %q too wide", l)
		}
	}
}

func newTestPDFTable(t *testing.T, face *sfnt.Font) *pdfTable {
	t.Helper()
	tbl := Table{Columns: []Column{{Header: "x"}}, GeneratedAt: time.Now()}
	pdf := newPDF("P")
	if err := pdf.Error(); err != nil {
		t.Fatal(err)
	}
	return &pdfTable{pdf: pdf, face: face, has: map[rune]bool{}, widths: map[widthKey]float64{}, t: &tbl}
}
