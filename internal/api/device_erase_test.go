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

// An erased person leaves every terminal: the erasure queues the deletion of their PIN in its
// own transaction, even when the terminal holds them again after they were archived (enrolled
// at the keypad); an erasure refused queues nothing (issue 14, issue 18).
func TestErasedPersonLeavesEveryTerminal(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, dev, ids := companyWithDevice(e, "ERASE001", 2)
		ctx := context.Background()
		sim := devicesim.New(e.srv.URL, "ERASE001")
		if _, err := sim.Handshake(ctx); err != nil {
			t.Fatal(err)
		}
		holds := func(want string) {
			t.Helper()
			if err := sim.PollUntilIdle(ctx, 5); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, u := range sim.Users() {
				got = append(got, u.PIN)
			}
			if strings.Join(got, ",") != want {
				t.Fatalf("the terminal holds %q, want %q", strings.Join(got, ","), want)
			}
		}
		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": dev, "employee": ids}), 200)
		holds("E1,E2")
		// Not left yet: the erasure is refused and nothing is queued.
		before := len(sim.Received())
		wantCode(t, e.call("POST", fmt.Sprintf("/api/people/%d/erase", ids[0]), c.token, map[string]any{"confirm": true}), 409, "privacy.not_left")
		if n, err := sim.Poll(ctx); err != nil || n != 0 {
			t.Fatalf("a refused erasure sent %d commands (%v)", n, err)
		}
		// Archived: off the terminal. An installer enrols the PIN again at the keypad.
		e.expect(e.call("DELETE", fmt.Sprintf("/api/employee/record?employee_id=%d", ids[0]), c.token, nil), 204)
		holds("E2")
		sim.EnrolAtTerminal("E1", "Aminah")
		// Erased: the PIN is deleted from the terminal again, by its code before erasure.
		e.expect(e.call("POST", fmt.Sprintf("/api/people/%d/erase", ids[0]), c.token, map[string]any{"confirm": true}), 200)
		holds("E2")
		got := sim.Received()[before:]
		if len(got) != 2 || got[0] != "DATA DELETE USERINFO PIN=E1" || got[1] != "DATA DELETE USERINFO PIN=E1" {
			t.Fatalf("the terminal got %q", got)
		}
		var enrolled int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM device_people WHERE person_id = $1`, ids[0]).Scan(&enrolled); err != nil || enrolled != 0 {
			t.Fatalf("enrolment after erasure: %d %v", enrolled, err)
		}
	})
}
