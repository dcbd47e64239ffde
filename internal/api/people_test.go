package api_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

func items(r resp) []map[string]any {
	list, _ := r.body["data"].([]any)
	out := make([]map[string]any, len(list))
	for i, x := range list {
		out[i], _ = x.(map[string]any)
	}
	return out
}

func idOf(r resp) int64 { return int64(r.data()["id"].(float64)) }

func TestPeopleListsAndCodes(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("People School")
		base := "/api/school/employee/teacher"
		names := []string{"Aisyah Rahman", "Tan Mei Ling", "Rajesh Kumar", "Nurul Huda", "José García"}
		var ids []int64
		for i, n := range names {
			first, last, _ := strings.Cut(n, " ")
			r := e.expect(e.call("POST", base, s.token, map[string]any{"code": fmt.Sprintf("T%03d", i+1), "first_name": first, "last_name": last, "join_date": "2024-01-15"}), 201)
			ids = append(ids, idOf(r))
		}
		r := e.expect(e.call("POST", base, s.token, map[string]any{"code": "t001", "first_name": "Dup"}), 409)
		if r.str("message") != "the unique code cannot be used because it is already taken by another user" || fieldCode(r, "code") != "validation.code_taken" {
			t.Fatalf("%s", r.raw)
		}
		// Codes are unique across teachers and staff: the device PIN is the code.
		e.expect(e.call("POST", "/api/school/employee/staff", s.token, map[string]any{"code": "T002", "first_name": "Dup"}), 409)
		r = e.expect(e.call("POST", base, s.token, map[string]any{"code": "bad code!", "first_name": "", "email": "x@", "join_date": "2024-13-01"}), 422)
		for f, c := range map[string]string{"code": "validation.code", "first_name": "validation.required", "email": "validation.email", "join_date": "validation.date"} {
			if fieldCode(r, f) != c {
				t.Errorf("%s: %q, want %q", f, fieldCode(r, f), c)
			}
		}
		chk := e.expect(e.call("GET", base+"/code?code=T003", s.token, nil), 200)
		if chk.data()["available"] != false {
			t.Fatalf("%s", chk.raw)
		}
		if e.expect(e.call("GET", fmt.Sprintf("%s/code?code=T003&id=%d", base, ids[2]), s.token, nil), 200).data()["available"] != true {
			t.Fatal("a person's own code is not free for them")
		}
		if e.expect(e.call("GET", base+"/code?code=NEW9", s.token, nil), 200).data()["available"] != true {
			t.Fatal("a new code is not free")
		}
		e.expect(e.call("GET", base+"/code", s.token, nil), 422)

		list := e.expect(e.call("GET", base+"?page[size]=2", s.token, nil), 200)
		pg := list.body["meta"].(map[string]any)["pagination"].(map[string]any)
		if pg["total"].(float64) != 5 || len(items(list)) != 2 || items(list)[0]["first_name"] != "Aisyah" {
			t.Fatalf("%s", list.raw)
		}
		if n := len(items(e.expect(e.call("GET", base+"?filter[base]=ling", s.token, nil), 200))); n != 1 {
			t.Fatalf("name search found %d", n)
		}
		if n := len(items(e.expect(e.call("GET", base+"?filter[base]=t00", s.token, nil), 200))); n != 5 {
			t.Fatalf("code search found %d", n)
		}
		if n := len(items(e.expect(e.call("GET", base+"?filter[first_name]=jos", s.token, nil), 200))); n != 1 {
			t.Fatalf("first name filter found %d", n)
		}
		if n := len(items(e.expect(e.call("GET", "/api/school/employee/staff", s.token, nil), 200))); n != 0 {
			t.Fatalf("teachers listed as staff: %d", n)
		}

		e.expect(e.call("DELETE", fmt.Sprintf("%s?id=%d", base, ids[0]), s.token, nil), 204)
		if n := len(items(e.expect(e.call("GET", base, s.token, nil), 200))); n != 4 {
			t.Fatalf("active after archive: %d", n)
		}
		arch := items(e.expect(e.call("GET", base+"/archived", s.token, nil), 200))
		if len(arch) != 1 || arch[0]["archived"] != true {
			t.Fatalf("archived: %v", arch)
		}
		e.expect(e.call("DELETE", fmt.Sprintf("/api/school/employee/staff?id=%d", ids[1]), s.token, nil), 404) // a teacher is not staff
		e.expect(e.call("POST", base+"/restore", s.token, map[string]any{"id": ids[0]}), 200)
		if n := len(items(e.expect(e.call("GET", base, s.token, nil), 200))); n != 5 {
			t.Fatalf("active after restore: %d", n)
		}
		g := e.expect(e.call("POST", base+"/details/general", s.token, map[string]any{"id": ids[1], "code": "T002", "first_name": "Mei Ling", "last_name": "Tan", "email": "meiling@school.test"}), 200)
		if g.str("data", "name") != "Mei Ling Tan" {
			t.Fatalf("%s", g.raw)
		}
		e.expect(e.call("POST", base+"/details/general", s.token, map[string]any{"id": ids[1], "code": "T003", "first_name": "Mei Ling"}), 409)

		other := e.school("Other People School")
		if n := len(items(e.expect(e.call("GET", base, other.token, nil), 200))); n != 0 {
			t.Fatalf("another school sees %d teachers", n)
		}
		e.expect(e.call("GET", fmt.Sprintf("%s/details?id=%d", base, ids[1]), other.token, nil), 404)
		// The same code is free in another organisation.
		e.expect(e.call("POST", base, other.token, map[string]any{"code": "T001", "first_name": "Other"}), 201)
	})
}

func TestPeopleRecordAreas(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Records Co")
		emp := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "E1", "first_name": "Siti", "last_name": "Aminah"}), 201))
		pos := idOf(e.expect(e.call("POST", "/api/company/settings/positions", c.token, map[string]any{"name": "Clerk"}), 201))

		// Created without a record id, updated with one, as the company forms do.
		r := e.expect(e.call("POST", "/api/employee/detail/contact", c.token, map[string]any{"employee_id": emp, "contact_number": "+60 12-345 6789",
			"emergency_name": "Ahmad", "relation_id": 1, "address1": "1 Jalan Mawar", "city": "Klang", "postal_code": "41000", "state_id": 12}), 200)
		contactID := idOf(r)
		r = e.expect(e.call("POST", "/api/employee/detail/contact/update", c.token, map[string]any{"employee_id": emp, "id": contactID, "contact_number": "+60 12-999 0000", "state_id": 12}), 200)
		if idOf(r) != contactID || r.str("data", "contact_number") != "+60 12-999 0000" {
			t.Fatalf("%s", r.raw)
		}
		got := e.expect(e.call("GET", fmt.Sprintf("/api/employee/detail/contact?employee_id=%d", emp), c.token, nil), 200)
		if got.str("data", "contact_number") != "+60 12-999 0000" || got.str("data", "address1") != "" {
			t.Fatalf("%s", got.raw)
		}
		bad := e.expect(e.call("POST", "/api/employee/detail/contact", c.token, map[string]any{"employee_id": emp, "relation_id": 99, "state_id": 77, "contact_number": "call me"}), 422)
		for _, f := range []string{"relation_id", "state_id", "contact_number"} {
			if fieldCode(bad, f) == "" {
				t.Errorf("%s not refused: %s", f, bad.raw)
			}
		}
		e.expect(e.call("POST", "/api/employee/detail/personal", c.token, map[string]any{"employee_id": emp, "birth_date": "1990-05-17", "gender": "female", "marital_id": 2}), 200)
		bad = e.expect(e.call("POST", "/api/employee/detail/personal", c.token, map[string]any{"employee_id": emp, "birth_date": "2999-01-01", "gender": "robot"}), 422)
		if fieldCode(bad, "birth_date") == "" || fieldCode(bad, "gender") == "" {
			t.Fatalf("%s", bad.raw)
		}
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": emp, "position_id": pos, "type": "full_time",
			"effective_date": "2024-01-01", "end_of_probation": "2024-06-30", "employment_status": "confirmed", "remark": "Good"}), 200)
		bad = e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": emp, "position_id": 999999,
			"effective_date": "2024-06-01", "end_of_probation": "2024-01-01", "remark": strings.Repeat("x", 2001)}), 422)
		for _, f := range []string{"position_id", "end_of_probation", "remark"} {
			if fieldCode(bad, f) == "" {
				t.Errorf("%s not refused: %s", f, bad.raw)
			}
		}
		e.expect(e.call("POST", "/api/employee/detail/payroll", c.token, map[string]any{"employee_id": emp, "basic_salary": "4500.00", "payment_type": "monthly",
			"method": "bank_transfer", "bank": "Maybank", "bank_account": "1122-3344-5566", "epf_employer_rate": "13", "epf_employee_rate": "11",
			"epf_number": "12345678", "tax_number": "SG 1234567890", "tax_status": "single", "child_relief": 0, "eis_contribution": true, "socso_category": "first", "zakat": "50"}), 200)
		bad = e.expect(e.call("POST", "/api/employee/detail/payroll", c.token, map[string]any{"employee_id": emp, "basic_salary": "lots", "epf_employee_rate": "150", "currency": "ringgit", "eis_contribution": "yes"}), 422)
		if fieldCode(bad, "eis_contribution") != "validation.invalid" {
			t.Fatalf("wrong type not named: %s", bad.raw)
		}
		bad = e.expect(e.call("POST", "/api/employee/detail/payroll", c.token, map[string]any{"employee_id": emp, "basic_salary": "lots", "epf_employee_rate": "150", "currency": "ringgit"}), 422)
		for _, f := range []string{"basic_salary", "epf_employee_rate", "currency"} {
			if fieldCode(bad, f) == "" {
				t.Errorf("%s not refused: %s", f, bad.raw)
			}
		}
		e.expect(e.call("POST", "/api/employee/detail/family", c.token, map[string]any{"employee_id": emp, "marital_id": 2, "children": 2, "spouse_name": "Ahmad", "nationality": "Malaysian", "nric": "900517-10-5566"}), 200)
		bad = e.expect(e.call("POST", "/api/employee/detail/family", c.token, map[string]any{"employee_id": emp, "nric": "12345"}), 422)
		if fieldCode(bad, "nric") != "validation.nric" {
			t.Fatalf("%s", bad.raw)
		}
		e1 := idOf(e.expect(e.call("POST", "/api/employee/detail/education", c.token, map[string]any{"employee_id": emp, "school": "Universiti Malaya", "degree": "BSc", "field_of_study": "Accounting", "grade": "First", "from": "2008-07-01", "to": "2012-06-30"}), 200))
		e.expect(e.call("POST", "/api/employee/detail/education", c.token, map[string]any{"employee_id": emp, "school": "SMK Klang", "from": "2003-01-01", "to": "2007-11-30"}), 200)
		e.expect(e.call("POST", "/api/employee/detail/education/update", c.token, map[string]any{"employee_id": emp, "id": e1, "school": "Universiti Malaya", "degree": "BAcc", "from": "2008-07-01", "to": "2012-06-30"}), 200)
		bad = e.expect(e.call("POST", "/api/employee/detail/education", c.token, map[string]any{"employee_id": emp, "school": "", "from": "2010-01-01", "to": "2009-01-01"}), 422)
		if fieldCode(bad, "school") != "validation.required" || fieldCode(bad, "to") != "validation.after" {
			t.Fatalf("%s", bad.raw)
		}
		all := e.expect(e.call("GET", fmt.Sprintf("/api/employee/details?employee_id=%d", emp), c.token, nil), 200).data()
		edu := all["education"].([]any)
		if len(edu) != 2 || all["payroll"].(map[string]any)["basic_salary"] != "4500.00" || all["family"].(map[string]any)["children"].(float64) != 2 ||
			all["job"].(map[string]any)["position_id"].(float64) != float64(pos) || all["general"].(map[string]any)["code"] != "E1" {
			t.Fatalf("details: %v", all)
		}
		if edu[0].(map[string]any)["degree"] != "BAcc" {
			t.Fatalf("education not updated: %v", edu)
		}
		e.expect(e.call("DELETE", fmt.Sprintf("/api/employee/detail/education?employee_id=%d&record_id=%d", emp, e1), c.token, nil), 204)
		all = e.expect(e.call("GET", fmt.Sprintf("/api/employee/details?employee_id=%d", emp), c.token, nil), 200).data()
		if len(all["education"].([]any)) != 1 {
			t.Fatalf("education row not deleted")
		}
		// The school face has the same areas.
		s := e.school("Records School")
		tid := idOf(e.expect(e.call("POST", "/api/school/employee/staff", s.token, map[string]any{"code": "S1", "first_name": "Kamal"}), 201))
		e.expect(e.call("POST", "/api/school/employee/staff/details/personal", s.token, map[string]any{"id": tid, "gender": "male"}), 200)
		d := e.expect(e.call("GET", fmt.Sprintf("/api/school/employee/staff/details?id=%d", tid), s.token, nil), 200).data()
		if d["personal"].(map[string]any)["gender"] != "male" || d["contact"] != nil {
			t.Fatalf("%v", d)
		}
	})
}

func noisePNG(t *testing.T, w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.IntN(256))
	}
	for x := 0; x < w; x++ {
		img.Set(x, 0, color.NRGBA{255, 0, 0, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestPeopleImages(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Image School")
		id := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "IMG1", "first_name": "Foto"}), 201))
		small := noisePNG(t, 64, 48)
		r := e.expect(e.upload("/api/school/employee/teacher/image", s.token, map[string]string{"id": fmt.Sprint(id)}, small), 200)
		url := r.str("data", "url")
		status, ctype, body := e.get(url, "")
		if status != 200 || !strings.HasPrefix(ctype, "image/") || len(body) == 0 {
			t.Fatalf("image %s: %d %s", url, status, ctype)
		}
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(body)); err != nil || cfg.Width != 64 {
			t.Fatalf("stored image: %v %v", cfg, err)
		}

		// A 2 MB image in three chunks of at most 800,000 bytes.
		big := noisePNG(t, 820, 640)
		if len(big) < 2_000_000 {
			t.Fatalf("test image only %d bytes", len(big))
		}
		upload := ""
		for i := 0; i < len(big); i += 800_000 {
			end := min(i+800_000, len(big))
			last := end == len(big)
			r := e.upload("/api/school/employee/teacher/image", s.token, map[string]string{"id": fmt.Sprint(id), "is_last": fmt.Sprint(last), "upload_id": upload}, big[i:end])
			if !last {
				e.expect(r, 202)
				upload = r.str("data", "upload_id")
			} else {
				e.expect(r, 200)
				url = r.str("data", "url")
			}
		}
		_, _, body = e.get(url, "")
		cfg, _, err := image.DecodeConfig(bytes.NewReader(body))
		if err != nil || cfg.Width != 512 || cfg.Height != 400 {
			t.Fatalf("reassembled image not resized to 512 on the long side: %+v %v", cfg, err)
		}
		list := items(e.expect(e.call("GET", "/api/school/employee/teacher", s.token, nil), 200))
		if list[0]["image_url"] != url {
			t.Fatalf("list shows %v, want %s", list[0]["image_url"], url)
		}
		var leftover int
		_ = db.QueryRow(`SELECT COUNT(*) FROM upload_chunks`).Scan(&leftover)
		if leftover != 0 {
			t.Fatalf("%d chunks left after the upload", leftover)
		}

		// Not an image, whatever the name says.
		r = e.expect(e.upload("/api/school/employee/teacher/image", s.token, map[string]string{"id": fmt.Sprint(id)}, []byte("name,code\nthis is a CSV file, not an image\n")), 422)
		if r.str("code") != "upload.not_image" {
			t.Fatalf("%s", r.raw)
		}
		// 30 MB in one request, and past 10 MB in chunks.
		e.expect(e.upload("/api/school/employee/teacher/image", s.token, map[string]string{"id": fmt.Sprint(id)}, make([]byte, 30<<20)), 413)
		upload = ""
		var last resp
		for i := 0; i < 14; i++ {
			last = e.upload("/api/school/employee/teacher/image", s.token, map[string]string{"id": fmt.Sprint(id), "is_last": "false", "upload_id": upload}, make([]byte, 800_000))
			if last.status != 202 {
				break
			}
			upload = last.str("data", "upload_id")
		}
		if last.status != 413 {
			t.Fatalf("chunks past 10 MB: %d %s", last.status, last.raw)
		}
		_ = db.QueryRow(`SELECT COUNT(*) FROM upload_chunks`).Scan(&leftover)
		if leftover != 0 {
			t.Fatalf("a refused upload left %d chunks", leftover)
		}
		// Another school cannot set this teacher's image.
		other := e.school("Other Image School")
		e.expect(e.upload("/api/school/employee/teacher/image", other.token, map[string]string{"id": fmt.Sprint(id)}, small), 404)
	})
}

var codePattern = regexp.MustCompile(`verification code is ([A-Z0-9]{4})-([A-Z0-9]{4})`)

func TestVerificationAndRoles(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Verify School")
		id := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "V1", "first_name": "Farah", "last_name": "Ismail", "email": "farah@verify.test"}), 201))
		msg := e.smtp.WaitFor(t, "farah@verify.test", 10*time.Second)
		m := codePattern.FindStringSubmatch(msg.Body)
		if m == nil || !strings.Contains(msg.Body, e.srv.URL+"/verification/employee?code=") {
			t.Fatalf("no code or link in %q", msg.Body)
		}
		code := m[1] + "-" + m[2]
		e.expect(e.call("GET", "/api/employee/check?verification_code=ZZZZ-ZZZZ", "", nil), 422)
		chk := e.expect(e.call("GET", "/api/employee/check?verification_code="+strings.ToLower(code), "", nil), 200)
		if chk.str("data", "email") != "farah@verify.test" || chk.str("data", "org", "name") != "Verify School" {
			t.Fatalf("%s", chk.raw)
		}
		e.expect(e.call("POST", "/api/auth/verification/register/employee", "", map[string]any{"verification_code": code, "password": "short"}), 422)
		reg := e.expect(e.call("POST", "/api/auth/verification/register/employee", "", map[string]any{"verification_code": code, "password": "farah password", "password_confirmation": "farah password"}), 201)
		tok := reg.str("data", "access_token")
		if reg.str("data", "roles") != "[member]" || reg.str("data", "org", "name") != "Verify School" {
			t.Fatalf("%s", reg.raw)
		}
		r := e.expect(e.call("POST", "/api/auth/verification/register/employee", "", map[string]any{"verification_code": code, "password": "another pass"}), 422)
		if r.str("code") != "verification.invalid" {
			t.Fatalf("a used code worked: %s", r.raw)
		}
		v := e.expect(e.call("GET", "/api/employee/verify", tok, nil), 200)
		if v.data()["linked"] != true || v.str("data", "person", "code") != "V1" {
			t.Fatalf("%s", v.raw)
		}
		sum := e.expect(e.call("GET", "/api/school/personal/profile/summary", tok, nil), 200)
		if sum.str("data", "person", "name") != "Farah Ismail" {
			t.Fatalf("%s", sum.raw)
		}
		e.expect(e.upload("/api/school/personal/profile/image", tok, nil, noisePNG(t, 40, 40)), 200)
		e.expect(e.call("GET", "/api/school/employee/teacher", tok, nil), 403) // a member stays out of management

		// Resend: a new code replaces the old one; linked people get no more codes.
		id2 := idOf(e.expect(e.call("POST", "/api/school/employee/staff", s.token, map[string]any{"code": "V2", "first_name": "Lim", "email": "lim@verify.test"}), 201))
		first := codePattern.FindStringSubmatch(e.smtp.WaitFor(t, "lim@verify.test", 10*time.Second).Body)
		e.expect(e.call("POST", "/api/employee/verify/renew", s.token, map[string]any{"employee_id": id2}), 200)
		deadline := time.Now().Add(10 * time.Second)
		var second []string
		for second == nil && time.Now().Before(deadline) {
			n := 0
			for _, got := range e.smtp.Messages() {
				if got.To[0] == "lim@verify.test" {
					n++
					if n == 2 {
						second = codePattern.FindStringSubmatch(got.Body)
					}
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
		if second == nil || second[0] == first[0] {
			t.Fatal("no fresh code after renew")
		}
		e.expect(e.call("GET", "/api/employee/check?verification_code="+first[1]+first[2], "", nil), 422)
		e.expect(e.call("POST", "/api/employee/verify/renew", s.token, map[string]any{"employee_id": id}), 409)

		// An existing account of the school links itself with a code (the login phase).
		admin := e.user(s.orgID, "admin")
		e.expect(e.call("POST", "/api/employee/verify", admin, map[string]any{"verification_code": second[1] + second[2]}), 200)

		// Roles: only the owner assigns, removes and transfers.
		e.expect(e.call("POST", "/api/school/employee/teacher/privilege/assign", admin, map[string]any{"id": id}), 403)
		e.expect(e.call("POST", "/api/school/employee/teacher/privilege/assign", s.token, map[string]any{"id": id}), 200)
		admins := items(e.expect(e.call("GET", "/api/school/employee/teacher/privilege?role=2", s.token, nil), 200))
		if len(admins) != 1 || admins[0]["is_admin"] != true {
			t.Fatalf("admins: %v", admins)
		}
		if e.expect(e.call("GET", "/api/verify", tok, nil), 200).str("data", "roles") != "[admin]" {
			t.Fatal("the teacher's session does not carry the admin role")
		}
		e.expect(e.call("GET", "/api/school/employee/teacher", tok, nil), 200) // now an admin
		e.expect(e.call("POST", "/api/school/employee/teacher/privilege/remove", s.token, map[string]any{"id": id}), 200)
		e.expect(e.call("GET", "/api/school/employee/teacher", tok, nil), 403)
		noAccount := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "V3", "first_name": "Nobody"}), 201))
		e.expect(e.call("POST", "/api/school/employee/teacher/privilege/assign", s.token, map[string]any{"id": noAccount}), 422)

		e.expect(e.call("POST", "/api/school/employee/teacher/privilege/transfer", s.token, map[string]any{"id": id}), 200)
		var owners int
		_ = db.QueryRow(`SELECT COUNT(*) FROM users WHERE org_id = $1 AND role = 'owner'`, s.orgID).Scan(&owners)
		if owners != 1 {
			t.Fatalf("%d owners after the transfer", owners)
		}
		if e.expect(e.call("GET", "/api/verify", s.token, nil), 200).str("data", "roles") != "[admin]" {
			t.Fatal("the old owner is not an admin")
		}
		e.expect(e.call("POST", "/api/school/management", s.token, map[string]any{"name": "x"}), 403)
		e.expect(e.call("POST", "/api/school/employee/teacher/privilege/transfer", s.token, map[string]any{"id": id}), 403)
		// The new owner cannot delete their own account through the roles screen.
		e.expect(e.call("DELETE", fmt.Sprintf("/api/school/employee/teacher/privilege?id=%d", id), tok, nil), 403)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/school/employee/staff/privilege?id=%d", id2), tok, nil), 204)
		e.expect(e.call("GET", "/api/verify", admin, nil), 401)
		_ = db.QueryRow(`SELECT COUNT(*) FROM users WHERE org_id = $1 AND role = 'owner'`, s.orgID).Scan(&owners)
		if owners != 1 {
			t.Fatalf("%d owners", owners)
		}
	})
}

func TestDepartments(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, other := e.company("Dept Co"), e.company("Other Dept Co")
		d := idOf(e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": "Finance", "description": "Money"}), 201))
		e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": "finance"}), 409)
		e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": ""}), 422)
		e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "D1", "first_name": "Ali", "department_id": d}), 201)
		e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "D2", "first_name": "Abu", "department_id": 999999}), 422)
		list := items(e.expect(e.call("GET", "/api/department/record?page_number=1", c.token, nil), 200))
		if len(list) != 1 || list[0]["members"].(float64) != 1 {
			t.Fatalf("%v", list)
		}
		if n := len(items(e.expect(e.call("GET", "/api/department/record", other.token, nil), 200))); n != 0 {
			t.Fatalf("another company sees %d departments", n)
		}
		e.expect(e.call("POST", "/api/department/record/update", c.token, map[string]any{"id": d, "name": "Finance & Accounts"}), 200)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/department/record?id=%d", d), other.token, nil), 404)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/department/record?id=%d", d), c.token, nil), 204)
		emps := items(e.expect(e.call("GET", "/api/employee/record", c.token, nil), 200))
		if len(emps) != 1 || emps[0]["department_id"] != nil {
			t.Fatalf("%v", emps)
		}
	})
}
