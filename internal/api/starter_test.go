package api_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/starter"
	"hadir/internal/testdb"
)

// names lists the "type" or "name" of each row of a list response.
func rowNames(r resp, field string) []string {
	var out []string
	list, _ := r.body["data"].([]any)
	for _, x := range list {
		m, _ := x.(map[string]any)
		out = append(out, fmt.Sprint(m[field]))
	}
	slices.Sort(out)
	return out
}

func TestStarterData(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		school := func(code, lang string) resp {
			return e.call("POST", "/api/school/register", "", map[string]any{"name": "SK " + code, "code": code,
				"email": "office@" + code + ".test", "contact_number": "03-12345678", "timezone": "Asia/Kuala_Lumpur",
				"admin_name": "Cikgu " + code, "admin_email": "owner@" + code + ".test", "password": pw, "terms": true, "language": lang})
		}
		t.Run("school_ms201", func(t *testing.T) {
			e.t = t
			tok := e.expect(school("STA1", "ms"), 201).str("data", "access_token")
			leaveTypes := e.expect(e.call("GET", "/api/school/leave/management", tok, nil), 200)
			if got := rowNames(leaveTypes, "type"); !slices.Equal(got, []string{"Cuti kecemasan", "Cuti sakit", "Cuti tahunan", "Cuti tanpa gaji"}) {
				t.Fatalf("leave types: %v", got)
			}
			for _, x := range leaveTypes.body["data"].([]any) {
				m := x.(map[string]any)
				switch m["type"] {
				case "Cuti tahunan":
					if m["day_count"] != 14.0 || m["paid"] != true || m["max_carry"] != 5.0 {
						t.Fatalf("annual: %v", m)
					}
				case "Cuti sakit":
					if m["attachment_required"] != true {
						t.Fatalf("sick: %v", m)
					}
				case "Cuti tanpa gaji":
					if m["paid"] != false || m["allow_negative"] != true {
						t.Fatalf("unpaid: %v", m)
					}
				}
			}
			away := e.expect(e.call("GET", "/api/school/away/management", tok, nil), 200)
			if got := rowNames(away, "type"); !slices.Equal(got, []string{"Mesyuarat", "Tugas luar daerah", "Urusan luar"}) {
				t.Fatalf("away types: %v", got)
			}
			groups := e.expect(e.call("GET", "/api/school/group/management?type=teacher", tok, nil), 200)
			if got := rowNames(groups, "name"); !slices.Equal(got, []string{"Waktu pejabat (guru), Isnin hingga Jumaat 08:00–17:00"}) {
				t.Fatalf("teacher groups: %v", got)
			}
			staffGroups := e.expect(e.call("GET", "/api/school/group/management?type=staff", tok, nil), 200)
			if got := rowNames(staffGroups, "name"); !slices.Equal(got, []string{"Waktu pejabat (staf), Isnin hingga Jumaat 08:00–17:00"}) {
				t.Fatalf("staff groups: %v", got)
			}
			g := groups.body["data"].([]any)[0].(map[string]any)
			if g["time_in"] != "08:00" || g["time_out"] != "17:00" {
				t.Fatalf("group times: %v", g)
			}
			sched := e.expect(e.call("GET", fmt.Sprintf("/api/school/group/schedule?id=%v", g["id"]), tok, nil), 200)
			days := sched.data()["days"].([]any)
			working := 0
			for _, d := range days {
				m := d.(map[string]any)
				if m["type"] == 1.0 {
					working++
					if m["id"].(float64) > 5 {
						t.Fatalf("weekend scheduled as working: %v", days)
					}
				}
			}
			if working != 5 {
				t.Fatalf("schedule: %s", sched.raw)
			}
			// Every starter row is an ordinary row: it can be renamed and deleted.
			id := leaveTypes.body["data"].([]any)[0].(map[string]any)["id"]
			e.expect(e.call("POST", "/api/school/leave/management/update", tok, map[string]any{"id": id, "type": "Cuti tahunan guru"}), 200)
			e.expect(e.call("DELETE", fmt.Sprintf("/api/school/leave/management?id=%v", id), tok, nil), 204)
			e.expect(e.call("DELETE", fmt.Sprintf("/api/school/group/management?id=%v", g["id"]), tok, nil), 204)
		})
		t.Run("company_de201", func(t *testing.T) {
			e.t = t
			tok := e.expect(e.call("POST", "/api/auth/register", "", map[string]any{"name": "Jonas", "email": "jonas@gmbh.test",
				"company_size": "12", "employer": "Muster GmbH", "password": pw, "timezone": "Europe/Berlin", "terms": true, "language": "de"}), 201).str("data", "access_token")
			if got := rowNames(e.expect(e.call("GET", "/api/company/leave", tok, nil), 200), "type"); !slices.Equal(got, []string{"Jahresurlaub", "Krankheit", "Sonderurlaub (Notfall)", "Unbezahlter Urlaub"}) {
				t.Fatalf("leave types: %v", got)
			}
			if got := rowNames(e.expect(e.call("GET", "/api/company/away", tok, nil), 200), "type"); !slices.Equal(got, []string{"Besprechung", "Dienstgang", "Dienstreise"}) {
				t.Fatalf("away types: %v", got)
			}
			if got := rowNames(e.expect(e.call("GET", "/api/group/record", tok, nil), 200), "name"); !slices.Equal(got, []string{"Bürozeiten, Montag bis Freitag 08:00–17:00"}) {
				t.Fatalf("groups: %v", got)
			}
		})
		t.Run("default_language_en201", func(t *testing.T) {
			e.t = t
			tok := e.expect(school("STA2", ""), 201).str("data", "access_token")
			if got := rowNames(e.expect(e.call("GET", "/api/school/leave/management", tok, nil), 200), "type"); !slices.Equal(got, []string{"Annual leave", "Emergency leave", "Sick leave", "Unpaid leave"}) {
				t.Fatalf("leave types: %v", got)
			}
		})
		t.Run("start_empty201", func(t *testing.T) {
			e.t = t
			s := e.school("Empty Start")
			if got := rowNames(e.expect(e.call("GET", "/api/school/leave/management", s.token, nil), 200), "type"); len(got) != 0 {
				t.Fatalf("leave types: %v", got)
			}
		})
		t.Run("language422", func(t *testing.T) {
			e.t = t
			r := e.expect(school("STA3", "xx"), 422)
			if _, ok := r.body["errors"].(map[string]any)["language"]; !ok {
				t.Fatalf("errors: %s", r.raw)
			}
		})
		t.Run("failure_rolls_back", func(t *testing.T) {
			e.t = t
			// A failure after the starter rows are written takes the organisation, its owner
			// and its rows back with it: the same registration then succeeds.
			real := starter.Seeder{Leave: e.app.Leave, Attendance: e.app.Attendance}.Seed
			e.app.Accounts.Starter = func(ctx context.Context, orgID int64, kind, lang string) error {
				if err := real(ctx, orgID, kind, lang); err != nil {
					return err
				}
				return errors.New("disk full")
			}
			e.expect(school("STA4", "fr"), 500)
			e.app.Accounts.Starter = real
			tok := e.expect(school("STA4", "fr"), 201).str("data", "access_token")
			if got := rowNames(e.expect(e.call("GET", "/api/school/away/management", tok, nil), 200), "type"); !slices.Equal(got, []string{"Démarche extérieure", "Déplacement professionnel", "Réunion"}) {
				t.Fatalf("away types: %v", got)
			}
		})
	})
}
