package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/audit"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// auditRows reads the audit trail of an organisation through the API, newest first.
func auditRows(e *env, token, query string) []map[string]any {
	e.t.Helper()
	r := e.expect(e.call("GET", "/api/audit?limit=150"+query, token, nil), 200)
	var out []map[string]any
	for _, it := range r.body["data"].([]any) {
		out = append(out, it.(map[string]any))
	}
	return out
}

// TestAuditTrailRecordsEveryKind makes a change of each audited kind through the HTTP API
// and finds it in the trail with the actor, the action and the old and new values of the
// fields that changed (issue 15, "The audit trail records a change of each entity kind").
func TestAuditTrailRecordsEveryKind(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Audit Company")
		var owner struct {
			id   int64
			name string
		}
		if err := db.QueryRow(`SELECT id, name FROM users WHERE org_id = $1 AND role = 'owner'`, c.orgID).Scan(&owner.id, &owner.name); err != nil {
			t.Fatal(err)
		}
		emp := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "A1", "first_name": "Aisyah"}), 201))
		annual := idOf(e.expect(e.call("POST", "/api/company/leave", c.token, map[string]any{"type": "Annual", "day_count": 10}), 201))
		g := idOf(e.expect(e.call("POST", "/api/group/record/register", c.token, map[string]any{"name": "Office", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}), 201))
		var week []map[string]any
		for d := 1; d <= 5; d++ {
			week = append(week, map[string]any{"id": d, "type": 1})
		}
		e.expect(e.call("POST", "/api/group/employees", c.token, map[string]any{"group_id": g, "employees": []int64{emp}, "effective_from": "2026-01-01"}), 200)
		e.member(c.orgID, emp) // an account, so that the person can be made an admin
		pos := idOf(e.expect(e.call("POST", "/api/company/settings/positions", c.token, map[string]any{"name": "Clerk"}), 201))
		dept := idOf(e.expect(e.call("POST", "/api/department/record/register", c.token, map[string]any{"name": "Kitchen"}), 201))
		dev := idOf(e.expect(e.call("POST", "/api/device/facial/register", c.token, map[string]any{"name": "Gate", "code": "AUD0000001"}), 201))
		tok := e.expect(e.call("POST", "/api/integrations/tokens", c.token, map[string]any{"name": "Payroll", "write": true, "areas": []string{"people"}}), 201)
		tokID := tok.str("data", "id")

		type change struct {
			name, method, path string
			body               any
			status             int
			entity, action     string
			entityID           any // int64 or string; nil: not checked
			field              string
			old, new           any // expected values of field; nil: absent (creation, deletion)
		}
		changes := []change{
			{"person", "POST", "/api/employee/detail/general/update", map[string]any{"employee_id": emp, "code": "A1", "first_name": "Aishah"}, 200, "person", "update", emp, "first_name", "Aisyah", "Aishah"},
			{"group", "POST", "/api/group/record/update", map[string]any{"id": g, "name": "Head office", "time_in": "08:00", "cut_off_time_in": "10:00", "time_out": "17:00", "cut_off_time_out": "23:00"}, 200, "group", "update", g, "name", "Office", "Head office"},
			{"schedule", "POST", "/api/group/schedule", map[string]any{"id": g, "days": week, "effective_from": "2026-01-01"}, 200, "schedule", "create", nil, "effective_from", nil, "2026-01-01"},
			{"holiday", "POST", "/api/holiday/record", map[string]any{"name": "Deepavali", "start": "2026-11-09", "end": "2026-11-09"}, 201, "holiday", "create", nil, "name", nil, "Deepavali"},
			{"leave type", "POST", "/api/company/leave/update", map[string]any{"id": annual, "type": "Annual leave", "day_count": 12}, 200, "leave_type", "update", annual, "name", "Annual", "Annual leave"},
			{"entitlement", "POST", "/api/company/leave/employee/entitlement", map[string]any{"employee_id": emp, "leave_type_id": annual, "entitled": 6, "period_start": "2026-01-01", "valid_until": "2026-12-31"}, 200, "entitlement", "create", nil, "entitled", nil, 600.0},
			{"application", "POST", "/api/company/leave/assignment", map[string]any{"employee_id": emp, "leave_type_id": annual, "from_date": "2026-11-11", "to_date": "2026-11-11"}, 201, "application", "create", nil, "from_date", nil, "2026-11-11"},
			{"device", "POST", "/api/device/facial/update", map[string]any{"id": dev, "name": "Main gate", "code": "AUD0000001"}, 200, "device", "update", dev, "name", "Gate", "Main gate"},
			{"role", "POST", "/api/employee/privilege/assign", map[string]any{"employee_id": emp}, 200, "user", "update", nil, "role", "member", "admin"},
			{"settings", "POST", "/api/company/profile/update", map[string]any{"name": "Audit Company Sdn Bhd", "email": "hr@audit.test",
				"phone": "+60 3-1111 2222", "address1": "1 Jalan Satu", "city": "Shah Alam", "postal_code": "40000", "state_id": 14, "timezone": "Asia/Kuala_Lumpur"}, 200, "settings", "update", c.orgID, "name", "Audit Company", "Audit Company Sdn Bhd"},
			{"retention", "PUT", "/api/audit/settings", map[string]any{"retention_days": 400}, 200, "settings", "update", c.orgID, "audit_retention_days", 0.0, 400.0},
			{"token", "DELETE", "/api/integrations/tokens/" + tokID, nil, 204, "token", "revoke", tokID, "revoked_at", nil, nil},
			{"department", "POST", "/api/department/record/update", map[string]any{"id": dept, "name": "Galley"}, 200, "department", "update", dept, "name", "Kitchen", "Galley"},
			{"position", "POST", "/api/company/settings/positions/update", map[string]any{"id": pos, "name": "Senior clerk"}, 200, "position", "update", pos, "name", "Clerk", "Senior clerk"},
			{"approval chain", "POST", "/api/approvals/chain", map[string]any{"kind": "leave", "type_id": annual, "levels": []string{"admins"}}, 200, "approval_chain", "create", annual, "levels", nil, nil},
			{"position deleted", "DELETE", "/api/company/settings/positions", map[string]any{"id": pos}, 204, "position", "delete", pos, "name", "Senior clerk", nil},
		}
		for _, ch := range changes {
			t.Run(ch.name, func(t *testing.T) {
				e.t = t
				e.expect(e.call(ch.method, ch.path, c.token, ch.body), ch.status)
				rows := auditRows(e, c.token, "&filter[entity]="+ch.entity)
				if len(rows) == 0 {
					t.Fatalf("no %s entry", ch.entity)
				}
				got := rows[0] // the newest
				if got["action"] != ch.action {
					t.Errorf("action %v, want %s: %v", got["action"], ch.action, got)
				}
				if ch.entityID != nil && got["entity_id"] != fmt.Sprint(ch.entityID) {
					t.Errorf("entity_id %v, want %v", got["entity_id"], ch.entityID)
				}
				if got["actor_id"] != float64(owner.id) || got["actor_name"] != owner.name || got["via"] != "session" || got["ip"] == "" {
					t.Errorf("actor: %v %v %v %v, want %d %s by session", got["actor_id"], got["actor_name"], got["via"], got["ip"], owner.id, owner.name)
				}
				oldV, _ := got["old"].(map[string]any)
				newV, _ := got["new"].(map[string]any)
				if ch.old != nil && oldV[ch.field] != ch.old {
					t.Errorf("old %s = %#v, want %#v (%v)", ch.field, oldV[ch.field], ch.old, got["old"])
				}
				if ch.new != nil && newV[ch.field] != ch.new {
					t.Errorf("new %s = %#v, want %#v (%v)", ch.field, newV[ch.field], ch.new, got["new"])
				}
				if ch.action == "update" || ch.action == "revoke" {
					if _, ok := newV[ch.field]; !ok {
						t.Errorf("the changed field %s is not in new: %v", ch.field, got["new"])
					}
					for k := range newV {
						if k != ch.field && oldV[k] == newV[k] {
							t.Errorf("unchanged field %s recorded: %v → %v", k, oldV[k], newV[k])
						}
					}
				}
				if ch.action == "delete" && got["new"] != nil {
					t.Errorf("a deletion has new values: %v", got["new"])
				}
				if ch.action == "create" && got["old"] != nil {
					t.Errorf("a creation has old values: %v", got["old"])
				}
			})
		}
		e.t = t

		// Filters: by person, and by actor; another actor's changes are not listed.
		kindsOfPerson := map[string]bool{}
		for _, r := range auditRows(e, c.token, fmt.Sprintf("&filter[person]=%d", emp)) {
			if r["person_id"] != float64(emp) {
				t.Errorf("filter[person]: %v", r)
			}
			kindsOfPerson[r["entity"].(string)] = true
		}
		// The person's role is their account's: found by the person too.
		for _, k := range []string{"person", "user", "entitlement", "application", "group_member"} {
			if !kindsOfPerson[k] {
				t.Errorf("filter[person] has no %s entry: %v", k, kindsOfPerson)
			}
		}
		if rows := auditRows(e, c.token, fmt.Sprintf("&filter[actor]=%d", owner.id)); len(rows) < len(changes) {
			t.Errorf("filter[actor]: %d rows", len(rows))
		}

		// Dates are days of the organisation's zone, both ends inclusive.
		var zone string
		if err := db.QueryRow(`SELECT timezone FROM orgs WHERE id = $1`, c.orgID).Scan(&zone); err != nil {
			t.Fatal(err)
		}
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Fatal(err)
		}
		today := time.Now().In(loc)
		day := func(d int) string { return today.AddDate(0, 0, d).Format(time.DateOnly) }
		if n := len(auditRows(e, c.token, "&filter[from]="+day(0)+"&filter[to]="+day(0))); n < len(changes) {
			t.Errorf("today's entries: %d", n)
		}
		if n := len(auditRows(e, c.token, "&filter[from]="+day(1))); n != 0 {
			t.Errorf("entries from tomorrow: %d", n)
		}
		if n := len(auditRows(e, c.token, "&filter[to]="+day(-1))); n != 0 {
			t.Errorf("entries until yesterday: %d", n)
		}
		e.expect(e.call("GET", "/api/audit?filter[from]="+day(0)+"&filter[to]="+day(-1), c.token, nil), 422)

		// A change made with an API token names the token.
		secret := walkTokenWrite(e, c)
		e.expect(e.call("POST", "/api/employee/detail/general/update", secret, map[string]any{"employee_id": emp, "code": "A1", "first_name": "Aisyah"}), 200)
		got := auditRows(e, c.token, "&filter[entity]=person")[0]
		if got["via"] != "token" || got["token_id"] == nil {
			t.Errorf("a token's change: %v", got)
		}

		// Secrets never appear: the token's hash, the device's push key, password hashes.
		var hashes []string
		for _, q := range []string{`SELECT secret_hash FROM api_tokens WHERE org_id = $1`, `SELECT push_key FROM devices WHERE org_id = $1`, `SELECT password_hash FROM users WHERE org_id = $1`} {
			rows, err := db.Query(q, c.orgID)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var s string
				_ = rows.Scan(&s)
				if s != "" {
					hashes = append(hashes, s)
				}
			}
			rows.Close()
		}
		e.expect(e.call("POST", "/api/auth/account/password", c.token, map[string]any{"current_password": pw, "password": "abcdefgh12", "password_confirmation": "abcdefgh12"}), 200)
		_ = db.QueryRow(`SELECT password_hash FROM users WHERE id = $1`, owner.id).Scan(new(string))
		var all strings.Builder
		rows, err := db.Query(`SELECT COALESCE(old_values, '') || COALESCE(new_values, '') FROM audit_log WHERE org_id = $1`, c.orgID)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			_ = rows.Scan(&s)
			all.WriteString(s)
		}
		rows.Close()
		var newHash string
		_ = db.QueryRow(`SELECT password_hash FROM users WHERE id = $1`, owner.id).Scan(&newHash)
		hashes = append(hashes, newHash, secret)
		for _, h := range hashes {
			if strings.Contains(all.String(), h) {
				t.Errorf("a secret is in the audit trail: %.12s…", h)
			}
		}
		if !strings.Contains(strings.ReplaceAll(all.String(), `": "`, `":"`), `"password_hash":"[secret, changed]"`) {
			t.Errorf("the password change is not recorded as a masked change")
		}

		// Keyset paging walks the whole trail once.
		seen := map[float64]bool{}
		next := ""
		for range 100 {
			r := e.expect(e.call("GET", "/api/audit?limit=3"+next, c.token, nil), 200)
			for _, it := range r.body["data"].([]any) {
				id := it.(map[string]any)["id"].(float64)
				if seen[id] {
					t.Fatalf("entry %v listed twice", id)
				}
				seen[id] = true
			}
			nb, _ := r.body["meta"].(map[string]any)["next_before"].(float64)
			if nb == 0 {
				break
			}
			next = fmt.Sprintf("&before=%d", int64(nb))
		}
		var total int
		_ = db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE org_id = $1`, c.orgID).Scan(&total)
		if len(seen) != total {
			t.Errorf("paging saw %d of %d entries", len(seen), total)
		}

		// Exports: CSV and xlsx of the same filter.
		status, ctype, body := e.get("/api/audit/export?format=csv&filter[entity]=position", c.token)
		if status != 200 || !strings.HasPrefix(ctype, "text/csv") || !strings.Contains(string(body), "Senior clerk") {
			t.Errorf("csv export: %d %s %.200s", status, ctype, body)
		}
		status, ctype, body = e.get("/api/audit/export?format=xlsx", c.token)
		if status != 200 || !strings.Contains(ctype, "spreadsheetml") || len(body) < 100 {
			t.Errorf("xlsx export: %d %s %d bytes", status, ctype, len(body))
		}

		// Bad filters name the field.
		r := e.expect(e.call("GET", "/api/audit?filter[from]=2026-13-01", c.token, nil), 422)
		if fieldCode(r, "filter[from]") == "" {
			t.Errorf("bad date: %s", r.raw)
		}
		e.expect(e.call("GET", "/api/audit?filter[entity]=nonsense", c.token, nil), 422)
		e.expect(e.call("PUT", "/api/audit/settings", c.token, map[string]any{"retention_days": -1}), 422)

		// A member is refused; another organisation sees none of it.
		e.expect(e.call("GET", "/api/audit", e.user(c.orgID, account.RoleMember), nil), 403)
		other := e.company("Other Company")
		for _, r := range auditRows(e, other.token, "") {
			if r["actor_id"] == float64(owner.id) {
				t.Errorf("another organisation sees this one's trail: %v", r)
			}
		}
		e.expect(e.call("GET", fmt.Sprintf("/api/audit?filter[person]=%d", emp), other.token, nil), 404)
	})
}

// walkTokenWrite is a read/write API token of the owner over people.
func walkTokenWrite(e *env, c tenant) string {
	r := e.expect(e.call("POST", "/api/integrations/tokens", c.token, map[string]any{"name": "Script", "write": true, "areas": []string{"people"}}), 201)
	return r.str("data", "token")
}

// TestAuditRolledBackChangeLeavesNoRow: a change that fails inside the request's
// transaction leaves no audit row, while the request's other, finished change keeps its row.
func TestAuditRolledBackChangeLeavesNoRow(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Rollback Company")
		var uid int64
		if err := db.QueryRow(`SELECT id FROM users WHERE org_id = $1`, c.orgID).Scan(&uid); err != nil {
			t.Fatal(err)
		}
		ctx := database.WithActor(context.Background(), database.Actor{UserID: uid, IP: "192.0.2.1"})
		boom := errors.New("boom")
		err := db.WithRequestTx(ctx, func(ctx context.Context) error {
			if _, err := db.Q(ctx).ExecContext(ctx, `INSERT INTO positions (org_id, name, code, description, created_at, updated_at) VALUES ($1, 'Kept', '', '', $2, $2)`, c.orgID, database.Now()); err != nil {
				return err
			}
			return db.WithTx(ctx, func(ctx context.Context) error {
				if _, err := db.Q(ctx).ExecContext(ctx, `INSERT INTO positions (org_id, name, code, description, created_at, updated_at) VALUES ($1, 'Lost', '', '', $2, $2)`, c.orgID, database.Now()); err != nil {
					return err
				}
				return boom
			})
		})
		if !errors.Is(err, boom) {
			t.Fatalf("err %v", err)
		}
		// And a whole transaction that fails leaves nothing.
		_ = db.WithTx(ctx, func(ctx context.Context) error {
			_, _ = db.Q(ctx).ExecContext(ctx, `INSERT INTO positions (org_id, name, code, description, created_at, updated_at) VALUES ($1, 'Gone', '', '', $2, $2)`, c.orgID, database.Now())
			return boom
		})
		var names []string
		rows, err := db.Query(`SELECT new_values FROM audit_log WHERE org_id = $1 AND entity = 'position'`, c.orgID)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			_ = rows.Scan(&s)
			var v map[string]any
			_ = json.Unmarshal([]byte(s), &v)
			names = append(names, fmt.Sprint(v["name"]))
		}
		rows.Close()
		if !slices.Equal(names, []string{"Kept"}) {
			t.Errorf("audited positions %v, want [Kept]", names)
		}
		var ctxRows int
		if db.Dialect == database.SQLite {
			_ = db.QueryRow(`SELECT COUNT(*) FROM audit_context`).Scan(&ctxRows)
			if ctxRows != 0 {
				t.Errorf("audit_context kept %d rows after commit", ctxRows)
			}
		}
		// Without an actor (a device, a job) nothing is recorded.
		if _, err := db.Exec(`UPDATE positions SET name = 'Quiet' WHERE org_id = $1`, c.orgID); err != nil {
			t.Fatal(err)
		}
		var n int
		_ = db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE org_id = $1`, c.orgID).Scan(&n)
		if n != 1 {
			t.Errorf("%d rows, want 1", n)
		}
	})
}

// TestAuditAppendOnly: the database refuses to change or delete audit rows, except through
// the retention purge and a privacy scrub.
func TestAuditAppendOnly(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Append Company")
		e.expect(e.call("POST", "/api/company/settings/positions", c.token, map[string]any{"name": "Clerk"}), 201)
		if _, err := db.Exec(`UPDATE audit_log SET action = 'forged'`); err == nil {
			t.Error("an audit row was updated")
		}
		if _, err := db.Exec(`DELETE FROM audit_log`); err == nil {
			t.Error("audit rows were deleted")
		}
		if db.Dialect == database.Postgres {
			if _, err := db.Exec(`TRUNCATE audit_log`); err == nil {
				t.Error("the audit trail was truncated")
			}
		}
		var n int
		_ = db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE org_id = $1`, c.orgID).Scan(&n)
		if n == 0 {
			t.Fatal("nothing recorded")
		}
		s := &audit.Store{DB: db}
		// Nothing is older than a day ago; everything is older than tomorrow.
		if purged, err := s.Purge(context.Background(), c.orgID, database.Now().AddDate(0, 0, -1)); err != nil || purged != 0 {
			t.Errorf("purge of nothing: %d %v", purged, err)
		}
		other := e.company("Kept Company")
		e.expect(e.call("POST", "/api/company/settings/positions", other.token, map[string]any{"name": "Clerk"}), 201)
		if purged, err := audit.Purge(context.Background(), db, c.orgID, database.Now().AddDate(0, 0, 1)); err != nil || purged != int64(n) {
			t.Errorf("purge: %d %v, want %d", purged, err, n)
		}
		var kept int
		_ = db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE org_id = $1`, other.orgID).Scan(&kept)
		if kept == 0 {
			t.Error("the purge of one organisation took another's rows")
		}
		// The marker does not outlive the purge.
		if _, err := db.Exec(`DELETE FROM audit_log`); err == nil {
			t.Error("audit rows were deleted after a purge")
		}
	})
}

// TestAuditCoversEveryTenantTable enumerates the schema: a table with an org_id is audited
// (a trigger exists) or listed as exempt with a reason; on SQLite, every column of an
// audited table is named in its triggers (a column added later needs them regenerated:
// tools/auditgen).
func TestAuditCoversEveryTenantTable(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		var q string
		if db.Dialect == database.SQLite {
			q = `SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND p.name = 'org_id'`
		} else {
			q = `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'org_id'`
		}
		rows, err := db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		var tables []string
		for rows.Next() {
			var s string
			_ = rows.Scan(&s)
			tables = append(tables, s)
		}
		rows.Close()
		triggers := map[string]string{}
		if db.Dialect == database.SQLite {
			q = `SELECT tbl_name, group_concat(sql, ' ') FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'audit_%' GROUP BY tbl_name`
		} else {
			q = `SELECT event_object_table, string_agg(action_statement, ' ') FROM information_schema.triggers WHERE trigger_schema = current_schema() AND trigger_name LIKE 'audit_%' GROUP BY event_object_table`
		}
		rows, err = db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var name, sql string
			_ = rows.Scan(&name, &sql)
			triggers[name] = sql
		}
		rows.Close()
		for _, tbl := range append(tables, "orgs") {
			_, audited := audit.AuditedTables[tbl]
			_, exempt := audit.ExemptTables[tbl]
			switch {
			case audited && exempt:
				t.Errorf("%s is both audited and exempt", tbl)
			case !audited && !exempt:
				t.Errorf("%s has an org_id but is neither audited nor exempt (internal/audit, tools/auditgen)", tbl)
			case audited && triggers[tbl] == "":
				t.Errorf("%s is listed as audited but has no audit trigger", tbl)
			}
		}
		for tbl := range audit.AuditedTables {
			if !slices.Contains(audit.Kinds, audit.AuditedTables[tbl]) {
				t.Errorf("%s's kind %s is not in audit.Kinds", tbl, audit.AuditedTables[tbl])
			}
			if db.Dialect != database.SQLite {
				continue
			}
			cols, err := db.Query(`SELECT name FROM pragma_table_info($1)`, tbl)
			if err != nil {
				t.Fatal(err)
			}
			for cols.Next() {
				var col string
				_ = cols.Scan(&col)
				if col != "updated_at" && !strings.Contains(triggers[tbl], "'"+col+"'") && !ignoredColumn(tbl, col) {
					t.Errorf("%s.%s is not named in its audit triggers: regenerate them (tools/auditgen)", tbl, col)
				}
			}
			cols.Close()
		}
	})
}

// ignoredColumn lists the columns the triggers leave out on purpose (tools/auditgen/gen.py).
func ignoredColumn(tbl, col string) bool {
	switch tbl {
	case "devices":
		return slices.Contains([]string{"last_seen", "last_ip", "firmware", "info", "att_stamp", "push_version", "user_count",
			"fingerprint_count", "face_count", "log_count", "user_capacity", "log_capacity", "tz_told",
			"protocol", "registry_code", "session_id", "health_state", "health_changed_at", "poll_interval", "clock_drift", "drift_at"}, col)
	case "kiosks":
		return col == "last_seen"
	case "api_tokens":
		return col == "last_used_at" || col == "last_used_ip"
	case "user_two_factor":
		return col == "last_step"
	case "saved_reports":
		// The scheduler's own bookkeeping of runs, not a change made through the API.
		return slices.Contains([]string{"next_run_at", "locked_until", "last_run_at", "last_error"}, col)
	}
	return false
}

// TestAuditErasureScrubs: erasing a person blanks the values the trail held about them (their
// name among them), while the entries themselves stay.
func TestAuditErasureScrubs(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Erasure Company")
		emp := idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": "Z1", "first_name": "Zulaikha"}), 201))
		e.expect(e.call("POST", "/api/employee/detail/general/update", c.token, map[string]any{"employee_id": emp, "code": "Z1", "first_name": "Zulaikha", "last_name": "Rahman"}), 200)
		if err := e.app.People.Archive(context.Background(), c.orgID, people.Employee, emp); err != nil {
			t.Fatal(err)
		}
		before := len(auditRows(e, c.token, fmt.Sprintf("&filter[person]=%d", emp)))
		e.expect(e.call("POST", fmt.Sprintf("/api/people/%d/erase", emp), c.token, map[string]any{"confirm": true}), 200)
		rows := auditRows(e, c.token, fmt.Sprintf("&filter[person]=%d", emp))
		if len(rows) <= before {
			t.Errorf("the erasure is not recorded: %d entries, %d before", len(rows), before)
		}
		var all strings.Builder
		r, err := db.Query(`SELECT COALESCE(old_values, '') || COALESCE(new_values, '') FROM audit_log WHERE org_id = $1`, c.orgID)
		if err != nil {
			t.Fatal(err)
		}
		for r.Next() {
			var s string
			_ = r.Scan(&s)
			all.WriteString(s)
		}
		r.Close()
		if strings.Contains(all.String(), "Zulaikha") || strings.Contains(all.String(), "Rahman") {
			t.Errorf("the erased person's name survives in the trail")
		}
	})
}
