package tabular

import (
	"archive/zip"
	"bytes"
	"errors"
	"hadir/internal/testmem"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// allocated is the bytes f allocated in all (freed or not).
func allocated(f func()) uint64 {
	runtime.GC()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// validWorkbook is a real one-sheet workbook (header and one row), as parts.
func validWorkbook(t *testing.T) *zip.Reader {
	t.Helper()
	f := excelize.NewFile()
	f.SetSheetRow("Sheet1", "A1", &[]string{"code", "first_name"})
	f.SetSheetRow("Sheet1", "A2", &[]string{"T1", "Ali"})
	b, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		t.Fatal(err)
	}
	return zr
}

// bombXLSX is a real workbook whose part name is replaced by size bytes of XML that
// deflates to almost nothing.
func bombXLSX(t *testing.T, part string, size int, fill func(w io.Writer, size int)) []byte {
	t.Helper()
	src := validWorkbook(t)
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	seen := false
	for _, f := range src.File {
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == part {
			seen = true
			fill(w, size)
			continue
		}
		r, _ := f.Open()
		io.Copy(w, r)
		r.Close()
	}
	if !seen {
		w, _ := zw.Create(part)
		fill(w, size)
	}
	zw.Close()
	return out.Bytes()
}

// sharedStrings writes a sharedStrings part of about size bytes: one huge string.
func sharedStrings(w io.Writer, size int) {
	io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>`)
	chunk := bytes.Repeat([]byte("A"), 1<<20)
	for n := 0; n < size; n += len(chunk) {
		w.Write(chunk)
	}
	io.WriteString(w, `</t></si></sst>`)
}

// TestXLSXZipBombRefusedCheaply: a ~70 KB upload whose shared strings inflate to 64 MB
// is refused from the ZIP directory, without inflating it.
func TestXLSXZipBombRefusedCheaply(t *testing.T) {
	bomb := bombXLSX(t, "xl/sharedStrings.xml", 64<<20, sharedStrings)
	if len(bomb) > 1<<20 {
		t.Fatalf("bomb is %d bytes", len(bomb))
	}
	var err error
	n := allocated(func() { _, _, err = Read(bytes.NewReader(bomb), "bomb.xlsx", 5000) })
	if !errors.Is(err, ErrUnzippedTooLarge) {
		t.Fatalf("err = %v, want ErrUnzippedTooLarge", err)
	}
	if n > 4<<20 {
		t.Fatalf("refusing the bomb allocated %d bytes, want under 4 MB", n)
	}
	// Many parts, each under the part bound, still exceed the total.
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for i := 0; i < 5; i++ {
		w, _ := zw.Create("xl/media/filler" + strings.Repeat("x", i) + ".xml")
		sharedStrings(w, MaxPartBytes-(1<<20))
	}
	zw.Close()
	if _, _, err := Read(bytes.NewReader(out.Bytes()), "many.xlsx", 5000); !errors.Is(err, ErrUnzippedTooLarge) {
		t.Fatalf("total: err = %v", err)
	}
}

// TestXLSXPartUnderBoundStaysBounded: a shared-strings part just under MaxPartBytes is
// parsed, and the heap it takes stays within a few times the part bound.
func TestXLSXPartUnderBoundStaysBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 7 MB of XML")
	}
	big := bombXLSX(t, "xl/sharedStrings.xml", MaxPartBytes-(1<<20), sharedStrings)
	var err error
	peak := testmem.PeakHeap(func() { _, _, err = Read(bytes.NewReader(big), "big.xlsx", 5000) })
	if err != nil {
		t.Fatal(err)
	}
	if peak > 8*MaxPartBytes {
		t.Fatalf("a %d-byte part took a heap peak of %d bytes", MaxPartBytes, peak)
	}
	t.Logf("peak heap %d MB for a %d MB part", peak>>20, MaxPartBytes>>20)
}

// TestWideRowsRefused: a cell at column XFD (16384) or a CSV line of commas would keep
// thousands of strings per row; both are refused.
func TestWideRowsRefused(t *testing.T) {
	f := excelize.NewFile()
	f.SetSheetRow("Sheet1", "A1", &[]string{"code", "first_name"})
	for r := 2; r <= 20; r++ {
		cell, _ := excelize.CoordinatesToCellName(16384, r)
		f.SetCellValue("Sheet1", cell, "x")
	}
	b, _ := f.WriteToBuffer()
	if _, _, err := Read(bytes.NewReader(b.Bytes()), "wide.xlsx", 5000); !errors.Is(err, ErrTooManyColumns) {
		t.Fatalf("xlsx: err = %v, want ErrTooManyColumns", err)
	}
	csv := "code,first_name\n" + strings.Repeat(",", 4<<20) + "x\n"
	var err error
	n := allocated(func() { _, _, err = Read(strings.NewReader(csv), "wide.csv", 5000) })
	if !errors.Is(err, ErrTooManyColumns) {
		t.Fatalf("csv: err = %v, want ErrTooManyColumns", err)
	}
	if n > 24<<20 {
		t.Fatalf("refusing a 4 MB line of commas allocated %d bytes", n)
	}
	// Trailing empty cells (common in hand-made sheets) are dropped, not counted.
	ok := "code,first_name\nT1,Ali" + strings.Repeat(",", 600) + "\n"
	_, rows, err := Read(strings.NewReader(ok), "ok.csv", 5000)
	if err != nil || len(rows) != 1 || len(rows[0].Cells) != 2 {
		t.Fatalf("%v %v", rows, err)
	}
}
