package export

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// Issue 17: a PDF declares its language in the catalog and its title in the info
// dictionary, so that a screen reader reads it in the right voice and names it.
func TestWritePDFDeclaresLanguageAndTitle(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{{"", "en"}, {"ms", "ms"}, {"zh", "zh"}} {
		tbl := sampleTable()
		tbl.Title = "Laporan 出席 " + tc.want
		tbl.Lang = tc.lang
		var buf bytes.Buffer
		if err := WritePDF(&buf, tbl); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(buf.Bytes(), []byte("/Lang ("+tc.want+")")) {
			t.Errorf("lang %q: no /Lang (%s) in the catalog", tc.lang, tc.want)
		}
		if !bytes.Contains(buf.Bytes(), []byte("/Title ")) {
			t.Errorf("lang %q: no /Title in the info dictionary", tc.lang)
		}
		bin, err := exec.LookPath("pdfinfo")
		if err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal("pdfinfo not installed (apt-get install poppler-utils)")
			}
			continue
		}
		path := filepath.Join(t.TempDir(), "r.pdf")
		if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, "-enc", "UTF-8", path).CombinedOutput()
		if err != nil {
			t.Fatalf("pdfinfo: %v\n%s", err, out)
		}
		if !strings.Contains(string(out), "Title:") || !strings.Contains(string(out), tbl.Title) {
			t.Errorf("pdfinfo does not read the title %q:\n%s", tbl.Title, out)
		}
	}
}

func TestLanguageTag(t *testing.T) {
	for code, want := range map[string]string{"en": "en", "ms": "ms", "ch": "zh", "jp": "ja", "es": "es", "de": "de", "fr": "fr", "": "en", "xx": "en"} {
		if got := LanguageTag(code); got != want {
			t.Errorf("LanguageTag(%q) = %q, want %q", code, got, want)
		}
	}
}

// Issue 17: an XLSX keeps its header row in view (a frozen pane below it), names the header
// cells "Header" and repeats the header row on every printed page.
func TestWriteXLSXHeaderFrozenAndNamed(t *testing.T) {
	for _, tc := range []struct {
		omit      bool
		headerRow string
	}{{false, "4"}, {true, "1"}} {
		tbl := sampleTable()
		tbl.Title = "Guru's report"
		tbl.OmitTitleRows = tc.omit
		var buf bytes.Buffer
		if err := WriteXLSX(&buf, tbl); err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		sheet := f.GetSheetName(0)
		panes, err := f.GetPanes(sheet)
		if err != nil {
			t.Fatal(err)
		}
		if !panes.Freeze || panes.YSplit == 0 || panes.TopLeftCell != "A"+string(rune('0'+int(tc.headerRow[0]-'0')+1)) {
			t.Errorf("omit=%v: panes %+v, want frozen below row %s", tc.omit, panes, tc.headerRow)
		}
		names := map[string]string{}
		for _, n := range f.GetDefinedName() {
			names[n.Name] = n.RefersTo
		}
		quoted := "'" + strings.ReplaceAll(sheet, "'", "''") + "'!"
		if got, want := names["Header"], quoted+"$A$"+tc.headerRow+":$D$"+tc.headerRow; got != want {
			t.Errorf("omit=%v: Header refers to %q, want %q (names %v)", tc.omit, got, want, names)
		}
		if got, want := names["_xlnm.Print_Titles"], quoted+"$"+tc.headerRow+":$"+tc.headerRow; got != want {
			t.Errorf("omit=%v: print titles %q, want %q", tc.omit, got, want)
		}
		// The named header row holds the column headers.
		rows, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		hr := int(tc.headerRow[0] - '1')
		if len(rows) <= hr || rows[hr][0] != "No" || rows[hr][1] != "Name" {
			t.Errorf("omit=%v: row %s is %v, not the header", tc.omit, tc.headerRow, rows)
		}
		f.Close()
		// And the workbook part is well-formed for Excel's order: sheets, then definedNames.
		zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatal(err)
		}
		for _, zf := range zr.File {
			if zf.Name != "xl/workbook.xml" {
				continue
			}
			rc, _ := zf.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			if i, j := bytes.Index(b, []byte("</sheets>")), bytes.Index(b, []byte("<definedNames>")); i < 0 || j < i {
				t.Errorf("definedNames must follow sheets: %s", b)
			}
		}
	}
}
