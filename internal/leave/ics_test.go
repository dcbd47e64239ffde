package leave

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"hadir/internal/attendance"
	"hadir/internal/org"
	"hadir/internal/platform/database"
	"hadir/internal/platform/mail"
	"hadir/internal/testdb"
)

func TestEscICS(t *testing.T) {
	cases := map[string]string{
		"Hari Raya":              "Hari Raya",
		`a\b;c,d`:                `a\\b\;c\,d`,
		"one\ntwo":               `one\ntwo`,
		"one\r\ntwo":             `one\ntwo`,
		"one\rtwo":               `one\ntwo`,
		"one\r\rtwo":             `one\n\ntwo`,
		"end\r":                  `end\n`,
		"a\u2028b\u2029c\u0085d": `a\nb\nc\nd`,
		"tab\there":              "tab\there",
		"bell\x07\x00\x1b\x7fX":  "bellX",
		"bad \xff byte":          "bad  byte",
		"Nurul – 財務: \"x\"":      "Nurul – 財務: \"x\"",
	}
	for in, want := range cases {
		got := escICS(in)
		if got != want {
			t.Errorf("escICS(%q) = %q, want %q", in, got, want)
		}
		if strings.ContainsAny(got, "\r\n") {
			t.Errorf("escICS(%q) holds a raw line break", in)
		}
	}
}

// unfold reverses RFC 5545 folding and checks every physical line on the way.
func unfold(t *testing.T, ics string) []string {
	t.Helper()
	if !strings.HasSuffix(ics, "\r\n") {
		t.Fatalf("the feed does not end with CRLF")
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(ics, "\r\n"), "\r\n") {
		if strings.ContainsAny(l, "\r\n") {
			t.Fatalf("a bare CR or LF inside line %q", l)
		}
		if len(l) > 75 {
			t.Fatalf("line of %d octets: %q", len(l), l)
		}
		if !utf8.ValidString(l) {
			t.Fatalf("a fold split a UTF-8 sequence: %q", l)
		}
		if strings.HasPrefix(l, " ") && len(out) > 0 {
			out[len(out)-1] += l[1:]
			continue
		}
		out = append(out, l)
	}
	return out
}

func TestFoldICS(t *testing.T) {
	long := "SUMMARY:" + escICS(strings.Repeat("Cuti tahunan 年假 — ", 12)+"\r\nBEGIN:VEVENT")
	var b strings.Builder
	b.WriteString(foldICS(long) + "\r\n")
	lines := unfold(t, b.String())
	if len(lines) != 1 || lines[0] != long {
		t.Fatalf("unfolded %q, want %q", lines, long)
	}
	if got := foldICS("short"); got != "short" {
		t.Fatal(got)
	}
	// Exactly 75 octets stays one line; 76 folds.
	if got := foldICS(strings.Repeat("a", 75)); strings.Contains(got, "\r\n") {
		t.Fatal("folded 75 octets")
	}
	if got := foldICS(strings.Repeat("a", 76)); got != strings.Repeat("a", 75)+"\r\n a" {
		t.Fatalf("%q", got)
	}
}

// TestCalendarTimedRanges: the feed shows a partial-day (time-range) leave or away as a timed
// event in UTC (the organisation's zone converted: Kuala Lumpur is UTC+8, so 07:00 there is
// 23:00 the day before in UTC), and whole days, half days and holidays as all-day events;
// summaries stay escaped and long lines folded.
func TestCalendarTimedRanges(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		orgs := org.NewService(org.NewStore(db))
		orgID, err := orgs.Create(ctx, org.Org{Kind: org.KindCompany, Name: "Feed, Sdn Bhd", Timezone: "Asia/Kuala_Lumpur"})
		if err != nil {
			t.Fatal(err)
		}
		outbox, _ := mail.NewOutbox(db, "", "feed@localhost")
		svc := NewService(db, NewStore(db), attendance.NewService(db, attendance.NewStore(db), orgs), orgs, outbox, "")
		svc.Now = func() time.Time { return time.Date(2026, 11, 20, 4, 0, 0, 0, time.UTC) }
		now := database.Now()
		long := strings.Repeat("Nurul; 財務, ", 6)
		testdb.Bulk(t, db, `INSERT INTO people (org_id, kind, code, first_name, created_at, updated_at) VALUES `, [][]any{{orgID, "employee", "E1", long, now, now}})
		var person int64
		if err := db.QueryRowContext(ctx, `SELECT id FROM people WHERE org_id = $1`, orgID).Scan(&person); err != nil {
			t.Fatal(err)
		}
		errand, err := svc.SaveType(ctx, Type{OrgID: orgID, Kind: KindAway, Name: "Errand", Unit: "hour"})
		if err != nil {
			t.Fatal(err)
		}
		annual, err := svc.SaveType(ctx, Type{OrgID: orgID, Kind: KindLeave, Name: "Annual", Unit: "day"})
		if err != nil {
			t.Fatal(err)
		}
		testdb.Bulk(t, db, `INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, session, from_time, to_time, amount, status, created_at, updated_at) VALUES `, [][]any{
			{orgID, person, errand.ID, "away", "2026-11-10", "2026-11-10", "hours", "07:00", "09:30", 250, "approved", now, now},
			{orgID, person, errand.ID, "away", "2026-11-10", "2026-11-10", "hours", "14:00", "15:00", 100, "approved", now, now},
			{orgID, person, annual.ID, "leave", "2026-11-12", "2026-11-13", "full", "", "", 200, "approved", now, now},
			{orgID, person, annual.ID, "leave", "2026-11-16", "2026-11-16", "pm", "", "", 50, "approved", now, now},
		})
		key, err := svc.CalendarKey(ctx, orgID, false)
		if err != nil {
			t.Fatal(err)
		}
		feed, err := svc.Calendar(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		lines := unfold(t, feed)
		var events [][]string
		for _, l := range lines {
			switch {
			case l == "BEGIN:VEVENT":
				events = append(events, nil)
			case len(events) > 0 && (strings.HasPrefix(l, "DTSTART") || strings.HasPrefix(l, "DTEND") || strings.HasPrefix(l, "SUMMARY:")):
				events[len(events)-1] = append(events[len(events)-1], l)
			}
		}
		name := escICS(strings.TrimSpace(long)) // the name as stored is trimmed
		// leave first, then away, each in id order
		want := [][]string{
			{"DTSTART;VALUE=DATE:20261112", "DTEND;VALUE=DATE:20261114", "SUMMARY:" + name + " – Annual"},
			{"DTSTART;VALUE=DATE:20261116", "DTEND;VALUE=DATE:20261117", "SUMMARY:" + name + " – Annual (PM)"},
			{"DTSTART:20261109T230000Z", "DTEND:20261110T013000Z", "SUMMARY:" + name + " – Errand"},
			{"DTSTART:20261110T060000Z", "DTEND:20261110T070000Z", "SUMMARY:" + name + " – Errand"},
		}
		if fmt.Sprint(events) != fmt.Sprint(want) {
			t.Fatalf("events\n got %q\nwant %q", events, want)
		}
		if !strings.Contains(feed, "X-WR-CALNAME:Feed\\, Sdn Bhd leave\r\n") {
			t.Errorf("calendar name not escaped: %q", feed)
		}
	})
}
