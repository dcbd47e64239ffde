package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"hadir/internal/clockin"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// pinKiosk makes a kiosk at the fixture's site and returns its id and secret.
func pinKiosk(t *testing.T, f clockFixture, name string, pinPad bool) (int64, string) {
	t.Helper()
	made := f.e.expect(f.e.call("POST", "/api/attendance/kiosks", f.school.token, map[string]any{"name": name, "site_id": f.siteID, "pin_pad": pinPad}), 201)
	return int64(made.data()["kiosk"].(map[string]any)["id"].(float64)), strings.TrimPrefix(made.str("data", "path"), "/kiosk/")
}

func pinCall(e *env, secret, code, pin string) resp {
	return e.call("POST", "/api/kiosk/"+secret+"/pin", "", map[string]any{"code": code, "pin": pin})
}

func TestKioskPin(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newClockFixture(t, db)
		e := f.e
		ctx := context.Background()
		kioskID, secret := pinKiosk(t, f, "Lobby", false)
		kpath := fmt.Sprintf("/api/attendance/kiosks/%d", kioskID)

		// Without the PIN pad the kiosk takes no PIN: not found.
		e.expect(pinCall(e, secret, "C1", "2468"), 404)
		if k := e.expect(e.call("GET", "/api/kiosk/"+secret, "", nil), 200); k.data()["pin_pad"] != false {
			t.Fatalf("%s", k.raw)
		}
		// Switching it on is the admin's: a member is refused, another organisation finds nothing.
		c := e.company("Pin Other Co")
		e.expect(e.call("PATCH", kpath, f.token, map[string]any{"pin_pad": true}), 403)
		e.expect(e.call("PATCH", kpath, c.token, map[string]any{"pin_pad": true}), 404)
		if r := e.expect(e.call("PATCH", kpath, f.school.token, map[string]any{}), 422); !strings.Contains(r.raw, `"pin_pad"`) {
			t.Fatalf("%s", r.raw)
		}
		if r := e.expect(e.call("PATCH", kpath, f.school.token, map[string]any{"pin_pad": true}), 200); r.data()["pin_pad"] != true {
			t.Fatalf("%s", r.raw)
		}
		if k := e.expect(e.call("GET", "/api/kiosk/"+secret, "", nil), 200); k.data()["pin_pad"] != true {
			t.Fatalf("%s", k.raw)
		}

		// A member sets their own PIN: 4 to 8 digits, named on the field when not.
		for _, bad := range []string{"", "123", "123456789", "12a4", "١٢٣٤"} {
			r := e.expect(e.call("PUT", "/api/attendance/kiosk-pin", f.token, map[string]any{"pin": bad}), 422)
			if !strings.Contains(r.raw, `"pin"`) {
				t.Fatalf("%q: %s", bad, r.raw)
			}
		}
		if h := e.expect(e.call("GET", "/api/attendance/home", f.token, nil), 200); h.data()["kiosk_pin"] != false {
			t.Fatalf("%s", h.raw)
		}
		e.expect(e.call("PUT", "/api/attendance/kiosk-pin", f.token, map[string]any{"pin": "1111"}), 200)
		e.expect(e.call("PUT", "/api/attendance/kiosk-pin", f.token, map[string]any{"pin": "2468"}), 200) // changed
		if h := e.expect(e.call("GET", "/api/attendance/home", f.token, nil), 200); h.data()["kiosk_pin"] != true {
			t.Fatalf("%s", h.raw)
		}
		var hash string
		if err := db.QueryRow(`SELECT pin_hash FROM kiosk_pins WHERE person_id = $1`, f.person).Scan(&hash); err != nil || strings.Contains(hash, "2468") || len(hash) < 40 {
			t.Fatalf("stored %q %v", hash, err)
		}
		// The trail records the PIN as a secret, never its hash.
		rows, err := db.Query(`SELECT COALESCE(new_values, '') FROM audit_log WHERE entity = 'kiosk_pin' AND org_id = $1`, f.school.orgID)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				t.Fatal(err)
			}
			n++
			if strings.Contains(v, hash) || !strings.Contains(v, "[secret") {
				t.Fatalf("audit of a PIN: %s", v)
			}
		}
		rows.Close()
		if n < 2 {
			t.Fatalf("%d audit rows of kiosk_pin, want the set and the change", n)
		}

		// An admin sets a PIN for someone without a phone; a member may not, nor another organisation.
		nophone, _ := e.app.People.Create(ctx, f.school.orgID, people.Teacher, people.General{Code: "NP7", FirstName: "Nadia", LastName: "Phoneless"})
		ppath := fmt.Sprintf("/api/attendance/kiosk-pins/%d", nophone.ID)
		e.expect(e.call("PUT", ppath, f.token, map[string]any{"pin": "975310"}), 403)
		e.expect(e.call("DELETE", ppath, f.token, nil), 403)
		e.expect(e.call("PUT", ppath, c.token, map[string]any{"pin": "975310"}), 404)
		e.expect(e.call("PUT", "/api/attendance/kiosk-pins/999999", f.school.token, map[string]any{"pin": "975310"}), 404)
		e.expect(e.call("PUT", ppath, f.school.token, map[string]any{"pin": "97"}), 422)
		e.expect(e.call("PUT", ppath, f.school.token, map[string]any{"pin": "975310"}), 200)
		list := e.expect(e.call("GET", "/api/attendance/kiosk-pins", f.school.token, nil), 200)
		if !strings.Contains(list.raw, `"code":"NP7"`) || !strings.Contains(list.raw, `"code":"C1"`) || strings.Contains(list.raw, "975310") || strings.Contains(list.raw, "pin_hash") {
			t.Fatalf("%s", list.raw)
		}
		if l := e.expect(e.call("GET", "/api/attendance/kiosk-pins", c.token, nil), 200); strings.Contains(l.raw, "NP7") {
			t.Fatalf("another organisation sees the PIN holders: %s", l.raw)
		}

		// Wrong PIN, unknown code, a person without a PIN, an archived person and another
		// organisation's code: the same 422, word for word.
		other, _ := e.app.People.Create(ctx, c.orgID, people.Employee, people.General{Code: "OX1", FirstName: "Other"})
		if err := e.app.Clockin.SetPin(ctx, c.orgID, other.ID, "2468"); err != nil {
			t.Fatal(err)
		}
		nopin, _ := e.app.People.Create(ctx, f.school.orgID, people.Teacher, people.General{Code: "NOPIN", FirstName: "Nopin"})
		gone, _ := e.app.People.Create(ctx, f.school.orgID, people.Teacher, people.General{Code: "GONE", FirstName: "Gone"})
		if err := e.app.Clockin.SetPin(ctx, f.school.orgID, gone.ID, "2468"); err != nil {
			t.Fatal(err)
		}
		if err := e.app.People.Archive(ctx, f.school.orgID, people.Teacher, gone.ID); err != nil {
			t.Fatal(err)
		}
		var first string
		for _, x := range [][2]string{{"C1", "2469"}, {"NOBODY", "2468"}, {"OX1", "2468"}, {"NOPIN", "2468"}, {"GONE", "2468"}} {
			r := e.expect(pinCall(e, secret, x[0], x[1]), 422)
			if r.str("code") != "attendance.pin_wrong" {
				t.Fatalf("%v: %s", x, r.raw)
			}
			if first == "" {
				first = r.raw
			} else if r.raw != first {
				t.Fatalf("%v answers differently: %s vs %s", x, r.raw, first)
			}
		}
		_ = nopin
		// Empty fields are named.
		if r := e.expect(pinCall(e, secret, "", ""), 422); !strings.Contains(r.raw, `"code"`) || !strings.Contains(r.raw, `"pin"`) {
			t.Fatalf("%s", r.raw)
		}

		// The right code (any case) and PIN: a kiosk punch at the kiosk's site, and the first name.
		ok := e.expect(pinCall(e, secret, " c1 ", "2468"), 201)
		if ok.str("data", "name") != "Clocker" || ok.str("data", "site") != "Main gate" || len(ok.str("data", "time")) != 8 {
			t.Fatalf("%s", ok.raw)
		}
		var src string
		var site int64
		if err := db.QueryRow(`SELECT source, site_id FROM punches WHERE person_id = $1`, f.person).Scan(&src, &site); err != nil || src != "kiosk" || site != f.siteID {
			t.Fatalf("punch %q site %d (%v)", src, site, err)
		}
		// Then the one-a-minute repeat, shared with the QR path.
		if r := e.expect(pinCall(e, secret, "C1", "2468"), 422); r.str("code") != "attendance.too_soon" {
			t.Fatalf("%s", r.raw)
		}
		e.expect(pinCall(e, secret, "NP7", "975310"), 201)

		// Cleared: the PIN no longer works.
		e.expect(e.call("DELETE", ppath, c.token, nil), 404)
		e.expect(e.call("DELETE", ppath, f.school.token, nil), 200)
		e.expect(e.call("DELETE", ppath, f.school.token, nil), 200)
		if hs, _ := e.app.Clockin.PinHolders(ctx, f.school.orgID); len(hs) != 1 {
			t.Fatalf("%+v", hs)
		}

		// Switched off, then revoked: not found.
		e.expect(e.call("PATCH", kpath, f.school.token, map[string]any{"pin_pad": false}), 200)
		e.expect(pinCall(e, secret, "C1", "2468"), 404)
		e.expect(e.call("PATCH", kpath, f.school.token, map[string]any{"pin_pad": true}), 200)
		e.expect(e.call("DELETE", kpath, f.school.token, nil), 200)
		e.expect(pinCall(e, secret, "C1", "2468"), 404)
		e.expect(pinCall(e, "not-a-secret", "C1", "2468"), 404)
	})
}

// TestKioskPinLimits: 64 parallel wrong PINs for one person get at most the person's limit of
// 422s, the rest 429 with Retry-After; then even the right PIN is 429. At a kiosk, wrong PINs of
// many people together stop at the kiosk's limit.
func TestKioskPinLimits(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newClockFixture(t, db)
		e := f.e
		ctx := context.Background()
		if err := e.app.Clockin.SetPin(ctx, f.school.orgID, f.person, "2468"); err != nil {
			t.Fatal(err)
		}
		_, secret := pinKiosk(t, f, "Gate A", true)
		c := &http.Client{Timeout: time.Minute}
		rs := burst(parallelRequests, func(i int) resp {
			return e.callVia(c, "POST", "/api/kiosk/"+secret+"/pin", "", map[string]any{"code": "C1", "pin": fmt.Sprintf("%04d", 1000+i)})
		})
		wrong, locked := 0, 0
		for _, r := range rs {
			switch {
			case r.status == 422 && r.str("code") == "attendance.pin_wrong":
				wrong++
			case r.status == 429 && r.str("code") == "attendance.pin_locked" && r.header.Get("Retry-After") != "":
				locked++
			default:
				t.Fatalf("status %d: %s", r.status, r.raw)
			}
		}
		if wrong > clockin.PinPersonLimit.Limit || wrong == 0 || wrong+locked != parallelRequests {
			t.Fatalf("%d wrong, %d locked; at most %d may be checked", wrong, locked, clockin.PinPersonLimit.Limit)
		}
		if r := e.expect(pinCall(e, secret, "C1", "2468"), 429); r.str("code") != "attendance.pin_locked" {
			t.Fatalf("%s", r.raw)
		}
		var punches int
		if err := db.QueryRow(`SELECT COUNT(*) FROM punches WHERE person_id = $1`, f.person).Scan(&punches); err != nil || punches != 0 {
			t.Fatalf("%d punches (%v)", punches, err)
		}

		// Per kiosk: 30 wrong PINs spread over 6 people, then the kiosk refuses everyone.
		_, secret2 := pinKiosk(t, f, "Gate B", true)
		per := clockin.PinPersonLimit.Limit
		people6 := clockin.PinKioskLimit.Limit/per + 1
		for i := 0; i < people6; i++ {
			code := fmt.Sprintf("K%d", i)
			p, err := e.app.People.Create(ctx, f.school.orgID, people.Teacher, people.General{Code: code, FirstName: code})
			if err != nil {
				t.Fatal(err)
			}
			if err := e.app.Clockin.SetPin(ctx, f.school.orgID, p.ID, "8642"); err != nil {
				t.Fatal(err)
			}
			for j := 0; j < per; j++ {
				want := 422
				if i*per+j >= clockin.PinKioskLimit.Limit {
					want = 429
				}
				r := e.expect(pinCall(e, secret2, code, "0000"), want)
				if want == 429 && r.header.Get("Retry-After") == "" {
					t.Fatalf("no Retry-After: %v", r.header)
				}
			}
		}
		// Even the right PIN of a person with no failures is refused at this kiosk...
		e.expect(pinCall(e, secret2, fmt.Sprintf("K%d", people6-1), "8642"), 429)
		// ... and works at another.
		_, secret3 := pinKiosk(t, f, "Gate C", true)
		e.expect(pinCall(e, secret3, fmt.Sprintf("K%d", people6-1), "8642"), 201)
	})
}
