// Package api is the HTTP face of Hadir: one route table, thin handlers over the domain
// services, and the middleware that authenticates callers and checks their permissions.
package api

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"hadir/internal/account"
	"hadir/internal/attendance"
	"hadir/internal/device"
	"hadir/internal/iclock"
	"hadir/internal/leave"
	"hadir/internal/org"
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
	Devices    *device.Service
	ICLock     *iclock.Server
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
}

// New builds the handler with every route of the table.
func New(d Deps) *API {
	if d.MetricsAllow == nil {
		d.MetricsAllow = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	}
	a := &API{Deps: d, metrics: newMetrics(), mux: http.NewServeMux()}
	for _, rt := range a.Routes() {
		a.mux.Handle(rt.Method+" "+rt.Path, a.wrap(rt, a.metrics.route(rt.Method+" "+rt.Path)))
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
}

func (a *API) ready(w http.ResponseWriter, r *http.Request) {
	if err := a.DB.Ping(r.Context()); err != nil {
		http.Error(w, "database unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Write([]byte("ready\n"))
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
