package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/platform/database"
	"hadir/internal/platform/migrations"
	"hadir/internal/testdb"
)

// notifyFixture is a school with a teacher who has an account, an annual leave type with an
// entitlement, and a second admin.
type notifyFixture struct {
	s       tenant
	teacher int64
	member  string // the teacher's token
	admin   string // a second admin's token
	annual  int64
}

func newNotifyFixture(e *env, name string) notifyFixture {
	s, g := schoolWithWeek(e, name)
	e.setClock(time.Date(2026, 12, 1, 9, 0, 0, 0, kl))
	f := notifyFixture{s: s}
	f.teacher = idOf(e.expect(e.call("POST", "/api/school/employee/teacher", s.token, map[string]any{"code": "N1", "first_name": "Nurul", "email": fmt.Sprintf("nurul%d@notify.test", seq.Add(1))}), 201))
	e.expect(e.call("POST", "/api/school/group/employees", s.token, map[string]any{"id": g, "school_employee": []int64{f.teacher}, "effective_from": "2026-01-01"}), 200)
	f.member = e.member(s.orgID, f.teacher)
	f.admin = e.user(s.orgID, account.RoleAdmin)
	f.annual = idOf(e.expect(e.call("POST", "/api/school/leave/management", s.token, map[string]any{"type": "Annual", "unit": "day", "day_count": 14}), 201))
	e.expect(e.call("POST", "/api/school/leave/teacher/entitlement", s.token, map[string]any{"teacher_id": f.teacher, "leave_type_id": f.annual, "entitled": 14}), 200)
	return f
}

func (f notifyFixture) apply(e *env, from, to string) int64 {
	return idOf(e.expect(e.call("POST", "/api/school/personal/leave/application", f.member, map[string]any{"leave_type_id": f.annual, "from_date": from, "to_date": to, "reason": "Trip"}), 201))
}

// inbox is a caller's notifications and unread count.
func inbox(e *env, token, query string) ([]map[string]any, int) {
	e.t.Helper()
	r := e.expect(e.call("GET", "/api/notifications"+query, token, nil), 200)
	var body struct {
		Data []map[string]any `json:"data"`
		Meta struct {
			Unread int `json:"unread"`
		} `json:"meta"`
	}
	if err := json.Unmarshal([]byte(r.raw), &body); err != nil {
		e.t.Fatal(err)
	}
	return body.Data, body.Meta.Unread
}

func param(n map[string]any, key string) any { return n["params"].(map[string]any)[key] }

// outboxTo counts the e-mails queued to an address whose subject contains a word.
func outboxTo(e *env, addr, word string) int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM outbox WHERE to_addr = $1 AND subject LIKE $2`, addr, "%"+word+"%").Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// TestNotificationsInbox follows the flows that notify (apply, approve, reject, cancel, a
// manual correction) into the inboxes of the right people only, with read one/all, keyset
// paging and the per-kind channel preferences deciding between row and e-mail.
func TestNotificationsInbox(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		f := newNotifyFixture(e, "Notify School")
		other := e.school("Other Notify School")

		first := f.apply(e, "2026-12-07", "2026-12-08")
		for _, tok := range []string{f.s.token, f.admin} {
			items, unread := inbox(e, tok, "")
			if len(items) != 1 || unread != 1 || items[0]["kind"] != "submitted" || param(items[0], "person") != "Nurul" ||
				param(items[0], "kind") != "leave" || param(items[0], "application_id").(float64) != float64(first) || items[0]["read"] != false {
				t.Fatalf("admin inbox after apply: %d unread, %v", unread, items)
			}
		}
		if items, unread := inbox(e, f.member, ""); len(items) != 0 || unread != 0 {
			t.Fatalf("the applicant was told of their own application: %v", items)
		}
		if items, _ := inbox(e, other.token, ""); len(items) != 0 {
			t.Fatalf("another organisation's owner sees %v", items)
		}

		e.expect(e.call("POST", "/api/school/leave/application/teacher/approve", f.s.token, map[string]any{"id": first}), 200)
		items, unread := inbox(e, f.member, "")
		if len(items) != 1 || unread != 1 || items[0]["kind"] != "approved" || param(items[0], "from") != "2026-12-07" {
			t.Fatalf("member inbox after approval: %v", items)
		}
		approvedID := int64(items[0]["id"].(float64))

		// Never another user's: the owner cannot read the member's notification, nor the
		// member the owner's; other organisations' ids are not found either.
		ownerItems, _ := inbox(e, f.s.token, "")
		ownerNote := int64(ownerItems[0]["id"].(float64))
		e.expect(e.call("POST", fmt.Sprintf("/api/notifications/%d/read", approvedID), f.s.token, nil), 404)
		e.expect(e.call("POST", fmt.Sprintf("/api/notifications/%d/read", ownerNote), f.member, nil), 404)
		e.expect(e.call("POST", fmt.Sprintf("/api/notifications/%d/read", ownerNote), other.token, nil), 404)
		e.expect(e.call("POST", "/api/notifications/abc/read", f.member, nil), 404)
		if _, unread := inbox(e, f.s.token, ""); unread != 1 {
			t.Fatalf("the owner's notification changed: %d unread", unread)
		}
		r := e.expect(e.call("POST", fmt.Sprintf("/api/notifications/%d/read", approvedID), f.member, nil), 200)
		if r.data()["unread"].(float64) != 0 {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("POST", fmt.Sprintf("/api/notifications/%d/read", approvedID), f.member, nil), 200) // again is fine

		// The applicant cancels: the admins hear of it in the app, by nobody's e-mail.
		second := f.apply(e, "2026-12-14", "2026-12-15")
		e.expect(e.call("POST", "/api/school/personal/leave/application/cancel", f.member, map[string]any{"id": second}), 200)
		items, unread = inbox(e, f.admin, "")
		if unread != 3 || items[0]["kind"] != "cancelled" || param(items[0], "by") != "Nurul" || param(items[0], "by_applicant") != true {
			t.Fatalf("admin inbox after cancel: %d %v", unread, items)
		}
		// Keyset paging, newest first.
		page1 := e.expect(e.call("GET", "/api/notifications?limit=2", f.admin, nil), 200)
		next := page1.raw[strings.Index(page1.raw, `"next_before":`)+len(`"next_before":`):]
		next = next[:strings.IndexAny(next, ",}")]
		page2, _ := inbox(e, f.admin, "?limit=2&before="+next)
		if len(page2) != 1 || page2[0]["kind"] != "submitted" || fmt.Sprint(page2[0]["id"]) == next {
			t.Fatalf("second page before %s: %v", next, page2)
		}
		e.expect(e.call("GET", "/api/notifications?limit=0", f.admin, nil), 422)
		e.expect(e.call("GET", "/api/notifications?before=x", f.admin, nil), 422)
		r = e.expect(e.call("POST", "/api/notifications/read-all", f.admin, nil), 200)
		if r.data()["marked"].(float64) != 3 {
			t.Fatalf("%s", r.raw)
		}
		if _, unread := inbox(e, f.admin, ""); unread != 0 {
			t.Fatalf("read-all left %d", unread)
		}
		if _, unread := inbox(e, f.s.token, ""); unread != 3 {
			t.Fatalf("read-all of one admin read another's: %d unread", unread)
		}

		// Preferences: both by default; a bad kind or channel names the field and stores nothing.
		prefs := e.expect(e.call("GET", "/api/notifications/preferences", f.member, nil), 200)
		if prefs.str("data", "preferences", "rejected") != "both" {
			t.Fatalf("%s", prefs.raw)
		}
		// A member never receives a device's offline/online notification (owners and admins
		// do): those kinds are not offered to members.
		if strings.Contains(prefs.raw, "device_offline") || strings.Contains(prefs.raw, "device_online") {
			t.Fatalf("a member is offered the device kinds: %s", prefs.raw)
		}
		if p := e.expect(e.call("GET", "/api/notifications/preferences", f.admin, nil), 200); p.str("data", "preferences", "device_offline") != "both" || !strings.Contains(p.str("data", "kinds"), "device_online") {
			t.Fatalf("an admin is not offered the device kinds: %s", p.raw)
		}
		r = e.expect(e.call("PUT", "/api/notifications/preferences", f.member, map[string]any{"preferences": map[string]any{"rejected": "in_app", "bogus": "both"}}), 422)
		if !strings.Contains(r.raw, `"preferences.bogus"`) {
			t.Fatalf("%s", r.raw)
		}
		r = e.expect(e.call("PUT", "/api/notifications/preferences", f.member, map[string]any{"preferences": map[string]any{"approved": "sms"}}), 422)
		if !strings.Contains(r.raw, `"preferences.approved"`) {
			t.Fatalf("%s", r.raw)
		}
		e.expect(e.call("PUT", "/api/notifications/preferences", f.member, map[string]any{}), 422)
		if e.expect(e.call("GET", "/api/notifications/preferences", f.member, nil), 200).str("data", "preferences", "rejected") != "both" {
			t.Fatal("a refused change was stored")
		}
		r = e.expect(e.call("PUT", "/api/notifications/preferences", f.member, map[string]any{"preferences": map[string]any{"rejected": "in_app", "approved": "email"}}), 200)
		if r.str("data", "preferences", "rejected") != "in_app" || r.str("data", "preferences", "approved") != "email" || r.str("data", "preferences", "cancelled") != "both" {
			t.Fatalf("%s", r.raw)
		}
		var addr string
		if err := e.db.QueryRow(`SELECT email FROM people WHERE id = $1`, f.teacher).Scan(&addr); err != nil {
			t.Fatal(err)
		}
		third := f.apply(e, "2026-12-21", "2026-12-21")
		e.expect(e.call("POST", "/api/school/leave/application/teacher/reject", f.s.token, map[string]any{"id": third, "comment": "Exams"}), 200)
		fourth := f.apply(e, "2026-12-22", "2026-12-22")
		e.expect(e.call("POST", "/api/school/leave/application/teacher/approve", f.s.token, map[string]any{"id": fourth}), 200)
		items, _ = inbox(e, f.member, "")
		if items[0]["kind"] != "rejected" || param(items[0], "comment") != "Exams" {
			t.Fatalf("in_app: the rejection should be the newest row, the e-mail-only approval none: %v", items[0])
		}
		if n := outboxTo(e, addr, "rejected"); n != 0 {
			t.Fatalf("in_app only, yet %d rejection e-mails", n)
		}
		if n := outboxTo(e, addr, "approved"); n != 2 {
			t.Fatalf("approval e-mails: %d, want 2 (before and after choosing e-mail only)", n)
		}

		// A manual correction tells the person corrected.
		e.expect(e.call("POST", "/api/school/attendance/teacher/manage", f.s.token, map[string]any{"id": f.teacher, "date": "2026-11-30", "status": 1, "remark": "forgot to clock out"}), 200)
		items, _ = inbox(e, f.member, "")
		if items[0]["kind"] != "correction_applied" || param(items[0], "date") != "2026-11-30" || param(items[0], "action") != "status" || param(items[0], "reason") != "forgot to clock out" {
			t.Fatalf("after a correction: %v", items[0])
		}
	})
}

// TestNotificationsWrittenInTheTransaction: a change that rolls back leaves no notification
// (and no e-mail); one that commits leaves both.
func TestNotificationsWrittenInTheTransaction(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		f := newNotifyFixture(e, "Rollback School")
		var owner int64
		if err := e.db.QueryRow(`SELECT id FROM users WHERE org_id = $1 AND role = 'owner'`, f.s.orgID).Scan(&owner); err != nil {
			t.Fatal(err)
		}
		boom := errors.New("boom")
		err := e.db.WithTx(context.Background(), func(ctx context.Context) error {
			if err := e.app.Notify.Write(ctx, f.s.orgID, []int64{owner}, "waiting", map[string]any{"kind": "leave"}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if items, unread := inbox(e, f.s.token, ""); len(items) != 0 || unread != 0 {
			t.Fatalf("a rolled-back change left %v", items)
		}
		// A refused change tells nobody: the approval of an application beyond the balance,
		// once the entitlement shrank below it.
		id := f.apply(e, "2026-12-07", "2026-12-11")
		e.expect(e.call("POST", "/api/school/leave/teacher/entitlement", f.s.token, map[string]any{"teacher_id": f.teacher, "leave_type_id": f.annual, "entitled": 1}), 200)
		e.expect(e.call("POST", "/api/school/leave/application/teacher/approve", f.s.token, map[string]any{"id": id}), 422)
		if items, _ := inbox(e, f.member, ""); len(items) != 0 {
			t.Fatalf("a refused approval notified: %v", items)
		}
		if err := e.app.Notify.Write(context.Background(), f.s.orgID, []int64{owner}, "nonsense", nil); err == nil {
			t.Fatal("an unknown kind was written")
		}
	})
}

// sseEvent is one server-sent event.
type sseEvent struct {
	id   string
	data map[string]any
}

// openStream connects to a notification stream and sends its events on a channel until the
// test ends.
func openStream(t *testing.T, url, token, lastID string) <-chan sseEvent {
	return openStreamQuery(t, url, "", token, lastID)
}

func openStreamQuery(t *testing.T, url, query, token, lastID string) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/notifications/stream"+query, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept-Encoding", "gzip")
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" || res.Header.Get("Content-Encoding") != "" {
		cancel()
		t.Fatalf("stream: %d %s %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Content-Encoding"))
	}
	out := make(chan sseEvent, 100)
	done := make(chan struct{})
	t.Cleanup(func() { cancel(); <-done })
	go func() {
		defer close(done)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.data != nil { // the opening block has an id but no data
					out <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, "id: "):
				ev.id = strings.TrimPrefix(line, "id: ")
			case strings.HasPrefix(line, "data: "):
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.data)
			}
		}
	}()
	return out
}

func nextEvent(t *testing.T, ch <-chan sseEvent, within time.Duration) sseEvent {
	t.Helper()
	select {
	case ev := <-ch:
		return ev
	case <-time.After(within):
		t.Fatalf("no event within %s", within)
		return sseEvent{}
	}
}

// TestNotificationStream: a stream hears a new notification at once, starts after the newest
// row, and a reconnect with Last-Event-ID gets what it missed, in order.
func TestNotificationStream(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.app.API.StreamLifetime = time.Minute
		f := newNotifyFixture(e, "Stream School")
		f.apply(e, "2026-12-07", "2026-12-07") // before the stream: not replayed
		ch := openStream(t, e.srv.URL, f.s.token, "")
		for deadline := time.Now().Add(5 * time.Second); e.app.Notify.Hub.Subscribers() == 0; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the stream never subscribed")
			}
		}
		start := time.Now()
		id := f.apply(e, "2026-12-08", "2026-12-08")
		ev := nextEvent(t, ch, 2*time.Second)
		t.Logf("event after %s", time.Since(start).Round(time.Millisecond))
		if ev.data["kind"] != "submitted" || param(ev.data, "application_id").(float64) != float64(id) || ev.data["unread"].(float64) != 2 {
			t.Fatalf("event %+v", ev)
		}
		// Missed while away: two more; a reconnect from the last id seen gets both, in order.
		a := f.apply(e, "2026-12-09", "2026-12-09")
		b := f.apply(e, "2026-12-10", "2026-12-10")
		again := openStream(t, e.srv.URL, f.s.token, ev.id)
		for _, want := range []int64{a, b} {
			got := nextEvent(t, again, 2*time.Second)
			if param(got.data, "application_id").(float64) != float64(want) {
				t.Fatalf("catch-up: %+v, want application %d", got, want)
			}
		}
		// ?after= does the same; a bad one names the field.
		all := openStreamQuery(t, e.srv.URL, "?after=0", f.s.token, "")
		if got := nextEvent(t, all, 2*time.Second); got.data["kind"] != "submitted" || got.data["read"] != false {
			t.Fatalf("?after=0: %+v", got)
		}
		r := e.expect(e.call("GET", "/api/notifications/stream?after=x", f.s.token, nil), 422)
		if !strings.Contains(r.raw, `"after"`) {
			t.Fatalf("%s", r.raw)
		}
		// The member's stream hears nothing of the admins' notifications.
		mine := openStream(t, e.srv.URL, f.member, "0")
		select {
		case ev := <-mine:
			t.Fatalf("the member heard %+v", ev)
		case <-time.After(200 * time.Millisecond):
		}
	})
}

// TestNotificationStreamAcrossNodes: two nodes on one PostgreSQL database, each with its own
// pool and hub; a notification written through node A reaches a stream on node B within 2 s
// (LISTEN/NOTIFY).
func TestNotificationStreamAcrossNodes(t *testing.T) {
	if os.Getenv(testdb.EnvPostgres) == "" {
		t.Skip(testdb.EnvPostgres + " is not set")
	}
	u := testdb.PostgresURL(t)
	open := func() *database.DB {
		db, err := database.Open(u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	dbA, dbB := open(), open()
	if err := migrations.Up(context.Background(), dbA); err != nil {
		t.Fatal(err)
	}
	a, b := newEnv(t, dbA), newEnv(t, dbB)
	b.app.API.StreamLifetime = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { b.app.Notify.Listen(ctx, u); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	f := newNotifyFixture(a, "Two Nodes School")
	ch := openStream(t, b.srv.URL, f.s.token, "")
	for deadline := time.Now().Add(5 * time.Second); b.app.Notify.Hub.Subscribers() == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the stream never subscribed")
		}
	}
	for deadline := time.Now().Add(10 * time.Second); !b.app.Notify.Listening(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("node B never heard the notifications channel")
		}
	}
	start := time.Now()
	id := f.apply(a, "2026-12-07", "2026-12-07")
	ev := nextEvent(t, ch, 2*time.Second)
	t.Logf("node B's stream heard node A's notification after %s", time.Since(start).Round(time.Millisecond))
	if param(ev.data, "application_id").(float64) != float64(id) {
		t.Fatalf("event %+v", ev)
	}
}
