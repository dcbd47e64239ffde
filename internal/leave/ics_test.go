package leave

import (
	"strings"
	"testing"
	"unicode/utf8"
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
