package export

import (
	"errors"
	"fmt"
	"hadir/internal/testmem"
	"io"
	"testing"
)

// source yields n rows and counts what it was asked for.
func source(n int, asked *int) RowSource {
	return func(yield func([]string) error) error {
		for i := range n {
			*asked = i + 1
			if err := yield([]string{fmt.Sprint(i + 1), fmt.Sprintf("T%05d", i), "Nurul Aisyah binti Abdullah 张伟 " + fmt.Sprint(i), "nurul" + fmt.Sprint(i) + "@school.test", "2026-01-05", "Member"}); err != nil {
				return err
			}
		}
		return nil
	}
}

var boundCols = []Column{{Header: "No.", Width: 6}, {Header: "Code", Width: 14}, {Header: "Name", Width: 34}, {Header: "E-mail", Width: 32}, {Header: "Join date", Width: 14}, {Header: "Account", Width: 16}}

// TestXLSXExportHeapBounded: 200,000 streamed rows keep the heap bounded: each row goes
// into the compressed sheet as it comes, so the heap holds buffers of fixed size (4 MB
// measured), where excelize's stream writer held up to 16 MB of sheet and then the
// compressed workbook.
func TestXLSXExportHeapBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 200,000 rows")
	}
	var asked int
	var err error
	peak := testmem.PeakHeap(func() {
		err = WriteXLSX(io.Discard, Table{Title: "Teachers", Columns: boundCols, Source: source(200_000, &asked)})
	})
	if err != nil || asked != 200_000 {
		t.Fatal(err, asked)
	}
	t.Logf("xlsx, 200,000 rows: heap peak %d MB", peak>>20)
	if peak > 16<<20 {
		t.Fatalf("xlsx of 200,000 rows: heap peak %d MB, want under 16 MB", peak>>20)
	}
}

// TestPDFExportBounded: a PDF stops at MaxPDFRows (the source is not read further), and the
// largest allowed PDF keeps the heap bounded.
func TestPDFExportBounded(t *testing.T) {
	var asked int
	err := WritePDF(io.Discard, Table{Title: "Teachers", Columns: boundCols, Source: source(1_000_000, &asked)})
	if !errors.Is(err, ErrTooManyPDFRows) || asked != MaxPDFRows+1 {
		t.Fatalf("err = %v after %d rows, want ErrTooManyPDFRows after %d", err, asked, MaxPDFRows+1)
	}
	if testing.Short() {
		return
	}
	peak := testmem.PeakHeap(func() {
		err = WritePDF(io.Discard, Table{Title: "Teachers", Columns: boundCols, Source: source(MaxPDFRows, &asked)})
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("pdf, %d rows: heap peak %d MB", MaxPDFRows, peak>>20)
	if peak > 160<<20 {
		t.Fatalf("pdf of %d rows: heap peak %d MB, want under 160 MB", MaxPDFRows, peak>>20)
	}
}
