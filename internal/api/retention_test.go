package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/ops"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// The retention settings: defaults until changed, changed by an admin, a missing or wrong
// period named, a member refused, and each organisation's its own.
func TestRetentionSettings(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.t = t
		school, other := e.school("Retaining School"), e.company("Other Company")
		admin := e.user(school.orgID, account.RoleAdmin)
		member := e.user(school.orgID, account.RoleMember)
		r := e.expect(e.call("GET", "/api/account/retention", school.token, nil), 200)
		if r.str("data", "punches_days") != "2557" || r.str("data", "defaults", "notifications_days") != "365" || r.str("data", "max_days") != "36500" {
			t.Fatalf("defaults: %s", r.raw)
		}
		all := map[string]any{"punches_days": 3650, "unknown_pins_days": 30, "device_records_days": 0, "device_commands_days": 60, "notifications_days": 90}
		bad := e.expect(e.call("PUT", "/api/account/retention", admin, map[string]any{"punches_days": -1, "unknown_pins_days": 30,
			"device_records_days": 40000, "device_commands_days": 60}), 422)
		for _, f := range []string{"punches_days", "device_records_days", "notifications_days"} {
			if !strings.Contains(bad.raw, `"`+f+`"`) {
				t.Errorf("422 does not name %s: %s", f, bad.raw)
			}
		}
		e.expect(e.call("PUT", "/api/account/retention", member, all), 403)
		r = e.expect(e.call("PUT", "/api/account/retention", admin, all), 200)
		if r.str("data", "punches_days") != "3650" || r.str("data", "device_records_days") != "0" {
			t.Fatalf("stored: %s", r.raw)
		}
		if r := e.expect(e.call("GET", "/api/account/retention", school.token, nil), 200); r.str("data", "notifications_days") != "90" {
			t.Fatalf("read back: %s", r.raw)
		}
		if r := e.expect(e.call("GET", "/api/account/retention", other.token, nil), 200); r.str("data", "notifications_days") != "365" {
			t.Fatalf("another organisation's policy changed: %s", r.raw)
		}
		// The access events' period (issue 14): stored when sent, kept when a client leaves it out.
		if r.str("data", "access_events_days") != "365" || r.str("data", "defaults", "access_events_days") != "365" {
			t.Fatalf("access events default: %s", r.raw)
		}
		all["access_events_days"] = 30
		if r := e.expect(e.call("PUT", "/api/account/retention", admin, all), 200); r.str("data", "access_events_days") != "30" {
			t.Fatalf("access events stored: %s", r.raw)
		}
		delete(all, "access_events_days")
		if r := e.expect(e.call("PUT", "/api/account/retention", admin, all), 200); r.str("data", "access_events_days") != "30" {
			t.Fatalf("access events left out was not kept: %s", r.raw)
		}
		all["access_events_days"] = -1
		if r := e.expect(e.call("PUT", "/api/account/retention", admin, all), 422); !strings.Contains(r.raw, `"access_events_days"`) {
			t.Fatalf("a negative period: %s", r.raw)
		}
	})
}

// The last retention run is on /metrics: when, how many rows, whether it failed.
func TestRetentionOnMetrics(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.t = t
		if m := e.expect(e.call("GET", "/metrics", "", nil), 200); strings.Contains(m.raw, "hadir_retention_last_purged_rows") ||
			!strings.Contains(m.raw, "hadir_retention_last_failed 0") {
			t.Fatalf("metrics before any purge:\n%s", m.raw)
		}
		jobs := &ops.Jobs{DB: db, Node: "n1"}
		if took, err := jobs.Run(context.Background(), ops.JobRetention, time.Now().Truncate(time.Hour), func(context.Context) (int64, string, error) {
			return 7, `{"punches":7}`, nil
		}); err != nil || !took {
			t.Fatalf("purge: %v %v", took, err)
		}
		m := e.expect(e.call("GET", "/metrics", "", nil), 200)
		for _, want := range []string{"hadir_retention_last_purged_rows 7", "hadir_retention_last_success_timestamp_seconds ", "hadir_retention_last_failed 0"} {
			if !strings.Contains(m.raw, want) {
				t.Errorf("metrics lack %q", want)
			}
		}
	})
}
