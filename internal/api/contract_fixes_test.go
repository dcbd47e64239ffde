package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"hadir/internal/account"
	"hadir/internal/device"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestUnstorableInputIsRefused: what the contract fuzz found answering 500. A search term
// (filter[...] or the roster's search) past SQLite's LIKE limit, text PostgreSQL cannot hold (invalid UTF-8, NUL) in the query, a
// path or a JSON body, and a beacon number out of PostgreSQL's integer range now answer 422
// naming the field, or 404 for a key that cannot exist.
func TestUnstorableInputIsRefused(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Input School")
		field := func(r resp, name string) {
			t.Helper()
			if r.status != 422 || r.body["errors"].(map[string]any)[name] == nil {
				t.Errorf("want 422 naming %s, got %d %s", name, r.status, r.raw)
			}
		}
		long := strings.Repeat("A", 60_000)
		field(e.call("GET", "/api/school/employee/teacher?filter%5Bfirst_name%5D="+long, s.token, nil), "filter[first_name]")
		field(e.call("GET", "/api/school/dashboard/staff/attendance/daily/detailed?date=2026-03-27&filter%5Bbase%5D="+long, s.token, nil), "filter[base]")
		field(e.call("GET", "/api/attendance/roster?from=2026-03-23&search="+long, s.token, nil), "search")
		field(e.call("GET", "/api/school/employee/teacher/code?code=%FF%FE", s.token, nil), "code")
		field(e.call("GET", "/api/school/attendance/teacher/audit?from_date=a%00b", s.token, nil), "from_date")
		e.expect(e.call("GET", "/api/images/%FF%FE", "", nil), 404)
		e.expect(e.call("GET", "/api/leave/attachments/%FF%FE", s.token, nil), 404)
		field(e.call("POST", "/api/school/holiday/management", s.token, `{"name":"x\u0000y","start":"2026-01-01"}`), "name")
		field(e.call("POST", "/api/school/group/management", s.token, `{"name":"ok","days":[{"note":"\u0000"}]}`), "days")
		// A literal backslash-u in text is not a NUL.
		e.expect(e.call("POST", "/api/school/holiday/management", s.token, `{"name":"x\\u0000y","start":"2026-01-02"}`), 201)

		uid, tok := fuzzUser(e, s.orgID, account.RoleMember)
		if err := e.app.People.Link(context.Background(), s.orgID, personIn(e, s, people.Teacher), uid); err != nil {
			t.Fatal(err)
		}
		// A multipart leave application: a NUL in a field is refused, naming it.
		field(e.multipart("/api/school/personal/leave/application", tok, map[string]string{"leave_type_id": "1", "from_date": "2026-12-01", "reason": "a\x00b"},
			"attachment", "note.png", fuzzPNG), "reason")
		r := e.call("POST", "/api/attendance/beacon", tok, map[string]any{"uuid": "f7826da6-4fa2-4e98-8024-bc5b71e0893e", "major": -2147483649, "minor": 1})
		if r.status != 422 || r.str("code") != "beacon.unknown" {
			t.Errorf("beacon number out of range: %d %s", r.status, r.raw)
		}
	})
}

// TestTerminalTextIsStored: a terminal's upload holding NUL or invalid UTF-8 was answered
// "try later" (503) on PostgreSQL, so the terminal sent it again forever; it is now stored as
// text and acknowledged. A serial number that is not text names no device (403).
func TestTerminalTextIsStored(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Terminal Co")
		if _, err := e.app.Devices.Save(context.Background(), device.Device{OrgID: c.orgID, Name: "Gate", Code: "BADTEXT01", Enabled: true}); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct{ method, path, body string }{
			{"POST", "/iclock/cdata?SN=BADTEXT01&table=OPERLOG", "OPLOG 4\t0\t2026-11-16 08:00:00\tname\x00\xff"},
			{"POST", "/iclock/cdata?SN=BADTEXT01&table=AB%00%FF", "x"},
			{"POST", "/iclock/cdata?SN=BADTEXT01&table=ATTLOG&Stamp=%FF", "1\t2026-11-16 08:00:00\t0\t15\x00\xff\n\xff\t2026-11-16 08:00:00\t0\t15"},
			{"POST", "/iclock/devicecmd?SN=BADTEXT01", "ID=1&Return=0&CMD=DATA\x00\xff"},
		} {
			if r := e.call(tc.method, tc.path, "", tc.body); r.status != 200 {
				t.Errorf("%s %s: %d %s", tc.method, tc.path, r.status, r.raw)
			}
		}
		for _, sn := range []string{"%FF", "BAD%00"} {
			if r := e.call("GET", "/iclock/cdata?options=all&SN="+sn, "", nil); r.status != 403 {
				t.Errorf("SN %s: %d %s", sn, r.status, r.raw)
			}
		}
	})
}

// TestChunkedUploadIDsOfTwoUsers: two users who chose the same upload id collided on the
// chunks' unique index (500); an upload id is the caller's own.
func TestChunkedUploadIDsOfTwoUsers(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Chunk Co")
		pid := personIn(e, c, people.Employee)
		tokens := []string{c.token, e.user(c.orgID, account.RoleAdmin)}
		half := len(fuzzPNG) / 2
		for _, tok := range tokens {
			r := e.upload("/api/employee/profile/image", tok, map[string]string{"employee_id": fmt.Sprint(pid), "upload_id": "same", "is_last": "false"}, fuzzPNG[:half])
			if r.status != 202 || r.str("data", "upload_id") != "same" {
				t.Fatalf("first chunk: %d %s", r.status, r.raw)
			}
		}
		for _, tok := range tokens {
			e.expect(e.upload("/api/employee/profile/image", tok, map[string]string{"employee_id": fmt.Sprint(pid), "upload_id": "same", "is_last": "true"}, fuzzPNG[half:]), 200)
		}
	})
}

// TestChunkedUploadIDNotText: an upload_id that is not plain text (invalid UTF-8, which
// PostgreSQL refuses to store, a NUL, a slash) answered 500; it is a 422 naming upload_id.
func TestChunkedUploadIDNotText(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Upload Id Co")
		pid := personIn(e, c, people.Employee)
		for _, id := range []string{"\xff\xfe", "a\x00b", "../x", strings.Repeat("a", 65)} {
			r := e.upload("/api/employee/profile/image", c.token, map[string]string{"employee_id": fmt.Sprint(pid), "upload_id": id, "is_last": "false"}, fuzzPNG[:10])
			if r.status != 422 || r.body["errors"].(map[string]any)["upload_id"] == nil {
				t.Errorf("upload_id %q: %d %s", id, r.status, r.raw)
			}
		}
	})
}

// TestEntitlementShortPeriodStart: a period_start shorter than a year, with no valid_until,
// panicked (slice bounds) and answered 500; it is a 422 naming period_start.
func TestEntitlementShortPeriodStart(t *testing.T) {
	e := newEnv(t, testdb.New(t))
	c := e.company("Period Co")
	body := map[string]any{"employee_id": personIn(e, c, people.Employee), "leave_type_id": leaveTypeIn(e, c, "leave"), "entitled": 2}
	for _, ps := range []string{"x", "[]", "202"} {
		body["period_start"] = ps
		r := e.call("POST", "/api/company/leave/employee/entitlement", c.token, body)
		if r.status != 422 || r.body["errors"].(map[string]any)["period_start"] == nil {
			t.Errorf("period_start %q: %d %s", ps, r.status, r.raw)
		}
	}
}
