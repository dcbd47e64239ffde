package api_test

import (
	"fmt"
	"strings"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// Offline logs (issue 14): a terminal's USB attendance log and a CSV of another system are
// previewed, deduplicated against stored punches and within the file, and imported all or
// nothing.
func TestPunchImport(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, dev, ids := companyWithDevice(e, "USB0001", 4)
		const path = "/api/attendance/punch-imports"
		devID := fmt.Sprint(dev)
		// The terminal handshakes (its clock runs in the organisation's +08:00) and pushes two
		// punches over the network before its log is exported to a stick.
		e.call("GET", "/iclock/cdata?SN=USB0001&options=all&pushver=2.4.1", "", nil)
		if r := e.call("POST", "/iclock/cdata?SN=USB0001&table=ATTLOG&Stamp=1", "", "E1\t2026-11-19 08:05:00\t0\t1\t0\t0\t0\nE2\t2026-11-19 09:30:00\t0\t1\t0\t0\t0\n"); strings.TrimSpace(r.raw) != "OK: 2" {
			t.Fatalf("push: %d %q", r.status, r.raw)
		}
		records := func(t *testing.T, id int64, date string) []map[string]any {
			t.Helper()
			r := e.expect(e.call("GET", fmt.Sprintf("/api/employee/attendance/clock/today?employee_id=%d&date=%s", id, date), c.token, nil), 200)
			var out []map[string]any
			for _, x := range r.data()["records"].([]any) {
				out = append(out, x.(map[string]any))
			}
			return out
		}
		counts := func(t *testing.T, r resp, rows, fresh, dups int) {
			t.Helper()
			d := r.data()
			if d["rows"] != float64(rows) || d["new"] != float64(fresh) || d["duplicates"] != float64(dups) {
				t.Fatalf("want rows %d new %d duplicates %d: %s", rows, fresh, dups, r.raw)
			}
		}

		// The stick's file: a byte-order mark, CRLF lines, the two pushed punches, one more of
		// E3, E3's punch again (a duplicate within the file) and a blank line.
		attlog := "\uFEFFE1\t2026-11-19 08:05:00\t0\t1\t0\t0\t0\r\n" +
			"E2\t2026-11-19 09:30:00\t0\t1\t0\t0\t0\r\n" +
			"e3\t2026-11-19 08:45:10\t0\t1\t0\t0\t0\t0\t0\t0\t0\t0\r\n" +
			"E3\t2026-11-19 08:45:10\t0\t1\t0\t0\t0\r\n\r\n"
		t.Run("attlog", func(t *testing.T) {
			e.t = t
			p := e.expect(e.uploadFile(path, c.token, map[string]string{"format": "attlog", "device_id": devID, "dry_run": "true"}, "USB0001_attlog.dat", []byte(attlog)), 200)
			counts(t, p, 4, 1, 3)
			prev := p.data()["preview"].([]any)
			want := []struct{ line, status, name, time string }{{"1", "duplicate", "Aminah", "2026-11-19 08:05:00"}, {"2", "duplicate", "Baskaran", "2026-11-19 09:30:00"},
				{"3", "new", "Chong Wei", "2026-11-19 08:45:10"}, {"4", "duplicate", "Chong Wei", "2026-11-19 08:45:10"}}
			if len(prev) != len(want) {
				t.Fatalf("preview: %s", p.raw)
			}
			for i, w := range want {
				m := prev[i].(map[string]any)
				if fmt.Sprint(m["line"]) != w.line || m["status"] != w.status || m["name"] != w.name || m["time"] != w.time {
					t.Fatalf("preview row %d: %v, want %v", i, m, w)
				}
			}
			// The preview stores nothing.
			if got := records(t, ids[2], "2026-11-19"); len(got) != 0 {
				t.Fatalf("the preview stored %v", got)
			}
			r := e.expect(e.uploadFile(path, c.token, map[string]string{"format": "attlog", "device_id": devID}, "attlog.dat", []byte(attlog)), 200)
			counts(t, r, 4, 1, 3)
			if r.data()["preview"] != nil {
				t.Fatalf("an import lists no preview: %s", r.raw)
			}
			got := records(t, ids[2], "2026-11-19")
			if len(got) != 1 || got[0]["time"] != "08:45:10" || got[0]["source"] != "device:"+devID || got[0]["device_id"] != float64(dev) {
				t.Fatalf("E3's punch: %v", got)
			}
			// The pushed punches were not stored twice.
			if got := records(t, ids[0], "2026-11-19"); len(got) != 1 {
				t.Fatalf("E1 has %d punches", len(got))
			}
			// The daily view sees E3 present.
			daily := e.expect(e.call("GET", "/api/employee/attendance?date=2026-11-19", c.token, nil), 200)
			if d := dayOf(t, daily, ids[2]); d["status"].(float64) != 1 {
				t.Fatalf("E3 in the daily view: %v", d)
			}
			// The same file again: all duplicates.
			counts(t, e.expect(e.uploadFile(path, c.token, map[string]string{"format": "attlog", "device_id": devID}, "attlog.dat", []byte(attlog)), 200), 4, 0, 4)
		})

		t.Run("row_errors_422_store_nothing", func(t *testing.T) {
			e.t = t
			bad := "E4\t2026-11-19 08:10:00\t0\t1\n" + // valid, but not stored with the others
				"E9\t2026-11-19 08:11:00\t0\t1\n" + // nobody has code E9
				"E1\t2026-11-19 8am\t0\t1\n" + // the time
				"E2\t2026-11-19 08:12:00\t999\t1\n" + // the state
				"just one field\n"
			for _, dry := range []string{"true", "false"} {
				r := e.expect(e.uploadFile(path, c.token, map[string]string{"format": "attlog", "device_id": devID, "dry_run": dry}, "attlog.dat", []byte(bad)), 422)
				if r.body["code"] != "import.invalid_rows" {
					t.Fatalf("%s", r.raw)
				}
				counts(t, r, 5, 1, 0)
				errs := r.data()["errors"].([]any)
				if rows, _ := r.body["rows"].([]any); len(rows) != len(errs) {
					t.Fatalf("the envelope's rows: %s", r.raw)
				}
				want := [][2]string{{"2", "code"}, {"3", "time"}, {"4", "state"}, {"5", "line"}}
				if len(errs) != len(want) {
					t.Fatalf("errors: %s", r.raw)
				}
				for i, w := range want {
					m := errs[i].(map[string]any)
					if fmt.Sprint(m["line"]) != w[0] || m["field"] != w[1] || !strings.HasPrefix(m["message"].(string), "line "+w[0]+":") || m["code"] == "" {
						t.Fatalf("error %d: %v, want %v", i, m, w)
					}
				}
				if !strings.Contains(errs[0].(map[string]any)["message"].(string), `"E9"`) {
					t.Fatalf("unknown code not named: %v", errs[0])
				}
				if prev, _ := r.data()["preview"].([]any); (dry == "true") != (len(prev) == 5) || (dry == "true" && prev[1].(map[string]any)["status"] != "error") {
					t.Fatalf("preview of a file with errors (dry %s): %s", dry, r.raw)
				}
			}
			if got := records(t, ids[3], "2026-11-19"); len(got) != 0 {
				t.Fatalf("a file with row errors stored %v", got)
			}
		})

		t.Run("csv", func(t *testing.T) {
			e.t = t
			// Another system's CSV, no terminal: source "import", times in the organisation's zone.
			csv := "\uFEFFCode,Time,State\r\nE4,2026-11-18 08:01,0\r\ne4,2026-11-18T17:30:00,1\r\nE1,2026-11-18 08:02:30,\r\nE4,2026-11-18 08:01:00,0\r\n"
			p := e.expect(e.uploadFile(path, c.token, map[string]string{"format": "csv", "dry_run": "1"}, "export.csv", []byte(csv)), 200)
			counts(t, p, 4, 3, 1)
			counts(t, e.expect(e.uploadFile(path, c.token, map[string]string{"format": "csv"}, "export.csv", []byte(csv)), 200), 4, 3, 1)
			got := records(t, ids[3], "2026-11-18")
			if len(got) != 2 || got[0]["time"] != "08:01:00" || got[0]["source"] != "import" || got[0]["device_id"] != nil || got[1]["time"] != "17:30:00" || got[1]["state"] != 1.0 {
				t.Fatalf("E4's imported punches: %v", got)
			}
			counts(t, e.expect(e.uploadFile(path, c.token, map[string]string{"format": "csv"}, "export.csv", []byte(csv)), 200), 4, 0, 4)
			// A CSV naming the terminal: its source, so it matches what the terminal pushed.
			dev := "code,time\nE2,2026-11-19 09:30:00\nE2,2026-11-19 18:00\n"
			counts(t, e.expect(e.uploadFile(path, c.token, map[string]string{"format": "csv", "device_id": devID}, "t.csv", []byte(dev)), 200), 2, 1, 1)
			if got := records(t, ids[1], "2026-11-19"); len(got) != 2 || got[1]["source"] != "device:"+devID {
				t.Fatalf("E2: %v", got)
			}
			// A bad time names the line and the field.
			r := e.expect(e.uploadFile(path, c.token, map[string]string{"format": "csv"}, "x.csv", []byte("code,time\nE4,19/11/2026 08:00\n")), 422)
			if m := r.data()["errors"].([]any)[0].(map[string]any); m["line"] != 2.0 || m["field"] != "time" {
				t.Fatalf("%s", r.raw)
			}
		})

		t.Run("bad_requests", func(t *testing.T) {
			e.t = t
			field := func(r resp, name string) {
				t.Helper()
				if _, ok := r.body["errors"].(map[string]any)[name]; !ok {
					t.Fatalf("want an error of %s: %s", name, r.raw)
				}
			}
			field(e.expect(e.uploadFile(path, c.token, map[string]string{"format": "attlog"}, "attlog.dat", []byte(attlog)), 422), "device_id")
			field(e.expect(e.uploadFile(path, c.token, map[string]string{"format": "xls"}, "a.xls", []byte(attlog)), 422), "format")
			field(e.expect(e.uploadFile(path, c.token, map[string]string{"format": "csv", "device_id": "abc"}, "a.csv", []byte("code,time\n")), 422), "device_id")
			field(e.expect(e.uploadFile(path, c.token, map[string]string{"format": "csv"}, "a.csv", []byte("who,when\nE1,2026-11-19 08:00\n")), 422), "file")
			field(e.expect(e.uploadFile(path, c.token, map[string]string{"format": "attlog", "device_id": devID}, "attlog.dat", []byte("\r\n\r\n")), 422), "file")
			field(e.expect(e.uploadFile(path, c.token, map[string]string{"format": "attlog", "device_id": devID}, "attlog.dat", []byte("E1\t\xff\xfe\n")), 422), "file")
			field(e.expect(e.uploadFile(path, c.token, map[string]string{"format": "csv", "dry_run": "maybe"}, "a.csv", []byte("code,time\n")), 422), "dry_run")
			field(e.expect(e.uploadFile(path, c.token, map[string]string{"format": "csv"}, "", nil), 422), "file")
		})

		t.Run("isolation", func(t *testing.T) {
			e.t = t
			// Another organisation's terminal is not found, and nothing is stored.
			o := e.company("Other USB Co")
			e.expect(e.uploadFile(path, o.token, map[string]string{"format": "attlog", "device_id": devID}, "attlog.dat", []byte(attlog)), 404)
			// A member may not import.
			member := e.user(c.orgID, "member")
			e.expect(e.uploadFile(path, member, map[string]string{"format": "attlog", "device_id": devID, "dry_run": "true"}, "attlog.dat", []byte(attlog)), 403)
		})
	})
}
