package api_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"hadir/internal/account"
	"hadir/internal/api"
	"hadir/internal/attendance"
	"hadir/internal/device"
	"hadir/internal/leave"
	"hadir/internal/org"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// routeCase says how to call a route in the walk. A route of the table without a case fails
// the test, so every new route must come with its isolation and permission case.
type routeCase struct {
	query string // query string for a valid call
	body  any    // JSON body for a valid call
	// foreign, when set, makes an item in the victim organisation and returns the query and
	// body that address it; the attacker (another organisation's owner) must get 404.
	foreign func(e *env, victim tenant) (query string, body any)
	// check, when set, confirms after the foreign call that the victim's item is unchanged.
	check func(e *env, victim tenant)
	// school makes the victim and the attacker schools instead of companies.
	school bool
}

// personIn makes a person of a kind in the victim organisation.
func personIn(e *env, victim tenant, kind people.Kind) int64 {
	p, err := e.app.People.Create(context.Background(), victim.orgID, kind, people.General{Code: fmt.Sprintf("V%d", seq.Add(1)), FirstName: "Victim"})
	if err != nil {
		e.t.Fatal(err)
	}
	return p.ID
}

// personCase is the case of a route that addresses one person by idName, in the query
// (GET, DELETE) or the JSON body (POST).
func personCase(method, idName string, kind people.Kind, extra map[string]any) routeCase {
	c := routeCase{school: kind != people.Employee}
	c.foreign = func(e *env, v tenant) (string, any) {
		id := personIn(e, v, kind)
		if method == "GET" || method == "DELETE" {
			return fmt.Sprintf("?%s=%d&record_id=1", idName, id), nil
		}
		body := map[string]any{idName: id}
		for k, x := range extra {
			body[k] = x
		}
		return "", body
	}
	c.check = func(e *env, v tenant) {
		items, _, _ := e.app.People.List(context.Background(), v.orgID, people.ListFilter{Kind: kind}, database.Page{Number: 1, Size: 150})
		for _, p := range items {
			if p.FirstName != "Victim" {
				e.t.Errorf("another organisation changed a person: %+v", p)
			}
		}
	}
	if method == "GET" || method == "DELETE" {
		c.query = "?" + idName + "=999999&record_id=1"
	} else {
		c.body = map[string]any{idName: 999999}
	}
	return c
}

func groupIn(e *env, victim tenant, kind string) int64 {
	g, err := e.app.Attendance.CreateGroup(context.Background(), victim.orgID, kind, attendance.GroupInput{Name: fmt.Sprintf("Victim group %d", seq.Add(1)),
		TimeIn: "08:00", CutOffTimeIn: "10:00", TimeOut: "17:00", CutOffTimeOut: "23:00"})
	if err != nil {
		e.t.Fatal(err)
	}
	return g.ID
}

func holidayIn(e *env, victim tenant) int64 {
	h, err := e.app.Attendance.SaveHoliday(context.Background(), attendance.Holiday{OrgID: victim.orgID, Name: "Victim day", Start: "2026-08-31"})
	if err != nil {
		e.t.Fatal(err)
	}
	return h.ID
}

// groupCase addresses a group of the victim by id in the query or body.
func groupCase(method, kind string, body map[string]any) routeCase {
	c := routeCase{school: kind != "employee"}
	c.foreign = func(e *env, v tenant) (string, any) {
		id := groupIn(e, v, kind)
		if method == "GET" || (method == "DELETE" && body == nil) {
			return fmt.Sprintf("?id=%d&group_id=%d", id, id), nil
		}
		b := map[string]any{"id": id, "group_id": id}
		for k, x := range body {
			b[k] = x
		}
		return "", b
	}
	if method == "GET" || (method == "DELETE" && body == nil) {
		c.query = "?id=999999&group_id=999999"
	} else {
		c.body = map[string]any{"id": 999999, "group_id": 999999, "name": "X"}
	}
	return c
}

// attendanceCase finds the case of an attendance, group, holiday or dashboard route.
func attendanceCase(method, path string) (routeCase, bool) {
	kind, idName := "", "id"
	switch {
	case strings.Contains(path, "/teacher"):
		kind = "teacher"
	case strings.Contains(path, "/staff"):
		kind = "staff"
	case strings.HasPrefix(path, "/api/employee/attendance"), strings.HasPrefix(path, "/api/dashboard/employee"):
		kind, idName = "employee", "employee_id"
	}
	switch {
	case strings.HasPrefix(path, "/api/school/group/") || strings.HasPrefix(path, "/api/group/"):
		gk := "teacher"
		if strings.HasPrefix(path, "/api/group/") {
			gk = "employee"
		}
		switch {
		case method == "GET" && (strings.HasSuffix(path, "/management") || strings.HasSuffix(path, "/record")):
			return routeCase{school: gk != "employee"}, true
		case method == "POST" && (strings.HasSuffix(path, "/management") || strings.HasSuffix(path, "/register")):
			return routeCase{body: map[string]any{}, school: gk != "employee"}, true
		case strings.HasSuffix(path, "/employees") && method != "GET":
			return groupCase(method, gk, map[string]any{"employees": []int{1}, "school_employee": []int{1}}), true
		case strings.HasSuffix(path, "/schedule") && method == "POST":
			return groupCase(method, gk, map[string]any{"days": []map[string]any{{"id": 1, "type": 1}}}), true
		case strings.HasSuffix(path, "/update"):
			return groupCase(method, gk, map[string]any{"name": "Stolen"}), true
		}
		return groupCase(method, gk, nil), true
	case strings.HasPrefix(path, "/api/holiday/record") || strings.HasPrefix(path, "/api/school/holiday/management"):
		school := strings.HasPrefix(path, "/api/school/")
		switch {
		case method == "GET":
			return routeCase{school: school}, true
		case method == "POST" && !strings.HasSuffix(path, "/update"):
			return routeCase{body: map[string]any{}, school: school}, true
		case method == "POST":
			return routeCase{body: map[string]any{"holiday_id": 999999, "name": "X", "start": "2026-01-01"}, school: school,
				foreign: func(e *env, v tenant) (string, any) {
					return "", map[string]any{"holiday_id": holidayIn(e, v), "name": "Stolen", "start": "2026-01-01"}
				}}, true
		}
		return routeCase{query: "?holiday_id=999999", school: school, foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("?holiday_id=%d", holidayIn(e, v)), nil
		}}, true
	case kind == "":
		return routeCase{}, false
	case method == "POST":
		return personCase("POST", idName, people.Kind(kind), map[string]any{"date": "2026-11-02", "status": 1, "time": "08:00", "remark": "walk"}), true
	case strings.Contains(path, "/single") || strings.Contains(path, "/individual") || strings.Contains(path, "/clock"):
		c := personCase("GET", idName, people.Kind(kind), nil)
		return c, true
	case strings.HasSuffix(path, "/audit"):
		return routeCase{school: kind != "employee"}, true
	}
	return routeCase{query: "?date=2026-11-02&type=xlsx", school: kind != "employee"}, true
}

func leaveTypeIn(e *env, v tenant, kind string) int64 {
	t, err := e.app.Leave.SaveType(context.Background(), leave.Type{OrgID: v.orgID, Kind: kind, Name: fmt.Sprintf("Victim type %d", seq.Add(1)), Unit: "day"})
	if err != nil {
		e.t.Fatal(err)
	}
	return t.ID
}

func entitlementIn(e *env, v tenant, kind, personKind string) int64 {
	pid := personIn(e, v, people.Kind(personKind))
	en, err := e.app.Leave.SaveEntitlement(context.Background(), v.orgID, personKind, kind, leave.Entitlement{PersonID: pid, TypeID: leaveTypeIn(e, v, kind), Entitled: 500})
	if err != nil {
		e.t.Fatal(err)
	}
	return en.ID
}

func applicationIn(e *env, v tenant, kind, personKind string) int64 {
	pid := personIn(e, v, people.Kind(personKind))
	var id int64
	err := e.db.QueryRow(`INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, amount, status, created_at, updated_at)
		VALUES ($1, $2, $3, $4, '2030-01-07', '2030-01-07', 100, 'pending', $5, $5) RETURNING id`, v.orgID, pid, leaveTypeIn(e, v, kind), kind, database.Now()).Scan(&id)
	if err != nil {
		e.t.Fatal(err)
	}
	return id
}

// leaveCase finds the case of a leave or away route.
func leaveCase(method, path string) (routeCase, bool) {
	kind := "leave"
	if strings.Contains(path, "/away") {
		kind = "away"
	}
	school := strings.HasPrefix(path, "/api/school/")
	pk, idName := "employee", "employee_id"
	switch {
	case strings.Contains(path, "teacher"):
		pk, idName = "teacher", "id"
	case strings.Contains(path, "staff"):
		pk, idName = "staff", "id"
	case school:
		pk, idName = "teacher", "id"
	}
	foreignQuery := func(make func(e *env, v tenant) int64, name string) routeCase {
		return routeCase{query: "?" + name + "=999999", school: school, foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("?%s=%d", name, make(e, v)), nil
		}}
	}
	foreignBody := func(make func(e *env, v tenant) int64, name string, extra map[string]any) routeCase {
		c := routeCase{body: map[string]any{name: 999999}, school: school}
		c.foreign = func(e *env, v tenant) (string, any) {
			b := map[string]any{name: make(e, v)}
			for k, x := range extra {
				b[k] = x
			}
			return "", b
		}
		return c
	}
	typ := func(e *env, v tenant) int64 { return leaveTypeIn(e, v, kind) }
	ent := func(e *env, v tenant) int64 { return entitlementIn(e, v, kind, pk) }
	app := func(e *env, v tenant) int64 { return applicationIn(e, v, kind, pk) }
	person := func(e *env, v tenant) int64 { return personIn(e, v, people.Kind(pk)) }
	switch {
	case strings.HasPrefix(path, "/api/school/personal/"):
		return routeCase{body: map[string]any{}}, true
	case strings.HasSuffix(path, "/form") || strings.HasSuffix(path, "/single"):
		if strings.Contains(path, "entitlement") {
			return foreignQuery(ent, "id"), true
		}
		return foreignQuery(typ, "id"), true
	case (strings.HasSuffix(path, "/management") || strings.HasSuffix(path, "/company/leave") || strings.HasSuffix(path, "/company/away")) && method == "DELETE":
		return foreignQuery(typ, "id"), true
	case strings.HasSuffix(path, "/update"):
		return foreignBody(typ, "id", map[string]any{"type": "Stolen"}), true
	case strings.HasSuffix(path, "/entitlement") && method == "GET":
		return foreignQuery(person, idName), true
	case strings.HasSuffix(path, "/entitlement") && method == "DELETE":
		return foreignQuery(ent, "id"), true
	case strings.HasSuffix(path, "/entitlement") && method == "POST":
		return foreignBody(ent, "id", map[string]any{"entitled": 30}), true
	case strings.HasSuffix(path, "/entitlement/bulk"):
		c := routeCase{body: map[string]any{"employees": []int{999999}}, school: school}
		c.foreign = func(e *env, v tenant) (string, any) {
			return "", map[string]any{"employees": []int64{person(e, v)}, "leave_type_id": 1}
		}
		return c, true
	case strings.HasSuffix(path, "/approve") || strings.HasSuffix(path, "/reject") || strings.HasSuffix(path, "/cancel"):
		return foreignBody(app, "id", map[string]any{"comment": "walk"}), true
	case method == "GET", strings.Contains(path, "/assignment"), strings.HasSuffix(path, "/carry-forward"):
		return routeCase{body: map[string]any{}, school: school}, true
	case method == "POST":
		return routeCase{body: map[string]any{}, school: school}, true
	}
	return routeCase{}, false
}

func deviceIn(e *env, v tenant) int64 {
	d, err := e.app.Devices.Save(context.Background(), device.Device{OrgID: v.orgID, Name: "Victim terminal", Code: fmt.Sprintf("VIC%06d", seq.Add(1)), Enabled: true})
	if err != nil {
		e.t.Fatal(err)
	}
	return d.ID
}

func beaconIn(e *env, v tenant) int64 {
	b, err := e.app.Devices.SaveBeacon(context.Background(), device.Beacon{OrgID: v.orgID, Name: "Victim beacon", UUID: "f7826da6-4fa2-4e98-8024-bc5b71e0893e", Major: int(seq.Add(1)), Minor: 1})
	if err != nil {
		e.t.Fatal(err)
	}
	return b.ID
}

// deviceCase finds the case of a device or beacon route.
func deviceCase(method, path string) (routeCase, bool) {
	school := strings.HasPrefix(path, "/api/school/")
	q := func(mk func(*env, tenant) int64, name string) routeCase {
		return routeCase{query: "?" + name + "=999999", school: school, foreign: func(e *env, v tenant) (string, any) { return fmt.Sprintf("?%s=%d", name, mk(e, v)), nil }}
	}
	b := func(mk func(*env, tenant) int64, name string, extra map[string]any) routeCase {
		c := routeCase{body: map[string]any{name: 999999}, school: school}
		c.foreign = func(e *env, v tenant) (string, any) {
			body := map[string]any{name: mk(e, v)}
			for k, x := range extra {
				body[k] = x
			}
			return "", body
		}
		return c
	}
	if strings.HasPrefix(path, "/api/device/beacon") {
		switch {
		case method == "GET":
			return routeCase{}, true
		case method == "DELETE":
			return q(beaconIn, "id"), true
		case strings.HasSuffix(path, "/update"):
			return b(beaconIn, "id", map[string]any{"name": "Stolen", "uuid": "f7826da6-4fa2-4e98-8024-bc5b71e0893e", "major": 9, "minor": 9}), true
		}
		return routeCase{body: map[string]any{}}, true
	}
	switch {
	case strings.HasSuffix(path, "/code"):
		return routeCase{query: "?code=FREE0001", school: school}, true
	case method == "GET" && (strings.HasSuffix(path, "/facial")):
		return routeCase{school: school}, true
	case method == "GET":
		return q(deviceIn, "id"), true
	case method == "DELETE":
		return q(deviceIn, "id"), true
	case strings.HasSuffix(path, "/register") || (method == "POST" && strings.HasSuffix(path, "/api/school/device/facial")):
		return routeCase{body: map[string]any{}, school: school}, true
	case strings.HasSuffix(path, "/update"):
		return b(deviceIn, "id", map[string]any{"name": "Stolen", "code": "STOLEN01"}), true
	}
	return b(deviceIn, "device_id", map[string]any{"employee": []int{1}, "school_employee": []int{1}}), true
}

// caseFor finds the case of a route: an explicit one, or one of the route families of the
// people faces. Anything else has no case and fails the walk.
func caseFor(method, path string) (routeCase, bool) {
	if c, ok := routeCases[method+" "+path]; ok {
		return c, true
	}
	if strings.HasPrefix(path, "/iclock/") {
		return routeCase{}, true // walked as a Device route
	}
	if strings.Contains(path, "/device/") {
		return deviceCase(method, path)
	}
	if strings.Contains(path, "/leave") || strings.Contains(path, "/away") {
		return leaveCase(method, path)
	}
	if strings.Contains(path, "/attendance") || strings.Contains(path, "/group/") || strings.Contains(path, "/holiday/") || strings.Contains(path, "/dashboard/") {
		return attendanceCase(method, path)
	}
	kind, idName, rest := people.Kind(""), "", ""
	switch {
	case strings.HasPrefix(path, "/api/school/employee/teacher"):
		kind, idName, rest = people.Teacher, "id", strings.TrimPrefix(path, "/api/school/employee/teacher")
	case strings.HasPrefix(path, "/api/school/employee/staff"):
		kind, idName, rest = people.Staff, "id", strings.TrimPrefix(path, "/api/school/employee/staff")
	case strings.HasPrefix(path, "/api/employee/"):
		kind, idName, rest = people.Employee, "employee_id", strings.TrimPrefix(path, "/api/employee")
		rest = strings.TrimPrefix(rest, "/record")
		rest = strings.Replace(rest, "/detail/", "/details/", 1)
		rest = strings.TrimSuffix(rest, "/update")
		if rest == "/profile/image" {
			rest = "/image"
		}
	default:
		return routeCase{}, false
	}
	school := kind != people.Employee
	switch {
	case method == "GET" && (rest == "" || rest == "/archived" || rest == "/privilege"):
		return routeCase{school: school}, true
	case method == "GET" && (rest == "/report" || rest == "/import/template"):
		return routeCase{query: "?type=xlsx", school: school}, true
	case method == "POST" && rest == "/import":
		return routeCase{school: school}, true // multipart; isolation: people are created in the caller's organisation only
	case method == "GET" && rest == "/code":
		return routeCase{query: "?code=FREE1", school: school}, true
	case method == "POST" && (rest == "" || rest == "/register"):
		return routeCase{body: map[string]any{}, school: school}, true
	case method == "POST" && rest == "/image":
		return routeCase{school: school}, true // multipart; isolation in TestPeopleImages
	case method == "GET" && (rest == "/details" || strings.HasPrefix(rest, "/details/")):
		return personCase("GET", idName, kind, nil), true
	case method == "POST" && rest == "/details/general":
		return personCase("POST", idName, kind, map[string]any{"code": "STOLEN", "first_name": "Stolen"}), true
	case method == "POST" && strings.HasPrefix(rest, "/details/"):
		return personCase("POST", idName, kind, map[string]any{"school": "Stolen U"}), true
	case method == "DELETE" && (rest == "" || rest == "/details/education" || rest == "/privilege"):
		return personCase("DELETE", idName, kind, nil), true
	case method == "POST" && (rest == "/restore" || strings.HasPrefix(rest, "/privilege/")):
		return personCase("POST", idName, kind, nil), true
	}
	return routeCase{}, false
}

func positionIn(e *env, victim tenant) int64 {
	p, err := e.app.Orgs.SavePosition(context.Background(), org.Position{OrgID: victim.orgID, Name: fmt.Sprintf("Victim position %d", seq.Add(1))})
	if err != nil {
		e.t.Fatal(err)
	}
	return p.ID
}

func departmentIn(e *env, victim tenant) int64 {
	d, err := e.app.People.SaveDepartment(context.Background(), people.Department{OrgID: victim.orgID, Name: fmt.Sprintf("Victim dept %d", seq.Add(1))})
	if err != nil {
		e.t.Fatal(err)
	}
	return d.ID
}

var routeCases = map[string]routeCase{
	"POST /api/auth/login":                        {body: map[string]any{"email": "nobody@example.com", "password": "x"}},
	"POST /api/auth/login/link":                   {body: map[string]any{"token": "not-a-link"}},
	"POST /api/login":                             {body: map[string]any{"email": "nobody@example.com", "password": "x"}},
	"POST /api/auth/register":                     {body: map[string]any{}},
	"POST /api/users":                             {body: map[string]any{}},
	"POST /api/school/register":                   {body: map[string]any{}},
	"POST /api/auth/password/school/reset":        {body: map[string]any{"email": "nobody@example.com"}},
	"POST /api/auth/password/reset/new":           {body: map[string]any{"token": "x", "password": "abcdefgh1", "password_confirmation": "abcdefgh1"}},
	"GET /api/verify":                             {},
	"PUT /api/user":                               {body: map[string]any{"bio": "hello"}},
	"POST /api/auth/logout":                       {},
	"POST /api/auth/account/email":                {body: map[string]any{"email": "new@example.com", "password": "wrong"}},
	"POST /api/auth/account/password":             {body: map[string]any{"current_password": "wrong", "password": "abcdefgh1", "password_confirmation": "abcdefgh1"}},
	"GET /api/account/two-factor":                 {},
	"POST /api/account/two-factor/enrol":          {},
	"POST /api/account/two-factor/confirm":        {body: map[string]any{"code": "123456"}},
	"POST /api/account/two-factor/disable":        {body: map[string]any{"password": "wrong", "code": "123456"}},
	"POST /api/account/two-factor/recovery-codes": {body: map[string]any{"code": "123456"}},
	"GET /api/account/security/policy":            {},
	"PUT /api/account/security/policy":            {body: map[string]any{"require_two_factor": false}},
	"GET /api/ref/company/type":                   {},
	"GET /api/ref/employee/contact":               {},
	"GET /api/ref/marital":                        {},
	"GET /api/company/profile":                    {},
	"POST /api/company/profile/update":            {body: map[string]any{"name": "X"}},
	"POST /api/company/register":                  {body: map[string]any{"full_name": "X Sdn Bhd", "company_type_id": 3, "registration_number": "123"}},
	"GET /api/company/settings/positions":         {},
	"POST /api/company/settings/positions":        {body: map[string]any{"name": "Walker"}},
	"GET /api/school/management/form":             {},
	"POST /api/school/management":                 {body: map[string]any{"name": ""}},
	"POST /api/company/settings/positions/update": {
		body: map[string]any{"id": 999999, "name": "Renamed"},
		foreign: func(e *env, v tenant) (string, any) {
			return "", map[string]any{"id": positionIn(e, v), "name": "Stolen"}
		},
		check: func(e *env, v tenant) {
			items, _, _ := e.app.Orgs.Positions(context.Background(), v.orgID, "Stolen", database.Page{Number: 1, Size: 10})
			if len(items) != 0 {
				e.t.Errorf("another organisation renamed a position")
			}
		},
	},
	"GET /api/employee/check":                       {query: "?verification_code=WRONG123"},
	"POST /api/auth/verification/register/employee": {body: map[string]any{"verification_code": "WRONG123", "password": "abcdefgh1"}},
	"GET /api/employee/verify":                      {},
	"POST /api/employee/verify":                     {body: map[string]any{"verification_code": "WRONG123"}},
	"GET /api/images/{key}":                         {},
	"GET /api/school/personal/profile/summary":      {},
	"POST /api/school/personal/profile/image":       {},
	"POST /api/employee/verify/renew": {
		body: map[string]any{"employee_id": 999999},
		foreign: func(e *env, v tenant) (string, any) {
			return "", map[string]any{"employee_id": personIn(e, v, people.Employee)}
		},
	},
	"GET /api/school/personal/attendance/daily":   {},
	"GET /api/school/personal/attendance/monthly": {},
	"GET /api/school/personal/attendance/clock":   {},
	"POST /api/attendance/beacon":                 {body: map[string]any{"uuid": "f7826da6-4fa2-4e98-8024-bc5b71e0893e", "major": 1, "minor": 1}},
	"GET /api/leave/calendar":                     {},
	"POST /api/leave/calendar/reset":              {},
	"GET /api/calendar/{file}":                    {},
	"GET /api/department/record":                  {},
	"POST /api/department/record/register":        {body: map[string]any{"name": "Walkers"}},
	"POST /api/department/record/update": {
		body: map[string]any{"id": 999999, "name": "X"},
		foreign: func(e *env, v tenant) (string, any) {
			return "", map[string]any{"id": departmentIn(e, v), "name": "Stolen"}
		},
	},
	"DELETE /api/department/record": {
		query: "?id=999999",
		foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("?id=%d", departmentIn(e, v)), nil
		},
	},
	"DELETE /api/company/settings/positions": {
		query: "?id=999999",
		foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("?id=%d", positionIn(e, v)), nil
		},
	},
}

type actor struct {
	name  string
	kind  string
	role  string
	token func() string
}

// TestRouteWalk walks the whole route table: no token → 401; every role of both kinds of
// organisation gets 403 exactly when it lacks the route's permission; another organisation's
// ids answer 404; malformed bodies never cause a 5xx.
func TestRouteWalk(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		school, company, victim := e.school("Walk School"), e.company("Walk Company"), e.company("Victim Company")
		victimSchool := e.school("Victim School")
		actors := []actor{
			{"school owner", "school", account.RoleOwner, func() string { return e.school("Walk School Owner").token }},
			{"school admin", "school", account.RoleAdmin, func() string { return e.user(school.orgID, account.RoleAdmin) }},
			{"school member", "school", account.RoleMember, func() string { return e.user(school.orgID, account.RoleMember) }},
			{"company owner", "company", account.RoleOwner, func() string { return e.company("Walk Company Owner").token }},
			{"company admin", "company", account.RoleAdmin, func() string { return e.user(company.orgID, account.RoleAdmin) }},
			{"company member", "company", account.RoleMember, func() string { return e.user(company.orgID, account.RoleMember) }},
		}
		for _, rt := range e.app.API.Routes() {
			key := rt.Method + " " + rt.Path
			c, ok := caseFor(rt.Method, rt.Path)
			if !ok {
				t.Errorf("route %s has no case in the route-walk table", key)
				continue
			}
			if rt.Access == api.Device {
				e.t = t
				// The terminals' protocol: an unknown serial number gets nothing.
				if r := e.call(rt.Method, rt.Path+"?SN=UNKNOWN0001&options=all&table=ATTLOG", "", "1\t2026-11-16 08:00:00\t0\t15"); r.status != 403 {
					t.Errorf("%s with an unknown SN: %d %s", key, r.status, r.raw)
				}
				continue
			}
			t.Run(key, func(t *testing.T) {
				e.t = t
				defer func() { e.t = nil }()
				if rt.Access != api.Public {
					for _, tok := range []string{"", "not-a-token", school.token + "x"} {
						if r := e.call(rt.Method, rt.Path+c.query, tok, c.body); r.status != 401 {
							t.Errorf("token %q: status %d, want 401: %s", tok, r.status, r.raw)
						}
					}
				}
				for _, a := range actors {
					tok := ""
					if rt.Access != api.Public {
						tok = a.token() // a fresh session each time: some routes end it
					}
					r := e.call(rt.Method, rt.Path+c.query, tok, c.body)
					allowed := rt.Access != api.Perm || slices.Contains(account.Permissions(a.kind, a.role), account.ResolvePermission(a.kind, rt.Permission))
					switch {
					case !allowed && r.status != 403:
						t.Errorf("%s: status %d, want 403: %s", a.name, r.status, r.raw)
					case allowed && (r.status == 401 || r.status == 403 || r.status >= 500):
						t.Errorf("%s: status %d, want an answer: %s", a.name, r.status, r.raw)
					}
					if rt.Method == "POST" || rt.Method == "PUT" {
						if r := e.call(rt.Method, rt.Path, tok, `{"broken": `); allowed && r.status >= 500 {
							t.Errorf("%s: malformed body gave %d: %s", a.name, r.status, r.raw)
						}
					}
				}
				if c.foreign != nil {
					v, attacker := victim, company
					if c.school {
						v, attacker = victimSchool, school
					}
					q, body := c.foreign(e, v)
					r := e.call(rt.Method, rt.Path+q, attacker.token, body)
					if r.status != 404 {
						t.Errorf("another organisation's item: status %d, want 404: %s", r.status, r.raw)
					}
					if c.check != nil {
						c.check(e, v)
					}
				}
			})
		}
		e.t = t
	})
}

// TestUnknownAPIPath answers a JSON 404 with code route_not_found, and the SPA serves the rest.
func TestUnknownAPIPath(t *testing.T) {
	e := newEnv(t, testdb.New(t))
	r := e.expect(e.call("GET", "/api/no/such/route", "", nil), 404)
	if r.str("code") != "route_not_found" {
		t.Fatalf("code %q", r.str("code"))
	}
	e.expect(e.call("GET", "/healthz", "", nil), 200)
	e.expect(e.call("GET", "/api/verify", "", nil), 401)
	e.expect(e.call("GET", "/readyz", "", nil), 200)
	m := e.expect(e.call("GET", "/metrics", "", nil), 200)
	if !strings.Contains(m.raw, "hadir_uptime_seconds") || !strings.Contains(m.raw, `hadir_http_requests_total{route="GET /api/verify"`) {
		t.Fatalf("metrics: %s", m.raw)
	}
}
