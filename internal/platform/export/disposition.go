package export

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// ContentDisposition returns a Content-Disposition header value for
// downloading a file named filename, following RFC 6266: a plain ASCII
// filename="..." for old clients plus filename*=UTF-8”... (RFC 5987
// percent-encoding) so browsers keep non-ASCII names such as
// "Laporan Kehadiran Müller 张伟.pdf". Path separators, quotes and control
// characters are removed so the name cannot break out of the header or
// point into a directory.
func ContentDisposition(filename string) string {
	name := cleanFilename(filename)
	return `attachment; filename="` + asciiFallback(name) + `"; filename*=UTF-8''` + encodeRFC5987(name)
}

// cleanFilename drops directory parts and characters that are unsafe in a
// header or a file name.
func cleanFilename(s string) string {
	if i := strings.LastIndexAny(s, `/\`); i >= 0 {
		s = s[i+1:]
	}
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '"' || r == unicode.ReplacementChar {
			return -1
		}
		return r
	}, s)
	s = strings.TrimSpace(s)
	if s == "" || s == "." || s == ".." {
		return "download"
	}
	return s
}

// asciiFallback strips accents (é → e) and replaces any other non-ASCII
// rune with '_', keeping the extension readable for legacy clients.
func asciiFallback(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			// combining accent: drop
		case r < 0x20 || r == 0x7f || r == '"' || r == '\\' || r == '%':
			b.WriteByte('_')
		case r < 0x80:
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// encodeRFC5987 percent-encodes every byte outside RFC 5987's attr-char set.
func encodeRFC5987(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isAttrChar(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

func isAttrChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$&+-.^_`|~", c) >= 0
}
