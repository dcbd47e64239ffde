package ops_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"hadir/internal/audit"
	"hadir/internal/ops"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
	"hadir/internal/testdb"
)

// retentionFixture is an organisation in Europe/Berlin (whose clocks went back on 25 October
// 2026, so 30 calendar days there are 30×24 h + 1 h) and another that keeps everything.
type retentionFixture struct {
	db               *database.DB
	berlin, keeper   int64
	user, keeperUser int64
	person, kperson  int64
	device, kdevice  int64
}

func exec(t *testing.T, db *database.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func insertID(t *testing.T, db *database.DB, q string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := db.QueryRow(q+" RETURNING id", args...).Scan(&id); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return id
}

func newRetentionFixture(t *testing.T, db *database.DB) retentionFixture {
	t.Helper()
	now := database.Now()
	f := retentionFixture{db: db}
	for i, zone := range []string{"Europe/Berlin", "Asia/Kuala_Lumpur"} {
		org := insertID(t, db, `INSERT INTO orgs (kind, name, timezone, created_at, updated_at) VALUES ('company', $1, $2, $3, $3)`, "Org "+zone, zone, now)
		user := insertID(t, db, `INSERT INTO users (org_id, name, email, password_hash, role, created_at, updated_at) VALUES ($1, 'U', $2, 'x', 'owner', $3, $3)`,
			org, fmt.Sprintf("u%d@example.test", i), now)
		person := insertID(t, db, `INSERT INTO people (org_id, kind, code, first_name, created_at, updated_at) VALUES ($1, 'employee', 'E1', 'P', $2, $2)`, org, now)
		device := insertID(t, db, `INSERT INTO devices (org_id, name, code, created_at, updated_at) VALUES ($1, 'D', $2, $3, $3)`, org, fmt.Sprintf("SN%d", i), now)
		if i == 0 {
			f.berlin, f.user, f.person, f.device = org, user, person, device
		} else {
			f.keeper, f.keeperUser, f.kperson, f.kdevice = org, user, person, device
		}
	}
	return f
}

var seq int

// rows writes one record of every kind an organisation's policy covers, made at t.
func (f retentionFixture) rows(t *testing.T, org, user, person, device int64, at time.Time) {
	t.Helper()
	seq++
	db := f.db
	exec(t, db, `INSERT INTO punches (org_id, person_id, at_unix, local_time, utc_offset, source, created_at) VALUES ($1, $2, $3, '', 0, 'test', $4)`,
		org, person, at.Unix(), at)
	exec(t, db, `INSERT INTO device_uploads (org_id, device_id, tbl, body, created_at) VALUES ($1, $2, 'ATTLOG-REJECTED', $3, $4)`, org, device, fmt.Sprint(seq), at)
	exec(t, db, `INSERT INTO device_uploads (org_id, device_id, tbl, body, created_at) VALUES ($1, $2, 'OPERLOG', $3, $4)`, org, device, fmt.Sprint(seq), at)
	exec(t, db, `INSERT INTO device_commands (org_id, device_id, command, status, created_at, expires_at) VALUES ($1, $2, 'C', 'ok', $3, $3)`, org, device, at)
	exec(t, db, `INSERT INTO notifications (org_id, user_id, kind, created_at) VALUES ($1, $2, 'k', $3)`, org, user, at)
	// An access event is aged by its instant (at), not by when it reached the server.
	exec(t, db, `INSERT INTO access_events (org_id, device_id, pin, at, local_time, event, kind, verify_type, in_out, door, card, punched, raw, created_at)
		VALUES ($1, $2, '1', $3, $4, 0, 'granted', '15', 0, 1, '', FALSE, '', $5)`, org, device, at, fmt.Sprint(seq), at.Add(48*time.Hour))
}

func count(t *testing.T, db *database.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// The purge removes exactly what is older than each period, measured on the organisation's
// calendar: a record made at the cutoff instant stays, one a second older goes, and an
// organisation that keeps everything (0) loses nothing. Batches smaller than the backlog
// still remove all of it.
func TestRetentionPurgesOnlyWhatIsPastItsPeriod(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newRetentionFixture(t, db)
		now := time.Date(2026, 11, 23, 7, 5, 0, 0, time.UTC) // 08:05 in Berlin (CET)
		// 30 days before on Berlin's calendar is 24 October 08:05 CEST = 06:05 UTC, an hour
		// earlier than 30×24 h before now.
		punchCut := time.Date(2026, 10, 24, 6, 5, 0, 0, time.UTC)
		if _, err := ops.SetRetention(ctx, db, f.berlin, ops.RetentionPolicy{PunchesDays: 30, UnknownPINsDays: 30, DeviceRecordsDays: 30, DeviceCommandsDays: 30, NotificationsDays: 30, AccessEventsDays: 30}); err != nil {
			t.Fatal(err)
		}
		if _, err := ops.SetRetention(ctx, db, f.keeper, ops.RetentionPolicy{}); err != nil {
			t.Fatal(err)
		}
		for _, at := range []time.Time{punchCut, punchCut.Add(30 * time.Minute), now} { // kept
			f.rows(t, f.berlin, f.user, f.person, f.device, at)
		}
		for i := range 7 { // gone: from a second before the cutoff back
			f.rows(t, f.berlin, f.user, f.person, f.device, punchCut.Add(-time.Second-time.Duration(i)*time.Hour))
		}
		f.rows(t, f.keeper, f.keeperUser, f.kperson, f.kdevice, now.AddDate(-20, 0, 0)) // kept for ever
		// A command still waiting for its terminal is not history, however old.
		exec(t, db, `INSERT INTO device_commands (org_id, device_id, command, status, created_at, expires_at) VALUES ($1, $2, 'C', 'queued', $3, $3)`, f.berlin, f.device, now.AddDate(-1, 0, 0))

		// The instance's data: sessions 30 days after expiry or revocation, logs 90 days.
		sessCut := now.AddDate(0, 0, -30)
		for i, s := range []struct {
			expires, revoked any
		}{{sessCut, nil}, {now.Add(time.Hour), nil}, {sessCut.Add(-time.Second), nil}, {now.Add(time.Hour), sessCut.Add(-time.Second)}} {
			exec(t, db, `INSERT INTO sessions (id, user_id, org_id, created_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6)`,
				fmt.Sprint("s", i), f.user, f.berlin, now.AddDate(-1, 0, 0), s.expires, s.revoked)
		}
		logCut := now.AddDate(0, 0, -90)
		exec(t, db, `INSERT INTO login_failures (email, ip, at) VALUES ('a', 'ip', $1), ('b', 'ip', $2)`, logCut, logCut.Add(-time.Second))
		exec(t, db, `INSERT INTO outbox (to_addr, subject, body, created_at, next_attempt, sent_at) VALUES ('a', 's', 'b', $1, $1, $1), ('a', 's', 'b', $2, $2, $2)`, logCut, logCut.Add(-time.Second))
		exec(t, db, `INSERT INTO outbox (to_addr, subject, body, created_at, next_attempt) VALUES ('unsent', 's', 'b', $1, $1)`, logCut.Add(-time.Hour))
		// Webhook deliveries as the outbox: delivered or failed ones after 90 days, a pending one never.
		var hook int64
		if err := db.QueryRow(`INSERT INTO webhooks (org_id, url, events, secret, created_at, updated_at) VALUES ($1, 'http://x', 'person.created', 's', $2, $2) RETURNING id`, f.berlin, now).Scan(&hook); err != nil {
			t.Fatal(err)
		}
		exec(t, db, `INSERT INTO webhook_deliveries (org_id, webhook_id, event, entity, body, created_at, next_attempt, delivered_at, failed_at)
			VALUES ($1, $2, 'e', 'p:1', '{}', $3, $3, $3, NULL), ($1, $2, 'e', 'p:1', '{}', $4, $4, $4, NULL), ($1, $2, 'e', 'p:1', '{}', $4, $4, NULL, $4),
			       ($1, $2, 'e', 'p:2', '{}', $5, $5, NULL, NULL)`, f.berlin, hook, logCut, logCut.Add(-time.Second), logCut.Add(-time.Hour))

		p := &ops.Purger{DB: db, Instance: ops.DefaultInstanceRetention(), Batch: 3}
		got, err := p.Run(ctx, now)
		if err != nil {
			t.Fatal(err)
		}
		want := ops.Purged{"punches": 7, "unknown_pins": 7, "device_records": 7, "device_commands": 7, "notifications": 7, "access_events": 7,
			"sessions": 2, "login_failures": 1, "outbox": 1, "webhook_deliveries": 2}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("purged %s: %d, want %d (all: %v)", k, got[k], v, got)
			}
		}
		if got.Total() != want.Total() {
			t.Errorf("purged %d rows in all, want %d: %v", got.Total(), want.Total(), got)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM punches WHERE org_id = $1 AND at_unix < $2`, f.berlin, punchCut.Unix()); n != 0 {
			t.Errorf("%d punches older than the cutoff left", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM punches WHERE org_id = $1 AND at_unix = $2`, f.berlin, punchCut.Unix()); n != 1 {
			t.Errorf("the punch made at the cutoff instant: %d rows, want it kept", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM access_events WHERE org_id = $1 AND at = $2`, f.berlin, punchCut); n != 1 {
			t.Errorf("the access event at the cutoff instant: %d rows, want it kept", n)
		}
		for _, tbl := range []string{"punches", "device_uploads", "notifications", "access_events"} {
			if n := count(t, db, `SELECT COUNT(*) FROM `+tbl+` WHERE org_id = $1`, f.keeper); n == 0 {
				t.Errorf("%s of the organisation that keeps everything were purged", tbl)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM device_commands WHERE status = 'queued'`); n != 1 {
			t.Errorf("the queued command was purged")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM sessions WHERE id IN ('s0', 's1')`); n != 2 {
			t.Errorf("sessions at or inside their period purged: %d left of 2", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM outbox WHERE to_addr = 'unsent'`); n != 1 {
			t.Errorf("mail not yet delivered was purged")
		}
		// A second run finds nothing more.
		if again, err := p.Run(ctx, now); err != nil || again.Total() != 0 {
			t.Errorf("second run: %v %v", again, err)
		}
	})
}

// Policies: defaults until set, each field checked and named when wrong.
func TestRetentionPolicyValidation(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newRetentionFixture(t, db)
		if p, err := ops.Retention(ctx, db, f.berlin); err != nil || p != ops.DefaultRetention() {
			t.Fatalf("before any change: %+v %v", p, err)
		}
		_, err := ops.SetRetention(ctx, db, f.berlin, ops.RetentionPolicy{PunchesDays: -1, NotificationsDays: ops.MaxRetentionDays + 1})
		var verr validate.Errors
		if !errors.As(err, &verr) || verr["punches_days"] == nil || verr["notifications_days"] == nil || len(verr) != 2 {
			t.Fatalf("bad policy: %v", err)
		}
		if p, _ := ops.Retention(ctx, db, f.berlin); p != ops.DefaultRetention() {
			t.Fatalf("a refused policy was stored: %+v", p)
		}
		want := ops.RetentionPolicy{PunchesDays: 1, UnknownPINsDays: 2, DeviceRecordsDays: 3, DeviceCommandsDays: 4, NotificationsDays: 0, AccessEventsDays: 6}
		if _, err := ops.SetRetention(ctx, db, f.berlin, want); err != nil {
			t.Fatal(err)
		}
		if p, err := ops.Retention(ctx, db, f.berlin); err != nil || p != want {
			t.Fatalf("stored %+v %v, want %+v", p, err, want)
		}
		if p, _ := ops.Retention(ctx, db, f.keeper); p != ops.DefaultRetention() {
			t.Fatalf("another organisation's policy changed: %+v", p)
		}
	})
}

// Two nodes due at the same slot: exactly one purges; the slot is not purged again.
func TestRetentionClaimedByOneNode(t *testing.T) {
	testdb.Each(t, func(t *testing.T, _ *database.DB) {
		ctx := context.Background()
		dbs, _ := nodes(t, dbDialect(t), 2)
		f := newRetentionFixture(t, dbs[0])
		now := time.Date(2026, 11, 23, 7, 5, 0, 0, time.UTC)
		f.rows(t, f.berlin, f.user, f.person, f.device, now.AddDate(-8, 0, 0)) // past the default 7 years
		sched, err := ops.ParseSchedule("03:00")
		if err != nil {
			t.Fatal(err)
		}
		var jobs []*ops.RetentionJob
		for i, db := range dbs {
			jobs = append(jobs, &ops.RetentionJob{Jobs: &ops.Jobs{DB: db, Node: fmt.Sprint("node-", i)},
				Purger: &ops.Purger{DB: db, Instance: ops.DefaultInstanceRetention()}, Schedule: sched})
		}
		took := make([]bool, 2)
		errs := make([]error, 2)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, j := range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				took[i], errs[i] = j.Tick(ctx, now)
			}()
		}
		close(start)
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatal(errs)
		}
		if took[0] == took[1] {
			t.Fatalf("nodes took the slot: %v, want exactly one", took)
		}
		if n := count(t, dbs[0], `SELECT COUNT(*) FROM punches`); n != 0 {
			t.Errorf("%d punches past the default period left", n)
		}
		last, err := ops.LastSuccess(ctx, dbs[0], ops.JobRetention)
		if err != nil || last == nil || last.SizeBytes != 6 { // one of each kind of record
			t.Fatalf("last run: %+v %v, want 6 rows purged", last, err)
		}
		for _, j := range jobs {
			if again, err := j.Tick(ctx, now.Add(time.Hour)); err != nil || again {
				t.Fatalf("same slot taken again: %v %v", again, err)
			}
		}
		if again, err := jobs[1].Tick(ctx, now.Add(24*time.Hour)); err != nil || !again {
			t.Fatalf("next day's slot: %v %v", again, err)
		}
	})
}

// The one retention job also purges the audit trail, by each organisation's own audit
// retention, through the trail's maintenance path (its append-only guard refuses any other
// delete); an organisation that keeps its trail for ever (0) loses nothing.
func TestRetentionPurgesTheAuditTrail(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		f := newRetentionFixture(t, db)
		now := time.Date(2026, 11, 23, 7, 5, 0, 0, time.UTC)
		exec(t, db, `UPDATE orgs SET audit_retention_days = 30 WHERE id = $1`, f.berlin)
		for _, org := range []int64{f.berlin, f.keeper} {
			for _, at := range []time.Time{now.AddDate(0, 0, -400), now.AddDate(0, 0, -31), now.AddDate(0, 0, -1)} {
				exec(t, db, `INSERT INTO audit_log (org_id, at, entity, action) VALUES ($1, $2, 'settings', 'update')`, org, at)
			}
		}
		if _, err := db.Exec(`DELETE FROM audit_log WHERE org_id = $1`, f.keeper); err == nil {
			t.Fatal("a plain DELETE of the audit trail was allowed")
		}
		p := &ops.Purger{DB: db, Instance: ops.DefaultInstanceRetention(), Audit: (&audit.Store{DB: db}).PurgeExpired}
		got, err := p.Run(ctx, now)
		if err != nil {
			t.Fatal(err)
		}
		if got["audit"] != 2 {
			t.Errorf("purged %d audit entries, want 2 (all: %v)", got["audit"], got)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE org_id = $1`, f.berlin); n != 1 {
			t.Errorf("%d audit entries left in the organisation with 30 days, want 1", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE org_id = $1`, f.keeper); n != 3 {
			t.Errorf("%d audit entries left in the organisation that keeps them, want 3", n)
		}
	})
}
