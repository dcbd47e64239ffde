package api_test

import (
	"fmt"
	"strings"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestJobAreaPositionAndGroup: the job area holds the position as text (a school has no list
// of positions), and the person's details name their group today, read-only (issue 10).
func TestJobAreaPositionAndGroup(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		for _, face := range []struct {
			name, person, details, job, group, members string
			tenant                                     func() tenant
			body                                       func(id int64) map[string]any
			join                                       func(g, p int64) map[string]any
		}{
			{"school teacher", "/api/school/employee/teacher", "/api/school/employee/teacher/details?id=%d", "/api/school/employee/teacher/details/job",
				"/api/school/group/management", "/api/school/group/employees", func() tenant { return e.school("Job School") },
				func(id int64) map[string]any { return map[string]any{"code": "T1", "first_name": "Aisyah"} },
				func(g, p int64) map[string]any { return map[string]any{"id": g, "school_employee": []int64{p}} }},
			{"company employee", "/api/employee/record/register", "/api/employee/details?employee_id=%d", "/api/employee/detail/job",
				"/api/group/record/register", "/api/group/employees", func() tenant { return e.company("Job Co") },
				func(id int64) map[string]any { return map[string]any{"code": "E1", "first_name": "Siti"} },
				func(g, p int64) map[string]any { return map[string]any{"group_id": g, "employees": []int64{p}} }},
		} {
			t.Run(face.name, func(t *testing.T) {
				v := face.tenant()
				id := idOf(e.expect(e.call("POST", face.person, v.token, face.body(0)), 201))
				idField := "id"
				if strings.HasPrefix(face.person, "/api/employee") {
					idField = "employee_id"
				}
				saved := e.expect(e.call("POST", face.job, v.token, map[string]any{idField: id, "position": "  Senior teacher ", "type": "full_time"}), 200)
				if saved.str("data", "position") != "Senior teacher" {
					t.Fatalf("the saved job area: %s", saved.raw)
				}
				bad := e.expect(e.call("POST", face.job, v.token, map[string]any{idField: id, "position": strings.Repeat("x", 101)}), 422)
				if fieldCode(bad, "position") == "" {
					t.Fatalf("a 101-character position was not refused on the field: %s", bad.raw)
				}
				details := func() resp {
					return e.expect(e.call("GET", fmt.Sprintf(face.details, id), v.token, nil), 200)
				}
				d := details()
				if d.str("data", "job", "position") != "Senior teacher" {
					t.Fatalf("details: %s", d.raw)
				}
				if g, present := d.data()["group"]; !present || g != nil {
					t.Fatalf("a person in no group: group is %v (present %v), want null: %s", g, present, d.raw)
				}
				g := idOf(e.expect(e.call("POST", face.group, v.token, map[string]any{"name": "Morning", "type": "teacher", "time_in": "08:00",
					"cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
				e.expect(e.call("POST", face.members, v.token, face.join(g, id)), 200)
				d = details()
				grp, _ := d.data()["group"].(map[string]any)
				if grp == nil || grp["id"].(float64) != float64(g) || grp["name"] != "Morning" {
					t.Fatalf("a member of Morning: %s", d.raw)
				}
			})
		}
	})
}
