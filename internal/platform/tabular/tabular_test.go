package tabular

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestReadCSVWithBOMAndSemicolons(t *testing.T) {
	in := "\uFEFFFull Name;E-mail;Phone\r\n" +
		"José Peña ; jose@example.com;012-345 6789\r\n" +
		"\r\n" +
		";;\r\n" +
		"\"Tanaka; 田中\";tanaka@example.jp\r\n" +
		"\"Müller\nStraße\";m@example.de;\"0123\"\r\n" +
		"Aisyah binti Ahmad;aisyah@example.my;;extra\r\n"
	header, rows, err := Read(strings.NewReader(in), "guru.csv", 10)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(header, []string{"Full Name", "E-mail", "Phone"}) {
		t.Fatalf("header = %q", header)
	}
	want := []Row{
		{2, []string{"José Peña", "jose@example.com", "012-345 6789"}},
		{5, []string{"Tanaka; 田中", "tanaka@example.jp", ""}},
		{6, []string{"Müller\nStraße", "m@example.de", "0123"}},
		{8, []string{"Aisyah binti Ahmad", "aisyah@example.my", "", "extra"}},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("rows =\n%+v\nwant\n%+v", rows, want)
	}
	if rows[1].Get(2) != "" || rows[1].Get(99) != "" || rows[3].Get(3) != "extra" {
		t.Error("Row.Get")
	}
}

func TestReadCSVCommaAndTab(t *testing.T) {
	for name, in := range map[string]string{
		"comma":         "name,\"note; with semicolons; inside\"\nAli,x;y\n",
		"tab":           "name\tnote\nAli\tx;y\n",
		"leading blank": "\n\n  \nname,note\nAli,x;y\n",
	} {
		h, rows, err := Read(strings.NewReader(in), "x.csv", 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(h) != 2 || h[0] != "name" || len(rows) != 1 || rows[0].Get(0) != "Ali" || rows[0].Get(1) != "x;y" {
			t.Errorf("%s: header %q rows %+v", name, h, rows)
		}
	}
}

func TestReadUTF16(t *testing.T) {
	s := "name\tkelas\nZhang Wei 张伟\t5A\n"
	b := []byte{0xFF, 0xFE}
	for _, r := range s { // BMP only in this sample
		b = append(b, byte(r), byte(r>>8))
	}
	h, rows, err := Read(bytes.NewReader(b), "export.txt", 0)
	if err != nil {
		t.Fatal(err)
	}
	if h[1] != "kelas" || rows[0].Get(0) != "Zhang Wei 张伟" {
		t.Fatalf("header %q rows %+v", h, rows)
	}
}

func TestReadXLSX(t *testing.T) {
	f := excelize.NewFile()
	sheet := "Guru"
	f.SetSheetName("Sheet1", sheet)
	set := func(cell string, v any) {
		if err := f.SetCellValue(sheet, cell, v); err != nil {
			t.Fatal(err)
		}
	}
	// Row 1 blank, header on row 2, blank row 4, data on 3 and 5.
	set("A2", " Name ")
	set("B2", "Staff No")
	set("C2", "Joined")
	set("A3", "Zhang Wei 张伟")
	set("B3", "007")
	set("C3", 2026)
	set("A5", "François Æ")
	set("B5", "")
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	// The file name lies: content decides.
	h, rows, err := Read(&buf, "teachers.csv", 5)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h, []string{"Name", "Staff No", "Joined"}) {
		t.Fatalf("header = %q", h)
	}
	want := []Row{
		{3, []string{"Zhang Wei 张伟", "007", "2026"}},
		{5, []string{"François Æ", "", ""}},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("rows = %+v, want %+v", rows, want)
	}
}

func TestTooManyRows(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("a,b\n")
	for i := range 11 {
		fmt.Fprintf(&sb, "%d,x\n", i)
	}
	if _, _, err := Read(strings.NewReader(sb.String()), "a.csv", 10); !errors.Is(err, ErrTooManyRows) {
		t.Fatalf("err = %v, want ErrTooManyRows", err)
	}
	if _, rows, err := Read(strings.NewReader(sb.String()), "a.csv", 11); err != nil || len(rows) != 11 {
		t.Fatalf("at the limit: %v, %d rows", err, len(rows))
	}

	f := excelize.NewFile()
	for i := 1; i <= 5; i++ {
		f.SetCellValue("Sheet1", fmt.Sprintf("A%d", i), i)
	}
	var buf bytes.Buffer
	f.Write(&buf)
	if _, _, err := Read(&buf, "a.xlsx", 3); !errors.Is(err, ErrTooManyRows) {
		t.Fatalf("xlsx: err = %v, want ErrTooManyRows", err)
	}
}

func TestUnreadableAndEmpty(t *testing.T) {
	cases := map[string][]byte{
		"latin1 csv":   []byte("name\nJos\xe9 Pe\xf1a\n"),
		"old xls":      append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 64)...),
		"zip not xlsx": []byte("PK\x03\x04garbage that is not a workbook"),
		"png":          []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
	}
	for name, b := range cases {
		if _, _, err := Read(bytes.NewReader(b), name, 0); !errors.Is(err, ErrUnreadable) {
			t.Errorf("%s: err = %v, want ErrUnreadable", name, err)
		}
	}
	for _, in := range []string{"", "\uFEFF", "\n\n ; ;\n;;\r\n"} {
		if _, _, err := Read(strings.NewReader(in), "e.csv", 0); !errors.Is(err, ErrEmpty) {
			t.Errorf("%q: err = %v, want ErrEmpty", in, err)
		}
	}
}

func TestNormalizeAndIndex(t *testing.T) {
	cases := map[string]string{
		"Full Name":          "full_name",
		"  E-mail ":          "e_mail",
		"No. Kad Pengenalan": "no_kad_pengenalan",
		"Staff_ID":           "staff_id",
		"Date – Start":       "date_start",
		"\uFEFFName":         "name",
		"姓名":                 "姓名",
		"Straße":             "straße",
	}
	for in, want := range cases {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
	idx := Index([]string{"Full Name", "E-mail", "full-name", ""})
	if idx["full_name"] != 0 || idx["e_mail"] != 1 || len(idx) != 2 {
		t.Errorf("Index = %v", idx)
	}
}
