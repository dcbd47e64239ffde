package api_test

import (
	"strconv"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestGroupResponsesCountMembers: the response of a member change and of "get schedule" count
// the members as the group list does, and a group created without an effective date reports
// the day it was created, not 0001-01-01 (issue 10).
func TestGroupResponsesCountMembers(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		for _, face := range []struct {
			name, create, prefix, list string
			tenant                     func() (tenant, int64, int64)
			members                    func(g, p int64) map[string]any
		}{
			{"company", "/api/group/record/register", "/api/group", "/api/group/record", func() (tenant, int64, int64) {
				c := e.company("Count Co")
				a := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "C1", "first_name": "Ali"}), 201))
				b := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "C2", "first_name": "Bee"}), 201))
				return c, a, b
			}, func(g, p int64) map[string]any { return map[string]any{"group_id": g, "employees": []int64{p}} }},
			{"school", "/api/school/group/management", "/api/school/group", "/api/school/group/management?type=teacher", func() (tenant, int64, int64) {
				s := e.school("Count School")
				a := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "T1", "first_name": "Ali"}), 201))
				b := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "T2", "first_name": "Bee"}), 201))
				return s, a, b
			}, func(g, p int64) map[string]any { return map[string]any{"id": g, "school_employee": []int64{p}} }},
		} {
			t.Run(face.name, func(t *testing.T) {
				v, a, b := face.tenant()
				before := time.Now().In(kl).Format(time.DateOnly)
				g := e.expect(e.call("POST", face.create, v.token, map[string]any{"name": "Day", "type": "teacher", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201)
				after := time.Now().In(kl).Format(time.DateOnly)
				if from := g.data()["effective_from"]; from != before && from != after {
					t.Fatalf("a new group's effective_from is %v, want the day it was created (%s): %s", from, before, g.raw)
				}
				id := idOf(g)
				if g.data()["members"].(float64) != 0 {
					t.Fatalf("%s", g.raw)
				}
				count := func(r resp) float64 { t.Helper(); return r.data()["members"].(float64) }
				if n := count(e.expect(e.call("POST", face.prefix+"/employees", v.token, face.members(id, a)), 200)); n != 1 {
					t.Fatalf("after adding one member the response says members %v", n)
				}
				if n := count(e.expect(e.call("POST", face.prefix+"/employees", v.token, face.members(id, b)), 200)); n != 2 {
					t.Fatalf("after adding two members the response says members %v", n)
				}
				sched := e.expect(e.call("GET", face.prefix+"/schedule?id="+strconv.FormatInt(id, 10), v.token, nil), 200)
				grp := sched.data()["group"].(map[string]any)
				if grp["members"].(float64) != 2 || (grp["effective_from"] != before && grp["effective_from"] != after) {
					t.Fatalf("get schedule: %s", sched.raw)
				}
				var listed map[string]any
				for _, it := range items(e.expect(e.call("GET", face.list, v.token, nil), 200)) {
					if int64(it["id"].(float64)) == id {
						listed = it
					}
				}
				if listed == nil || listed["members"].(float64) != 2 || listed["effective_from"] != grp["effective_from"] {
					t.Fatalf("the list says %v, get schedule %v", listed, grp)
				}
				// Removing one from today: the response counts the one left.
				rm := e.expect(e.call("DELETE", face.prefix+"/employees", v.token, face.members(id, b)), 200)
				if n := count(rm); n != 1 {
					t.Fatalf("after removing one member the response says members %v: %s", n, rm.raw)
				}
			})
		}
	})
}
