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

// Enrolment reaches the terminal at once, without synchronise: enrolling, renaming, a new
// code, a new photo, archiving and restoring each queue what the device needs in the change's
// transaction; an add removed again before the device polls is never delivered (issue 14).
func TestSimulatorImmediateEnrolment(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, dev, ids := companyWithDevice(e, "IMM0001", 4)
		ctx := context.Background()
		sim := devicesim.New(e.srv.URL, "IMM0001")
		if _, err := sim.Handshake(ctx); err != nil {
			t.Fatal(err)
		}
		poll := func() {
			t.Helper()
			if err := sim.PollUntilIdle(ctx, 5); err != nil {
				t.Fatal(err)
			}
		}
		holds := func(want string) {
			t.Helper()
			var got []string
			for _, u := range sim.Users() {
				s := u.PIN + ":" + u.Name
				if u.Photo {
					s += "+photo"
				}
				got = append(got, s)
			}
			if strings.Join(got, ",") != want {
				t.Fatalf("the terminal holds %q, want %q", strings.Join(got, ","), want)
			}
		}

		// Enrol: the people are on the terminal at its next poll.
		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": dev, "employee": ids[:2]}), 200)
		poll()
		holds("E1:Aminah,E2:Baskaran")
		// Enrolling someone already on the device sends nothing again.
		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": dev, "employee": ids[:1]}), 200)
		if n, err := sim.Poll(ctx); err != nil || n != 0 {
			t.Fatalf("re-enrolling sent %d commands (%v)", n, err)
		}

		// Rename and a new code: the old PIN goes, the new one comes with the new name.
		e.expect(e.call("POST", "/api/employee/detail/general/update", c.token, map[string]any{"employee_id": ids[0], "code": "E1", "first_name": "Aminah", "last_name": "Yusof"}), 200)
		e.expect(e.call("POST", "/api/employee/detail/general/update", c.token, map[string]any{"employee_id": ids[1], "code": "E20", "first_name": "Baskaran"}), 200)
		poll()
		holds("E1:Aminah Yusof,E20:Baskaran")

		// A new profile photo goes to the terminal.
		e.upload("/api/employee/profile/image", c.token, map[string]string{"employee_id": fmt.Sprint(ids[0])}, noisePNG(t, 80, 60))
		poll()
		holds("E1:Aminah Yusof+photo,E20:Baskaran")

		// Archived: gone from the terminal; restored: back, photo and all.
		e.expect(e.call("DELETE", fmt.Sprintf("/api/employee/record?employee_id=%d", ids[0]), c.token, nil), 204)
		poll()
		holds("E20:Baskaran")
		e.expect(e.call("POST", "/api/employee/record/restore", c.token, map[string]any{"employee_id": ids[0]}), 200)
		poll()
		holds("E1:Aminah Yusof+photo,E20:Baskaran")

		// Added and removed before the device polls: the add is cancelled, never delivered;
		// only the removal goes out.
		before := len(sim.Received())
		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": dev, "employee": ids[2:3]}), 200)
		e.expect(e.call("POST", "/api/device/facial/employees/delete", c.token, map[string]any{"device_id": dev, "employee": ids[2:3]}), 200)
		poll()
		got := sim.Received()[before:]
		if len(got) != 1 || got[0] != "DATA DELETE USERINFO PIN=E3" {
			t.Fatalf("after add and delete before a poll the terminal got %q", got)
		}
		holds("E1:Aminah Yusof+photo,E20:Baskaran")
		// Removing someone takes them off.
		e.expect(e.call("POST", "/api/device/facial/employees/delete", c.token, map[string]any{"device_id": dev, "employee": ids[1:2]}), 200)
		poll()
		holds("E1:Aminah Yusof+photo")

		// The queue tells cancelled from failed: nothing failed, the superseded add is cancelled.
		statuses := map[string]int{}
		for _, cm := range items(e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/commands?id=%d&page[size]=100", dev), c.token, nil), 200)) {
			statuses[cm["status"].(string)]++
			if cm["status"] == "cancelled" && cm["label"] != "user E3" {
				t.Fatalf("cancelled: %v", cm)
			}
		}
		if statuses["cancelled"] != 1 || statuses["failed"]+statuses["expired"]+statuses["queued"]+statuses["sent"] != 0 {
			t.Fatalf("command statuses %v", statuses)
		}
		// Another organisation's person changes nothing here; a person on no device queues nothing.
		e.expect(e.call("POST", "/api/employee/detail/general/update", c.token, map[string]any{"employee_id": ids[3], "code": "E4", "first_name": "Dewi K"}), 200)
		if n, err := sim.Poll(ctx); err != nil || n != 0 {
			t.Fatalf("a change to someone not enrolled sent %d commands (%v)", n, err)
		}
	})
}
