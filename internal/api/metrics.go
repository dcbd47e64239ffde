package api

import (
	"context"
	"crypto/subtle"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"hadir/internal/ops"
)

// latencyBuckets are the upper bounds (seconds) of the request latency histogram.
var latencyBuckets = [...]float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// routeMetrics are one route's counters. Each route has its own, made when the route table
// is built, and they are updated with atomics: a request takes no lock to be counted.
type routeMetrics struct {
	route   string
	classes [6]atomic.Uint64 // by status class: index 1 is 1xx ... 5 is 5xx
	buckets [len(latencyBuckets) + 1]atomic.Uint64
	nanos   atomic.Uint64
}

func (m *routeMetrics) observe(status int, d time.Duration) {
	c := status / 100
	if c < 1 || c > 5 {
		c = 0
	}
	m.classes[c].Add(1)
	s := d.Seconds()
	i := sort.SearchFloat64s(latencyBuckets[:], s)
	m.buckets[i].Add(1)
	m.nanos.Add(uint64(d))
}

// metrics are the process's counters, served in the Prometheus text format at /metrics.
type metrics struct {
	started time.Time
	routes  []*routeMetrics // in route-table order
	other   *routeMetrics   // everything outside the route table (/healthz, the app, unknown paths)
	errMu   sync.Mutex
	errs    map[string]uint64 // error answers by their code
}

func newMetrics() *metrics {
	return &metrics{started: time.Now(), other: &routeMetrics{route: "other"}, errs: map[string]uint64{}}
}

func (m *metrics) route(key string) *routeMetrics {
	rm := &routeMetrics{route: key}
	m.routes = append(m.routes, rm)
	return rm
}

func (m *metrics) errorCode(code string) {
	m.errMu.Lock()
	m.errs[code]++
	m.errMu.Unlock()
}

// Gauges read at scrape time from the database and the other parts of the process.
func (a *API) gauges(ctx context.Context, w io.Writer) {
	if a.DB != nil {
		st := a.DB.Stats()
		gauge(w, "hadir_db_open_connections", "Open database connections.", float64(st.OpenConnections))
		gauge(w, "hadir_db_in_use_connections", "Database connections in use.", float64(st.InUse))
		gauge(w, "hadir_db_idle_connections", "Idle database connections.", float64(st.Idle))
		gauge(w, "hadir_db_max_open_connections", "The most database connections the pool opens.", float64(st.MaxOpenConnections))
		counter(w, "hadir_db_wait_count_total", "Times a request waited for a database connection.", float64(st.WaitCount))
		counter(w, "hadir_db_wait_seconds_total", "Time spent waiting for a database connection.", st.WaitDuration.Seconds())
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		var n int64
		if err := a.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`).Scan(&n); err == nil {
			gauge(w, "hadir_outbox_pending", "Messages in the outbox not yet sent (nor given up).", float64(n))
		}
		if err := a.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM device_commands WHERE status IN ('queued', 'sent')`).Scan(&n); err == nil {
			gauge(w, "hadir_device_commands_pending", "Device commands queued or sent and not yet answered.", float64(n))
		}
		if last, err := ops.LastSuccess(ctx, a.DB, ops.JobBackup); err == nil && last != nil {
			gauge(w, "hadir_backup_last_success_timestamp_seconds", "When the last scheduled backup finished (Unix time).", float64(last.FinishedAt.Unix()))
			gauge(w, "hadir_backup_last_size_bytes", "Size of the last scheduled backup.", float64(last.SizeBytes))
		}
		if failed, err := ops.LastFailed(ctx, a.DB, ops.JobBackup); err == nil {
			v := 0.0
			if failed {
				v = 1
			}
			gauge(w, "hadir_backup_last_failed", "1 when the latest scheduled backup failed (see the log), else 0.", v)
		}
		if last, err := ops.LastSuccess(ctx, a.DB, ops.JobRetention); err == nil && last != nil {
			gauge(w, "hadir_retention_last_success_timestamp_seconds", "When the last retention purge finished (Unix time).", float64(last.FinishedAt.Unix()))
			gauge(w, "hadir_retention_last_purged_rows", "Rows the last retention purge deleted.", float64(last.SizeBytes))
		}
		if failed, err := ops.LastFailed(ctx, a.DB, ops.JobRetention); err == nil {
			v := 0.0
			if failed {
				v = 1
			}
			gauge(w, "hadir_retention_last_failed", "1 when the latest retention purge failed (see the log), else 0.", v)
		}
	}
	if a.HashStats != nil {
		waits, refused := a.HashStats()
		counter(w, "hadir_password_hash_waits_total", "Password hashes that waited for the hashing semaphore.", float64(waits))
		counter(w, "hadir_password_hash_refused_total", "Password hashes refused (429) because the semaphore stayed full.", float64(refused))
	}
}

func gauge(w io.Writer, name, help string, v float64) { metric(w, "gauge", name, help, v) }

func counter(w io.Writer, name, help string, v float64) { metric(w, "counter", name, help, v) }

func metric(w io.Writer, kind, name, help string, v float64) {
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n%s %g\n", name, help, name, kind, name, v)
}

func (a *API) serveMetrics(w http.ResponseWriter, r *http.Request) {
	if !a.metricsAllowed(r) {
		writeErr(w, r, errForbidden)
		return
	}
	m := a.metrics
	w.Header().Set("Content-Type", "text/plain; version=0.0.4")
	w.Header().Set("Cache-Control", "no-store")
	gauge(w, "hadir_uptime_seconds", "Seconds since the process started.", float64(int64(time.Since(m.started).Seconds())))
	all := append(append([]*routeMetrics{}, m.routes...), m.other)
	fmt.Fprintln(w, "# HELP hadir_http_requests_total HTTP requests by route and status class.")
	fmt.Fprintln(w, "# TYPE hadir_http_requests_total counter")
	for _, rm := range all {
		for c := 1; c <= 5; c++ {
			if n := rm.classes[c].Load(); n > 0 {
				fmt.Fprintf(w, "hadir_http_requests_total{route=%q,status=\"%dxx\"} %d\n", rm.route, c, n)
			}
		}
	}
	fmt.Fprintln(w, "# HELP hadir_http_request_duration_seconds Time to answer HTTP requests by route.")
	fmt.Fprintln(w, "# TYPE hadir_http_request_duration_seconds histogram")
	for _, rm := range all {
		var cum uint64
		for i := range rm.buckets {
			cum += rm.buckets[i].Load()
		}
		if cum == 0 {
			continue
		}
		cum = 0
		for i, le := range latencyBuckets {
			cum += rm.buckets[i].Load()
			fmt.Fprintf(w, "hadir_http_request_duration_seconds_bucket{route=%q,le=\"%g\"} %d\n", rm.route, le, cum)
		}
		cum += rm.buckets[len(latencyBuckets)].Load()
		fmt.Fprintf(w, "hadir_http_request_duration_seconds_bucket{route=%q,le=\"+Inf\"} %d\n", rm.route, cum)
		fmt.Fprintf(w, "hadir_http_request_duration_seconds_sum{route=%q} %.6f\n", rm.route, time.Duration(rm.nanos.Load()).Seconds())
		fmt.Fprintf(w, "hadir_http_request_duration_seconds_count{route=%q} %d\n", rm.route, cum)
	}
	m.errMu.Lock()
	codes := make([]string, 0, len(m.errs))
	for c := range m.errs {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	fmt.Fprintln(w, "# HELP hadir_http_errors_total Error answers by their code.")
	fmt.Fprintln(w, "# TYPE hadir_http_errors_total counter")
	for _, c := range codes {
		fmt.Fprintf(w, "hadir_http_errors_total{code=%q} %d\n", c, m.errs[c])
	}
	m.errMu.Unlock()
	a.gauges(r.Context(), w)
}

// metricsAllowed admits a scrape that carries the configured bearer token, or that comes
// from an allowed address. The address is the TCP peer's: X-Forwarded-For is not trusted,
// since anyone can send it.
func (a *API) metricsAllowed(r *http.Request) bool {
	if a.MetricsToken != "" {
		if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok &&
			subtle.ConstantTimeCompare([]byte(strings.TrimSpace(tok)), []byte(a.MetricsToken)) == 1 {
			return true
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		slog.Debug("metrics: unreadable peer address", "addr", r.RemoteAddr)
		return false
	}
	ip = ip.Unmap()
	for _, p := range a.MetricsAllow {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}
