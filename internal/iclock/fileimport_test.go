package iclock

import (
	"testing"
	"time"
)

// The file readers of the punch import: a terminal's attlog.dat (BOM, CRLF, blank lines,
// each bad line naming its field) and CSVs of other systems (header names, time forms).
func TestReadImportFiles(t *testing.T) {
	kl := time.FixedZone("+08", 8*3600)
	rows, err := readAttLog([]byte("\xEF\xBB\xBFE1\t2026-11-19 08:05:00\t1\t15\r\n\r\nE2\t19-11-2026\t0\nE3\t2026-11-19 08:06:00\tx\n\t2026-11-19 08:06:00\nlonely\n"), kl)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 || rows[0].line != 1 || rows[0].code != "E1" || rows[0].state != 1 || !rows[0].at.Equal(time.Date(2026, 11, 19, 0, 5, 0, 0, time.UTC)) || rows[0].err != nil {
		t.Fatalf("first row: %+v", rows[0])
	}
	for i, want := range []struct {
		line  int
		field string
	}{{3, "time"}, {4, "state"}, {5, "code"}, {6, "line"}} {
		r := rows[i+1]
		if r.err == nil || r.line != want.line || r.err.Field != want.field || r.err.Line != want.line {
			t.Fatalf("row %d: %+v %+v, want %+v", i+1, r, r.err, want)
		}
	}
	if _, err := readAttLog([]byte("E1\t\xff\n"), kl); err == nil {
		t.Fatal("a file that is not UTF-8 was read")
	}

	rows, err = readPunchCSV([]byte("PIN;DateTime;Status\nE1;2026-11-19 08:05;0\nE2;2026-11-19T08:06:30;1\nE3;2026-11-19T00:07:00Z;\nE4;8:00;\n"), "x.csv", kl)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[0].line != 2 || rows[0].at.Format(time.RFC3339) != "2026-11-19T08:05:00+08:00" || rows[1].state != 1 ||
		!rows[2].at.Equal(time.Date(2026, 11, 19, 0, 7, 0, 0, time.UTC)) || rows[3].err == nil || rows[3].err.Field != "time" {
		t.Fatalf("csv rows: %+v", rows)
	}
	if _, err := readPunchCSV([]byte("name,when\nx,y\n"), "x.csv", kl); err == nil {
		t.Fatal("a CSV without code and time was read")
	}
}
