package api_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext (poppler-utils) is needed to read exported PDFs under CI")
		}
		t.Skip("pdftotext not installed: apt-get install -y --no-install-recommends poppler-utils")
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

func TestPeopleExportAndImport(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Export School")
		base := "/api/school/employee/teacher"
		for _, p := range [][3]string{{"T1", "Zhang", "Wei 张伟"}, {"T2", "Tanaka", "さくら"}, {"T3", "José", "Peña"}, {"T4", "Aisyah", "binti Ahmad"}} {
			e.expect(e.call("POST", base, s.token, map[string]any{"code": p[0], "first_name": p[1], "last_name": p[2]}), 201)
		}
		e.expect(e.call("GET", base+"/report?type=doc", s.token, nil), 422)
		res := e.call("GET", base+"/report?type=xlsx", s.token, nil)
		e.expect(res, 200)
		today := time.Now().In(time.FixedZone("MYT", 8*3600)).Format("2006-01-02")
		if cd := res.header.Get("Content-Disposition"); !strings.Contains(cd, "Teacher List "+today+".xlsx") && !strings.Contains(cd, "Teacher%20List%20"+today+".xlsx") {
			t.Fatalf("Content-Disposition %q", cd)
		}
		f, err := excelize.OpenReader(strings.NewReader(res.raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows(f.GetSheetList()[0])
		var found bool
		for _, row := range rows {
			if len(row) > 2 && row[1] == "T1" && row[2] == "Zhang Wei 张伟" {
				found = true
			}
		}
		if !found {
			t.Fatalf("xlsx rows: %v", rows)
		}
		status, ctype, pdf := e.get(base+"/report?type=pdf&lang=ch", s.token)
		if status != 200 || ctype != "application/pdf" {
			t.Fatalf("pdf: %d %s", status, ctype)
		}
		text := pdfText(t, pdf)
		for _, want := range []string{"教师名单", "Zhang Wei 张伟", "Tanaka さくら", "José Peña", "T4"} {
			if !strings.Contains(text, want) {
				t.Errorf("pdf text lacks %q:\n%s", want, text)
			}
		}

		_, _, tpl := e.get(base+"/import/template", s.token)
		tf, err := excelize.OpenReader(bytes.NewReader(tpl))
		if err != nil {
			t.Fatal(err)
		}
		head, _ := tf.GetRows(tf.GetSheetList()[0])
		if len(head) == 0 || strings.Join(head[0], ",") != "code,first_name,last_name,email,join_date" {
			t.Fatalf("template: %v", head)
		}

		csv := "\ufeffcode;first_name;last_name;email;join_date\nN1;Nadia;Omar;nadia@export.test;2025-01-06\n\nN2;;Bad;not-an-email;2025-02-30\nT1;Dup;Code;;\nN1;Again;Same;;\nN3;Hui;Min;;\n"
		r := e.uploadFile(base+"/import", s.token, map[string]string{}, "people.csv", []byte(csv))
		e.expect(r, 422)
		rowsErr := r.body["rows"].([]any)
		lines := map[string]bool{}
		for _, x := range rowsErr {
			m := x.(map[string]any)
			lines[fmt.Sprintf("%v:%v", m["line"], m["field"])] = true
		}
		for _, want := range []string{"4:first_name", "4:email", "4:join_date", "5:code", "6:code"} {
			if !lines[want] {
				t.Errorf("missing row error %s in %v", want, rowsErr)
			}
		}
		if n := len(items(e.expect(e.call("GET", base+"?page[size]=150", s.token, nil), 200))); n != 4 {
			t.Fatalf("a failed all-or-nothing import wrote people: %d", n)
		}
		r = e.expect(e.uploadFile(base+"/import", s.token, map[string]string{"mode": "valid"}, "people.csv", []byte(csv)), 200)
		if r.str("data", "created") != "2" {
			t.Fatalf("%s", r.raw)
		}
		if n := len(items(e.expect(e.call("GET", base+"?page[size]=150", s.token, nil), 200))); n != 6 {
			t.Fatalf("after importing valid rows: %d", n)
		}
		e.smtp.WaitFor(t, "nadia@export.test", 10*time.Second) // imported people with e-mail get their code

		// An xlsx file works too, into the staff list.
		x := excelize.NewFile()
		_ = x.SetSheetRow("Sheet1", "A1", &[]any{"Code", "First name", "Last name"})
		_ = x.SetSheetRow("Sheet1", "A2", &[]any{"S1", "Kumar", "Raj"})
		var buf bytes.Buffer
		_ = x.Write(&buf)
		e.expect(e.uploadFile("/api/school/employee/staff/import", s.token, nil, "staff.xlsx", buf.Bytes()), 200)
		if n := len(items(e.expect(e.call("GET", "/api/school/employee/staff", s.token, nil), 200))); n != 1 {
			t.Fatalf("staff after xlsx import: %d", n)
		}
		e.expect(e.uploadFile(base+"/import", s.token, nil, "x.csv", []byte("name,email\nA,a@b.c\n")), 422)
		e.expect(e.uploadFile(base+"/import", s.token, nil, "x.xlsx", []byte("PK\x03\x04garbage")), 422)
	})
}
