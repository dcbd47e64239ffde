package api

import (
	"net/http/httptest"
	"testing"
	"time"

	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/platform/web"
)

// TestPersonJSONMatchesEncodingJSON: a page of people written by the hand-written encoder is
// byte for byte (and header for header) what encoding/json writes for the same answer.
func TestPersonJSONMatchesEncodingJSON(t *testing.T) {
	dept, user := int64(7), int64(42)
	archived := time.Date(2026, 11, 20, 8, 30, 15, 123456000, time.FixedZone("MYT", 8*3600))
	names := []string{"", "Nur Aisyah", "Jia Hui 吴佳慧", `O"Brien \ <b>&`, "tab\tline\nsep\u2028", "bad \xff utf8", "\x00\x1f"}
	var ps []people.Person
	for i, n := range names {
		p := people.Person{ID: int64(i + 1), OrgID: 9, Kind: people.Teacher, Code: "T" + n, FirstName: n, LastName: names[len(names)-1-i],
			Email: n + "@x.test", JoinDate: "2026-01-0" + string(rune('1'+i%9))}
		switch i % 4 {
		case 0:
			p.DepartmentID, p.UserID, p.Role = &dept, &user, "admin"
		case 1:
			p.ImageKey, p.UserID, p.Role = "k<"+n, &user, "owner"
		case 2:
			p.ArchivedAt, p.Kind, p.UserID, p.Role = &archived, people.Employee, &user, "member"
		}
		ps = append(ps, p)
	}
	for _, items := range [][]people.Person{nil, ps[:1], ps} {
		pg := database.Page{Number: 2, Size: 3}
		want := httptest.NewRecorder()
		resp := make([]personResponse, len(items))
		for i, p := range items {
			resp[i] = toPersonResponse(p)
		}
		web.List(want, resp, 57, pg)
		got := httptest.NewRecorder()
		writePeople(got, items, 57, pg)
		if got.Body.String() != want.Body.String() {
			t.Fatalf("writePeople wrote\n%s\nencoding/json writes\n%s", got.Body, want.Body)
		}
		if got.Header().Get("Content-Length") != want.Header().Get("Content-Length") {
			t.Fatalf("Content-Length %s, want %s", got.Header().Get("Content-Length"), want.Header().Get("Content-Length"))
		}
	}
}
