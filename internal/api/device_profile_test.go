package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"hadir/internal/iclock/devicesim"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// Device profiles (issue 14): a black-and-white 6.60 terminal takes numeric PINs of up to 9
// digits and names of 24 bytes, and no photos. Enrolling people who do not fit is refused
// with a 422 naming each of them, before anything is queued; a name is cut to fit; a code
// changed to one the terminal cannot take is refused; bad profile values are 422s.
func TestDeviceProfileRefusesWhatTheTerminalCannotTake(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		c := e.company("Profile Co")
		person := func(code, name string) int64 {
			return idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": name}), 201))
		}
		letters, long, fits := person("E7", "Aminah"), person("1234567890", "Baskaran"), person("1207", "Nurul Huda binti Abdullah Rahman")
		// Bad profile values.
		for body, field := range map[string]string{`{"profile":"nokia"}`: "profile", `{"pin_max_length":99}`: "pin_max_length", `{"name_max_bytes":-1}`: "name_max_bytes"} {
			req := map[string]any{"name": "Gate", "code": "BWBAD001"}
			for k, v := range map[string]any{"profile": "nokia", "pin_max_length": 99, "name_max_bytes": -1} {
				if strings.Contains(body, `"`+k+`"`) {
					req[k] = v
				}
			}
			if r := e.call("POST", "/api/device/facial/register", c.token, req); r.status != 422 || fieldCode(r, field) == "" {
				t.Fatalf("%s: %d %s", body, r.status, r.raw)
			}
		}
		dev := e.expect(e.call("POST", "/api/device/facial/register", c.token, map[string]any{"name": "Gate", "code": "BWPRO001", "profile": "bw_660"}), 201).data()
		if dev["pin_digits_only"] != true || dev["pin_max_length"] != 9.0 || dev["name_max_bytes"] != 24.0 || dev["takes_photos"] != false {
			t.Fatalf("bw_660 device: %v", dev)
		}
		id := int64(dev["id"].(float64))
		// An update that does not name the rules keeps them.
		e.expect(e.call("POST", "/api/device/facial/update", c.token, map[string]any{"id": id, "name": "Gate 1", "code": "BWPRO001"}), 200)
		form := e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/form?id=%d", id), c.token, nil), 200).data()
		if form["pin_digits_only"] != true || form["pin_max_length"] != 9.0 {
			t.Fatalf("after update: %v", form)
		}

		// Two who do not fit among three: refused, each named, nothing enrolled or queued.
		r := e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": id, "employee": []int64{letters, long, fits}})
		if r.status != 422 {
			t.Fatalf("misfits: %d %s", r.status, r.raw)
		}
		details := r.body["details"].(map[string]any)["employee"].([]any)
		var got []string
		for _, d := range details {
			m := d.(map[string]any)
			got = append(got, fmt.Sprintf("%s:%s", m["code"], m["params"].(map[string]any)["person"]))
		}
		if strings.Join(got, ",") != "device.pin_too_long:Baskaran,device.pin_not_numeric:Aminah" || !strings.Contains(r.raw, "1234567890") {
			t.Fatalf("misfit details %v: %s", got, r.raw)
		}
		var enrolled, queued int
		db.QueryRowContext(ctx, `SELECT COUNT(*) FROM device_people WHERE device_id = $1`, id).Scan(&enrolled)
		db.QueryRowContext(ctx, `SELECT COUNT(*) FROM device_commands WHERE device_id = $1`, id).Scan(&queued)
		if enrolled != 0 || queued != 0 {
			t.Fatalf("a refused enrolment left %d enrolled, %d commands", enrolled, queued)
		}

		// The one who fits goes, with the name cut to 24 bytes and no photo.
		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": id, "employee": []int64{fits}}), 200)
		e.upload("/api/employee/profile/image", c.token, map[string]string{"employee_id": fmt.Sprint(fits)}, noisePNG(t, 80, 60))
		sim := devicesim.New(e.srv.URL, "BWPRO001")
		sim.PushVersion = ""
		if _, err := sim.Handshake(ctx); err != nil {
			t.Fatal(err)
		}
		if err := sim.PollUntilIdle(ctx, 5); err != nil {
			t.Fatal(err)
		}
		users := sim.Users()
		if len(users) != 1 || users[0].PIN != "1207" || users[0].Name != "Nurul Huda binti Abdulla" || users[0].Photo {
			t.Fatalf("the terminal holds %+v", users)
		}
		// A code changed to letters is refused while the person is on this terminal.
		r = e.call("POST", "/api/employee/detail/general/update", c.token, map[string]any{"employee_id": fits, "code": "X1207", "first_name": "Nurul"})
		if r.status != 422 || fieldCode(r, "code") != "device.pin_not_numeric" {
			t.Fatalf("code change: %d %s", r.status, r.raw)
		}
	})
}
