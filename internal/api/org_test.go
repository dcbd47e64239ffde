package api_test

import (
	"fmt"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

func TestCompanyProfileAndRegistration(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Profile Co")
		r := e.expect(e.call("GET", "/api/company/profile", c.token, nil), 200)
		if r.str("data", "name") != "Profile Co" || r.str("data", "company_size") != "25" {
			t.Fatalf("%s", r.raw)
		}
		r = e.expect(e.call("POST", "/api/company/profile/update", c.token, map[string]any{"name": "Profile Co", "email": "hr@profile.test",
			"phone": "+60 3-1111 2222", "timezone": "Asia/Kuala_Lumpur", "state_id": 14}), 422)
		for _, f := range []string{"address1", "city", "postal_code"} {
			if fieldCode(r, f) != "validation.required" {
				t.Errorf("%s not reported as required: %s", f, r.raw)
			}
		}
		for _, f := range []string{"address2", "address3", "locality"} {
			if fieldCode(r, f) != "" {
				t.Errorf("%s is optional: %s", f, r.raw)
			}
		}
		e.expect(e.call("POST", "/api/company/profile/update", c.token, map[string]any{"name": "Profile Co", "email": "hr@profile.test",
			"phone": "+60 3-1111 2222", "address1": "1 Jalan Satu", "city": "Shah Alam", "postal_code": "40000",
			"state_id": 99, "timezone": "Asia/Kuala_Lumpur"}), 422)
		r = e.expect(e.call("POST", "/api/company/profile/update", c.token, map[string]any{"name": "Profile Co Bhd", "email": "hr@profile.test",
			"phone": "+60 3-1111 2222", "address1": "1 Jalan Satu", "city": "Shah Alam", "postal_code": "40000",
			"state_id": "12", "timezone": "Asia/Kuching", "description": "We make things"}), 200)
		if r.str("data", "name") != "Profile Co Bhd" || r.str("data", "state_id") != "12" || r.str("data", "timezone") != "Asia/Kuching" {
			t.Fatalf("%s", r.raw)
		}
		v := e.expect(e.call("GET", "/api/verify", c.token, nil), 200)
		if v.str("data", "org", "name") != "Profile Co Bhd" {
			t.Fatalf("the session does not show the new name: %s", v.raw)
		}

		r = e.expect(e.call("POST", "/api/company/register", c.token, map[string]any{"full_name": "", "company_type_id": 42, "registration_number": ""}), 422)
		if fieldCode(r, "full_name") != "validation.required" || fieldCode(r, "company_type_id") != "validation.invalid" || fieldCode(r, "registration_number") != "validation.required" {
			t.Fatalf("%s", r.raw)
		}
		r = e.expect(e.call("POST", "/api/company/register", c.token, map[string]any{"full_name": "Profile Company Sdn Bhd", "company_type_id": 3, "registration_number": "201901000005"}), 200)
		if r.str("message") == "" || r.str("data", "registration_number") != "201901000005" {
			t.Fatalf("%s", r.raw)
		}
		if e.expect(e.call("GET", "/api/company/profile", c.token, nil), 200).str("data", "full_name") != "Profile Company Sdn Bhd" {
			t.Fatal("registration details not saved")
		}
		ref := e.expect(e.call("GET", "/api/ref/company/type", c.token, nil), 200)
		if len(ref.data()["states"].([]any)) != 16 || len(ref.data()["companyType"].([]any)) == 0 {
			t.Fatalf("%s", ref.raw)
		}
		if len(e.expect(e.call("GET", "/api/ref/employee/contact", c.token, nil), 200).data()["relation"].([]any)) == 0 {
			t.Fatal("no relations")
		}
		e.expect(e.call("GET", "/api/ref/marital", c.token, nil), 200)
	})
}

func TestPositions(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		a, b := e.company("Pos A"), e.company("Pos B")
		for i := 1; i <= 35; i++ {
			e.expect(e.call("POST", "/api/company/settings/positions", a.token, map[string]any{"name": fmt.Sprintf("Role %02d", i), "code": fmt.Sprintf("R%d", i)}), 201)
		}
		r := e.expect(e.call("POST", "/api/company/settings/positions", a.token, map[string]any{"name": "role 01"}), 409)
		if r.str("code") != "position.name_taken" {
			t.Fatalf("%s", r.raw)
		}
		r = e.expect(e.call("POST", "/api/company/settings/positions", a.token, map[string]any{"name": " "}), 422)
		if fieldCode(r, "name") != "validation.required" {
			t.Fatalf("%s", r.raw)
		}
		list := e.expect(e.call("GET", "/api/company/settings/positions", a.token, nil), 200)
		pg := list.body["meta"].(map[string]any)["pagination"].(map[string]any)
		if pg["total"].(float64) != 35 || pg["count"].(float64) != 30 || pg["per_page"].(float64) != 30 || pg["total_pages"].(float64) != 2 {
			t.Fatalf("pagination %v", pg)
		}
		page2 := e.expect(e.call("GET", "/api/company/settings/positions?page[number]=2&page[size]=30", a.token, nil), 200)
		if n := len(page2.body["data"].([]any)); n != 5 {
			t.Fatalf("page 2 has %d", n)
		}
		e.expect(e.call("GET", "/api/company/settings/positions?page[number]=zero", a.token, nil), 422)
		filtered := e.expect(e.call("GET", "/api/company/settings/positions?filter[name]=role%203", a.token, nil), 200)
		if n := len(filtered.body["data"].([]any)); n != 6 { // Role 03, Role 30..Role 35
			t.Fatalf("filter found %d: %s", n, filtered.raw)
		}
		wild := e.expect(e.call("GET", "/api/company/settings/positions?filter[name]=%25", a.token, nil), 200)
		if n := len(wild.body["data"].([]any)); n != 0 {
			t.Fatalf("a literal %% matched %d", n)
		}
		first := list.body["data"].([]any)[0].(map[string]any)
		id := int64(first["id"].(float64))
		r = e.expect(e.call("POST", "/api/company/settings/positions/update", a.token, map[string]any{"id": id, "name": "Head Teacher", "description": "Leads"}), 200)
		if r.str("data", "name") != "Head Teacher" {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", "/api/company/settings/positions/update", a.token, map[string]any{"name": "No id"}), 422)
		if n := len(e.expect(e.call("GET", "/api/company/settings/positions", b.token, nil), 200).body["data"].([]any)); n != 0 {
			t.Fatalf("company B sees %d positions of company A", n)
		}
		e.expect(e.call("DELETE", fmt.Sprintf("/api/company/settings/positions?id=%d", id), b.token, nil), 404)
		e.expect(e.call("DELETE", "/api/company/settings/positions", a.token, map[string]any{"id": id}), 204)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/company/settings/positions?id=%d", id), a.token, nil), 404)
		e.expect(e.call("DELETE", "/api/company/settings/positions?id=abc", a.token, nil), 422)
	})
}

func TestSchoolProfile(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Profile School")
		r := e.expect(e.call("GET", "/api/school/management/form", s.token, nil), 200)
		if r.str("data", "name") != "Profile School" || r.str("data", "contact_number") != "+60 3-1234 5678" {
			t.Fatalf("%s", r.raw)
		}
		r = e.expect(e.call("POST", "/api/school/management", s.token, map[string]any{"name": "", "code": "", "email": "x", "contact_number": "abc", "timezone": ""}), 422)
		for f, code := range map[string]string{"name": "validation.required", "code": "validation.required", "email": "validation.email",
			"contact_number": "validation.invalid", "timezone": "validation.required"} {
			if fieldCode(r, f) != code {
				t.Errorf("%s: %q want %q", f, fieldCode(r, f), code)
			}
		}
		r = e.expect(e.call("POST", "/api/school/management", s.token, map[string]any{"name": "SMK Baru", "code": "SMKB", "email": "office@smkb.test",
			"contact_number": "0312345678", "timezone": "Asia/Kuala_Lumpur", "address1": "Jalan Sekolah", "city": "Ipoh", "postal_code": "30000", "state_id": 8}), 200)
		if r.str("data", "name") != "SMK Baru" || r.str("data", "state_id") != "8" {
			t.Fatalf("%s", r.raw)
		}
		admin := e.user(s.orgID, "admin")
		e.expect(e.call("GET", "/api/school/management/form", admin, nil), 200)
		e.expect(e.call("POST", "/api/school/management", admin, map[string]any{"name": "Hijack"}), 403)
		other := e.school("Other School")
		if e.expect(e.call("GET", "/api/school/management/form", other.token, nil), 200).str("data", "name") != "Other School" {
			t.Fatal("a school sees another school's profile")
		}
	})
}
