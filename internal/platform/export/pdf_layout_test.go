package export

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// monthGrid is a monthly attendance grid as the attendance export builds it: code, name, a
// narrow column per day headed "01"…"31", then the totals with one-word headers.
func monthGrid(totals []string, names []string) Table {
	cols := []Column{{Header: "Code", Width: 10}, {Header: "Name", Width: 26}}
	for d := 1; d <= 31; d++ {
		cols = append(cols, Column{Header: fmt.Sprintf("%02d", d), Width: 4})
	}
	for _, h := range totals {
		cols = append(cols, Column{Header: h, Width: 8})
	}
	marks := []string{"P", "P+", "A", "L", "W", "H", "O"}
	var rows [][]string
	for i := range 45 {
		row := []string{fmt.Sprintf("T%03d", i+1), names[i%len(names)]}
		for d := range 31 {
			row = append(row, marks[(i+d)%len(marks)])
		}
		for range totals {
			row = append(row, fmt.Sprint(10+i%13))
		}
		rows = append(rows, row)
	}
	return Table{Title: "Monthly 2026-11", Columns: cols, Rows: rows}
}

// TestWritePDFWordsNeverBreak: in a 40-column monthly grid, every header word and every day
// number comes out of pdftotext whole ("Present", not "Pres"+"ent"; "01", not "0"+"1"), in
// English and in Chinese, on an A4 landscape page.
func TestWritePDFWordsNeverBreak(t *testing.T) {
	cases := []struct {
		name   string
		totals []string
		names  []string
	}{
		{"en", []string{"Present", "Absent", "Leave", "Away", "Holiday", "Off-day", "Late"}, []string{"Nurul Huda binti Ibrahim", "Lucía Fernández", "Priya a/p Subramaniam"}},
		{"de", []string{"Anwesend", "Abwesend", "Urlaub", "Abwesenheit", "Feiertag", "Frei", "Verspätet"}, []string{"Nurul Huda binti Ibrahim", "Jürgen Müller-Lüdenscheidt"}},
		{"zh", []string{"出席", "缺席", "请假", "外出", "假日", "休息日", "迟到"}, []string{"陈美玲", "张伟", "Mei Ling 美玲 Lim"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WritePDF(&buf, monthGrid(c.totals, c.names)); err != nil {
				t.Fatal(err)
			}
			keep(t, "grid-"+c.name+".pdf", buf.Bytes())
			if !regexp.MustCompile(`/MediaBox \[0 0 841\.89 595\.28\]`).Match(buf.Bytes()) {
				t.Errorf("a 40-column grid is not on a landscape page")
			}
			text, ok := pdftotext(t, buf.Bytes(), "-layout")
			if !ok {
				return
			}
			page := strings.Split(text, "\f")[0]
			// The header row is the line that holds the first day number.
			var header []string
			for _, line := range strings.Split(page, "\n") {
				if f := strings.Fields(line); len(f) > 30 && f[0] == "Code" {
					header = f
					break
				}
			}
			if header == nil {
				t.Fatalf("no single header line with every column in:\n%s", page)
			}
			want := []string{"Code", "Name"}
			for d := 1; d <= 31; d++ {
				want = append(want, fmt.Sprintf("%02d", d))
			}
			want = append(want, c.totals...)
			if strings.Join(header, " ") != strings.Join(want, " ") {
				t.Errorf("header line\n got %q\nwant %q", header, want)
			}
			for _, n := range c.names {
				for _, word := range strings.Fields(n) {
					if !strings.Contains(page, word) {
						t.Errorf("name word %q is not whole in:\n%s", word, page)
					}
				}
			}
		})
	}
}

// TestLayoutFollowsContent: a short table stays portrait with its columns as wide as their
// text, and a column is never narrower than its widest word.
func TestLayoutFollowsContent(t *testing.T) {
	face, err := latinFace()
	if err != nil {
		t.Fatal(err)
	}
	p := newTestPDFTable(t, face)
	p.t = &Table{Columns: []Column{{Header: "No."}, {Header: "Name"}, {Header: "Status"}}}
	sample := [][]string{{"1", "Nurul Huda binti Ibrahim", "Present"}, {"2", "Bartholomew-Fitzgerald Smith", "Absent"}}
	p.layout(sample)
	if p.orientation != "P" || p.size != pdfBodySize {
		t.Errorf("orientation %s, size %.1f; want portrait at %.1f", p.orientation, p.size, pdfBodySize)
	}
	for i, c := range p.t.Columns {
		need := p.widestWord(c.Header, true)
		for _, row := range sample {
			need = max(need, p.widestWord(row[i], false))
		}
		if p.colW[i] < need+2*p.pad() {
			t.Errorf("column %q is %.1f mm, narrower than its widest word (%.1f mm)", c.Header, p.colW[i], need+2*p.pad())
		}
	}
	var sum float64
	for _, w := range p.colW {
		sum += w
	}
	if usable := a4Short - 2*pdfMargin; sum < usable-0.01 || sum > usable+0.01 {
		t.Errorf("columns span %.1f mm, want the page's %.1f", sum, usable)
	}
	if !(p.colW[1] > p.colW[0] && p.colW[1] > p.colW[2]) {
		t.Errorf("the name column (%.1f) should be the widest: %v", p.colW[1], p.colW)
	}
}
