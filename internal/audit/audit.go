// Package audit reads the audit trail of issue 15: every change made through the API, written
// by per-engine triggers on the audited tables (migration 0023) with the actor the API puts
// in each change's transaction (database.WithActor, api.handleChange). This package lists and
// exports the rows, keeps the organisation's retention setting, and purges what is older.
//
// The trail is append-only: the database refuses UPDATE and DELETE on audit_log unless the
// transaction holds the maintenance marker, which only Purge and Scrub take.
package audit

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"hadir/internal/platform/database"
)

// Kinds are the entity kinds the triggers record, one per audited table (tools/auditgen).
var Kinds = []string{
	"settings", "user", "person", "person_record", "person_invite", "department", "position",
	"group", "group_member", "schedule", "holiday", "day_override", "attendance_request", "overtime_request",
	"leave_type", "entitlement", "application", "approval_chain", "approval_request",
	"delegation", "device", "device_person", "beacon", "clock_site", "clock_site_group",
	"kiosk", "token", "two_factor", "notification_preference", "retention_policy", "payroll_mapping",
	"sso_provider", "kiosk_pin",
	"shift", "shift_pattern", "group_pattern", "group_pattern_version", "roster_entry",
	"webhook", "saved_report",
}

// AuditedTables maps each audited table to its entity kind. A table with an org_id is either
// here or in ExemptTables (a test enumerates the schema).
var AuditedTables = map[string]string{
	"orgs": "settings", "users": "user", "people": "person", "person_records": "person_record",
	"person_invites": "person_invite", "departments": "department", "positions": "position",
	"groups": "group", "group_members": "group_member", "schedule_versions": "schedule",
	"holidays": "holiday", "day_overrides": "day_override", "attendance_requests": "attendance_request",
	"overtime_requests": "overtime_request", "leave_types": "leave_type", "leave_entitlements": "entitlement", "leave_applications": "application",
	"approval_chains": "approval_chain", "approval_requests": "approval_request",
	"approval_delegations": "delegation", "devices": "device", "device_people": "device_person",
	"beacons": "beacon", "clock_sites": "clock_site", "clock_site_groups": "clock_site_group",
	"kiosks": "kiosk", "kiosk_pins": "kiosk_pin", "api_tokens": "token", "user_two_factor": "two_factor",
	"notification_prefs": "notification_preference",
	"retention_policies": "retention_policy", "payroll_mappings": "payroll_mapping",
	"sso_providers": "sso_provider",
	"shifts":        "shift", "shift_patterns": "shift_pattern", "group_patterns": "group_pattern",
	"roster_entries": "roster_entry", "group_pattern_versions": "group_pattern_version",
	"webhooks":      "webhook",
	"saved_reports": "saved_report",
}

// ExemptTables are the tables with an org_id that the trail does not record, and why.
var ExemptTables = map[string]string{
	"audit_log":          "the trail itself",
	"attendance_audit":   "itself the spec's audit of attendance corrections (kept as it is)",
	"approval_decisions": "itself an append-only record of who decided what, when",
	"punches":            "the hot path of every terminal; manual punches are in attendance_audit",
	"notifications":      "messages the system writes to people, and their read marks",
	"outbox":             "the delivery queue of e-mail",
	"webhook_deliveries": "the delivery queue and log of webhooks, derived from recorded changes",
	"webhook_day_marks":  "markers of the dates whose day.status_decided events were written, derived from attendance",
	"device_commands":    "a queue derived from device enrolments, which are recorded",
	"device_uploads":     "a terminal's raw upload, not a change made through the API",
	"access_events":      "a Security PUSH terminal's real-time events as it sent them, not a change made through the API",
	"images":             "binary content; the reference to it (people.image_id) is recorded",
	"leave_attachments":  "binary content; the reference to it (attachment_id) is recorded",
	"upload_chunks":      "parts of an upload in progress",
	"sessions":           "sign-ins, not changes to an entity",
	"sso_domains":        "derived from sso_providers.domains, which is recorded",
	"sso_identities":     "a link made at single sign-on, not a change made through the API",
	"sso_logins":         "single sign-ons in progress (state, nonce, ticket), each used once",
	"sso_requests":       "sign-in requests from a provider; approving one creates a user, which is recorded",
}

// Entry is one recorded change.
type Entry struct {
	ID         int64
	At         time.Time
	UserID     int64
	UserName   string
	IP         string
	TokenID    int64
	SessionRef string
	Entity     string
	EntityID   string
	PersonID   int64
	PersonName string
	Action     string
	Old, New   json.RawMessage // changed fields only; nil for a creation (Old) or deletion (New)
}

// Filter narrows a listing; zero fields do not filter.
type Filter struct {
	PersonID int64
	Entity   string
	EntityID string
	ActorID  int64
	From, To time.Time // instants, From inclusive, To exclusive
	// Before is the keyset cursor: only entries with a smaller id (the newest come first).
	Before int64
}

// Store reads and maintains the trail.
type Store struct{ DB *database.DB }

// ErrRetention is a retention outside 0 (keep for ever) to 3650 days.
var ErrRetention = errors.New("audit: retention must be 0 to 3650 days")

// MaxRetentionDays bounds the retention setting (ten years).
const MaxRetentionDays = 3650

func (s *Store) where(orgID int64, f Filter) (string, []any) {
	q := ` WHERE a.org_id = $1`
	args := []any{orgID}
	add := func(cond string, v any) {
		args = append(args, v)
		q += " AND " + cond + " $" + strconv.Itoa(len(args))
	}
	if f.PersonID != 0 {
		add("a.person_id =", f.PersonID)
	}
	if f.Entity != "" {
		add("a.entity =", f.Entity)
	}
	if f.EntityID != "" {
		add("a.entity_id =", f.EntityID)
	}
	if f.ActorID != 0 {
		add("a.user_id =", f.ActorID)
	}
	if !f.From.IsZero() {
		add("a.at >=", f.From.UTC())
	}
	if !f.To.IsZero() {
		add("a.at <", f.To.UTC())
	}
	if f.Before != 0 {
		add("a.id <", f.Before)
	}
	return q, args
}

// List returns up to limit entries, newest first, and the cursor of the next page (0 when
// this is the last).
func (s *Store) List(ctx context.Context, orgID int64, f Filter, limit int) ([]Entry, int64, error) {
	var out []Entry
	err := s.each(ctx, orgID, f, limit+1, func(e Entry) error {
		out = append(out, e)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	var next int64
	if len(out) > limit {
		out = out[:limit]
		next = out[limit-1].ID
	}
	return out, next, nil
}

// Each calls fn for up to limit entries, newest first (an export).
func (s *Store) Each(ctx context.Context, orgID int64, f Filter, limit int, fn func(Entry) error) error {
	return s.each(ctx, orgID, f, limit, fn)
}

func (s *Store) each(ctx context.Context, orgID int64, f Filter, limit int, fn func(Entry) error) error {
	where, args := s.where(orgID, f)
	q := `SELECT a.id, ` + s.DB.TimeText("a.at") + `, COALESCE(a.user_id, 0), a.user_name, a.ip, COALESCE(a.token_id, 0), a.session_ref,
		a.entity, a.entity_id, COALESCE(a.person_id, 0), COALESCE(p.first_name || ' ' || p.last_name, ''), a.action,
		COALESCE(a.old_values, ''), COALESCE(a.new_values, '')
		FROM audit_log a LEFT JOIN people p ON p.org_id = a.org_id AND p.id = a.person_id` + where +
		` ORDER BY a.id DESC LIMIT ` + strconv.Itoa(limit)
	rows, err := s.DB.Q(ctx).QueryContext(ctx, q, args...)
	if err != nil {
		return database.MapError(err)
	}
	defer rows.Close()
	for rows.Next() {
		var e Entry
		var at database.ScanTime
		var oldV, newV string
		if err := rows.Scan(&e.ID, &at, &e.UserID, &e.UserName, &e.IP, &e.TokenID, &e.SessionRef, &e.Entity, &e.EntityID,
			&e.PersonID, &e.PersonName, &e.Action, &oldV, &newV); err != nil {
			return database.MapError(err)
		}
		e.At = at.T.UTC()
		if oldV != "" {
			e.Old = json.RawMessage(oldV)
		}
		if newV != "" {
			e.New = json.RawMessage(newV)
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return database.MapError(rows.Err())
}

// Retention is the organisation's retention in days (0: kept for ever).
func (s *Store) Retention(ctx context.Context, orgID int64) (int, error) {
	var days int
	err := s.DB.Q(ctx).QueryRowContext(ctx, `SELECT audit_retention_days FROM orgs WHERE id = $1`, orgID).Scan(&days)
	return days, database.MapError(err)
}

// SetRetention changes the organisation's retention (itself recorded in the trail).
func (s *Store) SetRetention(ctx context.Context, orgID int64, days int) error {
	if days < 0 || days > MaxRetentionDays {
		return ErrRetention
	}
	_, err := s.DB.Q(ctx).ExecContext(ctx, `UPDATE orgs SET audit_retention_days = $2 WHERE id = $1`, orgID, days)
	return database.MapError(err)
}

// maintain runs fn in a transaction that holds the maintenance marker, the only way past
// the append-only guard of audit_log: on PostgreSQL a setting local to the transaction, on
// SQLite a marker row deleted again before commit.
func (s *Store) maintain(ctx context.Context, fn func(ctx context.Context) error) error {
	return s.DB.WithTx(ctx, func(ctx context.Context) error {
		q := s.DB.Q(ctx)
		if s.DB.Dialect == database.Postgres {
			if _, err := q.ExecContext(ctx, `SELECT set_config('hadir.audit_maintenance', 'on', true)`); err != nil {
				return database.MapError(err)
			}
			defer func() { _, _ = q.ExecContext(ctx, `SELECT set_config('hadir.audit_maintenance', '', true)`) }()
		} else {
			if _, err := q.ExecContext(ctx, `INSERT INTO audit_maintenance (id) VALUES (1)`); err != nil {
				return database.MapError(err)
			}
			defer func() { _, _ = q.ExecContext(ctx, `DELETE FROM audit_maintenance`) }()
		}
		return fn(ctx)
	})
}

// Purge deletes the organisation's entries recorded before the instant; the retention job
// calls it (PurgeExpired does so for every organisation with a retention).
func (s *Store) Purge(ctx context.Context, orgID int64, before time.Time) (int64, error) {
	var n int64
	err := s.maintain(ctx, func(ctx context.Context) error {
		res, err := s.DB.Q(ctx).ExecContext(ctx, `DELETE FROM audit_log WHERE org_id = $1 AND at < $2`, orgID, before.UTC())
		if err != nil {
			return database.MapError(err)
		}
		n, _ = res.RowsAffected()
		return nil
	})
	return n, err
}

// PurgeExpired purges, for every organisation with a retention, what is older than it.
func (s *Store) PurgeExpired(ctx context.Context, now time.Time) (int64, error) {
	rows, err := s.DB.Q(ctx).QueryContext(ctx, `SELECT id, audit_retention_days FROM orgs WHERE audit_retention_days > 0`)
	if err != nil {
		return 0, database.MapError(err)
	}
	type org struct {
		id   int64
		days int
	}
	var orgs []org
	for rows.Next() {
		var o org
		if err := rows.Scan(&o.id, &o.days); err != nil {
			rows.Close()
			return 0, database.MapError(err)
		}
		orgs = append(orgs, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, database.MapError(err)
	}
	var total int64
	for _, o := range orgs {
		n, err := s.Purge(ctx, o.id, now.AddDate(0, 0, -o.days))
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

// Scrub blanks the recorded values of the entries about an erased person and their
// account (userID, 0 for none): their personal data must not survive in the trail; who
// changed what, and when, stays. The erasure calls it last, in its own transaction, so that
// the erasure's own entries are scrubbed too.
func (s *Store) Scrub(ctx context.Context, orgID, personID, userID int64) error {
	return s.maintain(ctx, func(ctx context.Context) error {
		_, err := s.DB.Q(ctx).ExecContext(ctx, `UPDATE audit_log SET
			old_values = CASE WHEN old_values IS NULL THEN NULL ELSE '{}' END,
			new_values = CASE WHEN new_values IS NULL THEN NULL ELSE '{}' END
			WHERE org_id = $1 AND (person_id = $2 OR (entity = 'user' AND entity_id = $3))`, orgID, personID, strconv.FormatInt(userID, 10))
		return database.MapError(err)
	})
}

// PersonInOrg reports whether a person belongs to the organisation (a filter naming another
// organisation's person is answered 404, as everywhere).
func (s *Store) PersonInOrg(ctx context.Context, orgID, personID int64) (bool, error) {
	var n int
	err := s.DB.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM people WHERE org_id = $1 AND id = $2`, orgID, personID).Scan(&n)
	return n > 0, database.MapError(err)
}

// UserInOrg reports whether a user belongs to the organisation.
func (s *Store) UserInOrg(ctx context.Context, orgID, userID int64) (bool, error) {
	var n int
	err := s.DB.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE org_id = $1 AND id = $2`, orgID, userID).Scan(&n)
	return n > 0, database.MapError(err)
}

// Purge deletes an organisation's entries recorded before the instant: what the operations
// retention job calls (Store.PurgeExpired does it for every organisation by its setting).
func Purge(ctx context.Context, db *database.DB, orgID int64, before time.Time) (int64, error) {
	return (&Store{DB: db}).Purge(ctx, orgID, before)
}
