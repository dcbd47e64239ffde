package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestParallelLoginsStayWithinMemoryBound starts the real `hadir serve` binary with the
// production argon2id costs (64 MiB a hash) and a hashing semaphore of `slots`, fires 48
// parallel sign-ins with unknown e-mails from 48 client addresses, and reads the server's
// peak resident memory (VmHWM). Each hash holds 64 MiB; the garbage collector lets a finished
// hash's memory linger until its next cycle (up to twice the live heap), and freed pages go
// back to the system lazily, so resident memory can reach about three times the live hashes:
// the bound is the idle peak + 3 × slots × 64 MiB + 64 MiB of slack (a clean-clone run on an
// idle machine peaked at 2 × slots × 64 MiB + 261 MiB, beyond the 2× bound first used). Without the semaphore the same
// burst held 48 hashes at once (about 3 GiB): HADIR_TEST_HASH_SLOTS=48 runs the server with a
// semaphore too wide to bound anything, against the same bound, and the test fails.
func TestParallelLoginsStayWithinMemoryBound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	const slots = 2
	serverSlots := slots
	if v := os.Getenv("HADIR_TEST_HASH_SLOTS"); v != "" {
		serverSlots, _ = strconv.Atoi(v)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "hadir")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve")
	cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "HADIR_ADDR=" + addr, "HADIR_DATA_DIR=" + filepath.Join(dir, "data"),
		"HADIR_LOG_FORMAT=json", "HADIR_HASH_CONCURRENCY=" + strconv.Itoa(serverSlots)}
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	base := "http://" + addr
	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not start: %s", logs.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	idle := peakRSS(t, cmd.Process.Pid)

	const logins = 48
	statuses := make([]int, logins)
	codes := make([]string, logins)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range logins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(fmt.Sprintf("127.0.2.%d", i+1))}}
			c := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}, Timeout: 2 * time.Minute}
			body := fmt.Sprintf(`{"email":"stranger%d@example.com","password":"guess %d"}`, i, i)
			<-start
			res, err := c.Post(base+"/api/auth/login", "application/json", strings.NewReader(body))
			if err != nil {
				statuses[i] = -1
				codes[i] = err.Error()
				return
			}
			defer res.Body.Close()
			var e struct{ Code string }
			_ = json.NewDecoder(res.Body).Decode(&e)
			statuses[i], codes[i] = res.StatusCode, e.Code
			if res.StatusCode == 429 && res.Header.Get("Retry-After") == "" {
				codes[i] += " without Retry-After"
			}
		}()
	}
	close(start)
	wg.Wait()
	peak := peakRSS(t, cmd.Process.Pid)

	checked, busy := 0, 0
	for i, s := range statuses {
		switch {
		case s == 422 && codes[i] == "auth.invalid_credentials":
			checked++
		case s == 429 && codes[i] == "auth.busy":
			busy++
		default:
			t.Fatalf("login %d: status %d code %q", i, s, codes[i])
		}
	}
	if checked < slots {
		t.Fatalf("only %d of %d logins were checked", checked, logins)
	}
	const mib = 1 << 20
	bound := idle + uint64(3*slots*64+64)*mib
	t.Logf("server slots %d: idle peak %d MiB, peak after %d parallel logins %d MiB (bound %d MiB); %d checked, %d refused busy",
		serverSlots, idle/mib, logins, peak/mib, bound/mib, checked, busy)
	if peak > bound {
		t.Fatalf("peak resident memory %d MiB exceeds the bound %d MiB", peak/mib, bound/mib)
	}
}

// peakRSS reads a process's peak resident set size (VmHWM) in bytes.
func peakRSS(t *testing.T, pid int) uint64 {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb * 1024
		}
	}
	t.Fatal("no VmHWM")
	return 0
}
