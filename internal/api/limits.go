package api

import (
	"net/http"
	"sort"
	"strings"
	"unicode/utf8"

	"hadir/internal/platform/validate"
)

// maxFilterLen bounds a search term of the query (filter[...], search). Longer terms match nothing a
// person could have typed, and SQLite refuses LIKE patterns past 50,000 bytes ("LIKE or GLOB
// pattern too complex"), which answered 500.
const maxFilterLen = 255

// badText reports text no column can hold on both engines: PostgreSQL refuses invalid UTF-8
// and the NUL character in text, which answered 500.
func badText(s string) bool { return !utf8.ValidString(s) || strings.ContainsRune(s, 0) }

// checkRequest refuses, before the handler, what the handlers cannot store or search: a path
// that is not valid text (404: no item has such a key), and query values that are not valid
// text or search terms that are too long (422 naming the parameter).
func checkRequest(r *http.Request) error {
	if badText(r.URL.Path) {
		return errNotFound
	}
	if r.URL.RawQuery == "" {
		return nil
	}
	q := r.URL.Query()
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	c := validate.New()
	for _, k := range keys {
		name := k
		if badText(k) {
			name = strings.ToValidUTF8(strings.ReplaceAll(k, "\x00", ""), "?")
			c.Invalid(name)
			continue
		}
		for _, v := range q[k] {
			switch {
			case c.Has(name):
			case badText(v):
				c.Invalid(name)
			case strings.HasPrefix(k, "filter[") || k == "search":
				c.MaxLen(name, v, maxFilterLen)
			}
		}
	}
	return c.Err()
}
