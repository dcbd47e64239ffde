package web

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"hadir/internal/platform/database"
)

var trickyStrings = []string{
	"", "plain", "Nur Aisyah binti Abdullah", "Jia Hui 吴佳慧 Goh", "Lucía Fernández", "emoji 👩🏽‍🏫 ok",
	`quote " and backslash \ and slash /`, "<script>alert('x')</script> & co", "tab\there\nnewline\rreturn",
	"\x00nul \x01 \x08 \x0b \x0c \x1f \x7f", "line sep \u2028 para sep \u2029 end", "bad utf8 \xff\xfe \xc3",
	"truncated \xe5\x90", "surrogate half \xed\xa0\x80", "overlong \xc0\xaf", "max rune \U0010FFFF", "\ufeffBOM",
	strings.Repeat("é<", 300),
}

func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range trickyStrings {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendString(nil, s); string(got) != string(want) {
			t.Errorf("AppendString(%q) = %s, encoding/json gives %s", s, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range trickyStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString([]byte("prefix"), s); string(got) != "prefix"+string(want) {
			t.Fatalf("AppendString(%q) = %s, encoding/json gives %s", s, got[6:], want)
		}
	})
}

// TestListJSONMatchesList: the hand-appended envelope is byte for byte what List writes.
func TestListJSONMatchesList(t *testing.T) {
	type row struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		On   bool   `json:"on"`
	}
	for _, tc := range []struct {
		rows  []row
		total int
		page  database.Page
	}{
		{nil, 0, database.Page{Number: 1, Size: 30}},
		{[]row{{1, "a<b", true}}, 1, database.Page{Number: 1, Size: 50}},
		{[]row{{7, "x", false}, {8, "y\u2028", true}}, 103, database.Page{Number: 3, Size: 2}},
	} {
		want := httptest.NewRecorder()
		List(want, tc.rows, tc.total, tc.page)
		got := httptest.NewRecorder()
		ListJSON(got, len(tc.rows), func(b []byte, i int) []byte {
			r := tc.rows[i]
			b = append(b, `{"id":`...)
			b = AppendInt(b, r.ID)
			b = append(b, `,"name":`...)
			b = AppendString(b, r.Name)
			b = append(b, `,"on":`...)
			b = AppendBool(b, r.On)
			return append(b, '}')
		}, tc.total, tc.page)
		if got.Body.String() != want.Body.String() {
			t.Errorf("ListJSON wrote\n%s\nList writes\n%s", got.Body, want.Body)
		}
		for _, h := range []string{"Content-Type", "Cache-Control", "Content-Length"} {
			if got.Header().Get(h) != want.Header().Get(h) {
				t.Errorf("%s: %q, List sets %q", h, got.Header().Get(h), want.Header().Get(h))
			}
		}
	}
}
