package privacy_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/attendance"
	"hadir/internal/config"
	"hadir/internal/demo"
	"hadir/internal/people"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/privacy"
	"hadir/internal/testdb"
)

// personColumns enumerates, independently of the export, every column of the schema that
// refers to a person: named person_id or *_person_id, or a foreign key to people.
func personColumns(t *testing.T, db *database.DB) map[string][]string {
	t.Helper()
	q := `SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table'
	        AND (c.name = 'person_id' OR c.name LIKE '%_person_id')
	      UNION SELECT m.name, f."from" FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table' AND f."table" = 'people'`
	if db.Dialect == database.Postgres {
		q = `SELECT c.table_name::text, c.column_name::text FROM information_schema.columns c WHERE c.table_schema = current_schema()
		       AND (c.column_name = 'person_id' OR c.column_name LIKE '%_person_id')
		     UNION SELECT k.table_name::text, k.column_name::text FROM information_schema.referential_constraints r
		       JOIN information_schema.key_column_usage k ON k.constraint_name = r.constraint_name AND k.constraint_schema = r.constraint_schema
		       JOIN information_schema.constraint_column_usage u ON u.constraint_name = r.unique_constraint_name AND u.constraint_schema = r.unique_constraint_schema
		       WHERE r.constraint_schema = current_schema() AND u.table_name = 'people'`
	}
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var tb, c string
		if err := rows.Scan(&tb, &c); err != nil {
			t.Fatal(err)
		}
		out[tb] = append(out[tb], c)
	}
	if len(out) < 8 {
		t.Fatalf("only %d tables refer to people: %v", len(out), out)
	}
	return out
}

// textColumns lists every text column of every table (all columns on SQLite, whose types
// are advisory).
func textColumns(t *testing.T, db *database.DB) [][2]string {
	t.Helper()
	q := `SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`
	if db.Dialect == database.Postgres {
		q = `SELECT table_name::text, column_name::text FROM information_schema.columns WHERE table_schema = current_schema()
		       AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')`
	}
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var tb, c string
		if err := rows.Scan(&tb, &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, [2]string{tb, c})
	}
	return out
}

type figures struct {
	Punches, PunchSum, Apps, AppAmount, Entitlements, Overrides int64
	Totals                                                      attendance.Totals
}

// A leaver's data is exported (every table that refers to people, the photo and the leave
// attachments), then erased: no name, e-mail, phone or image is left in any text column of
// any table, while their punches, leave and entitlements (and the month's report) keep
// their figures under an anonymous code; the erasure is audited and cannot be repeated.
func TestExportThenEraseALeaver(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		a, err := app.New(ctx, config.Default(), db, app.Options{Hash: auth.TestHashParams})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := demo.SeedWith(ctx, a, demo.Options{Teachers: 6}); err != nil {
			t.Fatal(err)
		}
		var orgID, id int64
		var kind string
		// A member with a sign-in account and the most leave applications.
		var userID int64
		if err := db.QueryRow(`SELECT p.org_id, p.id, p.kind, u.id FROM people p JOIN leave_applications l ON l.person_id = p.id
			JOIN users u ON u.id = p.user_id AND u.role = 'member'
			GROUP BY p.org_id, p.id, p.kind, u.id ORDER BY COUNT(*) DESC, p.id LIMIT 1`).Scan(&orgID, &id, &kind, &userID); err != nil {
			t.Fatal(err)
		}
		const first, last, email, phone = "Zubaidah", "Kassimova", "zubaidah.kassim@example.test", "60198765432"
		now := database.Now()
		photo := []byte("\x89PNG fake photo bytes of Zubaidah")
		cert := []byte("%PDF medical certificate")
		var imageID, attID int64
		mustExec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Exec(q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		if err := db.QueryRow(`INSERT INTO images (org_id, key, content_type, data, width, height, created_at) VALUES ($1, 'zphoto', 'image/png', $2, 1, 1, $3) RETURNING id`, orgID, photo, now).Scan(&imageID); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow(`INSERT INTO leave_attachments (org_id, key, name, content_type, data, created_at) VALUES ($1, 'zcert', 'Zubaidah MC.pdf', 'application/pdf', $2, $3) RETURNING id`, orgID, cert, now).Scan(&attID); err != nil {
			t.Fatal(err)
		}
		mustExec(`UPDATE people SET first_name = $1, last_name = $2, email = $3, image_id = $4 WHERE id = $5`, first, last, email, imageID, id)
		mustExec(`DELETE FROM person_records WHERE person_id = $1 AND area = 'contact'`, id)
		mustExec(`INSERT INTO person_records (org_id, person_id, area, data, created_at, updated_at) VALUES ($1, $2, 'contact', $3, $4, $4)`,
			orgID, id, `{"phone":"+`+phone+`","address":"12 Jalan Kassimova"}`, now)
		mustExec(`UPDATE leave_applications SET reason = 'Zubaidah is unwell', attachment_id = $1 WHERE id = (SELECT MIN(id) FROM leave_applications WHERE person_id = $2)`, attID, id)
		mustExec(`UPDATE users SET name = $1, email = $2 WHERE id = $3`, first+" "+last, email, userID)
		mustExec(`INSERT INTO attendance_audit (org_id, person_id, date, action, old_value, new_value, reason, user_id, user_name, at)
			VALUES ($1, $2, '2026-11-02', 'override', 'absent', 'present', 'Zubaidah was at a course', 1, 'The Owner', $3)`, orgID, id, now)
		mustExec(`INSERT INTO outbox (org_id, to_addr, subject, body, created_at, next_attempt) VALUES ($1, $2, 'Hello Zubaidah', 'Dear Zubaidah Kassimova', $3, $3)`, orgID, email, now)
		var hookID int64
		if err := db.QueryRow(`INSERT INTO webhooks (org_id, url, events, secret, created_at, updated_at) VALUES ($1, 'https://hr.example.test/in', 'person.created', 'whsec_x', $2, $2) RETURNING id`, orgID, now).Scan(&hookID); err != nil {
			t.Fatal(err)
		}
		mustExec(`INSERT INTO webhook_deliveries (org_id, webhook_id, event, entity, body, created_at, next_attempt, delivered_at) VALUES ($1, $2, 'person.created', $3, '{"data":{"first_name":"Zubaidah","last_name":"Kassimova"}}', $4, $4, $4)`,
			orgID, hookID, fmt.Sprintf("person:%d", id), now)

		// Only a person who has left can be erased.
		eraser := privacy.Service{DB: db}
		if _, err := eraser.Erase(ctx, orgID, id, privacy.Actor{UserID: 1, Name: "Owner"}); !errors.Is(err, privacy.ErrNotLeft) {
			t.Fatalf("erasing a current person: %v", err)
		}
		// Another organisation cannot export or erase them.
		if err := eraser.Export(ctx, orgID+1000, id, io.Discard); !errors.Is(err, privacy.ErrNotFound) {
			t.Fatalf("export from another organisation: %v", err)
		}

		// The export.
		var buf bytes.Buffer
		if err := eraser.Export(ctx, orgID, id, &buf); err != nil {
			t.Fatal(err)
		}
		zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{}
		for _, f := range zr.File {
			rc, _ := f.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			files[f.Name] = b
		}
		for table, cols := range personColumns(t, db) {
			b, ok := files["tables/"+table+".json"]
			if !ok {
				t.Errorf("table %s refers to people (%v) but is not in the export", table, cols)
				continue
			}
			var rows []map[string]any
			if err := json.Unmarshal(b, &rows); err != nil {
				t.Fatalf("%s: %v", table, err)
			}
			var n int
			if err := db.QueryRow(`SELECT COUNT(*) FROM `+table+` WHERE `+strings.Join(cols, " = $1 OR ")+` = $1`, id).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if len(rows) != n {
				t.Errorf("table %s: %d rows exported, %d held", table, len(rows), n)
			}
		}
		for _, must := range []string{"punches", "leave_applications", "leave_entitlements", "person_records", "attendance_audit"} {
			if !strings.Contains(string(files["tables/"+must+".json"]), `"person_id"`) {
				t.Errorf("the export has no %s rows of the person", must)
			}
		}
		if !strings.Contains(string(files["person.json"]), first) || !strings.Contains(string(files["tables/person_records.json"]), phone) {
			t.Errorf("person.json or the records lack the person's details")
		}
		if !bytes.Equal(files["files/photo.png"], photo) || !bytes.Equal(files["files/leave/zcert-Zubaidah MC.pdf"], cert) {
			t.Errorf("the photo or the attachment is missing: %v", keys(files))
		}
		if _, ok := files["manifest.json"]; !ok {
			t.Error("no manifest")
		}

		// The leaver's figures, and the month's report, before the erasure.
		if err := a.People.Archive(ctx, orgID, people.Kind(kind), id); err != nil {
			t.Fatal(err)
		}
		snapshot := func() figures {
			var f figures
			row := func(q string, dst ...any) {
				if err := db.QueryRow(q, id).Scan(dst...); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			row(`SELECT COUNT(*), COALESCE(SUM(at_unix % 100000 + state), 0) FROM punches WHERE person_id = $1`, &f.Punches, &f.PunchSum)
			row(`SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM leave_applications WHERE person_id = $1`, &f.Apps, &f.AppAmount)
			row(`SELECT COUNT(*) FROM leave_entitlements WHERE person_id = $1`, &f.Entitlements)
			row(`SELECT COUNT(*) FROM day_overrides WHERE person_id = $1`, &f.Overrides)
			month := time.Now().Format("2006-01")
			_, _, tot, err := a.Attendance.Report(ctx, orgID, attendance.Query{Kind: kind, From: month + "-01", To: month + "-28"}, database.Page{Number: 1, Size: 1000})
			if err != nil {
				t.Fatal(err)
			}
			f.Totals = tot
			return f
		}
		before := snapshot()
		if before.Punches == 0 || before.Apps == 0 {
			t.Fatalf("the leaver has no figures to keep: %+v", before)
		}

		code, err := eraser.Erase(ctx, orgID, id, privacy.Actor{UserID: 1, Name: "The Owner"})
		if err != nil {
			t.Fatal(err)
		}
		if after := snapshot(); after != before {
			t.Fatalf("figures changed by the erasure:\n before %+v\n after  %+v", before, after)
		}
		var gotCode string
		if err := db.QueryRow(`SELECT code FROM people WHERE id = $1 AND first_name = $2 AND erased_at IS NOT NULL`, id, code).Scan(&gotCode); err != nil || gotCode != code {
			t.Fatalf("the anonymous code: %q %v", gotCode, err)
		}
		// Nothing identifying anywhere: every text column of every table.
		cast := "CAST(%s AS TEXT)"
		if db.Dialect == database.Postgres {
			cast = "encode(convert_to(%s::text, 'UTF8'), 'escape')"
		}
		for _, tc := range textColumns(t, db) {
			expr := fmt.Sprintf(cast, `"`+tc[1]+`"`)
			for _, needle := range []string{strings.ToLower(first), strings.ToLower(last), email, phone, "fake photo bytes"} {
				var n int
				if err := db.QueryRow(`SELECT COUNT(*) FROM "`+tc[0]+`" WHERE LOWER(`+expr+`) LIKE $1`, "%"+needle+"%").Scan(&n); err != nil {
					t.Fatalf("%s.%s: %v", tc[0], tc[1], err)
				}
				if n > 0 {
					t.Errorf("%q is still in %s.%s (%d rows)", needle, tc[0], tc[1], n)
				}
			}
		}
		for _, q := range []string{`SELECT COUNT(*) FROM images WHERE id = $1`, `SELECT COUNT(*) FROM leave_attachments WHERE id = $1`} {
			var n int
			arg := imageID
			if strings.Contains(q, "leave_attachments") {
				arg = attID
			}
			if err := db.QueryRow(q, arg).Scan(&n); err != nil || n != 0 {
				t.Errorf("%s: %d %v", q, n, err)
			}
		}
		var accounts int
		if err := db.QueryRow(`SELECT COUNT(*) FROM users WHERE id = $1`, userID).Scan(&accounts); err != nil || accounts != 0 {
			t.Errorf("the sign-in account is kept: %d %v", accounts, err)
		}
		var audited int
		if err := db.QueryRow(`SELECT COUNT(*) FROM attendance_audit WHERE person_id = $1 AND action = 'person.erased' AND user_name = 'The Owner'`, id).Scan(&audited); err != nil || audited != 1 {
			t.Fatalf("erasure audited %d times: %v", audited, err)
		}
		if _, err := eraser.Erase(ctx, orgID, id, privacy.Actor{}); !errors.Is(err, privacy.ErrAlreadyErased) {
			t.Fatalf("second erasure: %v", err)
		}
	})
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
