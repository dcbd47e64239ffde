package export

import (
	"bytes"
	"testing"
)

// TestCharactersPastBMP: an emoji or a rare CJK character in a name (past U+FFFF) made the
// PDF writer panic ("index out of range [65536]"), so every report of the organisation
// answered 500. They are drawn as U+FFFD in PDF and kept in XLSX.
func TestCharactersPastBMP(t *testing.T) {
	tab := Table{Title: "People 😀", Subtitle: "𠀋 school", Columns: []Column{{Header: "Name 😀"}, {Header: "Code"}},
		Rows: [][]string{{"Ann 😀😀😀", "𝔸1"}, {"\xff\xfe", "ok"}}}
	var buf bytes.Buffer
	if err := WritePDF(&buf, tab); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
		t.Fatalf("not a PDF")
	}
	buf.Reset()
	if err := WriteXLSX(&buf, tab); err != nil {
		t.Fatal(err)
	}
	if buf.Len() == 0 {
		t.Fatal("empty xlsx")
	}
	if got := basicPlane("a😀b"); got != "a\uFFFDb" {
		t.Errorf("basicPlane = %q", got)
	}
}
