package httpbench_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A user's browser is never in the server's process. The benchmarks' own client is (it is
// the quickest way to time many calls), and on a machine of two cores it shares the Go
// runtime with the server: while the server waits for PostgreSQL, the runtime's idle
// threads spin looking for the client's work on the cores PostgreSQL needs. One client's
// PostgreSQL page took 0.249 ms with GOMAXPROCS=2 and 0.209 ms with GOMAXPROCS=1 (SQLite,
// which never waits on another process, 0.134 ms both ways). So each benchmark also times
// the same calls from a client in a process of its own (this test binary run again as
// TestHTTPBenchClient), as a user's are: "client-ms/op", and at PostgreSQL "pg/sqlite",
// the ratio of the two engines' client times at the same size (issue 16's "PostgreSQL
// within 1.5× of SQLite").

const clientEnv = "HADIR_HTTPBENCH_CLIENT"

type clientJob struct {
	URL, Token string
	N, Warm    int
}

// outOfProcess times n GETs of url from a separate process and returns ms per call.
func outOfProcess(b *testing.B, url, token string, n, warm int) float64 {
	b.Helper()
	job, _ := json.Marshal(clientJob{URL: url, Token: token, N: n, Warm: warm})
	cmd := exec.Command(os.Args[0], "-test.run=^TestHTTPBenchClient$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), clientEnv+"="+string(job))
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("client process: %v\n%s", err, out)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "client-ns "); ok {
			ns, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			return float64(ns) / 1e6 / float64(n)
		}
	}
	b.Fatalf("client process said no time:\n%s", out)
	return 0
}

// TestHTTPBenchClient is the client process of outOfProcess; run by itself it does nothing.
func TestHTTPBenchClient(t *testing.T) {
	raw := os.Getenv(clientEnv)
	if raw == "" {
		t.Skip("the benchmarks' out-of-process client (" + clientEnv + " not set)")
	}
	var job clientJob
	if err := json.Unmarshal([]byte(raw), &job); err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	get := func() {
		req, _ := http.NewRequest("GET", job.URL, nil)
		req.Header.Set("Authorization", "Bearer "+job.Token)
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		n, err := io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 || n == 0 {
			t.Fatalf("GET %s: %d, %d bytes, %v", job.URL, res.StatusCode, n, err)
		}
	}
	for i := 0; i < job.Warm; i++ {
		get()
	}
	t0 := time.Now()
	for i := 0; i < job.N; i++ {
		get()
	}
	fmt.Printf("client-ns %d\n", time.Since(t0).Nanoseconds())
}
