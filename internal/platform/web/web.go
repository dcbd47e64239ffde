// Package web holds the HTTP plumbing shared by every handler: JSON decoding with field
// errors, the response envelope, paging parameters and the error shape.
package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"

	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// MaxBodyBytes bounds a JSON request body.
const MaxBodyBytes = 1 << 20

// MaxPageSize caps page[size].
const MaxPageSize = 150

// Error is an error with its HTTP status and stable code.
type Error struct {
	Status  int
	Code    string
	Message string
	Fields  validate.Errors
}

func (e *Error) Error() string { return e.Message }

// NewError builds an Error.
func NewError(status int, code, message string) *Error {
	return &Error{Status: status, Code: code, Message: message}
}

// ErrorBody is the JSON shape of every error answer.
type ErrorBody struct {
	Message string                       `json:"message"`
	Code    string                       `json:"code"`
	Errors  map[string][]string          `json:"errors,omitempty"`
	Details map[string][]validate.Detail `json:"details,omitempty"`
}

// WriteError writes an *Error.
func WriteError(w http.ResponseWriter, e *Error) {
	body := ErrorBody{Message: e.Message, Code: e.Code}
	if len(e.Fields) > 0 {
		body.Errors = e.Fields.Messages()
		body.Details = e.Fields
	}
	JSON(w, e.Status, body)
}

// JSON writes v with a status.
func JSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	if v == nil {
		w.WriteHeader(status)
		return
	}
	// Encode into a pooled buffer and send it in one write with its length: a list of 50
	// people went out as several chunked writes before (issue 9, "Throughput").
	buf := jsonBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= 1<<20 {
			jsonBuffers.Put(buf)
		}
	}()
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		w.WriteHeader(http.StatusInternalServerError) // a value JSON cannot hold: a bug
		return
	}
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

var jsonBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Data writes {"data": v}.
func Data(w http.ResponseWriter, status int, v any) {
	JSON(w, status, map[string]any{"data": v})
}

// Pagination is the meta block of a list answer.
type Pagination struct {
	Total       int `json:"total"`
	Count       int `json:"count"`
	PerPage     int `json:"per_page"`
	CurrentPage int `json:"current_page"`
	TotalPages  int `json:"total_pages"`
}

// List writes {"data": items, "meta": {"pagination": ...}}.
func List[T any](w http.ResponseWriter, items []T, total int, p database.Page) {
	if items == nil {
		items = []T{}
	}
	pages := 0
	if p.Size > 0 {
		pages = int(math.Ceil(float64(total) / float64(p.Size)))
	}
	JSON(w, http.StatusOK, map[string]any{
		"data": items,
		"meta": map[string]any{"pagination": Pagination{
			Total: total, Count: len(items), PerPage: p.Size, CurrentPage: p.Number, TotalPages: pages,
		}},
	})
}

// Paging reads page[number] and page[size] (also page_number), with a default size.
func Paging(r *http.Request, defaultSize int) (database.Page, error) {
	q := r.URL.Query()
	p := database.Page{Number: 1, Size: defaultSize}
	c := validate.New()
	num := q.Get("page[number]")
	if num == "" {
		num = q.Get("page_number")
	}
	if num != "" {
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > 1_000_000 {
			c.Invalid("page[number]")
		} else {
			p.Number = n
		}
	}
	if s := q.Get("page[size]"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			c.Invalid("page[size]")
		} else {
			p.Size = min(n, MaxPageSize)
		}
	}
	return p, c.Err()
}

// Decode reads a JSON body into dst. Malformed JSON or a value of the wrong type for a field
// becomes a validation error naming the field.
func Decode(w http.ResponseWriter, r *http.Request, dst any) error {
	return DecodeMax(w, r, dst, MaxBodyBytes)
}

// DecodeMax is Decode with another bound on the body, for bulk calls.
func DecodeMax(w http.ResponseWriter, r *http.Request, dst any, maxBytes int64) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBytes)
	raw, err := io.ReadAll(r.Body)
	if err == nil {
		err = json.NewDecoder(bytes.NewReader(raw)).Decode(dst)
		if err == nil && bytes.Contains(raw, []byte(`\u0000`)) {
			// PostgreSQL cannot store the NUL character in text (it answered 500).
			var v any
			if json.Unmarshal(raw, &v) == nil {
				if field, ok := nulField("body", v); ok {
					return validate.Field(field, "validation.control_chars", field+" must not contain control characters (found U+0000)")
				}
			}
		}
	}
	if err == nil || errors.Is(err, io.EOF) {
		return nil
	}
	var tErr *json.UnmarshalTypeError
	var mErr *http.MaxBytesError
	switch {
	case errors.As(err, &tErr):
		field := tErr.Field
		if field == "" {
			field = "body"
		}
		return validate.Field(field, "validation.invalid", fmt.Sprintf("%s is not valid (expected %s)", field, tErr.Type))
	case errors.As(err, &mErr):
		return NewError(http.StatusRequestEntityTooLarge, "request.too_large", "the request body is too large")
	default:
		return &Error{Status: http.StatusUnprocessableEntity, Code: "request.invalid_json",
			Message: "the request body is not valid JSON", Fields: validate.Field("body", "validation.invalid", "the request body is not valid JSON")}
	}
}

// nulField finds the first field of a decoded JSON value whose key or text holds a NUL
// character; nested fields are named by their top-level key.
func nulField(name string, v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return name, strings.ContainsRune(x, 0)
	case []any:
		for _, e := range x {
			if _, ok := nulField(name, e); ok {
				return name, true
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			field := k
			if name != "body" {
				field = name
			}
			if strings.ContainsRune(k, 0) {
				return name, true
			}
			if _, ok := nulField(field, x[k]); ok {
				return field, true
			}
		}
	}
	return "", false
}

// ID reads a required positive integer id from the query, a form value or a decoded body value.
func ID(field, raw string) (int64, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return 0, validate.Field(field, "validation.required", field+" is required")
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < 1 {
		return 0, validate.Field(field, "validation.invalid", field+" is not valid")
	}
	return n, nil
}
