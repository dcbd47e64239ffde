package api

import (
	"fmt"
	"net/http"
	"sort"
	"sync"
	"time"
)

// metrics counts requests per route and status class, with their total duration, and
// serves them in the Prometheus text format.
type metrics struct {
	mu      sync.Mutex
	started time.Time
	count   map[[2]string]uint64
	seconds map[string]float64
}

func newMetrics() *metrics {
	return &metrics{started: time.Now(), count: map[[2]string]uint64{}, seconds: map[string]float64{}}
}

func (m *metrics) observe(route string, status int, d time.Duration) {
	m.mu.Lock()
	m.count[[2]string{route, fmt.Sprintf("%dxx", status/100)}]++
	m.seconds[route] += d.Seconds()
	m.mu.Unlock()
}

func (m *metrics) serve(w http.ResponseWriter, _ *http.Request) {
	m.mu.Lock()
	defer m.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; version=0.0.4")
	fmt.Fprintln(w, "# HELP hadir_uptime_seconds Seconds since the process started.")
	fmt.Fprintln(w, "# TYPE hadir_uptime_seconds gauge")
	fmt.Fprintf(w, "hadir_uptime_seconds %.0f\n", time.Since(m.started).Seconds())
	fmt.Fprintln(w, "# HELP hadir_http_requests_total API requests by route and status class.")
	fmt.Fprintln(w, "# TYPE hadir_http_requests_total counter")
	keys := make([][2]string, 0, len(m.count))
	for k := range m.count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0]+keys[i][1] < keys[j][0]+keys[j][1] })
	for _, k := range keys {
		fmt.Fprintf(w, "hadir_http_requests_total{route=%q,status=%q} %d\n", k[0], k[1], m.count[k])
	}
	fmt.Fprintln(w, "# HELP hadir_http_request_seconds_total Time spent answering API requests by route.")
	fmt.Fprintln(w, "# TYPE hadir_http_request_seconds_total counter")
	routes := make([]string, 0, len(m.seconds))
	for r := range m.seconds {
		routes = append(routes, r)
	}
	sort.Strings(routes)
	for _, r := range routes {
		fmt.Fprintf(w, "hadir_http_request_seconds_total{route=%q} %.6f\n", r, m.seconds[r])
	}
}
