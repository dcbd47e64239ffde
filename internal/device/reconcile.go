package device

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// Synchronisation is a full reconciliation (issue 14): Synchronise asks the terminal for its
// user list with QueryUsers; the terminal uploads it (POST cdata, table OPERLOG with
// "USER PIN=..." lines, or table USERINFO on newer firmware), which is kept as it comes
// (RecordUserList), and then reports the query's result; that result runs Reconcile, which
// compares the list with the enrolment and queues the difference both ways.
const (
	QueryUsers = "DATA QUERY USERINFO"
	// Labels of the query: the second also removes the PINs Hadir never put on the terminal.
	SyncLabel       = "sync"
	SyncRemoveLabel = "sync+unknown"
	// userListTable prefixes the device_uploads rows holding a sync's answer.
	userListTable = "USERLIST "
	// MaxUnknownListed bounds the unknown PINs a result lists (the count is complete).
	MaxUnknownListed = 50
)

// DeviceUser is an entry of a terminal's user table as it reported it.
type DeviceUser struct {
	PIN, Name, Pri, Card string
}

// ParseUserList reads the user lines of a user list upload: "USER PIN=1\tName=..." (OPERLOG),
// "PIN=1\tName=..." (USERINFO) or, from Security PUSH 3.x firmware answering its user query
// on /iclock/querydata, "user uid=1\tcardno=\tpin=1\tpassword=\tgroup=1\tstarttime=0\t
// endtime=0\tname=...\tprivilege=0" (keys in lower case, read by key: the field list grew
// across firmware versions). Other lines (OPLOG, FP, BIOPHOTO) are skipped.
func ParseUserList(body string) []DeviceUser {
	var out []DeviceUser
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSpace(line)
		keyed := false // 3.x: any field order, the PIN under "pin"
		if rest, ok := strings.CutPrefix(line, "USER "); ok {
			line = strings.TrimSpace(rest)
		} else if rest, ok := strings.CutPrefix(line, "user "); ok {
			line, keyed = strings.TrimSpace(rest), true
		}
		if !keyed && !strings.HasPrefix(line, "PIN=") {
			continue
		}
		var u DeviceUser
		for _, part := range strings.Split(line, "\t") {
			k, v, _ := strings.Cut(part, "=")
			v = strings.TrimSpace(v)
			switch strings.ToLower(strings.TrimSpace(k)) {
			case "pin":
				u.PIN = v
			case "name":
				u.Name = v
			case "pri", "privilege":
				u.Pri = v
			case "card", "cardno":
				u.Card = v
			}
		}
		if u.PIN != "" {
			out = append(out, u)
		}
	}
	return out
}

// SyncResult is what a reconciliation did, kept as JSON in the query command's result.
type SyncResult struct {
	// Listed is false when the terminal could not list its users (the query failed): then
	// everyone enrolled was sent again, as before issue 14.
	Listed  bool `json:"listed"`
	Added   int  `json:"added"`
	Updated int  `json:"updated"`
	Removed int  `json:"removed"`
	// Unknown counts the PINs on the terminal Hadir never put there (enrolled at the
	// terminal's keypad, another system's); UnknownPINs lists the first MaxUnknownListed.
	Unknown        int      `json:"unknown"`
	UnknownPINs    []string `json:"unknown_pins"`
	UnknownRemoved bool     `json:"unknown_removed"`
}

// Synchronise cancels the device's commands still waiting and queues QueryUsers, whose
// answer is reconciled (Reconcile). PINs Hadir never enrolled are only listed, unless
// removeUnknown: a school's terminal may hold people enrolled at its keypad. It returns the
// number of commands queued (1).
func (s *Service) Synchronise(ctx context.Context, orgID, deviceID int64, removeUnknown bool) (int, error) {
	if _, err := s.Get(ctx, orgID, deviceID); err != nil {
		return 0, err
	}
	label := SyncLabel
	if removeUnknown {
		label = SyncRemoveLabel
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.q(ctx).ExecContext(ctx, `UPDATE device_commands SET status = 'cancelled', result = 'superseded', done_at = $3 WHERE org_id = $1 AND device_id = $2 AND status = 'queued'`,
			orgID, deviceID, s.Now()); err != nil {
			return err
		}
		// An earlier query handed out and not answered is superseded too: its late result
		// is then ignored (Result finds it no longer sent), and what it left is dropped.
		if _, err := s.q(ctx).ExecContext(ctx, `UPDATE device_commands SET status = 'cancelled', result = 'superseded', done_at = $3
			WHERE org_id = $1 AND device_id = $2 AND status = 'sent' AND label IN ($4, $5)`, orgID, deviceID, s.Now(), SyncLabel, SyncRemoveLabel); err != nil {
			return err
		}
		if _, err := s.q(ctx).ExecContext(ctx, `DELETE FROM device_uploads WHERE org_id = $1 AND device_id = $2 AND tbl LIKE 'USERLIST %'`, orgID, deviceID); err != nil {
			return err
		}
		return s.queue(ctx, orgID, deviceID, QueryUsers, label)
	})
	if err != nil {
		return 0, err
	}
	return 1, nil
}

// PendingSync is the device's user query handed out and not yet answered (0 if none).
func (s *Service) PendingSync(ctx context.Context, d Device) (int64, error) {
	var id int64
	err := s.q(ctx).QueryRowContext(ctx, `SELECT id FROM device_commands WHERE device_id = $1 AND label IN ($2, $3) AND status = 'sent' ORDER BY id DESC LIMIT 1`,
		d.ID, SyncLabel, SyncRemoveLabel).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// RecordUserList keeps an upload answering the user query cmdID, whole (Record cuts bodies).
func (s *Service) RecordUserList(ctx context.Context, d Device, cmdID int64, body string) error {
	_, err := s.q(ctx).ExecContext(ctx, `INSERT INTO device_uploads (org_id, device_id, tbl, body, created_at) VALUES ($1, $2, $3, $4, $5)`,
		d.OrgID, d.ID, userListTable+strconv.FormatInt(cmdID, 10), body, s.Now())
	return err
}

// IsSync reports whether a command label is a synchronisation's user query.
func IsSync(label string) bool { return label == SyncLabel || label == SyncRemoveLabel }

// Reconcile runs once the terminal answered the user query cmdID (label says whether
// unknown PINs go too; ok whether the query succeeded), in ctx's transaction: it reads the
// user list the terminal uploaded for it and queues what makes the terminal hold exactly
// the enrolment.
func (s *Service) Reconcile(ctx context.Context, d Device, cmdID int64, label string, ok bool) (SyncResult, error) {
	var users []DeviceUser
	if ok {
		rows, err := s.q(ctx).QueryContext(ctx, `SELECT body FROM device_uploads WHERE device_id = $1 AND tbl = $2 ORDER BY id`,
			d.ID, userListTable+strconv.FormatInt(cmdID, 10))
		if err != nil {
			return SyncResult{}, err
		}
		for rows.Next() {
			var body string
			if err := rows.Scan(&body); err != nil {
				rows.Close()
				return SyncResult{}, err
			}
			users = append(users, ParseUserList(body)...)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return SyncResult{}, err
		}
	}
	res, err := s.ReconcileList(ctx, d.OrgID, d.ID, users, ok, label == SyncRemoveLabel)
	if err != nil {
		return res, err
	}
	if _, err := s.q(ctx).ExecContext(ctx, `DELETE FROM device_uploads WHERE device_id = $1 AND tbl = $2`, d.ID, userListTable+strconv.FormatInt(cmdID, 10)); err != nil {
		return res, err
	}
	b, _ := json.Marshal(res)
	_, err = s.q(ctx).ExecContext(ctx, `UPDATE device_commands SET result = $2 WHERE id = $1`, cmdID, string(b))
	return res, err
}

// ReconcileList compares a terminal's user list with its enrolment and queues the
// difference, in ctx's transaction: enrolled people missing are added (user record and
// photo), those whose name, privilege or card differ are updated (user record), PINs Hadir
// once put on the terminal and no longer enrolled are deleted, and the others are listed as
// unknown (deleted too with removeUnknown). Commands for people still waiting are cancelled:
// the difference is taken from the enrolment as it is now. listed false (the terminal
// could not list its users) sends everyone enrolled again.
func (s *Service) ReconcileList(ctx context.Context, orgID, deviceID int64, users []DeviceUser, listed, removeUnknown bool) (SyncResult, error) {
	res := SyncResult{Listed: listed, UnknownRemoved: removeUnknown, UnknownPINs: []string{}}
	prof, err := s.profile(ctx, orgID, deviceID)
	if err != nil {
		return res, err
	}
	people, err := s.enrolled(ctx, orgID, deviceID)
	if err != nil {
		return res, err
	}
	known, err := s.knownPINs(ctx, orgID, deviceID)
	if err != nil {
		return res, err
	}
	// A list uploaded twice (the query sent again after no result) counts each PIN once;
	// the last line of a PIN wins.
	onDevice := make(map[string]DeviceUser, len(users))
	var pins []string
	for _, u := range users {
		if _, seen := onDevice[u.PIN]; !seen {
			pins = append(pins, u.PIN)
		}
		onDevice[u.PIN] = u
	}
	now := s.Now()
	if _, err := s.q(ctx).ExecContext(ctx, `UPDATE device_commands SET status = 'cancelled', result = 'superseded', done_at = $3
		WHERE org_id = $1 AND device_id = $2 AND status = 'queued' AND (label LIKE 'user %' OR label LIKE 'photo %' OR label LIKE 'delete %')`, orgID, deviceID, now); err != nil {
		return res, err
	}
	var batch [][2]string // command, label
	enrolled := make(map[string]bool, len(people))
	for _, p := range people {
		enrolled[p.Code] = true
		name := clean(prof.FitName(p.Name))
		u, there := onDevice[p.Code]
		switch {
		case !listed || !there:
			res.Added++
			batch = append(batch, [2]string{UserCommand(p.Code, name), "user " + p.Code})
			if len(p.Image) > 0 && prof.TakesPhotos {
				batch = append(batch, [2]string{PhotoCommand(p.Code, p.Image), "photo " + p.Code})
			}
		case u.Name != strings.TrimSpace(name) || zeroish(u.Pri) != "" || zeroish(u.Card) != "":
			res.Updated++
			batch = append(batch, [2]string{UserCommand(p.Code, name), "user " + p.Code})
		}
	}
	knownSet := make(map[string]bool, len(known))
	for _, pin := range known {
		knownSet[pin] = true
		// Not listed: delete what Hadir once put there, as Synchronise did before.
		if !listed && !enrolled[pin] {
			res.Removed++
			batch = append(batch, [2]string{"DATA DELETE USERINFO PIN=" + pin, "delete " + pin})
		}
	}
	for _, pin := range pins {
		if enrolled[pin] {
			continue
		}
		if !knownSet[pin] {
			res.Unknown++
			if len(res.UnknownPINs) < MaxUnknownListed {
				res.UnknownPINs = append(res.UnknownPINs, pin)
			}
			if !removeUnknown {
				continue
			}
		}
		res.Removed++
		batch = append(batch, [2]string{"DATA DELETE USERINFO PIN=" + clean(pin), "delete " + pin})
	}
	batch = append(batch, [2]string{"INFO", "info"})
	return res, s.queueMany(ctx, orgID, deviceID, batch)
}

// zeroish is a device field with "0" read as empty (no privilege, no card).
func zeroish(v string) string {
	if v == "0" {
		return ""
	}
	return v
}

// queueMany queues commands in multi-row INSERTs: one statement per command made a
// reconciliation of 10,000 people cost seconds on PostgreSQL.
func (s *Service) queueMany(ctx context.Context, orgID, deviceID int64, cmds [][2]string) error {
	const per = 500
	now := s.Now()
	for start := 0; start < len(cmds); start += per {
		part := cmds[start:min(start+per, len(cmds))]
		var b strings.Builder
		b.WriteString(`INSERT INTO device_commands (org_id, device_id, command, label, status, created_at, expires_at) VALUES `)
		args := []any{orgID, deviceID, now, now.Add(CommandTTL)}
		for i, c := range part {
			if i > 0 {
				b.WriteString(", ")
			}
			args = append(args, c[0], c[1])
			n := len(args)
			b.WriteString("($1, $2, $" + strconv.Itoa(n-1) + ", $" + strconv.Itoa(n) + ", 'queued', $3, $4)")
		}
		if _, err := s.q(ctx).ExecContext(ctx, b.String(), args...); err != nil {
			return err
		}
	}
	return nil
}
