package ops

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// JobRetention is the job_runs name of the retention purge.
const JobRetention = "retention"

// MaxRetentionDays bounds every period (100 years); 0 means keep for ever.
const MaxRetentionDays = 36500

// RetentionPolicy is how long an organisation keeps each kind of record, in days (0 = for
// ever). A record is purged once it is older than its period, measured in the organisation's
// time zone: a punch of 10:00 on 1 March kept 30 days goes at 10:00 on 31 March, not before.
type RetentionPolicy struct {
	// Punches are the statutory attendance record: 7 years by default (Malaysia's Employment
	// Act keeps attendance records 6 years; a year more for the claims that follow).
	PunchesDays int `json:"punches_days"`
	// UnknownPINsDays keeps the lines of terminal uploads naming a PIN nobody has, kept for
	// an administrator to review (device_uploads, ATTLOG-REJECTED).
	UnknownPINsDays int `json:"unknown_pins_days"`
	// DeviceRecordsDays keeps the other raw uploads of terminals (operation logs, user lists).
	DeviceRecordsDays int `json:"device_records_days"`
	// DeviceCommandsDays keeps the history of finished commands sent to terminals.
	DeviceCommandsDays int `json:"device_commands_days"`
	// NotificationsDays keeps the in-app notifications, read or not.
	NotificationsDays int `json:"notifications_days"`
	// AccessEventsDays keeps the access events of Security PUSH terminals (door events,
	// granted or denied), by the event's instant; the punches some became follow PunchesDays.
	AccessEventsDays int `json:"access_events_days"`
}

// DefaultRetention is an organisation's policy until an owner or admin changes it.
func DefaultRetention() RetentionPolicy {
	return RetentionPolicy{PunchesDays: 7*365 + 2, UnknownPINsDays: 90, DeviceRecordsDays: 180, DeviceCommandsDays: 180, NotificationsDays: 365, AccessEventsDays: 365}
}

// InstanceRetention is the instance's policy for data of no organisation (HADIR_RETENTION_*).
type InstanceRetention struct {
	// SessionsDays keeps a session this many days after it expired or was revoked.
	SessionsDays int
	// LogsDays keeps sign-in failures, delivered or abandoned mail in the outbox and webhook
	// deliveries, used or expired password-reset and sign-in links, and finished job runs.
	LogsDays int
}

// DefaultInstanceRetention is what the instance keeps when not configured.
func DefaultInstanceRetention() InstanceRetention {
	return InstanceRetention{SessionsDays: 30, LogsDays: 90}
}

// Validate checks every period: present and between 0 and MaxRetentionDays.
func (p RetentionPolicy) Validate() error {
	c := validate.New()
	for _, f := range []struct {
		name string
		v    int
	}{{"punches_days", p.PunchesDays}, {"unknown_pins_days", p.UnknownPINsDays}, {"device_records_days", p.DeviceRecordsDays},
		{"device_commands_days", p.DeviceCommandsDays}, {"notifications_days", p.NotificationsDays}, {"access_events_days", p.AccessEventsDays}} {
		switch {
		case f.v < 0:
			c.Add(f.name, "validation.invalid", f.name+" must be 0 (keep for ever) or a number of days", nil)
		case f.v > MaxRetentionDays:
			c.Add(f.name, "validation.max_value", fmt.Sprintf("%s must not be more than %d", f.name, MaxRetentionDays), map[string]any{"max": MaxRetentionDays})
		}
	}
	return c.Err()
}

// Retention reads the policy of an organisation (the defaults when it has set none).
func Retention(ctx context.Context, db *database.DB, orgID int64) (RetentionPolicy, error) {
	var p RetentionPolicy
	err := db.QueryRowContext(ctx, `SELECT punches_days, unknown_pins_days, device_records_days, device_commands_days, notifications_days, access_events_days
		FROM retention_policies WHERE org_id = $1`, orgID).Scan(&p.PunchesDays, &p.UnknownPINsDays, &p.DeviceRecordsDays, &p.DeviceCommandsDays, &p.NotificationsDays, &p.AccessEventsDays)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultRetention(), nil
	}
	return p, database.MapError(err)
}

// SetRetention validates and stores an organisation's policy in one statement.
func SetRetention(ctx context.Context, db *database.DB, orgID int64, p RetentionPolicy) (RetentionPolicy, error) {
	if err := p.Validate(); err != nil {
		return RetentionPolicy{}, err
	}
	_, err := db.Q(ctx).ExecContext(ctx, `INSERT INTO retention_policies (org_id, punches_days, unknown_pins_days, device_records_days, device_commands_days, notifications_days, access_events_days, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (org_id) DO UPDATE SET punches_days = excluded.punches_days, unknown_pins_days = excluded.unknown_pins_days,
			device_records_days = excluded.device_records_days, device_commands_days = excluded.device_commands_days,
			notifications_days = excluded.notifications_days, access_events_days = excluded.access_events_days, updated_at = excluded.updated_at`,
		orgID, p.PunchesDays, p.UnknownPINsDays, p.DeviceRecordsDays, p.DeviceCommandsDays, p.NotificationsDays, p.AccessEventsDays, database.Now())
	if err != nil {
		return RetentionPolicy{}, database.MapError(err)
	}
	return p, nil
}

// purgeBatch is how many rows one DELETE removes: a purge of years of punches is many short
// statements, each holding its locks (and SQLite's single writer) for a moment, never one
// statement that stalls every other writer.
const purgeBatch = 2000

// Purger deletes what is past its period. It is the work of the retention job; tests call it
// directly with a fixed now.
type Purger struct {
	DB       *database.DB
	Instance InstanceRetention
	Batch    int // purgeBatch when zero
	// Audit, when set, purges the audit trail by each organisation's own audit retention
	// (audit.Store.PurgeExpired); the trail's append-only guard lets only that path delete.
	Audit func(ctx context.Context, now time.Time) (int64, error)
}

// Purged counts the rows removed, per kind.
type Purged map[string]int64

// Total is the sum of all kinds.
func (p Purged) Total() int64 {
	var n int64
	for _, v := range p {
		n += v
	}
	return n
}

// Run purges every organisation's data by its policy and then the instance's data.
func (p *Purger) Run(ctx context.Context, now time.Time) (Purged, error) {
	out := Purged{}
	rows, err := p.DB.QueryContext(ctx, `SELECT id, timezone FROM orgs ORDER BY id`)
	if err != nil {
		return out, database.MapError(err)
	}
	type org struct {
		id   int64
		zone string
	}
	var orgs []org
	for rows.Next() {
		var o org
		if err := rows.Scan(&o.id, &o.zone); err != nil {
			rows.Close()
			return out, err
		}
		orgs = append(orgs, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	for _, o := range orgs {
		if err := p.Org(ctx, o.id, o.zone, now, out); err != nil {
			return out, fmt.Errorf("retention of organisation %d: %w", o.id, err)
		}
	}
	if p.Audit != nil {
		n, err := p.Audit(ctx, now)
		out["audit"] += n
		if err != nil {
			return out, fmt.Errorf("retention of the audit trail: %w", err)
		}
	}
	return out, p.instance(ctx, now, out)
}

// cutoff is the instant days before now on the calendar of loc; 0 days means never.
func cutoff(now time.Time, loc *time.Location, days int) (time.Time, bool) {
	if days <= 0 {
		return time.Time{}, false
	}
	return now.In(loc).AddDate(0, 0, -days).UTC(), true
}

// Org purges one organisation's records older than its policy allows, adding the counts to out.
func (p *Purger) Org(ctx context.Context, orgID int64, zone string, now time.Time, out Purged) error {
	pol, err := Retention(ctx, p.DB, orgID)
	if err != nil {
		return err
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	type step struct {
		kind, table, key, where string
		days                    int
		unix                    bool
	}
	steps := []step{
		{"punches", "punches", "id", "org_id = $1 AND at_unix < $2", pol.PunchesDays, true},
		{"unknown_pins", "device_uploads", "id", "org_id = $1 AND created_at < $2 AND tbl = 'ATTLOG-REJECTED'", pol.UnknownPINsDays, false},
		{"device_records", "device_uploads", "id", "org_id = $1 AND created_at < $2 AND tbl <> 'ATTLOG-REJECTED'", pol.DeviceRecordsDays, false},
		{"device_commands", "device_commands", "id", "org_id = $1 AND created_at < $2 AND status NOT IN ('queued', 'sent')", pol.DeviceCommandsDays, false},
		{"notifications", "notifications", "id", "org_id = $1 AND created_at < $2", pol.NotificationsDays, false},
		{"access_events", "access_events", "id", "org_id = $1 AND at < $2", pol.AccessEventsDays, false},
	}
	for _, s := range steps {
		c, ok := cutoff(now, loc, s.days)
		if !ok {
			continue
		}
		var arg any = c
		if s.unix {
			arg = c.Unix()
		}
		n, err := p.batches(ctx, s.table, s.key, s.where, orgID, arg)
		out[s.kind] += n
		if err != nil {
			return err
		}
	}
	return nil
}

// instance purges the data of no organisation by the instance's settings (UTC calendar).
func (p *Purger) instance(ctx context.Context, now time.Time, out Purged) error {
	now = now.UTC()
	type step struct {
		kind, table, key, where string
		days                    int
	}
	steps := []step{
		{"sessions", "sessions", "id", "expires_at < $1 OR revoked_at < $1", p.Instance.SessionsDays},
		{"login_failures", "login_failures", "id", "at < $1", p.Instance.LogsDays},
		{"outbox", "outbox", "id", "created_at < $1 AND (sent_at IS NOT NULL OR failed_at IS NOT NULL)", p.Instance.LogsDays},
		{"webhook_deliveries", "webhook_deliveries", "id", "created_at < $1 AND (delivered_at IS NOT NULL OR failed_at IS NOT NULL)", p.Instance.LogsDays},
		{"password_resets", "password_resets", "id", "expires_at < $1", p.Instance.LogsDays},
		{"login_links", "login_links", "id", "expires_at < $1", p.Instance.LogsDays},
		{"job_runs", "job_runs", "slot", "finished_at < $1", p.Instance.LogsDays},
	}
	for _, s := range steps {
		c, ok := cutoff(now, time.UTC, s.days)
		if !ok {
			continue
		}
		n, err := p.batches(ctx, s.table, s.key, s.where, c)
		out[s.kind] += n
		if err != nil {
			return err
		}
	}
	// Rate-limit windows (milliseconds) that ended a day ago count nothing any more, whatever
	// the settings (the limiter forgets them too, now and then).
	n, err := p.batches(ctx, "rate_limits", "key", "reset_at < $1", now.Add(-24*time.Hour).UnixMilli())
	out["rate_limits"] += n
	return err
}

// batches deletes the rows of table matching where, at most Batch per statement, until none
// is left. key identifies a row (job_runs, whose key is two columns, has its own statement).
func (p *Purger) batches(ctx context.Context, table, key, where string, args ...any) (int64, error) {
	batch := p.Batch
	if batch <= 0 {
		batch = purgeBatch
	}
	q := fmt.Sprintf(`DELETE FROM %s WHERE %s IN (SELECT %s FROM %s WHERE %s LIMIT %d)`, table, key, key, table, where, batch)
	if table == "job_runs" {
		q = fmt.Sprintf(`DELETE FROM job_runs WHERE (job, slot) IN (SELECT job, slot FROM job_runs WHERE %s LIMIT %d)`, where, batch)
	}
	var total int64
	for {
		if err := ctx.Err(); err != nil {
			return total, err
		}
		res, err := p.DB.ExecContext(ctx, q, args...)
		if err != nil {
			return total, database.MapError(err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return total, err
		}
		total += n
		if n < int64(batch) {
			return total, nil
		}
	}
}

// RetentionJob runs the purge at each slot of Schedule on exactly one node of those sharing
// the database (the one that claims the slot in job_runs).
type RetentionJob struct {
	Jobs     *Jobs
	Purger   *Purger
	Schedule Schedule
}

// Tick makes sure the latest due slot at now has been purged; it reports whether this node
// took it.
func (r *RetentionJob) Tick(ctx context.Context, now time.Time) (bool, error) {
	if r.Schedule.Off() {
		return false, nil
	}
	slot := r.Schedule.Last(now)
	return r.Jobs.Run(ctx, JobRetention, slot, func(ctx context.Context) (int64, string, error) {
		purged, err := r.Purger.Run(ctx, now)
		detail, _ := json.Marshal(purged)
		if purged.Total() > 0 {
			slog.Info("retention: purged", "rows", purged.Total(), "by_kind", string(detail))
		}
		return purged.Total(), string(detail), err
	})
}
