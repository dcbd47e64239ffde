package api

import (
	"net/http"
	"sort"
	"strings"

	"hadir/internal/platform/validate"
)

// maxFilterLen bounds a search term of the query (filter[...]). Longer terms match nothing a
// person could have typed, and SQLite refuses LIKE patterns past 50,000 bytes ("LIKE or GLOB
// pattern too complex"), which answered 500.
const maxFilterLen = 255

// checkFilters answers 422 naming the filter[...] parameter whose value is too long.
func checkFilters(r *http.Request) error {
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
		if !strings.HasPrefix(k, "filter[") {
			continue
		}
		for _, v := range q[k] {
			if !c.Has(k) {
				c.MaxLen(k, v, maxFilterLen)
			}
		}
	}
	return c.Err()
}
