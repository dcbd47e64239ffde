package api_test

import (
	"context"
	"fmt"
	"hadir/internal/reports"
	"hadir/internal/webhook"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/api"
	"hadir/internal/approval"
	"hadir/internal/attendance"
	"hadir/internal/clockin"
	"hadir/internal/correction"
	"hadir/internal/device"
	"hadir/internal/leave"
	"hadir/internal/org"
	"hadir/internal/payroll"
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

// mappingIn saves a payroll column mapping in the victim organisation.
func mappingIn(e *env, victim tenant) int64 {
	m, err := e.app.Payroll.SaveMapping(context.Background(), victim.orgID, 0, payroll.Mapping{Name: fmt.Sprintf("Victim mapping %d", seq.Add(1)), Columns: []payroll.Column{{Key: "code"}}})
	if err != nil {
		e.t.Fatal(err)
	}
	return m.ID
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

// correctionIn makes a pending attendance-correction request of a person of the victim.
func correctionIn(e *env, v tenant) int64 {
	return correctionWith(e, v, nil)
}

// correctionWith makes one with a document (nil: none).
func correctionWith(e *env, v tenant, att *leave.Attachment) int64 {
	r, err := e.app.Corrections.Create(context.Background(), v.orgID, personIn(e, v, people.Employee),
		correction.Input{Date: "2026-01-05", Kind: correction.AddPunch, Time: "17:00", Reason: "forgot", Attachment: att}, approval.Actor{Name: "Victim"})
	if err != nil {
		e.t.Fatal(err)
	}
	return r.ID
}

// overtimeIn makes a pending overtime request of a person in the victim organisation.
func overtimeIn(e *env, v tenant) int64 {
	var id int64
	if err := e.db.QueryRow(`INSERT INTO overtime_requests (org_id, person_id, date, worked_minutes, minutes, state, created_at)
		VALUES ($1, $2, '2026-01-05', 60, 60, 'pending', $3) RETURNING id`, v.orgID, personIn(e, v, people.Employee), database.Now()).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// correctionPending confirms the victim's requests are all still waiting.
func correctionPending(e *env, v tenant) {
	var n int
	_ = e.db.QueryRow(`SELECT COUNT(*) FROM approval_requests WHERE org_id = $1 AND status <> 'pending'`, v.orgID).Scan(&n)
	if n != 0 {
		e.t.Errorf("another organisation decided %d of the victim's requests", n)
	}
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
	case strings.HasSuffix(path, "/assignment/bulk") || strings.HasSuffix(path, "/"+pk+"/bulk"):
		c := routeCase{body: map[string]any{"assignments": []map[string]any{{idName: 999999, "leave_type_id": 1, "from_date": "2026-01-05"}}}, school: school}
		c.foreign = func(e *env, v tenant) (string, any) {
			return "", map[string]any{"assignments": []map[string]any{{idName: person(e, v), "leave_type_id": 1, "from_date": "2026-01-05"}}}
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
	case strings.HasSuffix(path, "/access-events"):
		return q(deviceIn, "device_id"), true
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
	// The audit trail (issue 15): a filter naming another organisation's person is 404.
	"GET /api/audit": {foreign: func(e *env, v tenant) (string, any) {
		return fmt.Sprintf("?filter[person]=%d", personIn(e, v, people.Employee)), nil
	}},
	"GET /api/audit/export": {query: "?format=csv", foreign: func(e *env, v tenant) (string, any) {
		return fmt.Sprintf("?format=csv&filter[person]=%d", personIn(e, v, people.Employee)), nil
	}},
	"GET /api/audit/settings": {},
	"PUT /api/audit/settings": {body: map[string]any{"retention_days": 365}},
	// Holiday imports address no item of the organisation: nothing of another's to reach.
	"GET /api/holiday/import":                     {},
	"GET /api/holiday/import/preview":             {query: "?country=SG&year=2026"},
	"POST /api/holiday/import":                    {body: map[string]any{"country": "SG", "year": 2026}},
	"GET /api/school/holiday/import":              {school: true},
	"GET /api/school/holiday/import/preview":      {query: "?country=MY&region=10&year=2026", school: true},
	"POST /api/school/holiday/import":             {body: map[string]any{"country": "MY", "region": "10", "year": 2026}, school: true},
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
	"GET /api/account/retention":                  {},
	"PUT /api/account/retention": {body: map[string]any{"punches_days": 2557, "unknown_pins_days": 90, "device_records_days": 180,
		"device_commands_days": 180, "notifications_days": 365}},
	"GET /api/ref/company/type":            {},
	"GET /api/ref/employee/contact":        {},
	"GET /api/ref/marital":                 {},
	"GET /api/company/profile":             {},
	"POST /api/company/profile/update":     {body: map[string]any{"name": "X"}},
	"POST /api/company/register":           {body: map[string]any{"full_name": "X Sdn Bhd", "company_type_id": 3, "registration_number": "123"}},
	"GET /api/company/settings/positions":  {},
	"POST /api/company/settings/positions": {body: map[string]any{"name": "Walker"}},
	"GET /api/school/management/form":      {},
	"POST /api/school/management":          {body: map[string]any{"name": ""}},
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
	"GET /api/payroll/mappings":                   {},
	"POST /api/payroll/mappings":                  {body: map[string]any{"name": "Walk mapping", "columns": []map[string]any{{"key": "code"}, {"key": "present_days", "header": "Days"}}}},
	"PUT /api/payroll/mappings/{id}": {
		body: map[string]any{"name": "Renamed", "columns": []map[string]any{{"key": "code"}}},
		foreign: func(e *env, v tenant) (string, any) {
			return "#" + strconv.FormatInt(mappingIn(e, v), 10), map[string]any{"name": "Stolen", "columns": []map[string]any{{"key": "code"}}}
		},
		check: func(e *env, v tenant) {
			ms, _ := e.app.Payroll.Mappings(context.Background(), v.orgID)
			for _, m := range ms {
				if !strings.HasPrefix(m.Name, "Victim mapping") {
					e.t.Errorf("another organisation changed a mapping: %+v", m)
				}
			}
		},
	},
	"DELETE /api/payroll/mappings/{id}": {foreign: func(e *env, v tenant) (string, any) {
		return "#" + strconv.FormatInt(mappingIn(e, v), 10), nil
	}},
	"GET /api/payroll/export": {
		query: "?month=2026-10&format=csv",
		foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("?month=2026-10&group_id=%d", groupIn(e, v, "employee")), nil
		},
	},
	"GET /api/attendance/shifts":  {},
	"POST /api/attendance/shifts": {body: map[string]any{"name": "Walk shift", "time_in": "22:00", "cut_off_time_in": "23:00", "time_out": "06:00", "cut_off_time_out": "10:00"}},
	"PUT /api/attendance/shifts/{id}": {
		body: map[string]any{"name": "Renamed", "time_in": "08:00", "cut_off_time_in": "09:00", "time_out": "17:00", "cut_off_time_out": "23:00"},
		foreign: func(e *env, v tenant) (string, any) {
			return "#" + strconv.FormatInt(shiftIn(e, v), 10), map[string]any{"name": "Stolen", "time_in": "08:00", "cut_off_time_in": "09:00", "time_out": "17:00", "cut_off_time_out": "23:00"}
		},
		check: func(e *env, v tenant) {
			shifts, _ := e.app.Attendance.Shifts(context.Background(), v.orgID)
			for _, s := range shifts {
				if !strings.HasPrefix(s.Name, "Victim shift") {
					e.t.Errorf("another organisation changed a shift: %+v", s)
				}
			}
		},
	},
	"DELETE /api/attendance/shifts/{id}": {foreign: func(e *env, v tenant) (string, any) { return "#" + strconv.FormatInt(shiftIn(e, v), 10), nil }},
	"GET /api/attendance/patterns":       {},
	"POST /api/attendance/patterns":      {body: map[string]any{"name": "Walk pattern", "cycle_days": 2, "days": []any{nil, nil}}},
	"PUT /api/attendance/patterns/{id}": {
		body: map[string]any{"name": "Renamed", "cycle_days": 1, "days": []any{nil}},
		foreign: func(e *env, v tenant) (string, any) {
			return "#" + strconv.FormatInt(patternIn(e, v), 10), map[string]any{"name": "Stolen", "cycle_days": 1, "days": []any{nil}}
		},
		check: func(e *env, v tenant) {
			ps, _ := e.app.Attendance.Patterns(context.Background(), v.orgID)
			for _, p := range ps {
				if !strings.HasPrefix(p.Name, "Victim pattern") || p.CycleDays != 2 {
					e.t.Errorf("another organisation changed a pattern: %+v", p)
				}
			}
		},
	},
	"DELETE /api/attendance/patterns/{id}": {foreign: func(e *env, v tenant) (string, any) { return "#" + strconv.FormatInt(patternIn(e, v), 10), nil }},
	"GET /api/attendance/group-patterns":   {},
	"PUT /api/attendance/group-patterns/{id}": {
		body: map[string]any{"pattern_id": 999999, "start_date": "2026-03-02"},
		foreign: func(e *env, v tenant) (string, any) {
			return "#" + strconv.FormatInt(groupIn(e, v, "employee"), 10), map[string]any{"pattern_id": patternIn(e, v), "start_date": "2026-03-02"}
		},
		check: func(e *env, v tenant) {
			if gs, _ := e.app.Attendance.GroupPatterns(context.Background(), v.orgID); len(gs) != 0 {
				e.t.Errorf("another organisation set a group's pattern: %+v", gs)
			}
		},
	},
	"DELETE /api/attendance/group-patterns/{id}": {foreign: func(e *env, v tenant) (string, any) {
		return "#" + strconv.FormatInt(groupIn(e, v, "employee"), 10), nil
	}},
	"GET /api/attendance/roster": {query: "?from=2026-03-02"},
	"POST /api/attendance/roster/fill": {
		body: map[string]any{"person_ids": []int64{999999}, "from": "2026-03-02", "to": "2026-03-08", "off": true},
		foreign: func(e *env, v tenant) (string, any) {
			return "", map[string]any{"person_ids": []int64{personIn(e, v, people.Employee)}, "from": "2026-03-02", "to": "2026-03-08", "off": true}
		},
		check: func(e *env, v tenant) {
			var n int
			if err := e.db.QueryRow(`SELECT COUNT(*) FROM roster_entries WHERE org_id = $1`, v.orgID).Scan(&n); err != nil || n != 0 {
				e.t.Errorf("another organisation wrote the roster: %d %v", n, err)
			}
		},
	},
	"POST /api/attendance/roster/clear": {
		body: map[string]any{"person_ids": []int64{999999}, "from": "2026-03-02", "to": "2026-03-08"},
		foreign: func(e *env, v tenant) (string, any) {
			return "", map[string]any{"person_ids": []int64{personIn(e, v, people.Employee)}, "from": "2026-03-02", "to": "2026-03-08"}
		},
	},
	"POST /api/attendance/roster/copy": {
		body: map[string]any{"from": "2026-03-02", "to": "2026-03-09"},
		foreign: func(e *env, v tenant) (string, any) {
			return "", map[string]any{"person_ids": []int64{personIn(e, v, people.Employee)}, "from": "2026-03-02", "to": "2026-03-09"}
		},
	},
	"GET /api/attendance/sites":  {},
	"POST /api/attendance/sites": {body: map[string]any{"name": "Walk gate", "latitude": 3.1, "longitude": 101.6, "radius": 100, "max_accuracy": 50}},
	"PUT /api/attendance/sites/{id}": {
		body: map[string]any{"name": "Renamed", "anywhere": true},
		foreign: func(e *env, v tenant) (string, any) {
			return "#" + siteIn(e, v), map[string]any{"name": "Stolen", "anywhere": true}
		},
		check: func(e *env, v tenant) {
			sites, _ := e.app.Clockin.Sites(context.Background(), v.orgID)
			for _, s := range sites {
				if s.Name != "Victim gate" {
					e.t.Errorf("another organisation changed a site: %+v", s)
				}
			}
		},
	},
	"DELETE /api/attendance/sites/{id}": {foreign: func(e *env, v tenant) (string, any) { return "#" + siteIn(e, v), nil }},
	"POST /api/attendance/web-clock":    {body: map[string]any{"latitude": 3.1, "longitude": 101.6, "accuracy": 10}},
	"GET /api/attendance/kiosks":        {},
	"POST /api/attendance/kiosks": {
		body: map[string]any{"name": "Walk kiosk", "site_id": 999999},
		foreign: func(e *env, v tenant) (string, any) {
			id, _ := strconv.ParseInt(siteIn(e, v), 10, 64)
			return "", map[string]any{"name": "Stolen", "site_id": id}
		},
	},
	"DELETE /api/attendance/kiosks/{id}": {foreign: func(e *env, v tenant) (string, any) {
		k := kioskIn(e, v)
		return "#" + strconv.FormatInt(k.ID, 10), nil
	}},
	"GET /api/kiosk/{secret}": {},
	"PATCH /api/attendance/kiosks/{id}": {
		body: map[string]any{"pin_pad": true},
		foreign: func(e *env, v tenant) (string, any) {
			return "#" + strconv.FormatInt(kioskIn(e, v).ID, 10), map[string]any{"pin_pad": false}
		},
		check: func(e *env, v tenant) {
			ks, _ := e.app.Clockin.Kiosks(context.Background(), v.orgID)
			for _, k := range ks {
				if !k.PinPad {
					e.t.Errorf("another organisation switched a kiosk's PIN pad off: %+v", k)
				}
			}
		},
	},
	"POST /api/kiosk/{secret}/pin":   {body: map[string]any{"code": "C1", "pin": "1234"}},
	"PUT /api/attendance/kiosk-pin":  {body: map[string]any{"pin": "1234"}},
	"GET /api/attendance/kiosk-pins": {},
	"PUT /api/attendance/kiosk-pins/{id}": {
		body: map[string]any{"pin": "1234"},
		foreign: func(e *env, v tenant) (string, any) {
			return "#" + strconv.FormatInt(personIn(e, v, people.Employee), 10), map[string]any{"pin": "1234"}
		},
		check: func(e *env, v tenant) {
			if hs, _ := e.app.Clockin.PinHolders(context.Background(), v.orgID); len(hs) != 0 {
				e.t.Errorf("another organisation set a PIN: %+v", hs)
			}
		},
	},
	"DELETE /api/attendance/kiosk-pins/{id}": {foreign: func(e *env, v tenant) (string, any) {
		id := personIn(e, v, people.Employee)
		if err := e.app.Clockin.SetPin(context.Background(), v.orgID, id, "4321"); err != nil {
			e.t.Fatal(err)
		}
		return "#" + strconv.FormatInt(id, 10), nil
	}},
	// Multipart; another organisation's terminal → 404 and a member → 403 in TestPunchImport.
	"POST /api/attendance/punch-imports": {},
	"GET /api/people/{id}/personal-data": {foreign: func(e *env, v tenant) (string, any) {
		return "#" + strconv.FormatInt(personIn(e, v, people.Employee), 10), nil
	}},
	"POST /api/people/{id}/erase": {
		body: map[string]any{"confirm": true},
		foreign: func(e *env, v tenant) (string, any) {
			id := personIn(e, v, people.Employee)
			if err := e.app.People.Archive(context.Background(), v.orgID, people.Employee, id); err != nil {
				e.t.Fatal(err)
			}
			return "#" + strconv.FormatInt(id, 10), map[string]any{"confirm": true}
		},
		check: func(e *env, v tenant) {
			var n int
			if err := e.db.QueryRow(`SELECT COUNT(*) FROM people WHERE org_id = $1 AND erased_at IS NOT NULL`, v.orgID).Scan(&n); err != nil || n != 0 {
				e.t.Errorf("another organisation erased a person: %d %v", n, err)
			}
		},
	},
	"POST /api/attendance/kiosk-clock": {
		body: map[string]any{"code": "k1.1.1.1.forged"},
		foreign: func(e *env, v tenant) (string, any) {
			return "", map[string]any{"code": e.app.Clockin.Code(kioskIn(e, v), time.Now())}
		},
	},
	"GET /api/attendance/home":      {},
	"GET /api/integrations/tokens":  {},
	"POST /api/integrations/tokens": {body: map[string]any{"name": "Walk", "areas": []string{"people"}}},
	"DELETE /api/integrations/tokens/{id}": {
		foreign: func(e *env, v tenant) (string, any) {
			p, err := e.app.Accounts.Authenticate(context.Background(), v.token)
			if err != nil {
				e.t.Fatal(err)
			}
			tok, _, err := e.app.Accounts.CreateToken(context.Background(), p, account.NewToken{Name: "Victim token", Areas: []string{"people"}})
			if err != nil {
				e.t.Fatal(err)
			}
			return "#" + strconv.FormatInt(tok.ID, 10), nil
		},
		check: func(e *env, v tenant) {
			var n int
			if err := e.db.QueryRow(`SELECT COUNT(*) FROM api_tokens WHERE org_id = $1 AND revoked_at IS NOT NULL`, v.orgID).Scan(&n); err != nil || n != 0 {
				e.t.Errorf("another organisation revoked a token (%d, %v)", n, err)
			}
		},
	},
	// Single sign-on (issue 15). The public flow addresses nothing of an organisation; the
	// providers and requests of another organisation are 404.
	"GET /api/auth/sso/lookup":   {query: "?email=someone@nowhere.example"},
	"GET /api/auth/sso/start":    {query: "?email=someone@nowhere.example"},
	"GET /api/auth/sso/callback": {query: "?state=x&code=y"},
	"POST /api/auth/sso/session": {body: map[string]any{"ticket": "not-a-ticket"}},
	"GET /api/integrations/sso":  {},
	"PUT /api/integrations/sso":  {body: map[string]any{"password_login_disabled": false}},
	"POST /api/integrations/sso/providers": {body: map[string]any{"name": "Walk", "issuer": "https://idp.example", "client_id": "c",
		"client_secret": "s", "domains": []string{"walk.example"}}},
	"PUT /api/integrations/sso/providers/{id}": {
		foreign: func(e *env, v tenant) (string, any) {
			return "#" + strconv.FormatInt(ssoProviderIn(e, v), 10), map[string]any{"name": "Stolen", "issuer": "https://evil.example",
				"client_id": "c", "domains": []string{"stolen.example"}}
		},
		check: func(e *env, v tenant) { ssoProviderUnchanged(e, v) },
	},
	"DELETE /api/integrations/sso/providers/{id}": {
		foreign: func(e *env, v tenant) (string, any) { return "#" + strconv.FormatInt(ssoProviderIn(e, v), 10), nil },
		check:   func(e *env, v tenant) { ssoProviderUnchanged(e, v) },
	},
	"POST /api/integrations/sso/requests/{id}/approve": {
		foreign: func(e *env, v tenant) (string, any) { return "#" + strconv.FormatInt(ssoRequestIn(e, v), 10), nil },
		check:   func(e *env, v tenant) { ssoRequestUnchanged(e, v) },
	},
	"DELETE /api/integrations/sso/requests/{id}": {
		foreign: func(e *env, v tenant) (string, any) { return "#" + strconv.FormatInt(ssoRequestIn(e, v), 10), nil },
		check:   func(e *env, v tenant) { ssoRequestUnchanged(e, v) },
	},
	"GET /api/reports/saved":      {},
	"GET /api/reports/recipients": {},
	"POST /api/reports/saved":     {body: map[string]any{"name": "Walk", "kind": "daily"}},
	"GET /api/reports/saved/{id}": {
		foreign: func(e *env, v tenant) (string, any) { return fmt.Sprintf("#%d", savedReportIn(e, v)), nil },
	},
	"PUT /api/reports/saved/{id}": {body: map[string]any{"name": "Walk", "kind": "daily"},
		foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("#%d", savedReportIn(e, v)), map[string]any{"name": "Stolen", "kind": "daily"}
		},
		check: savedReportUntouched,
	},
	"DELETE /api/reports/saved/{id}": {
		foreign: func(e *env, v tenant) (string, any) { return fmt.Sprintf("#%d", savedReportIn(e, v)), nil },
		check:   savedReportUntouched,
	},
	"POST /api/reports/saved/{id}/send": {
		foreign: func(e *env, v tenant) (string, any) { return fmt.Sprintf("#%d", savedReportIn(e, v)), nil },
		check:   savedReportUntouched,
	},
	"GET /api/integrations/webhooks":  {},
	"POST /api/integrations/webhooks": {body: map[string]any{"url": "http://127.0.0.1:9/walk", "events": []string{"person.created"}}},
	"PUT /api/integrations/webhooks/{id}": {body: map[string]any{"url": "http://127.0.0.1:9/walk", "events": []string{"person.created"}, "active": false},
		foreign: func(e *env, v tenant) (string, any) {
			w, _ := webhookIn(e, v)
			return fmt.Sprintf("#%d", w), map[string]any{"url": "http://127.0.0.1:9/stolen", "events": []string{"person.created"}, "active": true}
		},
		check: webhookUntouched,
	},
	"DELETE /api/integrations/webhooks/{id}": {
		foreign: func(e *env, v tenant) (string, any) { w, _ := webhookIn(e, v); return fmt.Sprintf("#%d", w), nil },
		check:   webhookUntouched,
	},
	"GET /api/integrations/webhooks/{id}/deliveries": {
		foreign: func(e *env, v tenant) (string, any) { w, _ := webhookIn(e, v); return fmt.Sprintf("#%d", w), nil },
	},
	"POST /api/integrations/webhooks/{id}/deliveries/{delivery}/redeliver": {
		foreign: func(e *env, v tenant) (string, any) { w, d := webhookIn(e, v); return fmt.Sprintf("#%d:%d", w, d), nil },
		check:   webhookUntouched,
	},
	"GET /api/leave/calendar":        {},
	"POST /api/leave/calendar/reset": {},
	"GET /api/calendar/{file}":       {},
	"GET /api/approvals/chain": {query: "?kind=leave&type_id=999999",
		foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("?kind=leave&type_id=%d", leaveTypeIn(e, v, leave.KindLeave)), nil
		},
	},
	"POST /api/approvals/chain": {body: map[string]any{"kind": "leave", "type_id": 999999, "levels": []string{"manager", "admins"}},
		foreign: func(e *env, v tenant) (string, any) {
			return "", map[string]any{"kind": "away", "type_id": leaveTypeIn(e, v, leave.KindAway), "levels": []string{"manager"}}
		},
	},
	"GET /api/approvals": {},
	"POST /api/approvals/{kind}/{id}/approve": {
		foreign: func(e *env, v tenant) (string, any) { return fmt.Sprintf("#%d", correctionIn(e, v)), nil },
		check:   correctionPending,
	},
	"POST /api/approvals/{kind}/{id}/reject": {body: map[string]any{"comment": "no"},
		foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("#%d", correctionIn(e, v)), map[string]any{"comment": "no"}
		},
		check: correctionPending,
	},
	"POST /api/requests/attendance": {body: map[string]any{"date": "2026-01-05", "kind": "add_punch", "time": "17:00", "reason": "forgot"}},
	"GET /api/requests":             {},
	"POST /api/requests/overtime":   {body: map[string]any{"date": "2026-01-05"}},
	"GET /api/requests/overtime":    {},
	"POST /api/requests/overtime/{id}/withdraw": {
		foreign: func(e *env, v tenant) (string, any) { return "#" + strconv.FormatInt(overtimeIn(e, v), 10), nil },
		check: func(e *env, v tenant) {
			var n int
			_ = e.db.QueryRow(`SELECT COUNT(*) FROM overtime_requests WHERE org_id = $1 AND state <> 'pending'`, v.orgID).Scan(&n)
			if n != 0 {
				e.t.Errorf("another organisation withdrew %d of the victim's overtime requests", n)
			}
		},
	},
	"GET /api/requests/attendance/{id}/attachment": {foreign: func(e *env, v tenant) (string, any) {
		att, err := leave.CheckAttachment("victim.pdf", []byte("%PDF-1.4\n%%EOF\n"))
		if err != nil {
			e.t.Fatal(err)
		}
		return "#" + strconv.FormatInt(correctionWith(e, v, att), 10), nil
	}},
	"GET /api/team":                         {},
	"GET /api/team/{id}/attendance/monthly": {},
	"GET /api/team/{id}/leave":              {},
	"GET /api/team/{id}/requests":           {},
	"GET /api/approvals/delegations":        {},
	"GET /api/approvals/substitutes":        {},
	"GET /api/team/attendance/daily":        {},
	"POST /api/approvals/delegations":       {body: map[string]any{"substitute_id": 999999, "from_date": "2026-12-01", "to_date": "2026-12-02"}},
	"DELETE /api/approvals/delegations": {query: "?id=999999",
		foreign: func(e *env, v tenant) (string, any) {
			d, err := e.app.Approvals.Delegate(context.Background(), v.orgID, approval.Delegation{PersonID: personIn(e, v, people.Employee),
				SubstituteID: personIn(e, v, people.Employee), From: "2026-12-01", To: "2026-12-02"})
			if err != nil {
				e.t.Fatal(err)
			}
			return fmt.Sprintf("?id=%d", d.ID), nil
		},
	},
	"GET /api/department/record":           {},
	"POST /api/department/record/register": {body: map[string]any{"name": "Walkers"}},
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
	"GET /api/calendar": {
		query:  "?from=2026-12-01&to=2026-12-31",
		school: true,
		foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("?from=2026-12-01&to=2026-12-31&group_id=%d", groupIn(e, v, "teacher")), nil
		},
	},
	"GET /api/leave/department-off":      {query: "?from_date=2026-12-07&to_date=2026-12-08"},
	"GET /api/notifications":             {query: "?limit=5"},
	"GET /api/notifications/stream":      {}, // newEnv shortens the stream's lifetime
	"POST /api/notifications/read-all":   {check: victimUnread},
	"GET /api/notifications/preferences": {},
	"PUT /api/notifications/preferences": {body: map[string]any{"preferences": map[string]any{"approved": "email"}}},
	"POST /api/notifications/{id}/read": {
		foreign: func(e *env, v tenant) (string, any) { return "#" + strconv.FormatInt(notificationIn(e, v), 10), nil },
		check:   victimUnread,
	},
	"DELETE /api/company/settings/positions": {
		query: "?id=999999",
		foreign: func(e *env, v tenant) (string, any) {
			return fmt.Sprintf("?id=%d", positionIn(e, v)), nil
		},
	},
}

// notificationIn writes a notification to the victim organisation's owner.
func notificationIn(e *env, v tenant) int64 {
	var uid int64
	if err := e.db.QueryRow(`SELECT id FROM users WHERE org_id = $1 AND role = 'owner'`, v.orgID).Scan(&uid); err != nil {
		e.t.Fatal(err)
	}
	if err := e.app.Notify.Write(context.Background(), v.orgID, []int64{uid}, "approved", map[string]any{"kind": "leave"}); err != nil {
		e.t.Fatal(err)
	}
	var id int64
	if err := e.db.QueryRow(`SELECT MAX(id) FROM notifications WHERE org_id = $1`, v.orgID).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// victimUnread checks that no notification of the victim organisation was marked read.
func victimUnread(e *env, v tenant) {
	var n int
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM notifications WHERE org_id = $1 AND read_at IS NOT NULL`, v.orgID).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	if n != 0 {
		e.t.Errorf("another organisation marked %d notifications read", n)
	}
}

// shiftIn and patternIn make a shift and a rotation pattern in the victim organisation.
func shiftIn(e *env, v tenant) int64 {
	x, err := e.app.Attendance.SaveShift(context.Background(), attendance.Shift{OrgID: v.orgID, Name: fmt.Sprintf("Victim shift %d", seq.Add(1)),
		TimeIn: "08:00", CutOffTimeIn: "09:00", TimeOut: "17:00", CutOffTimeOut: "23:00"})
	if err != nil {
		e.t.Fatal(err)
	}
	return x.ID
}

func patternIn(e *env, v tenant) int64 {
	sh := shiftIn(e, v)
	x, err := e.app.Attendance.SavePattern(context.Background(), attendance.Pattern{OrgID: v.orgID, Name: fmt.Sprintf("Victim pattern %d", seq.Add(1)),
		CycleDays: 2, Days: []*int64{&sh, nil}})
	if err != nil {
		e.t.Fatal(err)
	}
	return x.ID
}

func siteIn(e *env, v tenant) string {
	s, err := e.app.Clockin.SaveSite(context.Background(), clockin.Site{OrgID: v.orgID, Name: "Victim gate", Latitude: 3.1, Longitude: 101.6, Radius: 100, MaxAccuracy: 50})
	if err != nil {
		e.t.Fatal(err)
	}
	return strconv.FormatInt(s.ID, 10)
}

// webhookIn registers a webhook of the victim's, inactive and with one delivery in its log,
// and returns the ids of both.
// savedReportIn saves a report in the victim's organisation.
func savedReportIn(e *env, v tenant) int64 {
	r, err := e.app.Reports.Create(context.Background(), v.orgID, 0, reports.Input{Name: "Victim", Kind: "daily"})
	if err != nil {
		e.t.Fatal(err)
	}
	return r.ID
}

// savedReportUntouched checks that no saved report of the victim was changed, deleted or sent.
func savedReportUntouched(e *env, v tenant) {
	var n int
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM saved_reports WHERE org_id = $1 AND name <> 'Victim'`, v.orgID).Scan(&n); err != nil || n != 0 {
		e.t.Errorf("another organisation changed a saved report (%d, %v)", n, err)
	}
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM saved_reports WHERE org_id = $1`, v.orgID).Scan(&n); err != nil || n == 0 {
		e.t.Errorf("another organisation deleted a saved report (%d, %v)", n, err)
	}
}

func webhookIn(e *env, v tenant) (int64, int64) {
	ctx := context.Background()
	w, _, err := e.app.Webhooks.Create(ctx, v.orgID, 0, webhook.NewWebhook{URL: "http://127.0.0.1:9/victim", Events: []string{webhook.PersonCreated}})
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.app.Webhooks.Emit(ctx, v.orgID, webhook.PersonCreated, "person:1", map[string]any{}); err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.app.Webhooks.Update(ctx, v.orgID, w.ID, webhook.NewWebhook{URL: w.URL, Events: w.Events}, false); err != nil {
		e.t.Fatal(err)
	}
	var d int64
	if err := e.db.QueryRow(`SELECT MAX(id) FROM webhook_deliveries WHERE webhook_id = $1`, w.ID).Scan(&d); err != nil {
		e.t.Fatal(err)
	}
	return w.ID, d
}

// webhookUntouched checks that no webhook of the victim was changed, deleted or redelivered.
func webhookUntouched(e *env, v tenant) {
	var n int
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM webhook_deliveries WHERE org_id = $1 AND redelivery_of IS NOT NULL`, v.orgID).Scan(&n); err != nil || n != 0 {
		e.t.Errorf("another organisation redelivered (%d, %v)", n, err)
	}
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM webhooks WHERE org_id = $1 AND (active = TRUE OR url <> 'http://127.0.0.1:9/victim')`, v.orgID).Scan(&n); err != nil || n != 0 {
		e.t.Errorf("another organisation changed a webhook (%d, %v)", n, err)
	}
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM webhooks WHERE org_id = $1`, v.orgID).Scan(&n); err != nil || n == 0 {
		e.t.Errorf("another organisation deleted a webhook (%d, %v)", n, err)
	}
}

func kioskIn(e *env, v tenant) clockin.Kiosk {
	id, _ := strconv.ParseInt(siteIn(e, v), 10, 64)
	k, _, err := e.app.Clockin.CreateKiosk(context.Background(), v.orgID, id, "Victim kiosk", true)
	if err != nil {
		e.t.Fatal(err)
	}
	return k
}

// walkPath is the path a walk calls: a path id is 999999 (none), or the id a foreign case
// gives as "#<id>" in place of a query ("#<id>:<delivery>" for a webhook's delivery).
func walkPath(path, query string) string {
	path = strings.ReplaceAll(path, "{kind}", "attendance_correction")
	if id, ok := strings.CutPrefix(query, "#"); ok {
		id, delivery, _ := strings.Cut(id, ":")
		return strings.ReplaceAll(strings.ReplaceAll(path, "{id}", id), "{delivery}", delivery)
	}
	return strings.ReplaceAll(strings.ReplaceAll(path, "{id}", "999999"), "{delivery}", "999999") + query
}

type actor struct {
	name  string
	kind  string
	role  string
	token func() string
	// scope is set for an API token actor: it acts with its creator's role, within scope.
	scope *account.TokenScope
}

// walkToken creates an API token of an organisation's owner (the walk's attacker too, so its
// calls address 999999 ids only) and returns its secret.
func walkToken(e *env, owner tenant, s account.TokenScope) string {
	ctx := context.Background()
	p, err := e.app.Accounts.Authenticate(ctx, owner.token)
	if err != nil {
		e.t.Fatal(err)
	}
	_, secret, err := e.app.Accounts.CreateToken(ctx, p, account.NewToken{Name: "walk", Write: s.Write, Areas: s.Areas})
	if err != nil {
		e.t.Fatal(err)
	}
	return secret
}

// TestRouteWalk walks the whole route table: no token → 401 (so do revoked, expired and
// forged API tokens); every role of both kinds of organisation gets 403 exactly when it
// lacks the route's permission, and every API token exactly when its scope (areas, read or
// read/write) or its creator's role does not cover the route; another organisation's ids
// answer 404; malformed bodies never cause a 5xx.
func TestRouteWalk(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		school, company, victim := e.school("Walk School"), e.company("Walk Company"), e.company("Victim Company")
		victimSchool := e.school("Victim School")
		actors := []actor{
			{"school owner", "school", account.RoleOwner, func() string { return e.school("Walk School Owner").token }, nil},
			{"school admin", "school", account.RoleAdmin, func() string { return e.user(school.orgID, account.RoleAdmin) }, nil},
			{"school member", "school", account.RoleMember, func() string { return e.user(school.orgID, account.RoleMember) }, nil},
			{"company owner", "company", account.RoleOwner, func() string { return e.company("Walk Company Owner").token }, nil},
			{"company admin", "company", account.RoleAdmin, func() string { return e.user(company.orgID, account.RoleAdmin) }, nil},
			{"company member", "company", account.RoleMember, func() string { return e.user(company.orgID, account.RoleMember) }, nil},
		}
		readAll := account.TokenScope{Areas: account.Areas}
		writePeopleLeave := account.TokenScope{Write: true, Areas: []string{account.AreaPeople, account.AreaLeave}}
		writeAttendanceDevices := account.TokenScope{Write: true, Areas: []string{account.AreaAttendance, account.AreaDevices}}
		tokReadAll := walkToken(e, company, readAll)
		tokSchoolPL := walkToken(e, school, writePeopleLeave)
		tokCompanyAD := walkToken(e, company, writeAttendanceDevices)
		actors = append(actors,
			actor{"company owner's read-only token, all areas", "company", account.RoleOwner, func() string { return tokReadAll }, &readAll},
			actor{"school owner's read/write token, people and leave", "school", account.RoleOwner, func() string { return tokSchoolPL }, &writePeopleLeave},
			actor{"company owner's read/write token, attendance and devices", "company", account.RoleOwner, func() string { return tokCompanyAD }, &writeAttendanceDevices},
		)
		revoked := walkToken(e, company, readAll)
		revokedCaller, _ := e.app.Accounts.Authenticate(context.Background(), company.token)
		if _, err := e.app.Accounts.AuthenticateToken(context.Background(), revoked, "127.0.0.1"); err != nil {
			t.Fatal(err) // cached before it is revoked
		}
		var revokedID int64
		if err := db.QueryRow(`SELECT MAX(id) FROM api_tokens`).Scan(&revokedID); err != nil {
			t.Fatal(err)
		}
		if err := e.app.Accounts.RevokeToken(context.Background(), revokedCaller, revokedID); err != nil {
			t.Fatal(err)
		}
		expired := walkToken(e, company, readAll)
		if _, err := db.Exec(`UPDATE api_tokens SET expires_at = $1 WHERE id = (SELECT MAX(id) FROM api_tokens)`, time.Now().Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		// Reporting lines (issue 12): in the walk's company, M manages W and N manages Q; the
		// Manager routes answer M about W, and 404 to N ("manager of another team") and to M
		// about another organisation's person.
		mgr := func() (int64, int64) {
			boss, report := personIn(e, company, people.Employee), personIn(e, company, people.Employee)
			if err := e.app.People.SetManager(context.Background(), company.orgID, people.Employee, report, boss); err != nil {
				t.Fatal(err)
			}
			return boss, report
		}
		mBoss, mReport := mgr()
		nBoss, _ := mgr()
		stranger := personIn(e, victim, people.Employee)
		mTok, nTok := e.member(company.orgID, mBoss), e.member(company.orgID, nBoss)
		for _, rt := range e.app.API.Routes() {
			key := rt.Method + " " + rt.Path
			c, ok := caseFor(rt.Method, rt.Path)
			if !ok {
				t.Errorf("route %s has no case in the route-walk table", key)
				continue
			}
			if rt.Access == api.Device && rt.Method == "" {
				// The terminals' catch-all: any other /iclock/ path is a plain-text 404.
				e.t = t
				if r := e.call("POST", rt.Path+"nothing?SN=UNKNOWN0001", "", "x"); r.status != 404 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") {
					t.Errorf("%s: %d %s", key, r.status, r.header.Get("Content-Type"))
				}
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
					for _, tok := range []string{"", "not-a-token", school.token + "x", revoked, expired, "hdr_" + strings.Repeat("x", 43)} {
						if r := e.call(rt.Method, walkPath(rt.Path, c.query), tok, c.body); r.status != 401 {
							t.Errorf("token %q: status %d, want 401: %s", tok, r.status, r.raw)
						}
					}
				}
				for _, a := range actors {
					tok := ""
					if rt.Access != api.Public {
						tok = a.token() // a fresh session each time: some routes end it
					}
					r := e.call(rt.Method, walkPath(rt.Path, c.query), tok, c.body)
					allowed := rt.Access != api.Perm && rt.Access != api.Manager || rt.Access == api.Perm && slices.Contains(account.Permissions(a.kind, a.role), account.ResolvePermission(a.kind, rt.Permission))
					if a.scope != nil && rt.Access != api.Public {
						allowed = allowed && a.scope.Allows(rt.Area, rt.Writes())
					}
					switch {
					case !allowed && r.status != 403:
						t.Errorf("%s: status %d, want 403: %s", a.name, r.status, r.raw)
					case allowed && (r.status == 401 || r.status == 403 || r.status >= 500):
						t.Errorf("%s: status %d, want an answer: %s", a.name, r.status, r.raw)
					}
					if rt.Method == "POST" || rt.Method == "PUT" {
						if r := e.call(rt.Method, walkPath(rt.Path, ""), tok, `{"broken": `); allowed && r.status >= 500 {
							t.Errorf("%s: malformed body gave %d: %s", a.name, r.status, r.raw)
						}
					}
				}
				if rt.Access == api.Manager {
					mine := walkPath(rt.Path, fmt.Sprintf("#%d", mReport))
					if r := e.call(rt.Method, mine, mTok, c.body); r.status == 401 || r.status == 403 || r.status >= 300 {
						t.Errorf("manager of this person: status %d, want an answer: %s", r.status, r.raw)
					}
					if strings.Contains(rt.Path, "{id}") {
						if r := e.call(rt.Method, mine, nTok, c.body); r.status != 404 {
							t.Errorf("manager of another team: status %d, want 404: %s", r.status, r.raw)
						}
						if r := e.call(rt.Method, walkPath(rt.Path, fmt.Sprintf("#%d", stranger)), mTok, c.body); r.status != 404 {
							t.Errorf("another organisation's person: status %d, want 404: %s", r.status, r.raw)
						}
					}
				}
				if c.foreign != nil {
					v, attacker := victim, company
					if c.school {
						v, attacker = victimSchool, school
					}
					q, body := c.foreign(e, v)
					r := e.call(rt.Method, walkPath(rt.Path, q), attacker.token, body)
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

// ssoProviderIn makes a single sign-on provider in the victim organisation.
func ssoProviderIn(e *env, v tenant) int64 {
	p, err := e.app.Accounts.Authenticate(context.Background(), v.token)
	if err != nil {
		e.t.Fatal(err)
	}
	sp, err := e.app.Accounts.SaveSSOProvider(context.Background(), p, 0, account.SSOProviderInput{Name: "Victim IdP",
		Issuer: "https://idp.victim.example", ClientID: "victim", ClientSecret: "victim-secret",
		Domains: []string{fmt.Sprintf("victim%d.example", seq.Add(1))}})
	if err != nil {
		e.t.Fatal(err)
	}
	ssoMade[ssoKey{e.db, v.orgID}]++
	return sp.ID
}

// ssoMade counts the providers and requests made in each victim organisation, so that a check
// sees that none was changed or removed.
var ssoMade = map[ssoKey]int{}

type ssoKey struct {
	db  *database.DB
	org int64 // negative for requests
}

func ssoProviderUnchanged(e *env, v tenant) {
	var n int
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM sso_providers WHERE org_id = $1 AND name = 'Victim IdP' AND issuer = 'https://idp.victim.example'`, v.orgID).Scan(&n); err != nil || n != ssoMade[ssoKey{e.db, v.orgID}] {
		e.t.Errorf("another organisation changed a provider (%d, %v)", n, err)
	}
}

// ssoRequestIn makes a sign-in request waiting for approval in the victim organisation.
func ssoRequestIn(e *env, v tenant) int64 {
	pid := ssoProviderIn(e, v)
	var id int64
	if err := e.db.QueryRow(`INSERT INTO sso_requests (org_id, provider_id, subject, email, name, created_at) VALUES ($1, $2, $3, $4, 'Victim', $5) RETURNING id`,
		v.orgID, pid, fmt.Sprintf("sub%d", seq.Add(1)), fmt.Sprintf("new%d@victim.example", seq.Add(1)), time.Now()).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	ssoMade[ssoKey{e.db, -v.orgID}]++
	return id
}

func ssoRequestUnchanged(e *env, v tenant) {
	var n int
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM sso_requests WHERE org_id = $1`, v.orgID).Scan(&n); err != nil || n != ssoMade[ssoKey{e.db, -v.orgID}] {
		e.t.Errorf("another organisation decided a sign-in request (%d, %v)", n, err)
	}
}
