package web

import (
	"hadir/internal/platform/jsontext"
	"math"
	"net/http"
	"strconv"
	"sync"

	"hadir/internal/platform/database"
)

// This file writes list answers whose rows are appended by hand-written encoders instead of
// encoding/json's reflection: for a page of 50 people, reflection over a map envelope and
// 50 structs was a sixth of the call (issue 9, "Throughput"). The bytes are the same as
// JSON's: AppendString escapes exactly as encoding/json does (HTML characters, U+2028,
// U+2029, invalid UTF-8), which jsonappend_test.go checks against it.

// ListJSON writes {"data": [...], "meta": {"pagination": ...}} as List does, with each of
// the n items appended by item (which must append one complete JSON value).
func ListJSON(w http.ResponseWriter, n int, item func(b []byte, i int) []byte, total int, p database.Page) {
	buf := appendBuffers.Get().(*[]byte)
	b := append((*buf)[:0], `{"data":[`...)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = item(b, i)
	}
	pages := 0
	if p.Size > 0 {
		pages = int(math.Ceil(float64(total) / float64(p.Size)))
	}
	b = append(b, `],"meta":{"pagination":{"total":`...)
	b = strconv.AppendInt(b, int64(total), 10)
	b = append(b, `,"count":`...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, `,"per_page":`...)
	b = strconv.AppendInt(b, int64(p.Size), 10)
	b = append(b, `,"current_page":`...)
	b = strconv.AppendInt(b, int64(p.Number), 10)
	b = append(b, `,"total_pages":`...)
	b = strconv.AppendInt(b, int64(pages), 10)
	b = append(b, "}}}\n"...)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
	if cap(b) <= 1<<20 {
		*buf = b
		appendBuffers.Put(buf)
	}
}

var appendBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// AppendString appends s as a JSON string, escaped exactly as encoding/json escapes it (see
// jsontext.AppendString).
func AppendString(b []byte, s string) []byte { return jsontext.AppendString(b, s) }

// AppendInt appends n as a JSON number.
func AppendInt(b []byte, n int64) []byte { return strconv.AppendInt(b, n, 10) }

// AppendBool appends true or false.
func AppendBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }
