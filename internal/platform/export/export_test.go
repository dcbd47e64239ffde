package export

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

var multilingual = [][]string{
	{"1", "Zhang Wei 张伟", "Chinese", "Hadir"},
	{"2", "Tanaka 田中 さくら", "Japanese", "Hadir / 出席"},
	{"3", "Müller Straße", "German", "Anwesend"},
	{"4", "Aisyah binti Ahmad", "Malay", "Hadir"},
	{"5", "José Peña", "Spanish", "Presente"},
	{"6", "François Æ", "French", "Présent"},
}

func sampleTable() Table {
	return Table{
		Title:    "Teacher Monthly Report 2026-11",
		Subtitle: "Sekolah Kebangsaan Taman Melati — 学校",
		Columns: []Column{
			{Header: "No"}, {Header: "Name", Width: 30}, {Header: "Language"}, {Header: "Status"},
		},
		Rows:        multilingual,
		GeneratedAt: time.Date(2026, 11, 30, 14, 5, 0, 0, time.FixedZone("MYT", 8*3600)),
	}
}

func TestWriteXLSXRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	tbl := sampleTable()
	tbl.Rows = append(tbl.Rows, []string{"007", "=1+1", "short"}) // short row, formula-looking text
	if err := WriteXLSX(&buf, tbl); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) != 1 || sheets[0] != "Teacher Monthly Report 2026-11" {
		t.Fatalf("sheets = %q", sheets)
	}
	rows, err := f.GetRows(sheets[0])
	if err != nil {
		t.Fatal(err)
	}
	// title, subtitle, blank, header, data...
	if rows[0][0] != tbl.Title || rows[1][0] != tbl.Subtitle {
		t.Fatalf("title rows = %q", rows[:2])
	}
	if got := strings.Join(rows[3], "|"); got != "No|Name|Language|Status" {
		t.Fatalf("header = %q", got)
	}
	for i, want := range tbl.Rows {
		got := rows[4+i]
		for j := range want {
			if got[j] != want[j] {
				t.Errorf("row %d col %d = %q, want %q", i, j, got[j], want[j])
			}
		}
	}
	// formula-looking text must stay text
	if fm, _ := f.GetCellFormula(sheets[0], "B11"); fm != "" {
		t.Errorf("B11 has formula %q", fm)
	}
	styleID, err := f.GetCellStyle(sheets[0], "B4")
	if err != nil {
		t.Fatal(err)
	}
	st, err := f.GetStyle(styleID)
	if err != nil {
		t.Fatal(err)
	}
	if st.Font == nil || !st.Font.Bold {
		t.Errorf("header cell B4 not bold: %+v", st.Font)
	}
	dataStyle, _ := f.GetCellStyle(sheets[0], "B5")
	if ds, _ := f.GetStyle(dataStyle); ds != nil && ds.Font != nil && ds.Font.Bold {
		t.Errorf("data cell B5 is bold")
	}
	if w, _ := f.GetColWidth(sheets[0], "B"); w != 30 {
		t.Errorf("column B width = %v, want 30", w)
	}
}

func TestWriteXLSXOmitTitleRows(t *testing.T) {
	var buf bytes.Buffer
	tbl := sampleTable()
	tbl.OmitTitleRows = true
	if err := WriteXLSX(&buf, tbl); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, _ := f.GetRows(f.GetSheetList()[0])
	if rows[0][0] != "No" || rows[1][1] != "Zhang Wei 张伟" {
		t.Fatalf("rows = %q", rows[:2])
	}
}

func TestWriteXLSXStream50k(t *testing.T) {
	const n = 50_000
	tbl := Table{
		Title:   "Attendance",
		Columns: []Column{{Header: "ID"}, {Header: "Name"}, {Header: "Date"}, {Header: "Status"}},
		Source: func(yield func([]string) error) error {
			for i := range n {
				if err := yield([]string{fmt.Sprint(i), "Student 学生 " + fmt.Sprint(i), "2026-11-30", "present"}); err != nil {
					return err
				}
			}
			return nil
		},
	}
	path := filepath.Join(t.TempDir(), "big.xlsx")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteXLSX(out, tbl); err != nil {
		t.Fatal(err)
	}
	out.Close()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	last, _ := f.GetCellValue("Attendance", fmt.Sprintf("B%d", n+3)) // title, blank, header
	if last != "Student 学生 49999" {
		t.Fatalf("last row = %q", last)
	}
}

func TestWriteXLSXSourceError(t *testing.T) {
	boom := fmt.Errorf("db gone")
	tbl := Table{Columns: []Column{{Header: "A"}}, Source: func(yield func([]string) error) error {
		_ = yield([]string{"x"})
		return boom
	}}
	if err := WriteXLSX(&bytes.Buffer{}, tbl); err != boom {
		t.Fatalf("err = %v, want %v", err, boom)
	}
	if err := WriteXLSX(&bytes.Buffer{}, Table{}); err != ErrNoColumns {
		t.Fatalf("err = %v", err)
	}
}

func TestSheetName(t *testing.T) {
	cases := map[string]string{
		"":                          "Sheet1",
		"Report: 2026/11 [draft]?*": "Report 202611 draft",
		"'quoted'":                  "quoted",
		"History":                   "History_",
		"A very long attendance report title that goes on": "A very long attendance report t",
		"出席报告出席报告出席报告出席报告出席报告出席报告出席报告出席报告":                 "出席报告出席报告出席报告出席报告出席报告出席报告出席报告出席报",
	}
	for in, want := range cases {
		got := SheetName(in)
		if got != want {
			t.Errorf("SheetName(%q) = %q, want %q", in, got, want)
		}
		f := excelize.NewFile()
		if err := f.SetSheetName("Sheet1", got); err != nil || f.GetSheetName(0) != got {
			t.Errorf("excelize rejects %q: %v", got, err)
		}
		f.Close()
	}
}

func TestContentDisposition(t *testing.T) {
	cases := map[string]string{
		"Teacher Monthly Report 2026-11.xlsx": `attachment; filename="Teacher Monthly Report 2026-11.xlsx"; filename*=UTF-8''Teacher%20Monthly%20Report%202026-11.xlsx`,
		"Laporan Müller 张伟.pdf":               `attachment; filename="Laporan Muller __.pdf"; filename*=UTF-8''Laporan%20M%C3%BCller%20%E5%BC%A0%E4%BC%9F.pdf`,
		`../../etc/"pass"wd`:                  `attachment; filename="passwd"; filename*=UTF-8''passwd`,
		"a\r\nb%.csv":                         `attachment; filename="ab_.csv"; filename*=UTF-8''ab%25.csv`,
		"":                                    `attachment; filename="download"; filename*=UTF-8''download`,
	}
	for in, want := range cases {
		if got := ContentDisposition(in); got != want {
			t.Errorf("ContentDisposition(%q)\n got %s\nwant %s", in, got, want)
		}
	}
}
