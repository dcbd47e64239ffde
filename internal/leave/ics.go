package leave

import (
	"strings"
	"unicode/utf8"
)

// escICS escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma get a
// backslash; every line break (LF, CR+LF, a lone CR, U+2028, U+2029, NEL) becomes the two
// characters \n; other control characters, which TEXT does not allow, are dropped. The
// result holds no CR or LF at all, so a value can never end its content line and start a
// line of its own (issue 9 D6: a bare CR in a name injected events for lenient readers).
func escICS(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == ';':
			b.WriteString(`\;`)
		case r == ',':
			b.WriteString(`\,`)
		case r == '\r':
			if i < len(s) && s[i] == '\n' {
				i++
			}
			b.WriteString(`\n`)
		case r == '\n', r == 0x2028, r == 0x2029, r == 0x85:
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteRune(r)
		case r < 0x20, r >= 0x7F && r <= 0x9F, r == utf8.RuneError && size == 1:
			// CONTROL characters and invalid UTF-8 are not TEXT: drop them.
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// foldICS folds a content line longer than 75 octets (RFC 5545 §3.1): CRLF and one space
// before each further 74 octets, never inside a UTF-8 sequence.
func foldICS(s string) string {
	if len(s) <= 75 {
		return s
	}
	var b strings.Builder
	n := 0
	for _, r := range s {
		l := utf8.RuneLen(r)
		if l < 0 {
			l = 3 // RuneError is written as U+FFFD
		}
		if n+l > 75 {
			b.WriteString("\r\n ")
			n = 1
		}
		b.WriteRune(r)
		n += l
	}
	return b.String()
}
