package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"hadir/internal/demo"
	"hadir/internal/loadtest"
	"hadir/internal/platform/database"
)

// runLoadTest is "hadir loadtest": named calls at -c clients for -d each against a running
// server, printed beside /healthz measured in the same run. With -spawn it first starts a
// server of this same binary on a fresh database seeded with the demo data, and stops it
// (and drops its data) at the end.
func runLoadTest(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("loadtest", flag.ExitOnError)
	var o loadtest.Options
	var calls, dbURL string
	var spawn bool
	var teachers int
	fs.StringVar(&o.Server, "server", "http://127.0.0.1:8080", "base URL of a running hadir (loopback only unless -allow-remote)")
	fs.StringVar(&o.Email, "email", "admin@school.demo", "sign-in e-mail for authenticated calls")
	fs.StringVar(&o.Password, "password", demo.Password, "sign-in password")
	fs.IntVar(&o.Clients, "c", 32, "concurrent clients")
	fs.DurationVar(&o.Duration, "d", 10*time.Second, "duration of each call")
	fs.StringVar(&calls, "calls", "people-list,daily-attendance", "comma-separated calls: healthz, people-list, daily-attendance, me, or paths starting with /")
	fs.StringVar(&o.Date, "date", "", "date of date-bound calls (YYYY-MM-DD; default today)")
	fs.BoolVar(&o.AllowRemote, "allow-remote", false, "allow a non-loopback -server")
	fs.BoolVar(&spawn, "spawn", false, "start a server of this binary on a fresh seeded database on loopback, drive it, stop it")
	fs.IntVar(&teachers, "teachers", 1000, "with -spawn: teachers in the demo school")
	fs.StringVar(&dbURL, "database-url", "", "with -spawn: a postgres:// URL (a fresh schema is made in it and dropped); empty for SQLite in a temp dir")
	if err := fs.Parse(args); err != nil {
		return err
	}
	for _, c := range strings.Split(calls, ",") {
		if c = strings.TrimSpace(c); c != "" {
			o.Calls = append(o.Calls, c)
		}
	}
	if spawn {
		server, stop, err := spawnServer(ctx, teachers, dbURL)
		if err != nil {
			return err
		}
		defer stop()
		o.Server = server
	}
	rs, err := loadtest.Run(ctx, o)
	loadtest.Print(os.Stdout, o, rs)
	return err
}

// spawnServer seeds a fresh database and serves it on a free loopback port; stop ends the
// server and removes the data.
func spawnServer(ctx context.Context, teachers int, dbURL string) (string, func(), error) {
	self, err := os.Executable()
	if err != nil {
		return "", nil, err
	}
	dir, err := os.MkdirTemp("", "hadir-loadtest-")
	if err != nil {
		return "", nil, err
	}
	cleanups := []func(){func() { os.RemoveAll(dir) }}
	stop := func() {
		for i := len(cleanups) - 1; i >= 0; i-- {
			cleanups[i]()
		}
	}
	env := append(os.Environ(), "HADIR_DATA_DIR="+dir, "HADIR_LOG_FORMAT=text", "HADIR_SMTP_URL=")
	if dbURL != "" {
		u, drop, err := freshSchema(dbURL)
		if err != nil {
			stop()
			return "", nil, err
		}
		cleanups = append(cleanups, drop)
		env = append(env, "HADIR_DATABASE_URL="+u)
	} else {
		env = append(env, "HADIR_DATABASE_URL=")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		stop()
		return "", nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	env = append(env, "HADIR_ADDR="+addr, "HADIR_BASE_URL=http://"+addr)
	fmt.Fprintf(os.Stderr, "seeding a school of %d teachers in %s ...\n", teachers, dir)
	seed := exec.CommandContext(ctx, self, "demo", "-teachers", strconv.Itoa(teachers))
	seed.Env = env
	if out, err := seed.CombinedOutput(); err != nil {
		stop()
		return "", nil, fmt.Errorf("loadtest: seeding: %w\n%s", err, out)
	}
	logf, err := os.Create(filepath.Join(dir, "serve.log"))
	if err != nil {
		stop()
		return "", nil, err
	}
	srv := exec.Command(self, "serve")
	srv.Env = env
	srv.Stdout, srv.Stderr = logf, logf
	if err := srv.Start(); err != nil {
		stop()
		return "", nil, err
	}
	cleanups = append(cleanups, func() {
		_ = srv.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = srv.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = srv.Process.Kill()
			<-done
		}
		logf.Close()
		reportServerErrors(logf.Name())
	})
	base := "http://" + addr
	for deadline := time.Now().Add(60 * time.Second); ; {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			stop()
			return "", nil, errors.New("loadtest: the spawned server did not become ready; see " + logf.Name())
		}
		time.Sleep(100 * time.Millisecond)
	}
	fmt.Fprintf(os.Stderr, "serving on %s\n", base)
	return base, stop, nil
}

// freshSchema makes an empty schema in a PostgreSQL database and returns the URL that uses
// it, and the function that drops it.
func freshSchema(dbURL string) (string, func(), error) {
	db, err := database.Open(dbURL)
	if err != nil {
		return "", nil, err
	}
	schema := fmt.Sprintf("loadtest_%d", rand.Int64N(1<<40))
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("loadtest: create schema: %w", err)
	}
	u, err := url.Parse(dbURL)
	if err != nil {
		db.Close()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), func() {
		_, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE")
		db.Close()
	}, nil
}

// reportServerErrors prints the spawned server's error lines (at most 20) before its data
// directory is removed, so that a failed call can be explained.
func reportServerErrors(path string) {
	b, err := os.ReadFile(path)
	if err != nil {
		return
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if strings.Contains(line, "level=ERROR") || strings.Contains(line, "level=WARN") {
			if n == 0 {
				fmt.Fprintln(os.Stderr, "server errors:")
			}
			if n++; n > 20 {
				break
			}
			fmt.Fprintln(os.Stderr, "  "+line)
		}
	}
}
