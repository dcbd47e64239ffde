// Package privacy carries out personal-data duties (issue 18; Malaysia's and Singapore's
// PDPA, the GDPR): export everything Hadir holds about one person, and erase a person who has
// left while keeping their attendance and leave figures under an anonymous code.
package privacy

import (
	"archive/zip"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"hadir/internal/audit"
	"io"
	"path"
	"sort"
	"strings"
	"time"

	"hadir/internal/platform/database"
)

// Errors of the service.
var (
	ErrNotFound      = errors.New("privacy: person not found")
	ErrNotLeft       = errors.New("privacy: only a person who has left (archived) can be erased")
	ErrAlreadyErased = errors.New("privacy: the person is already erased")
	ErrHasPrivileges = errors.New("privacy: the person's account is an owner or admin")
)

// Service exports and erases people's personal data.
type Service struct {
	DB *database.DB
	// DeleteUser, when set, removes a sign-in account inside the erasure's transaction (the
	// account service's, which also ends the user's sessions on every node); plain SQL otherwise.
	DeleteUser func(ctx context.Context, userID int64) error
	// Unenrol, when set, queues the person's removal from every terminal they are enrolled
	// on (the device domain's), inside the erasure's transaction and before it drops the
	// enrolment (issue 14).
	Unenrol func(ctx context.Context, orgID, personID int64) error
}

// Ref is a table column that refers to a person.
type Ref struct{ Table, Column string }

// PersonRefs lists, from the schema itself, every column that refers to a person: columns
// named person_id or *_person_id, and foreign keys to people. The export covers exactly
// these, so a new table with a person reference is exported without anyone remembering to.
func PersonRefs(ctx context.Context, db database.Querier, d database.Dialect) ([]Ref, error) {
	var q string
	if d == database.SQLite {
		q = `SELECT m.name, c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c
		       WHERE m.type = 'table' AND (c.name = 'person_id' OR c.name LIKE '%\_person\_id' ESCAPE '\')
		     UNION
		     SELECT m.name, f."from" FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
		       WHERE m.type = 'table' AND f."table" = 'people'`
	} else {
		q = `SELECT table_name::text, column_name::text FROM information_schema.columns
		       WHERE table_schema = current_schema() AND (column_name = 'person_id' OR column_name LIKE '%\_person\_id')
		     UNION
		     SELECT cl.relname::text, a.attname::text FROM pg_constraint c
		       JOIN pg_class cl ON cl.oid = c.conrelid
		       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
		       WHERE c.contype = 'f' AND c.confrelid = 'people'::regclass`
	}
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return nil, database.MapError(err)
	}
	defer rows.Close()
	var out []Ref
	for rows.Next() {
		var r Ref
		if err := rows.Scan(&r.Table, &r.Column); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Table != out[j].Table {
			return out[i].Table < out[j].Table
		}
		return out[i].Column < out[j].Column
	})
	return out, rows.Err()
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// rowsAsMaps reads a query's rows as column → value, without the columns in skip.
func rowsAsMaps(ctx context.Context, q database.Querier, query string, skip map[string]bool, args ...any) ([]map[string]any, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, database.MapError(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	out := []map[string]any{}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		m := map[string]any{}
		for i, c := range cols {
			if skip[c] {
				continue
			}
			if b, ok := vals[i].([]byte); ok && json.Valid(b) && len(b) > 0 && (b[0] == '{' || b[0] == '[') {
				m[c] = json.RawMessage(b) // a JSON record stays JSON
				continue
			}
			if b, ok := vals[i].([]byte); ok {
				m[c] = string(b)
				continue
			}
			m[c] = vals[i]
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// person reads the person's org, archive and erasure state.
func (s *Service) person(ctx context.Context, q database.Querier, orgID, personID int64) (archived, erased bool, imageID, userID sql.NullInt64, email string, err error) {
	var a, e sql.NullString
	err = q.QueryRowContext(ctx, `SELECT `+s.DB.TimeText("archived_at")+`, `+s.DB.TimeText("erased_at")+`, image_id, user_id, email FROM people WHERE org_id = $1 AND id = $2`,
		orgID, personID).Scan(&a, &e, &imageID, &userID, &email)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	return a.Valid, e.Valid, imageID, userID, email, database.MapError(err)
}

// Export writes a zip of everything held about one person of the organisation: person.json
// (the person), account.json (their sign-in account, without secrets), one tables/<t>.json
// per table that refers to people (records, punches, day overrides, leave, entitlements,
// the attendance audit, ...), the photo and leave attachments under files/, and
// manifest.json listing it all.
func (s *Service) Export(ctx context.Context, orgID, personID int64, w io.Writer) error {
	q := s.DB.Q(ctx)
	_, _, imageID, userID, _, err := s.person(ctx, q, orgID, personID)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	manifest := map[string]any{"person_id": personID, "generated_at": time.Now().UTC().Format(time.RFC3339)}
	tables := map[string]int{}
	put := func(name string, v any) error {
		f, err := zw.Create(name)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(f)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	p, err := rowsAsMaps(ctx, q, `SELECT * FROM people WHERE org_id = $1 AND id = $2`, nil, orgID, personID)
	if err != nil {
		return err
	}
	if err := put("person.json", p[0]); err != nil {
		return err
	}
	if userID.Valid {
		u, err := rowsAsMaps(ctx, q, `SELECT * FROM users WHERE org_id = $1 AND id = $2`, map[string]bool{"password_hash": true}, orgID, userID.Int64)
		if err != nil {
			return err
		}
		if len(u) > 0 {
			if err := put("account.json", u[0]); err != nil {
				return err
			}
		}
	}
	refs, err := PersonRefs(ctx, q, s.DB.Dialect)
	if err != nil {
		return err
	}
	byTable := map[string][]string{}
	for _, r := range refs {
		byTable[r.Table] = append(byTable[r.Table], r.Column)
	}
	names := make([]string, 0, len(byTable))
	for t := range byTable {
		names = append(names, t)
	}
	sort.Strings(names)
	// A kiosk PIN's keyed hash is a secret, not the person's data: the export says only that
	// they have a PIN.
	skipBlobs := map[string]bool{"data": false, "pin_hash": true}
	for _, t := range names {
		var where []string
		for _, c := range byTable[t] {
			where = append(where, quote(c)+` = $1`)
		}
		rows, err := rowsAsMaps(ctx, q, `SELECT * FROM `+quote(t)+` WHERE `+strings.Join(where, " OR ")+` ORDER BY 1`, skipBlobs, personID)
		if err != nil {
			return fmt.Errorf("privacy: export %s: %w", t, err)
		}
		tables[t] = len(rows)
		if err := put("tables/"+t+".json", rows); err != nil {
			return err
		}
	}
	var files []string
	if imageID.Valid {
		var key, ct string
		var data []byte
		if err := q.QueryRowContext(ctx, `SELECT key, content_type, data FROM images WHERE id = $1`, imageID.Int64).Scan(&key, &ct, &data); err == nil {
			name := "files/photo" + ext(ct)
			if err := writeFile(zw, name, data); err != nil {
				return err
			}
			files = append(files, name)
		}
	}
	att, err := q.QueryContext(ctx, `SELECT a.key, a.name, a.data FROM leave_attachments a JOIN leave_applications l ON l.attachment_id = a.id
		WHERE l.org_id = $1 AND l.person_id = $2 ORDER BY a.id`, orgID, personID)
	if err != nil {
		return database.MapError(err)
	}
	defer att.Close()
	for att.Next() {
		var key, name string
		var data []byte
		if err := att.Scan(&key, &name, &data); err != nil {
			return err
		}
		fn := "files/leave/" + key + "-" + path.Base(strings.ReplaceAll(name, "\\", "/"))
		if err := writeFile(zw, fn, data); err != nil {
			return err
		}
		files = append(files, fn)
	}
	if err := att.Err(); err != nil {
		return err
	}
	manifest["tables"] = tables
	manifest["files"] = files
	if err := put("manifest.json", manifest); err != nil {
		return err
	}
	return zw.Close()
}

func writeFile(zw *zip.Writer, name string, data []byte) error {
	f, err := zw.Create(name)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return err
}

func ext(contentType string) string {
	switch contentType {
	case "image/png":
		return ".png"
	case "image/gif":
		return ".gif"
	case "image/webp":
		return ".webp"
	}
	return ".jpg"
}

// Actor is who erases: recorded in the audit.
type Actor struct {
	UserID int64
	Name   string
}

// AnonymousCode is the code an erased person's figures are kept under.
func AnonymousCode(personID int64) string { return fmt.Sprintf("ERASED-%d", personID) }

// Erase removes a person's identifying data for good, in one transaction: name, e-mail,
// photo, every record area (contact, address, family, payroll...), invitations, their
// sign-in account (a member's; an owner's or admin's is refused), their terminal
// enrolments, free-text reasons and remarks, raw terminal lines, e-mails still in the
// outbox to them, and the webhook deliveries about them. Punches, day statuses, leave applications (type, dates, amount, status)
// and entitlements stay, under AnonymousCode, for the organisation's statutory records.
// Only a person who has left (is archived) can be erased. The erasure is written to the
// attendance audit.
func (s *Service) Erase(ctx context.Context, orgID, personID int64, by Actor) (string, error) {
	code := AnonymousCode(personID)
	err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		q := s.DB.Q(ctx)
		archived, erased, imageID, userID, email, err := s.person(ctx, q, orgID, personID)
		if err != nil {
			return err
		}
		if erased {
			return ErrAlreadyErased
		}
		if !archived {
			return ErrNotLeft
		}
		var userEmail string
		if userID.Valid {
			var role string
			if err := q.QueryRowContext(ctx, `SELECT role, email FROM users WHERE id = $1`, userID.Int64).Scan(&role, &userEmail); err != nil && !errors.Is(err, sql.ErrNoRows) {
				return database.MapError(err)
			}
			if role == "owner" || role == "admin" {
				return ErrHasPrivileges
			}
		}
		if s.Unenrol != nil {
			if err := s.Unenrol(ctx, orgID, personID); err != nil {
				return err
			}
		}
		now := database.Now()
		var attachments []int64
		rows, err := q.QueryContext(ctx, `SELECT attachment_id FROM leave_applications WHERE org_id = $1 AND person_id = $2 AND attachment_id IS NOT NULL`, orgID, personID)
		if err != nil {
			return database.MapError(err)
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			attachments = append(attachments, id)
		}
		rows.Close()
		steps := []struct {
			sql  string
			args []any
		}{
			{`UPDATE people SET code = $3, first_name = $3, last_name = '', email = '', image_id = NULL, user_id = NULL, erased_at = $4, updated_at = $4 WHERE org_id = $1 AND id = $2`,
				[]any{orgID, personID, code, now}},
			{`DELETE FROM person_records WHERE org_id = $1 AND person_id = $2`, []any{orgID, personID}},
			{`DELETE FROM person_invites WHERE person_id = $1`, []any{personID}},
			{`DELETE FROM device_people WHERE org_id = $1 AND person_id = $2`, []any{orgID, personID}},
			{`DELETE FROM kiosk_pins WHERE org_id = $1 AND person_id = $2`, []any{orgID, personID}},
			// Webhook deliveries about the person carry their name (person.created/archived).
			{`DELETE FROM webhook_deliveries WHERE org_id = $1 AND entity = $2`, []any{orgID, fmt.Sprintf("person:%d", personID)}},
			{`UPDATE punches SET raw = '' WHERE org_id = $1 AND person_id = $2`, []any{orgID, personID}},
			// A terminal's access events name the person by their code (pin, raw record, card).
			{`UPDATE access_events SET pin = '', card = '', raw = '' WHERE org_id = $1 AND person_id = $2`, []any{orgID, personID}},
			{`UPDATE day_overrides SET remark = '' WHERE org_id = $1 AND person_id = $2`, []any{orgID, personID}},
			{`UPDATE attendance_audit SET reason = '' WHERE org_id = $1 AND person_id = $2`, []any{orgID, personID}},
			{`UPDATE leave_applications SET reason = '', decision_comment = '', attachment_id = NULL WHERE org_id = $1 AND person_id = $2`, []any{orgID, personID}},
		}
		if imageID.Valid {
			steps = append(steps, struct {
				sql  string
				args []any
			}{`DELETE FROM images WHERE org_id = $1 AND id = $2`, []any{orgID, imageID.Int64}})
		}
		for _, id := range attachments {
			steps = append(steps, struct {
				sql  string
				args []any
			}{`DELETE FROM leave_attachments WHERE org_id = $1 AND id = $2`, []any{orgID, id}})
		}
		if userID.Valid && s.DeleteUser == nil {
			steps = append(steps, struct {
				sql  string
				args []any
			}{`DELETE FROM users WHERE org_id = $1 AND id = $2`, []any{orgID, userID.Int64}})
		}
		for _, addr := range []string{email, userEmail} {
			if addr = strings.TrimSpace(addr); addr == "" {
				continue
			}
			steps = append(steps,
				struct {
					sql  string
					args []any
				}{`DELETE FROM outbox WHERE LOWER(to_addr) = LOWER($1)`, []any{addr}},
				struct {
					sql  string
					args []any
				}{`DELETE FROM login_failures WHERE LOWER(email) = LOWER($1)`, []any{addr}},
				struct {
					sql  string
					args []any
				}{`DELETE FROM rate_limits WHERE LOWER(key) LIKE '%' || LOWER($1) || '%'`, []any{addr}},
			)
		}
		for _, st := range steps {
			if _, err := q.ExecContext(ctx, st.sql, st.args...); err != nil {
				return database.MapError(err)
			}
		}
		if userID.Valid && s.DeleteUser != nil {
			if err := s.DeleteUser(ctx, userID.Int64); err != nil {
				return err
			}
		}
		_, err = q.ExecContext(ctx, `INSERT INTO attendance_audit (org_id, person_id, date, action, user_id, user_name, at) VALUES ($1, $2, $3, 'person.erased', $4, $5, $6)`,
			orgID, personID, now.Format("2006-01-02"), by.UserID, by.Name, now)
		if err != nil {
			return database.MapError(err)
		}
		// The cached manual statuses of a day hold the remark just blanked (attendance).
		if err := s.DB.OrgChanged(ctx, orgID); err != nil {
			return err
		}
		// The general audit trail keeps who erased whom and when, but none of the values.
		return (&audit.Store{DB: s.DB}).Scrub(ctx, orgID, personID, userID.Int64)
	})
	if err != nil {
		return "", err
	}
	return code, nil
}
