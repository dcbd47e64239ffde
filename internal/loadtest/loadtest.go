// Package loadtest drives named API calls against a running Hadir server from many clients
// at once and reports throughput and latency beside /healthz measured in the same run, so
// that a figure always says how far a call is from the server's bare HTTP ceiling
// (issue 9, "Throughput"; figures in docs/benchmarks.md).
package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"
)

// Options say what to drive and for how long.
type Options struct {
	Server   string        // base URL, e.g. http://127.0.0.1:8080 (loopback only)
	Email    string        // sign-in for authenticated calls
	Password string        // sign-in for authenticated calls
	Clients  int           // concurrent clients, each with its own keep-alive connection
	Duration time.Duration // per call
	Calls    []string      // named calls (see Named) or paths starting with "/"
	Date     string        // the date of date-bound calls (YYYY-MM-DD); empty: today
	// AllowRemote lets Server name a non-loopback host; without it only loopback is driven.
	AllowRemote bool
}

// Named are the calls known by name; every other call must be a path.
var Named = map[string]string{
	"healthz":          "/healthz",
	"people-list":      "/api/school/employee/teacher?page[size]=50",
	"daily-attendance": "/api/school/attendance/teacher?date={date}",
	"me":               "/api/verify",
}

// Result is one call's figures.
type Result struct {
	Call     string
	Path     string
	Requests int
	Errors   int
	Seconds  float64
	P50, P99 time.Duration
	// FirstError is an example of what failed, to tell a wrong path from an overloaded server.
	FirstError string
}

// PerSecond is the throughput of successful and failed requests together.
func (r Result) PerSecond() float64 {
	if r.Seconds == 0 {
		return 0
	}
	return float64(r.Requests) / r.Seconds
}

// Run signs in, then drives /healthz and each call in turn for the duration, and returns
// /healthz first, then the calls in the order given.
func Run(ctx context.Context, o Options) ([]Result, error) {
	base, err := url.Parse(strings.TrimRight(o.Server, "/"))
	if err != nil || base.Host == "" {
		return nil, fmt.Errorf("loadtest: -server must be a URL like http://127.0.0.1:8080")
	}
	if !o.AllowRemote && !loopback(base.Hostname()) {
		return nil, fmt.Errorf("loadtest: %s is not a loopback address (pass -allow-remote to drive it anyway)", base.Hostname())
	}
	if o.Clients <= 0 {
		o.Clients = 32
	}
	if o.Duration <= 0 {
		o.Duration = 10 * time.Second
	}
	if o.Date == "" {
		o.Date = time.Now().Format(time.DateOnly)
	}
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		MaxIdleConns: o.Clients * 2, MaxIdleConnsPerHost: o.Clients * 2, IdleConnTimeout: time.Minute, DisableCompression: true}}
	var token string
	calls := []string{"healthz"}
	for _, c := range o.Calls {
		if c != "healthz" {
			calls = append(calls, c)
		}
	}
	for _, c := range calls {
		if _, ok := Named[c]; !ok && !strings.HasPrefix(c, "/") {
			return nil, fmt.Errorf("loadtest: unknown call %q (named: healthz, people-list, daily-attendance, me; or a path starting with /)", c)
		}
	}
	for _, c := range calls {
		if c != "healthz" && token == "" {
			if token, err = signIn(ctx, client, base.String(), o.Email, o.Password); err != nil {
				return nil, err
			}
		}
	}
	var out []Result
	for _, c := range calls {
		path, ok := Named[c]
		if !ok {
			path = c
		}
		path = strings.ReplaceAll(path, "{date}", o.Date)
		auth := ""
		if c != "healthz" {
			auth = "Bearer " + token
		}
		res := drive(ctx, client, base.String()+path, auth, o.Clients, o.Duration)
		res.Call, res.Path = c, path
		out = append(out, res)
		if ctx.Err() != nil {
			return out, ctx.Err()
		}
	}
	return out, nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func signIn(ctx context.Context, c *http.Client, base, email, password string) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/auth/login", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return "", fmt.Errorf("loadtest: sign in: %w", err)
	}
	defer resp.Body.Close()
	var ans struct {
		Data struct {
			AccessToken string `json:"access_token"`
		} `json:"data"`
		Code string `json:"code"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&ans)
	if resp.StatusCode != http.StatusOK || ans.Data.AccessToken == "" {
		return "", fmt.Errorf("loadtest: sign in as %s: status %d %s", email, resp.StatusCode, ans.Code)
	}
	return ans.Data.AccessToken, nil
}

// drive sends GET url from n clients until the duration has passed and measures each request.
func drive(ctx context.Context, c *http.Client, target, auth string, n int, d time.Duration) Result {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var (
		mu       sync.Mutex
		lat      []time.Duration
		errs     int
		firstErr string
		wg       sync.WaitGroup
	)
	start := time.Now()
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := make([]time.Duration, 0, 4096)
			bad := 0
			example := ""
			for ctx.Err() == nil {
				t0 := time.Now()
				status, err := get(ctx, c, target, auth)
				if ctx.Err() != nil {
					break // answered after the end of the run, or cut off by it: not counted
				}
				mine = append(mine, time.Since(t0))
				if err != nil || status != http.StatusOK {
					bad++
					if example == "" {
						example = fmt.Sprintf("status %d %v", status, err)
					}
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			errs += bad
			if firstErr == "" {
				firstErr = example
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	res := Result{Requests: len(lat), Errors: errs, Seconds: time.Since(start).Seconds(), FirstError: firstErr}
	slices.Sort(lat)
	res.P50, res.P99 = quantile(lat, 0.50), quantile(lat, 0.99)
	return res
}

func get(ctx context.Context, c *http.Client, target, auth string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return 0, err
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if errors.Is(err, context.DeadlineExceeded) {
		return resp.StatusCode, err
	}
	return resp.StatusCode, err
}

func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted)-1) * q)
	return sorted[i]
}

// Print writes the results as a table; every call is shown as a share of /healthz.
func Print(w io.Writer, o Options, rs []Result) {
	fmt.Fprintf(w, "%d clients, %s per call, against %s\n", o.Clients, o.Duration, o.Server)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "call\treq/s\t% of healthz\tp50 ms\tp99 ms\trequests\terrors\t")
	var health float64
	for _, r := range rs {
		if r.Call == "healthz" {
			health = r.PerSecond()
		}
	}
	for _, r := range rs {
		share := "-"
		if health > 0 {
			share = fmt.Sprintf("%.1f%%", 100*r.PerSecond()/health)
		}
		fmt.Fprintf(tw, "%s\t%.0f\t%s\t%.2f\t%.2f\t%d\t%d\t\n", r.Call, r.PerSecond(), share, ms(r.P50), ms(r.P99), r.Requests, r.Errors)
	}
	tw.Flush()
	for _, r := range rs {
		if r.Errors > 0 {
			fmt.Fprintf(w, "%s (%s): %d errors, e.g. %s\n", r.Call, r.Path, r.Errors, r.FirstError)
		}
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
