package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

type requestIDKey struct{}

// RequestID is the id of the request ctx belongs to ("" outside a request). Every answer
// carries it in the X-Request-ID header, and every log line made with the request's context
// carries it as request_id (see LogHandler), so an answer a user reports can be found in
// the logs.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// requestIDPrefix makes the ids of this process distinct from other nodes'; a counter makes
// them distinct within it, without reading randomness on every request.
var (
	requestIDPrefix = func() string {
		b := make([]byte, 4)
		_, _ = rand.Read(b)
		return hex.EncodeToString(b)
	}()
	requestSeq atomic.Uint64
)

func newRequestID() string {
	return requestIDPrefix + "-" + strconv.FormatUint(requestSeq.Add(1), 36)
}

// saneRequestID accepts an incoming id (from a proxy or a client) that cannot break a log
// line or a header: 1 to 64 letters, digits, '-', '_', '.' or ':'.
func saneRequestID(id string) bool {
	if len(id) == 0 || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}

// slowRequest is the answer time past which a successful request is logged as a warning.
const slowRequest = time.Second

// logRequest writes one line per request. It runs on every request, so it is cheap for the
// common case: successful answers are logged at debug level only, and a disabled level costs
// one check. Client errors (4xx) are logged at info, server errors (5xx) at error, and slow
// answers at warn, so that the default level (info) shows what needs attention without
// writing a line per successful call under load.
func logRequest(r *http.Request, rec *statusRecorder, d time.Duration) {
	level := slog.LevelDebug
	switch {
	case rec.status >= 500:
		level = slog.LevelError
	case rec.status >= 400:
		level = slog.LevelInfo
	case d >= slowRequest:
		level = slog.LevelWarn
	}
	ctx := r.Context()
	if !slog.Default().Enabled(ctx, level) {
		return
	}
	route := "other"
	if rec.route != nil {
		route = rec.route.route
	}
	attrs := []slog.Attr{slog.String("method", r.Method), slog.String("route", route), slog.String("path", r.URL.Path),
		slog.Int("status", rec.status), slog.Float64("duration_ms", float64(d.Microseconds())/1000)}
	if rec.orgID != 0 {
		attrs = append(attrs, slog.Int64("org_id", rec.orgID))
	}
	if rec.code != "" {
		attrs = append(attrs, slog.String("code", rec.code))
	}
	slog.LogAttrs(ctx, level, "request", attrs...)
}

// noteErrorCode keeps the code of an error answer on the recorder, for the metrics and the
// request log.
func noteErrorCode(w http.ResponseWriter, code string) {
	if rec := findRecorder(w); rec != nil {
		rec.code = code
	}
}

// findRecorder returns the statusRecorder beneath w's wrappers, or nil.
func findRecorder(w http.ResponseWriter) *statusRecorder {
	for w != nil {
		if rec, ok := w.(*statusRecorder); ok {
			return rec
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return nil
		}
		w = u.Unwrap()
	}
	return nil
}

// LogHandler adds the request id of a log call's context to every record, so that the lines
// a request causes (its errors among them) can be found by the id its answer carried.
func LogHandler(h slog.Handler) slog.Handler { return requestIDHandler{h} }

type requestIDHandler struct{ slog.Handler }

func (h requestIDHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h requestIDHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return requestIDHandler{h.Handler.WithAttrs(as)}
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}
