package api_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestAttendanceCorrectionRequests: a member asks for a forgotten clock-out; it waits for
// their manager (a member, not an admin) then the admins, through GET /api/approvals and
// POST /api/approvals/{kind}/{id}/approve|reject; someone it is not waiting for gets 403, a
// decided one 409, another organisation 404; on final approval it becomes the audited manual
// change, with the request's number in the audit reason (issue 12).
func TestAttendanceCorrectionRequests(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		c, other := e.company("Fix Co"), e.company("Other Fix Co")
		at := time.Date(2026, 12, 10, 9, 0, 0, 0, kl)
		e.setClock(at)
		e.app.Approvals.Now = func() time.Time { return at }
		e.app.Corrections.Now = func() time.Time { return at }
		person := func(code string) int64 {
			return idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": code}), 201))
		}
		worker, boss, bystander := person("W"), person("M"), person("O")
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": worker, "manager_id": boss}), 200)
		wtok, mtok, otok := e.member(c.orgID, worker), e.member(c.orgID, boss), e.member(c.orgID, bystander)
		e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "attendance_correction", "levels": []string{"manager", "admins"}}), 200)

		for name, body := range map[string]map[string]any{
			"date":     {"date": "2026-12-11", "kind": "add_punch", "time": "17:30", "reason": "x"},
			"reason":   {"date": "2026-12-08", "kind": "add_punch", "time": "17:30"},
			"kind":     {"date": "2026-12-08", "kind": "teleport", "reason": "x"},
			"time":     {"date": "2026-12-08", "kind": "add_punch", "time": "25:00", "reason": "x"},
			"punch_id": {"date": "2026-12-08", "kind": "move_punch", "time": "17:30", "punch_id": 999999, "reason": "x"},
			"status":   {"date": "2026-12-08", "kind": "status", "status": 9, "reason": "x"},
		} {
			bad := e.expect(e.call("POST", "/api/requests/attendance", wtok, body), 422)
			if fieldCode(bad, name) == "" {
				t.Fatalf("%s not refused on its field: %s", name, bad.raw)
			}
		}
		// The owner has no person: they cannot ask for a correction of their own.
		e.expect(e.call("POST", "/api/requests/attendance", c.token, map[string]any{"date": "2026-12-08", "kind": "add_punch", "time": "17:30", "reason": "x"}), 422)

		req := idOf(e.expect(e.call("POST", "/api/requests/attendance", wtok, map[string]any{"date": "2026-12-08", "kind": "add_punch", "time": "17:30", "reason": "Forgot to clock out"}), 201))
		waiting := func(tok string) []map[string]any {
			return items(e.expect(e.call("GET", "/api/approvals", tok, nil), 200))
		}
		if w := waiting(mtok); len(w) != 1 || w[0]["ref_id"] != float64(req) || w[0]["kind"] != "attendance_correction" {
			t.Fatalf("the manager waits for %v", w)
		}
		if w := waiting(otok); len(w) != 0 {
			t.Fatalf("a bystander waits for %v", w)
		}
		path := fmt.Sprintf("/api/approvals/attendance_correction/%d", req)
		e.expect(e.call("POST", path+"/approve", otok, nil), 403)
		e.expect(e.call("POST", path+"/approve", wtok, nil), 403) // not one's own
		e.expect(e.call("POST", path+"/approve", other.token, nil), 404)
		e.expect(e.call("POST", fmt.Sprintf("/api/approvals/overtime/%d/approve", req), c.token, nil), 404)
		e.expect(e.call("POST", path+"/approve", mtok, map[string]any{"comment": "Seen him leave"}), 200)
		if w := waiting(mtok); len(w) != 0 {
			t.Fatalf("after deciding, the manager still waits for %v", w)
		}
		if w := waiting(c.token); len(w) != 1 {
			t.Fatalf("the admins wait for %v", w)
		}
		mine := items(e.expect(e.call("GET", "/api/requests", wtok, nil), 200))
		if len(mine) != 1 || mine[0]["state"] != "pending" || len(mine[0]["timeline"].([]any)) != 2 {
			t.Fatalf("my requests: %v", mine)
		}
		e.expect(e.call("POST", path+"/approve", c.token, nil), 200)
		e.expect(e.call("POST", path+"/approve", c.token, nil), 409)
		mine = items(e.expect(e.call("GET", "/api/requests", wtok, nil), 200))
		if mine[0]["state"] != "approved" || mine[0]["applied_at"] == nil || len(mine[0]["timeline"].([]any)) != 3 {
			t.Fatalf("approved request: %v", mine)
		}
		audit, _, err := e.app.Attendance.AuditLog(ctx, c.orgID, "", worker, "2026-12-08", "2026-12-08", database.Page{Number: 1, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("Request #%d: Forgot to clock out", req)
		if len(audit) != 1 || audit[0].Action != "time_add" || audit[0].NewValue != "17:30" || audit[0].Reason != want {
			t.Fatalf("audit log: %+v", audit)
		}

		// A rejection at the manager's level ends it and changes nothing.
		st := idOf(e.expect(e.call("POST", "/api/requests/attendance", wtok, map[string]any{"date": "2026-12-09", "kind": "status", "status": 1, "reason": "I was at the client"}), 201))
		spath := fmt.Sprintf("/api/approvals/attendance_correction/%d", st)
		bad := e.expect(e.call("POST", spath+"/reject", mtok, map[string]any{}), 422)
		if fieldCode(bad, "comment") == "" {
			t.Fatalf("a rejection without a comment: %s", bad.raw)
		}
		e.expect(e.call("POST", spath+"/reject", mtok, map[string]any{"comment": "No visit was planned"}), 200)
		e.expect(e.call("POST", spath+"/approve", c.token, nil), 409)
		if w := waiting(c.token); len(w) != 0 {
			t.Fatalf("the admins wait for %v after a rejection", w)
		}
		if audit, _, _ := e.app.Attendance.AuditLog(ctx, c.orgID, "", worker, "2026-12-09", "2026-12-09", database.Page{Number: 1, Size: 10}); len(audit) != 0 {
			t.Fatalf("a rejected request changed the day: %+v", audit)
		}
	})
}

// TestDelegationAPI: an approver names a substitute for a date range; both see it; the range
// and the substitute are validated; a bystander cannot remove it (404), the substitute can.
func TestDelegationAPI(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Deleg Co")
		person := func(code string) int64 {
			return idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": code}), 201))
		}
		boss, sub, by := person("B"), person("S"), person("Y")
		btok, stok, ytok := e.member(c.orgID, boss), e.member(c.orgID, sub), e.member(c.orgID, by)
		for field, body := range map[string]map[string]any{
			"to_date":       {"substitute_id": sub, "from_date": "2026-12-10", "to_date": "2026-12-01"},
			"from_date":     {"substitute_id": sub, "from_date": "soon", "to_date": "2026-12-01"},
			"substitute_id": {"substitute_id": boss, "from_date": "2026-12-01", "to_date": "2026-12-02"},
		} {
			if bad := e.expect(e.call("POST", "/api/approvals/delegations", btok, body), 422); fieldCode(bad, field) == "" {
				t.Fatalf("%s: %s", field, bad.raw)
			}
		}
		d := idOf(e.expect(e.call("POST", "/api/approvals/delegations", btok, map[string]any{"substitute_id": sub, "from_date": "2026-12-01", "to_date": "2026-12-05"}), 201))
		for name, tok := range map[string]string{"approver": btok, "substitute": stok} {
			list := items(e.expect(e.call("GET", "/api/approvals/delegations", tok, nil), 200))
			if len(list) != 1 || list[0]["substitute_name"] != "S" || list[0]["person_name"] != "B" {
				t.Fatalf("%s sees %v", name, list)
			}
		}
		if list := items(e.expect(e.call("GET", "/api/approvals/delegations", ytok, nil), 200)); len(list) != 0 {
			t.Fatalf("a bystander sees %v", list)
		}
		e.expect(e.call("DELETE", fmt.Sprintf("/api/approvals/delegations?id=%d", d), ytok, nil), 404)
		e.expect(e.call("DELETE", fmt.Sprintf("/api/approvals/delegations?id=%d", d), stok, nil), 204)
	})
}

// TestCorrectionDecisionNotifiesRequester: the final approval and a rejection of an attendance
// correction reach the requester's inbox as "approved" / "rejected", naming the request, its
// date, the approver and the comment; an approval at level 1 of two tells them nothing yet.
func TestCorrectionDecisionNotifiesRequester(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c := e.company("Told Co")
		at := time.Date(2026, 12, 10, 9, 0, 0, 0, kl)
		e.setClock(at)
		e.app.Approvals.Now = func() time.Time { return at }
		e.app.Corrections.Now = func() time.Time { return at }
		person := func(code string) int64 {
			return idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": code}), 201))
		}
		worker, boss := person("W"), person("M")
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": worker, "manager_id": boss}), 200)
		wtok, mtok := e.member(c.orgID, worker), e.member(c.orgID, boss)
		e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "attendance_correction", "levels": []string{"manager", "admins"}}), 200)
		decisions := func() []map[string]any {
			t.Helper()
			var out []map[string]any
			for _, it := range items(e.expect(e.call("GET", "/api/notifications", wtok, nil), 200)) {
				if it["kind"] == "approved" || it["kind"] == "rejected" {
					out = append(out, it)
				}
			}
			return out
		}

		req := idOf(e.expect(e.call("POST", "/api/requests/attendance", wtok, map[string]any{"date": "2026-12-08", "kind": "add_punch", "time": "17:30", "reason": "Forgot"}), 201))
		path := fmt.Sprintf("/api/approvals/attendance_correction/%d", req)
		e.expect(e.call("POST", path+"/approve", mtok, map[string]any{"comment": "ok"}), 200)
		if n := decisions(); len(n) != 0 {
			t.Fatalf("told of a decision at level 1 of 2: %v", n)
		}
		e.expect(e.call("POST", path+"/approve", c.token, map[string]any{"comment": "Applied"}), 200)
		n := decisions()
		if len(n) != 1 || n[0]["kind"] != "approved" {
			t.Fatalf("after the final approval the requester has %v", n)
		}
		p, _ := n[0]["params"].(map[string]any)
		if p["request_kind"] != "attendance_correction" || p["request_id"] != float64(req) || p["date"] != "2026-12-08" || p["correction"] != "add_punch" || p["by"] == "" || p["comment"] != "Applied" {
			t.Fatalf("approved params %v", p)
		}

		st := idOf(e.expect(e.call("POST", "/api/requests/attendance", wtok, map[string]any{"date": "2026-12-09", "kind": "status", "status": 1, "reason": "Client visit"}), 201))
		e.expect(e.call("POST", fmt.Sprintf("/api/approvals/attendance_correction/%d/reject", st), mtok, map[string]any{"comment": "No visit planned"}), 200)
		n = decisions()
		if len(n) != 2 || n[0]["kind"] != "rejected" {
			t.Fatalf("after the rejection the requester has %v", n)
		}
		if p, _ := n[0]["params"].(map[string]any); p["request_id"] != float64(st) || p["comment"] != "No visit planned" || p["date"] != "2026-12-09" {
			t.Fatalf("rejected params %v", p)
		}
	})
}

// TestCorrectionAttachment: a correction request may carry a document, sent as a multipart
// form beside the JSON body, with the leave attachments' limits (a PDF or an image, at most
// 5 MB). The requester, their manager (the approver it waits for, and after deciding), and an
// admin open it; another member gets 403, another organisation 404, and the leave
// attachments' route does not serve it (issue 12).
func TestCorrectionAttachment(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		c, other := e.company("Doc Co"), e.company("Other Doc Co")
		at := time.Date(2026, 12, 10, 9, 0, 0, 0, kl)
		e.setClock(at)
		e.app.Approvals.Now = func() time.Time { return at }
		e.app.Corrections.Now = func() time.Time { return at }
		person := func(code string) int64 {
			return idOf(e.expect(e.call("POST", "/api/employee/record/register", c.token, map[string]any{"code": code, "first_name": code}), 201))
		}
		worker, boss, bystander := person("W"), person("M"), person("O")
		e.expect(e.call("POST", "/api/employee/detail/job", c.token, map[string]any{"employee_id": worker, "manager_id": boss}), 200)
		wtok, mtok, otok := e.member(c.orgID, worker), e.member(c.orgID, boss), e.member(c.orgID, bystander)
		e.expect(e.call("POST", "/api/approvals/chain", c.token, map[string]any{"kind": "attendance_correction", "levels": []string{"manager", "admins"}}), 200)
		fields := map[string]string{"date": "2026-12-08", "kind": "add_punch", "time": "17:30", "reason": "Forgot; the gate log is attached"}

		// The leave attachments' limits: not a PDF or image → 422 on attachment; > 5 MB → 413;
		// a bad field of the form is named as in JSON. Nothing is stored by a refusal.
		if bad := e.expect(e.multipart("/api/requests/attendance", wtok, fields, "attachment", "notes.txt", []byte("just some text")), 422); fieldCode(bad, "attachment") != "leave.attachment_type" {
			t.Fatalf("a text file: %s", bad.raw)
		}
		big := append([]byte("%PDF-1.4\n"), make([]byte, 5<<20)...)
		if bad := e.expect(e.multipart("/api/requests/attendance", wtok, fields, "attachment", "big.pdf", big), 422); fieldCode(bad, "attachment") != "upload.too_large" {
			t.Fatalf("a file over 5 MB: %s", bad.raw)
		}
		e.expect(e.multipart("/api/requests/attendance", wtok, fields, "attachment", "huge.pdf", append(big, make([]byte, 1<<20)...)), 413)
		if bad := e.expect(e.multipart("/api/requests/attendance", wtok, map[string]string{"date": "2026-12-08", "kind": "add_punch", "time": "25:00", "reason": "x"}, "attachment", "a.pdf", []byte("%PDF-1.4\n%%EOF\n")), 422); fieldCode(bad, "time") == "" {
			t.Fatalf("a bad time in a form: %s", bad.raw)
		}
		if mine := items(e.expect(e.call("GET", "/api/requests", wtok, nil), 200)); len(mine) != 0 {
			t.Fatalf("a refused request was stored: %v", mine)
		}

		pdf := []byte("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")
		created := e.expect(e.multipart("/api/requests/attendance", wtok, fields, "attachment", "gate log.pdf", pdf), 201)
		d := created.body["data"].(map[string]any)
		id := int64(d["id"].(float64))
		url := fmt.Sprintf("/api/requests/attendance/%d/attachment", id)
		if d["attachment_url"] != url || d["attachment_name"] != "gate log.pdf" || d["time"] != "17:30" {
			t.Fatalf("created: %s", created.raw)
		}
		// A JSON request, as before, has none.
		plain := idOf(e.expect(e.call("POST", "/api/requests/attendance", wtok, map[string]any{"date": "2026-12-07", "kind": "add_punch", "time": "08:00", "reason": "No file"}), 201))

		open := func(tok string, want int) {
			t.Helper()
			status, ct, body := e.get(url, tok)
			if status != want {
				t.Fatalf("GET %s: %d, want %d", url, status, want)
			}
			if want == 200 && (ct != "application/pdf" || string(body) != string(pdf)) {
				t.Fatalf("the document came back as %q, %d bytes", ct, len(body))
			}
		}
		open(wtok, 200)
		open(mtok, 200)    // the approver it waits for
		open(c.token, 200) // an admin
		open(otok, 403)
		open(other.token, 404)
		open("", 401)
		if status, _, _ := e.get(fmt.Sprintf("/api/requests/attendance/%d/attachment", plain), wtok); status != 404 {
			t.Fatalf("a request without a document: %d", status)
		}
		if status, _, _ := e.get("/api/requests/attendance/x/attachment", wtok); status != 422 {
			t.Fatalf("a bad id: %d", status)
		}

		// The inbox links it.
		var found bool
		for _, it := range items(e.expect(e.call("GET", "/api/approvals", mtok, nil), 200)) {
			if it["ref_id"] == float64(id) {
				found = it["attachment_url"] == url
			}
		}
		if !found {
			t.Fatal("the manager's inbox does not link the document")
		}
		// The manager decided: still theirs to open; the leave route does not serve it by key.
		e.expect(e.call("POST", fmt.Sprintf("/api/approvals/attendance_correction/%d/approve", id), mtok, map[string]any{"comment": "ok"}), 200)
		open(mtok, 200)
		var key string
		if err := db.QueryRowContext(context.Background(), `SELECT f.key FROM leave_attachments f JOIN attendance_requests r ON r.attachment_id = f.id WHERE r.id = $1`, id).Scan(&key); err != nil {
			t.Fatal(err)
		}
		if status, _, _ := e.get("/api/leave/attachments/"+key, c.token); status != 404 {
			t.Fatalf("the leave route served a correction's document: %d", status)
		}
	})
}
