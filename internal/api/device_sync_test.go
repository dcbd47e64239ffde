package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"hadir/internal/device"
	"hadir/internal/iclock/devicesim"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// Synchronise is a full reconciliation (issue 14): the terminal is asked for its users, and
// its answer is compared with the enrolment both ways. A terminal with a person missing,
// one renamed with a card, one made an administrator at the keypad, a PIN Hadir once put
// there and no longer enrolled, and a PIN enrolled at the keypad ends up holding exactly
// the enrolment, the keypad's PIN only once the administrator asks for its removal; in the
// OPERLOG shape of the answer and in the USERINFO one of newer firmware.
func TestSimulatorSynchroniseReconciles(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, dev, ids := companyWithDevice(e, "REC0001", 5)
		ctx := context.Background()
		sim := devicesim.New(e.srv.URL, "REC0001")
		if _, err := sim.Handshake(ctx); err != nil {
			t.Fatal(err)
		}
		poll := func() {
			t.Helper()
			if err := sim.PollUntilIdle(ctx, 10); err != nil {
				t.Fatal(err)
			}
		}
		holds := func(want string) {
			t.Helper()
			var got []string
			for _, u := range sim.Users() {
				s := u.PIN + ":" + u.Name
				if u.Pri != "" && u.Pri != "0" {
					s += "/pri" + u.Pri
				}
				if u.Card != "" && u.Card != "0" {
					s += "/card" + u.Card
				}
				got = append(got, s)
			}
			if strings.Join(got, ",") != want {
				t.Fatalf("the terminal holds %q, want %q", strings.Join(got, ","), want)
			}
		}
		// result is the reconciliation of the newest synchronisation.
		result := func() device.SyncResult {
			t.Helper()
			for _, cm := range items(e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/commands?id=%d", dev), c.token, nil), 200)) {
				if device.IsSync(cm["label"].(string)) {
					if cm["status"] != "ok" || cm["command"] != "DATA QUERY USERINFO" {
						t.Fatalf("the query: %v", cm)
					}
					var r device.SyncResult
					if err := json.Unmarshal([]byte(cm["result"].(string)), &r); err != nil {
						t.Fatalf("result %q: %v", cm["result"], err)
					}
					return r
				}
			}
			t.Fatal("no synchronisation among the commands")
			return device.SyncResult{}
		}

		e.expect(e.call("POST", "/api/device/facial/employees", c.token, map[string]any{"device_id": dev, "employee": ids}), 200)
		poll()
		holds("E1:Aminah,E2:Baskaran,E3:Chong Wei,E4:Dewi,E5:Eko")

		// The terminal drifts: E2 renamed with a card and E3 made an administrator at the
		// keypad, E4 deleted there, K9 enrolled there. E5 leaves the enrolment while the
		// terminal is off (its deletion is still waiting when synchronising cancels it).
		sim.SetUser(devicesim.User{PIN: "E2", Name: "Bas", Card: "4455"})
		sim.SetUser(devicesim.User{PIN: "E3", Name: "Chong Wei", Pri: "14"})
		sim.RemoveAtTerminal("E4")
		sim.EnrolAtTerminal("K9", "Keypad person")
		e.expect(e.call("POST", "/api/device/facial/employees/delete", c.token, map[string]any{"device_id": dev, "employee": []int64{ids[4]}}), 200)

		q := e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		if q.data()["queued"] != 1.0 {
			t.Fatalf("synchronise: %s", q.raw)
		}
		// The first poll fetches only the query: nothing is sent before the terminal answers.
		if n, err := sim.Poll(ctx); err != nil || n != 1 {
			t.Fatalf("first poll ran %d (%v)", n, err)
		}
		if r := sim.Received(); r[len(r)-1] != "DATA QUERY USERINFO" {
			t.Fatalf("the terminal received %q", r[len(r)-1])
		}
		poll()
		holds("E1:Aminah,E2:Baskaran,E3:Chong Wei,E4:Dewi,K9:Keypad person")
		r := result()
		if !r.Listed || r.Added != 1 || r.Updated != 2 || r.Removed != 1 || r.Unknown != 1 || strings.Join(r.UnknownPINs, ",") != "K9" || r.UnknownRemoved {
			t.Fatalf("reconciliation %+v", r)
		}

		// A query handed out but never answered is superseded by the next synchronisation:
		// its late result is ignored. A list uploaded twice counts each PIN once.
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		if _, err := db.ExecContext(ctx, `UPDATE device_commands SET status = 'sent', attempts = 1 WHERE device_id = $1 AND status = 'queued'`, dev); err != nil {
			t.Fatal(err)
		}
		var stale int64
		if err := db.QueryRowContext(ctx, `SELECT MAX(id) FROM device_commands WHERE device_id = $1 AND label = 'sync'`, dev).Scan(&stale); err != nil {
			t.Fatal(err)
		}
		twice := "USER PIN=K9\tName=Keypad person\tPri=0\n"
		for i := 0; i < 2; i++ {
			if _, _, err := deviceCall(e, "POST", "/iclock/cdata?SN=REC0001&table=OPERLOG", twice); err != nil {
				t.Fatal(err)
			}
		}
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		if code, _, err := deviceCall(e, "POST", "/iclock/devicecmd?SN=REC0001", fmt.Sprintf("ID=%d&Return=0&CMD=DATA\n", stale)); err != nil || code != 200 {
			t.Fatalf("late result: %d %v", code, err)
		}
		var n int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM device_commands WHERE device_id = $1 AND status = 'queued' AND label <> 'sync'`, dev).Scan(&n); err != nil || n != 0 {
			t.Fatalf("a superseded query's result queued %d commands (%v)", n, err)
		}
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM device_uploads WHERE device_id = $1 AND tbl LIKE 'USERLIST %'`, dev).Scan(&n); err != nil || n != 0 {
			t.Fatalf("the superseded query's list stayed: %d (%v)", n, err)
		}
		// The new query, answered with the terminal's whole list uploaded twice.
		var fresh int64
		if err := db.QueryRowContext(ctx, `UPDATE device_commands SET status = 'sent', attempts = 1 WHERE device_id = $1 AND status = 'queued' RETURNING id`, dev).Scan(&fresh); err != nil {
			t.Fatal(err)
		}
		var list []string
		for _, u := range sim.Users() {
			list = append(list, "USER PIN="+u.PIN+"\tName="+u.Name+"\tPri=0\tCard=")
		}
		for i := 0; i < 2; i++ {
			if code, _, err := deviceCall(e, "POST", "/iclock/cdata?SN=REC0001&table=OPERLOG", strings.Join(list, "\n")); err != nil || code != 200 {
				t.Fatalf("upload: %d %v", code, err)
			}
		}
		if code, _, err := deviceCall(e, "POST", "/iclock/devicecmd?SN=REC0001", fmt.Sprintf("ID=%d&Return=0&CMD=DATA\n", fresh)); err != nil || code != 200 {
			t.Fatalf("result: %d %v", code, err)
		}
		if r := result(); r.Added+r.Updated+r.Removed != 0 || r.Unknown != 1 {
			t.Fatalf("reconciliation of a list sent twice %+v", r)
		}
		poll()

		// In sync: a second synchronisation changes nothing.
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		poll()
		if r := result(); r.Added+r.Updated+r.Removed != 0 || r.Unknown != 1 {
			t.Fatalf("second reconciliation %+v", r)
		}

		// The administrator removes the unknown PINs; newer firmware answers in USERINFO.
		sim.UserTable = "USERINFO"
		sim.SetUser(devicesim.User{PIN: "E1", Name: "Aminah X"})
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev, "remove_unknown": true}), 200)
		poll()
		holds("E1:Aminah,E2:Baskaran,E3:Chong Wei,E4:Dewi")
		if r := result(); r.Updated != 1 || r.Removed != 1 || r.Unknown != 1 || !r.UnknownRemoved {
			t.Fatalf("reconciliation removing the unknown %+v", r)
		}
		// Firmware that cannot list its users gets everyone enrolled again, and the
		// deletion of what Hadir once put there and is no longer enrolled (as before).
		sim.NoUserQuery = true
		sim.EnrolAtTerminal("K10", "Keypad two")
		sim.RemoveAtTerminal("E2")
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev}), 200)
		poll()
		holds("E1:Aminah,E2:Baskaran,E3:Chong Wei,E4:Dewi,K10:Keypad two")
		for _, cm := range items(e.expect(e.call("GET", fmt.Sprintf("/api/device/facial/commands?id=%d", dev), c.token, nil), 200)) {
			if device.IsSync(cm["label"].(string)) {
				var r device.SyncResult
				if cm["status"] != "failed" || json.Unmarshal([]byte(cm["result"].(string)), &r) != nil || r.Listed || r.Added != 4 || r.Removed != 1 { // E5, never K10
					t.Fatalf("unlisted reconciliation %v", cm)
				}
				break
			}
		}

		// Another organisation's device is not found.
		other := e.company("Other sync Co")
		e.expect(e.call("POST", "/api/device/facial/synchronize", other.token, map[string]any{"device_id": dev}), 404)
		e.expect(e.call("POST", "/api/device/facial/synchronize", c.token, map[string]any{"device_id": dev, "remove_unknown": "yes"}), 422)
	})
}

// deviceCall is one terminal request with a plain-text body.
func deviceCall(e *env, method, path, body string) (int, string, error) {
	req, err := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, string(b), err
}
