package leave

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestAttachmentName: a browser's file name is kept as storable text (PostgreSQL refuses NUL
// and invalid UTF-8, which answered 500), and a long name is not cut inside a character.
func TestAttachmentName(t *testing.T) {
	for in, want := range map[string]string{
		"note.pdf":        "note.pdf",
		"a\x00b\r\n.pdf":  "ab.pdf",
		"bad\xff\xfe.pdf": "bad\uFFFD.pdf",
		"ሰላም.pdf":         "ሰላም.pdf",
		"\x1b[31mred.png": "[31mred.png",
	} {
		if got := attachmentName(in); got != want {
			t.Errorf("attachmentName(%q) = %q, want %q", in, got, want)
		}
	}
	long := attachmentName(strings.Repeat("é", 300))
	if !utf8.ValidString(long) || utf8.RuneCountInString(long) != 200 {
		t.Errorf("a long name: %d characters, valid %v", utf8.RuneCountInString(long), utf8.ValidString(long))
	}
}
