package export

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

func TestWriteCSV(t *testing.T) {
	var buf bytes.Buffer
	tbl := Table{Title: "ignored", Columns: []Column{{Header: "Code"}, {Header: "Name, full"}, {Header: "=Total"}},
		Rows: [][]string{{"007", `Siti "Ani"`, "3"}, {"@x", "=HYPERLINK(\"http://evil\")", "-1+2"}, {"+60", "Line\nbreak", "Zoë 学"}}}
	if err := WriteCSV(&buf, tbl); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.HasPrefix(out, "\uFEFF") {
		t.Fatalf("no BOM: %q", out[:10])
	}
	if !strings.Contains(out, "\r\n") {
		t.Error("lines do not end with CRLF")
	}
	if !strings.HasPrefix(out, "\uFEFFCode,\"Name, full\",'=Total\r\n") {
		t.Errorf("header row: %q", out)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(out, "\uFEFF"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"Code", "Name, full", "'=Total"}, {"007", `Siti "Ani"`, "3"}, {"'@x", "'=HYPERLINK(\"http://evil\")", "'-1+2"}, {"'+60", "Line\nbreak", "Zoë 学"}}
	if len(recs) != len(want) {
		t.Fatalf("%d records: %q", len(recs), recs)
	}
	for i := range want {
		for j := range want[i] {
			if recs[i][j] != want[i][j] {
				t.Errorf("record %d cell %d: %q, want %q", i, j, recs[i][j], want[i][j])
			}
		}
	}
	if err := WriteCSV(&buf, Table{}); err != ErrNoColumns {
		t.Errorf("no columns: %v", err)
	}
}
