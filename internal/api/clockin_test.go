package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"hadir/internal/attendance"
	"hadir/internal/clockin"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// clockFixture is a school with a teacher in a group allowed at a fenced site.
type clockFixture struct {
	e      *env
	school tenant
	person int64
	token  string
	group  int64
	siteID int64
}

// Kuala Lumpur: the gate of the fixture's site.
const gateLat, gateLon = 3.1390, 101.6869

func newClockFixture(t *testing.T, db *database.DB) clockFixture {
	e := newEnv(t, db)
	s := e.school("Clock School")
	ctx := context.Background()
	p, err := e.app.People.Create(ctx, s.orgID, people.Teacher, people.General{Code: "C1", FirstName: "Clocker"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := e.app.Attendance.CreateGroup(ctx, s.orgID, "teacher", attendance.GroupInput{Name: "Day", TimeIn: "08:00", CutOffTimeIn: "10:00", TimeOut: "17:00", CutOffTimeOut: "23:00"})
	if err != nil {
		t.Fatal(err)
	}
	today, _ := e.app.Attendance.Today(ctx, s.orgID)
	if err := e.app.Attendance.AddMembers(ctx, s.orgID, "teacher", g.ID, []int64{p.ID}, today); err != nil {
		t.Fatal(err)
	}
	site := e.expect(e.call("POST", "/api/attendance/sites", s.token, map[string]any{"name": "Main gate", "latitude": gateLat, "longitude": gateLon,
		"radius": 100, "max_accuracy": 50, "group_ids": []int64{g.ID}}), 201)
	return clockFixture{e: e, school: s, person: p.ID, token: e.member(s.orgID, p.ID), group: g.ID, siteID: int64(site.data()["id"].(float64))}
}

// metresNorth is the latitude metres north of the gate.
func metresNorth(m float64) float64 { return gateLat + m/111195.0 }

func TestWebClock(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newClockFixture(t, db)
		e := f.e
		clock := func(tok string, lat, lon, acc any) resp {
			return e.call("POST", "/api/attendance/web-clock", tok, map[string]any{"latitude": lat, "longitude": lon, "accuracy": acc})
		}
		code := func(r resp, want string) {
			t.Helper()
			if r.status != 422 || r.str("code") != want {
				t.Fatalf("status %d code %q, want 422 %s: %s", r.status, r.str("code"), want, r.raw)
			}
		}
		// Bad input names the field.
		r := e.expect(e.call("POST", "/api/attendance/web-clock", f.token, map[string]any{"latitude": 3.1}), 422)
		if !strings.Contains(r.raw, `"longitude"`) || !strings.Contains(r.raw, `"accuracy"`) {
			t.Fatalf("missing fields not named: %s", r.raw)
		}
		r = e.expect(clock(f.token, 91, gateLon, 5), 422)
		if !strings.Contains(r.raw, `"latitude"`) {
			t.Fatalf("latitude 91 not named: %s", r.raw)
		}
		e.expect(clock(f.token, "north", gateLon, 5), 422)
		e.expect(clock(f.token, gateLat, gateLon, -1), 422)

		// Each refusal has its code, and none uses up the minute.
		code(clock(f.token, metresNorth(150), gateLon, 10), "attendance.outside_site")
		code(clock(f.token, gateLat, gateLon, 80), "attendance.poor_accuracy")
		other, err := e.app.People.Create(context.Background(), f.school.orgID, people.Teacher, people.General{Code: "C2", FirstName: "Groupless"})
		if err != nil {
			t.Fatal(err)
		}
		code(clock(e.member(f.school.orgID, other.ID), gateLat, gateLon, 5), "attendance.web_clock_not_allowed")
		e.expect(clock(e.user(f.school.orgID, "member"), gateLat, gateLon, 5), 422) // no person record: people.no_account

		// Inside the fence: a punch with source web, the position, the accuracy and the site.
		ok := e.expect(clock(f.token, metresNorth(60), gateLon, 12.5), 201)
		punch := ok.data()["punch"].(map[string]any)
		if punch["source"] != "web" || ok.str("data", "site", "name") != "Main gate" || punch["accuracy"] != 12.5 || punch["site_id"] != float64(f.siteID) {
			t.Fatalf("%s", ok.raw)
		}
		var lat, acc float64
		var src string
		var site int64
		if err := db.QueryRow(`SELECT latitude, accuracy, source, site_id FROM punches WHERE person_id = $1`, f.person).Scan(&lat, &acc, &src, &site); err != nil {
			t.Fatal(err)
		}
		if src != "web" || acc != 12.5 || site != f.siteID || lat != metresNorth(60) {
			t.Fatalf("stored %v %v %v %v", lat, acc, src, site)
		}
		// A repeat within the minute.
		again := clock(f.token, gateLat, gateLon, 5)
		code(again, "attendance.too_soon")
		if again.header.Get("Retry-After") == "" {
			t.Fatalf("too_soon without Retry-After")
		}
		// The punch shows in the admin's clock records and the member's home screen.
		clk := e.expect(e.call("GET", fmt.Sprintf("/api/school/attendance/clock/teacher?id=%d&date=%s", f.person, ok.str("data", "punch", "date")), f.school.token, nil), 200)
		if !strings.Contains(clk.raw, `"source":"web"`) || !strings.Contains(clk.raw, `"site_id"`) {
			t.Fatalf("clock records: %s", clk.raw)
		}
		home := e.expect(e.call("GET", "/api/attendance/home", f.token, nil), 200)
		if home.str("data", "today", "in_time") == "" || home.data()["web_clock"].(map[string]any)["allowed"] != true {
			t.Fatalf("home: %s", home.raw)
		}

		// An "anywhere" site takes a position far away.
		e.expect(e.call("POST", "/api/attendance/sites", f.school.token, map[string]any{"name": "Field trips", "anywhere": true, "group_ids": []int64{f.group}}), 201)
		other2, _ := e.app.People.Create(context.Background(), f.school.orgID, people.Teacher, people.General{Code: "C3", FirstName: "Traveller"})
		today, _ := e.app.Attendance.Today(context.Background(), f.school.orgID)
		if err := e.app.Attendance.AddMembers(context.Background(), f.school.orgID, "teacher", f.group, []int64{other2.ID}, today); err != nil {
			t.Fatal(err)
		}
		far := e.expect(clock(e.member(f.school.orgID, other2.ID), 48.8566, 2.3522, 30), 201)
		if far.str("data", "site", "name") != "Field trips" {
			t.Fatalf("%s", far.raw)
		}
	})
}

func TestSites(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newClockFixture(t, db)
		e := f.e
		r := e.expect(e.call("POST", "/api/attendance/sites", f.school.token, map[string]any{"name": "", "radius": 5, "max_accuracy": 0}), 422)
		for _, field := range []string{"name", "latitude", "longitude", "radius", "max_accuracy"} {
			if !strings.Contains(r.raw, `"`+field+`"`) {
				t.Errorf("%s not named: %s", field, r.raw)
			}
		}
		list := e.expect(e.call("GET", "/api/attendance/sites", f.school.token, nil), 200)
		if !strings.Contains(list.raw, `"group_ids":[`+fmt.Sprint(f.group)+`]`) {
			t.Fatalf("%s", list.raw)
		}
		path := fmt.Sprintf("/api/attendance/sites/%d", f.siteID)
		upd := e.expect(e.call("PUT", path, f.school.token, map[string]any{"name": "Back gate", "latitude": 3.2, "longitude": 101.7, "radius": 200, "max_accuracy": 30, "group_ids": []int64{}}), 200)
		if upd.str("data", "name") != "Back gate" || len(upd.data()["group_ids"].([]any)) != 0 {
			t.Fatalf("%s", upd.raw)
		}
		// Without its group the member may no longer clock in.
		r = e.call("POST", "/api/attendance/web-clock", f.token, map[string]any{"latitude": 3.2, "longitude": 101.7, "accuracy": 5})
		if r.str("code") != "attendance.web_clock_not_allowed" {
			t.Fatalf("%s", r.raw)
		}
		// Another organisation's group is not found.
		c := e.company("Other Co")
		og, _ := e.app.Attendance.CreateGroup(context.Background(), c.orgID, "employee", attendance.GroupInput{Name: "Theirs", TimeIn: "08:00", CutOffTimeIn: "10:00", TimeOut: "17:00", CutOffTimeOut: "23:00"})
		e.expect(e.call("PUT", path, f.school.token, map[string]any{"name": "X", "anywhere": true, "group_ids": []int64{og.ID}}), 404)
		e.expect(e.call("PUT", "/api/attendance/sites/abc", f.school.token, map[string]any{"name": "X", "anywhere": true}), 404)
		e.expect(e.call("DELETE", path, c.token, nil), 404)
		e.expect(e.call("DELETE", path, f.token, nil), 403)
		e.expect(e.call("DELETE", path, f.school.token, nil), 200)
		e.expect(e.call("DELETE", path, f.school.token, nil), 404)
	})
}

// TestWebClockOnceAMinuteInParallel: 64 parallel clock-ins from inside the fence store exactly
// one punch; the others are told they clocked in a moment ago.
func TestWebClockOnceAMinuteInParallel(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newClockFixture(t, db)
		c := &http.Client{Timeout: time.Minute}
		rs := burst(parallelRequests, func(i int) resp {
			return f.e.callVia(c, "POST", "/api/attendance/web-clock", f.token, map[string]any{"latitude": gateLat, "longitude": gateLon, "accuracy": 5 + i%7})
		})
		accepted := 0
		for _, r := range rs {
			switch {
			case r.status == 201:
				accepted++
			case r.status == 422 && r.str("code") == "attendance.too_soon" && r.header.Get("Retry-After") != "":
			default:
				t.Fatalf("status %d: %s", r.status, r.raw)
			}
		}
		var punches int
		if err := db.QueryRow(`SELECT COUNT(*) FROM punches WHERE person_id = $1`, f.person).Scan(&punches); err != nil {
			t.Fatal(err)
		}
		if accepted != 1 || punches != 1 {
			t.Fatalf("%d accepted, %d punches; want exactly 1 of each", accepted, punches)
		}
	})
}

func TestKiosk(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		f := newClockFixture(t, db)
		e := f.e
		e.expect(e.call("POST", "/api/attendance/kiosks", f.school.token, map[string]any{"name": ""}), 422)
		made := e.expect(e.call("POST", "/api/attendance/kiosks", f.school.token, map[string]any{"name": "Lobby tablet", "site_id": f.siteID}), 201)
		path := made.str("data", "path")
		secret := strings.TrimPrefix(path, "/kiosk/")
		if secret == "" || !strings.HasSuffix(made.str("data", "url"), path) {
			t.Fatalf("%s", made.raw)
		}
		var stored int
		if err := db.QueryRow(`SELECT COUNT(*) FROM kiosks WHERE secret_hash = $1`, secret).Scan(&stored); err != nil || stored != 0 {
			t.Fatalf("the raw secret is stored (%d, %v)", stored, err)
		}
		kioskID := int64(made.data()["kiosk"].(map[string]any)["id"].(float64))

		// The tablet, without an account, gets a code, its link and a QR code.
		k := e.expect(e.call("GET", "/api/kiosk/"+secret, "", nil), 200)
		code := k.str("data", "code")
		if k.str("data", "kiosk") != "Lobby tablet" || k.str("data", "site") != "Main gate" || !strings.HasPrefix(k.str("data", "qr_code"), "data:image/png;base64,") ||
			!strings.Contains(k.str("data", "url"), "/clock/kiosk?code=") || k.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%s", k.raw)
		}
		e.expect(e.call("GET", "/api/kiosk/not-a-secret", "", nil), 404)

		// A forged or altered code is refused; so is one older than 60 s.
		for _, bad := range []string{"k1.1.1.1.forged", code[:len(code)-2] + "xx", strings.Replace(code, "k1.", "k2.", 1)} {
			r := e.call("POST", "/api/attendance/kiosk-clock", f.token, map[string]any{"code": bad})
			if r.status != 422 || r.str("code") != "attendance.kiosk_code_invalid" {
				t.Fatalf("%q: %d %s", bad, r.status, r.raw)
			}
		}
		kiosk := clockin.Kiosk{ID: kioskID, OrgID: f.school.orgID}
		// The codes' ages are judged at one instant: with the real clock, a loaded machine
		// taking over a second to answer made the 59-second code 60 seconds old.
		t0 := time.Now()
		e.app.Clockin.Now = func() time.Time { return t0 }
		old := e.app.Clockin.Code(kiosk, t0.Add(-61*time.Second))
		r := e.call("POST", "/api/attendance/kiosk-clock", f.token, map[string]any{"code": old})
		if r.status != 422 || r.str("code") != "attendance.kiosk_code_expired" {
			t.Fatalf("expired: %d %s", r.status, r.raw)
		}
		// 59 s old still works: a code scanned just before the kiosk's refresh.
		fresh := e.app.Clockin.Code(kiosk, t0.Add(-59*time.Second))
		ok := e.expect(e.call("POST", "/api/attendance/kiosk-clock", f.token, map[string]any{"code": fresh}), 201)
		e.app.Clockin.Now = time.Now
		if ok.str("data", "punch", "source") != "kiosk" || ok.str("data", "site", "name") != "Main gate" {
			t.Fatalf("%s", ok.raw)
		}
		r = e.call("POST", "/api/attendance/kiosk-clock", f.token, map[string]any{"code": code})
		if r.str("code") != "attendance.too_soon" {
			t.Fatalf("repeat: %s", r.raw)
		}

		// Another organisation's member gets 404 for this kiosk's code.
		c := e.company("Kiosk Thief Co")
		op, _ := e.app.People.Create(context.Background(), c.orgID, people.Employee, people.General{Code: "T1", FirstName: "Thief"})
		e.expect(e.call("POST", "/api/attendance/kiosk-clock", e.member(c.orgID, op.ID), map[string]any{"code": code}), 404)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/kiosks/%d", kioskID), c.token, nil), 404)

		// Revoked: the URL and its codes stop at once.
		other, _ := e.app.People.Create(context.Background(), f.school.orgID, people.Teacher, people.General{Code: "C9", FirstName: "Late"})
		otherTok := e.member(f.school.orgID, other.ID)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/attendance/kiosks/%d", kioskID), f.school.token, nil), 200)
		e.expect(e.call("GET", "/api/kiosk/"+secret, "", nil), 404)
		r = e.call("POST", "/api/attendance/kiosk-clock", otherTok, map[string]any{"code": code})
		if r.status != 422 || r.str("code") != "attendance.kiosk_revoked" {
			t.Fatalf("revoked: %d %s", r.status, r.raw)
		}
		list := e.expect(e.call("GET", "/api/attendance/kiosks", f.school.token, nil), 200)
		if !strings.Contains(list.raw, `"revoked_at":"`) {
			t.Fatalf("%s", list.raw)
		}
	})
}
