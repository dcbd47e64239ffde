package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// Over HTTP: the export is a zip of the person; erasure needs an explicit confirmation and a
// leaver, answers the anonymous code, and cannot be repeated.
func TestPersonalDataCalls(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.t = t
		c := e.company("Privacy Company")
		p, err := e.app.People.Create(context.Background(), c.orgID, people.Employee, people.General{Code: "LEAVER1", FirstName: "Leila", LastName: "Leaver"})
		if err != nil {
			t.Fatal(err)
		}
		base := fmt.Sprintf("/api/people/%d", p.ID)
		if err := e.app.Clockin.SetPin(context.Background(), c.orgID, p.ID, "4812"); err != nil {
			t.Fatal(err)
		}

		r := e.expect(e.call("GET", base+"/personal-data", c.token, nil), 200)
		if r.header.Get("Content-Type") != "application/zip" {
			t.Fatalf("content type %q", r.header.Get("Content-Type"))
		}
		zr, err := zip.NewReader(bytes.NewReader([]byte(r.raw)), int64(len(r.raw)))
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]bool{}
		for _, f := range zr.File {
			names[f.Name] = true
		}
		if !names["person.json"] || !names["manifest.json"] || !names["tables/punches.json"] || !names["tables/kiosk_pins.json"] {
			t.Fatalf("zip holds %v", names)
		}
		for _, f := range zr.File {
			if f.Name != "tables/kiosk_pins.json" {
				continue
			}
			rc, _ := f.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			if strings.Contains(string(b), "pin_hash") || !strings.Contains(string(b), "person_id") {
				t.Fatalf("the export of a kiosk PIN: %s", b)
			}
		}

		if r := e.call("POST", base+"/erase", c.token, map[string]any{}); r.status != 422 || fieldCode(r, "confirm") != "validation.required" {
			t.Fatalf("without confirm: %s", r.raw)
		}
		wantCode(t, e.call("POST", base+"/erase", c.token, map[string]any{"confirm": true}), 409, "privacy.not_left")
		if err := e.app.People.Archive(context.Background(), c.orgID, people.Employee, p.ID); err != nil {
			t.Fatal(err)
		}
		r = e.expect(e.call("POST", base+"/erase", c.token, map[string]any{"confirm": true}), 200)
		if r.str("data", "code") != fmt.Sprintf("ERASED-%d", p.ID) {
			t.Fatalf("erase: %s", r.raw)
		}
		wantCode(t, e.call("POST", base+"/erase", c.token, map[string]any{"confirm": true}), 409, "privacy.already_erased")
		var first string
		if err := db.QueryRow(`SELECT first_name FROM people WHERE id = $1`, p.ID).Scan(&first); err != nil || first != fmt.Sprintf("ERASED-%d", p.ID) {
			t.Fatalf("name after erasure: %q %v", first, err)
		}
		if has, err := e.app.Clockin.HasPin(context.Background(), c.orgID, p.ID); err != nil || has {
			t.Fatalf("the kiosk PIN outlived the erasure (%v)", err)
		}
	})
}
