package device

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"

	"hadir/internal/platform/database"
)

// What a device's punches are (Device.Use).
const (
	UseAttendance = "attendance"
	UseAccess     = "access"
)

// SecurityQueryUsers is QueryUsers in the Security PUSH 3.x form: every field of every user.
const SecurityQueryUsers = "DATA QUERY tablename=user,fielddesc=*,filter=*"

// ProtocolSecurity is Device.Protocol of a terminal that registered over Security PUSH 3.x.
const ProtocolSecurity = "security"

func token(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return strings.ToUpper(hex.EncodeToString(b))
}

// Register records a Security PUSH registration (POST /iclock/registry): the device speaks
// the 3.x protocol from now on, and keeps the RegistryCode and SessionID it was given (both
// opaque values the server invents; kept so that a restart or another node hands out the
// same). It returns the device as registered.
func (s *Service) Register(ctx context.Context, d Device, ip string, r Report) (Device, error) {
	if d.RegistryCode == "" {
		d.RegistryCode = token(8)
	}
	if d.SessionID == "" {
		d.SessionID = token(16)
	}
	d.Protocol = ProtocolSecurity
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.q(ctx).ExecContext(ctx, `UPDATE devices SET protocol = $2, registry_code = $3, session_id = $4 WHERE id = $1`,
			d.ID, d.Protocol, d.RegistryCode, d.SessionID); err != nil {
			return err
		}
		if err := s.Seen(ctx, d, ip, r); err != nil {
			return err
		}
		return s.devicesChanged(ctx)
	})
	return d, err
}

// SecurityCommand is a queued command in the Security PUSH 3.x form, which names its tables
// in lower case and its fields differently ("DATA UPDATE user ... Pin="), or "" when the
// command has no 3.x form (INFO, CHECK: the terminal would refuse them). Commands are queued
// in the attendance PUSH form and translated when handed out, so that enrolment stays one
// path whatever protocol a device speaks.
func SecurityCommand(cmd string) string {
	switch {
	case strings.HasPrefix(cmd, "DATA UPDATE USERINFO "):
		f := fields(strings.TrimPrefix(cmd, "DATA UPDATE USERINFO "))
		return "DATA UPDATE user CardNo=" + f["Card"] + "\tPin=" + f["PIN"] + "\tPassword=" + f["Passwd"] + "\tGroup=0\tStartTime=0\tEndTime=0\tName=" + f["Name"] + "\tPrivilege=" + priv(f["Pri"])
	case strings.HasPrefix(cmd, "DATA DELETE USERINFO "):
		f := fields(strings.TrimPrefix(cmd, "DATA DELETE USERINFO "))
		return "DATA DELETE user Pin=" + f["PIN"]
	case strings.HasPrefix(cmd, "DATA UPDATE BIOPHOTO "):
		f := fields(strings.TrimPrefix(cmd, "DATA UPDATE BIOPHOTO "))
		return "DATA UPDATE biophoto PIN=" + f["PIN"] + "\tType=" + f["Type"] + "\tSize=" + f["Size"] + "\tContent=" + f["Content"] + "\tFormat=0\tUrl=\tPostBackTmpFlag=0"
	case cmd == QueryUsers:
		// A synchronisation's user query. The terminal posts its user table to
		// /iclock/querydata (type=tabledata, cmdid=<this command>, tablename=user, records
		// "user uid=..\tpin=..\tname=..\tprivilege=.."), then reports the result; the list
		// is reconciled as the attendance PUSH answer is (Reconcile). Shape as in the public
		// kittiu/thai_zkt ADMS server (push_protocol_3.py cmd_check and querydata/index.py):
		// "DATA QUERY tablename=user,fielddesc=*,filter=*"; a summary of the vendor's Security
		// PUSH 3.1.2 document (§9.4 Query) gives the querydata parameters.
		return SecurityQueryUsers
	case cmd == "INFO", cmd == "CHECK", strings.HasPrefix(cmd, "DATA QUERY "):
		// No 3.x form here: the terminal would refuse them.
		return ""
	}
	return cmd
}

func priv(p string) string {
	if p == "" {
		return "0"
	}
	return p
}

// fields splits "K=V\tK=V" (values may hold '=').
func fields(s string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(s, "\t") {
		if k, v, ok := strings.Cut(part, "="); ok {
			out[strings.TrimSpace(k)] = v
		}
	}
	return out
}

// AccessEvent is one real-time event of a Security PUSH terminal (an rtlog record).
type AccessEvent struct {
	ID         int64     `json:"id"`
	OrgID      int64     `json:"-"`
	DeviceID   int64     `json:"device_id"`
	DeviceName string    `json:"device_name"`
	PersonID   *int64    `json:"person_id"`
	PersonName string    `json:"person_name"`
	PIN        string    `json:"pin"`
	At         time.Time `json:"at"`
	LocalTime  string    `json:"local_time"`
	Event      int       `json:"event"`
	// Kind is the event's band: granted, denied, alarm, device (no person) or unknown.
	Kind       string `json:"kind"`
	VerifyType string `json:"verify_type"`
	InOut      int    `json:"in_out"`
	Door       int    `json:"door"`
	Card       string `json:"card"`
	// Punched tells whether the event became a punch (a granted event of an attendance device).
	Punched bool   `json:"punched"`
	Raw     string `json:"-"`
}

// RecordAccessEvents stores events; one a terminal sent before is ignored. It returns how
// many were new.
func (s *Service) RecordAccessEvents(ctx context.Context, evs []AccessEvent) (int, error) {
	n := 0
	now := s.Now()
	for _, e := range evs {
		res, err := s.q(ctx).ExecContext(ctx, `INSERT INTO access_events (org_id, device_id, person_id, pin, at, local_time, event, kind, verify_type, in_out, door, card, punched, raw, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (device_id, local_time, pin, event, door) DO NOTHING`,
			e.OrgID, e.DeviceID, e.PersonID, e.PIN, e.At.UTC(), e.LocalTime, e.Event, e.Kind, e.VerifyType, e.InOut, e.Door, e.Card, e.Punched, e.Raw, now)
		if err != nil {
			return n, err
		}
		if k, _ := res.RowsAffected(); k > 0 {
			n++
		}
	}
	return n, nil
}

// AccessEvents pages through the organisation's access events, newest first, of one device
// (deviceID 0: all) and one kind ("" all).
func (s *Service) AccessEvents(ctx context.Context, orgID, deviceID int64, kind string, pg database.Page) ([]AccessEvent, int, error) {
	cond := ` FROM access_events e JOIN devices d ON d.id = e.device_id LEFT JOIN people p ON p.id = e.person_id
		WHERE e.org_id = $1 AND ($2 = 0 OR e.device_id = $2) AND ($3 = '' OR e.kind = $3)`
	args := []any{orgID, deviceID, kind}
	var total int
	if err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT e.id, e.device_id, d.name, e.person_id, COALESCE(TRIM(p.first_name || ' ' || p.last_name), ''), e.pin, e.at, e.local_time, e.event, e.kind,
		e.verify_type, e.in_out, e.door, e.card, e.punched`+cond+` ORDER BY e.at DESC, e.id DESC`+pg.LimitOffset(), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []AccessEvent{}
	for rows.Next() {
		var e AccessEvent
		if err := rows.Scan(&e.ID, &e.DeviceID, &e.DeviceName, &e.PersonID, &e.PersonName, &e.PIN, &e.At, &e.LocalTime, &e.Event, &e.Kind,
			&e.VerifyType, &e.InOut, &e.Door, &e.Card, &e.Punched); err != nil {
			return nil, 0, err
		}
		e.OrgID = orgID
		out = append(out, e)
	}
	return out, total, rows.Err()
}
