package api_test

import (
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// Moving an entitlement's period onto the start of another of the same person and type is a
// 422 naming period_start, not a 500 (a unique violation found by the contract fuzz).
func TestEntitlementPeriodTaken(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		s := e.school("Entitlement Clash")
		teacher := idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "E1", "first_name": "Ena"}), 201))
		annual := idOf(e.expect(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Annual", "unit": "day", "day_count": 14}), 201))
		save := func(body map[string]any, status int) resp {
			body["teacher_id"], body["leave_type_id"] = teacher, annual
			return e.expect(e.call("POST", "/api/school/leave/teacher/entitlement", s.token, body), status)
		}
		save(map[string]any{"entitled": 14, "period_start": "2026-01-01", "valid_until": "2026-12-31"}, 200)
		second := save(map[string]any{"entitled": 14, "period_start": "2027-01-01", "valid_until": "2027-12-31"}, 200)
		id := second.data()["id"]
		r := save(map[string]any{"id": id, "entitled": 10, "period_start": "2026-01-01", "valid_until": "2026-12-31"}, 422)
		if fieldCode(r, "period_start") != "validation.taken" {
			t.Fatalf("%s", r.raw)
		}
	})
}
