// Package api is the HTTP face of Hadir: one route table, thin handlers over the domain
// services, and the middleware that authenticates callers and checks their permissions.
package api

import (
	"context"
	"errors"
	"fmt"
	"hadir/internal/approval"
	"hadir/internal/correction"
	"hadir/internal/overtime"
	"hadir/internal/reports"
	"hadir/internal/webhook"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"hadir/internal/account"
	"hadir/internal/attendance"
	"hadir/internal/clockin"
	"hadir/internal/device"
	"hadir/internal/iclock"
	"hadir/internal/leave"
	"hadir/internal/notify"
	"hadir/internal/org"
	"hadir/internal/payroll"
	"hadir/internal/people"
	"hadir/internal/platform/database"
)

// Deps are the services the handlers call.
type Deps struct {
	DB         *database.DB
	Accounts   *account.Service
	Orgs       *org.Service
	People     *people.Service
	Attendance *attendance.Service
	Leave      *leave.Service
	Approvals  *approval.Service
	// Corrections are the members' attendance-correction requests.
	Corrections *correction.Service
	// Overtime is the members' overtime requests (issue 13).
	Overtime *overtime.Service
	Devices  *device.Service
	Clockin  *clockin.Service
	ICLock   *iclock.Server
	Notify   *notify.Service
	// Payroll is the monthly payroll export and its column mappings (issue 15).
	Payroll *payroll.Service
	// Webhooks are the organisation's registered URLs and their delivery log (issue 15).
	Webhooks *webhook.Service
	// Reports are the saved and scheduled reports (issue 15); New hands them the renderer.
	Reports *reports.Service
	// BaseURL is the public address, for links the API hands out.
	BaseURL string
	// Web is the built single-page app (index.html and assets); nil serves a short notice.
	Web fs.FS
	// MetricsToken, when set, admits a /metrics scrape that sends it as a bearer token.
	MetricsToken string
	// MetricsAllow are the peer addresses admitted to /metrics without the token; nil means
	// loopback only, an empty list none.
	MetricsAllow []netip.Prefix
	// HashStats reports the password-hash semaphore's waits and refusals for /metrics;
	// nil leaves those counters out.
	HashStats func() (waits, refused uint64)
}

// API is the HTTP handler of the whole application.
type API struct {
	Deps
	metrics *metrics
	mux     *http.ServeMux

	// StreamHeartbeat is how often an idle notification stream sends a comment line, and
	// StreamLifetime how long one lasts before the client is asked to reconnect (defaults
	// when zero; tests shorten them).
	StreamHeartbeat time.Duration
	StreamLifetime  time.Duration

	readyMu    sync.Mutex
	readyState string // what /readyz last found, to log changes only
}

// New builds the handler with every route of the table.
func New(d Deps) *API {
	if d.MetricsAllow == nil {
		d.MetricsAllow = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	}
	a := &API{Deps: d, metrics: newMetrics(), mux: http.NewServeMux()}
	for _, rt := range a.Routes() {
		// A route without a method (the terminals' catch-all) takes every method of its path.
		pattern := strings.TrimSpace(rt.Method + " " + rt.Path)
		a.mux.Handle(pattern, a.wrap(rt, a.metrics.route(pattern)))
	}
	if d.Reports != nil {
		d.Reports.SetRenderer(a.renderSavedReport)
	}
	a.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeErr(w, r, errRouteNotFound)
	})
	a.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok\n")) })
	a.mux.HandleFunc("GET /readyz", a.ready)
	a.mux.HandleFunc("GET /metrics", a.serveMetrics)
	a.mux.Handle("/", spa(d.Web))
	return a
}

// ServeHTTP implements http.Handler: it gives the request its id, recovers panics, and
// counts and logs the answer.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	id := r.Header.Get("X-Request-ID")
	if !saneRequestID(id) {
		id = newRequestID()
	}
	w.Header().Set("X-Request-ID", id)
	r = r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id))
	// JSON answers of the API above a threshold go out gzipped; the app's files are
	// precompressed at build (spa), and the device protocol keeps its plain answers.
	var cw *jsonCompressor
	if strings.HasPrefix(r.URL.Path, "/api/") {
		cw = compressJSON(w, r)
		w = cw
	}
	rec := &statusRecorder{ResponseWriter: w, status: 200}
	a.securityHeaders(rec, r)
	defer func() {
		if v := recover(); v != nil {
			slog.ErrorContext(r.Context(), "panic", "method", r.Method, "path", r.URL.Path, "panic", v)
			if !rec.wrote {
				writeErr(rec, r, errInternal)
			}
			rec.status = http.StatusInternalServerError
		}
		if cw != nil {
			cw.finish()
		}
		d := time.Since(start)
		rm := rec.route
		if rm == nil {
			rm = a.metrics.other
		}
		rm.observe(rec.status, d)
		if rec.code != "" {
			a.metrics.errorCode(rec.code)
		}
		logRequest(r, rec, d)
	}()
	a.mux.ServeHTTP(rec, r)
	if rec.unavailable != nil {
		a.DB.NoteFailure(rec.unavailable)
	}
}

// ready is /readyz: 200 while the database takes writes, else 503 with Retry-After and the
// cause (details go to the log, not to whoever polls).
func (a *API) ready(w http.ResponseWriter, r *http.Request) {
	err := a.DB.Ready(r.Context())
	a.logReadiness(err)
	if err == nil {
		w.Write([]byte("ready\n"))
		return
	}
	msg := "the database check failed"
	var nr *database.NotReadyError
	if errors.As(err, &nr) {
		msg = nr.Cause.Message()
		if nr.Ago > 0 {
			msg += fmt.Sprintf(" (a request failed %s ago)", nr.Ago.Round(time.Second))
		}
	}
	w.Header().Set("Retry-After", "5")
	http.Error(w, "not ready: "+msg, http.StatusServiceUnavailable)
}

// logReadiness logs when readiness changes (not on every poll).
func (a *API) logReadiness(err error) {
	state := "ready"
	var nr *database.NotReadyError
	if errors.As(err, &nr) {
		state = string(nr.Cause)
	} else if err != nil {
		state = "failed"
	}
	a.readyMu.Lock()
	prev := a.readyState
	a.readyState = state
	a.readyMu.Unlock()
	switch {
	case prev == state, prev == "" && err == nil:
	case err == nil:
		slog.Info("ready again: the database takes writes")
	default:
		slog.Error("not ready", "cause", state, "err", err)
	}
}

type principalKey struct{}

func withPrincipal(ctx context.Context, p account.Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// principal is the authenticated caller; the middleware guarantees it on non-public routes.
func principal(r *http.Request) account.Principal {
	p, _ := r.Context().Value(principalKey{}).(account.Principal)
	return p
}

// statusRecorder notes what the answer was, for the metrics and the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	wrote  bool
	route  *routeMetrics // nil outside the route table
	orgID  int64         // the caller's organisation, once authenticated
	code   string        // the code of an error answer
	// unavailable is the database failure writeErr answered 503 for, noted for /readyz.
	unavailable *database.UnavailableError
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }
