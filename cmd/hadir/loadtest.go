package main

import (
	"context"
	"flag"
	"os"
	"strings"
	"time"

	"hadir/internal/demo"
	"hadir/internal/loadtest"
)

// runLoadTest is "hadir loadtest": named calls at -c clients for -d each against a running
// server, printed beside /healthz measured in the same run.
func runLoadTest(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("loadtest", flag.ExitOnError)
	var o loadtest.Options
	var calls string
	fs.StringVar(&o.Server, "server", "http://127.0.0.1:8080", "base URL of a running hadir (loopback only unless -allow-remote)")
	fs.StringVar(&o.Email, "email", "admin@school.demo", "sign-in e-mail for authenticated calls")
	fs.StringVar(&o.Password, "password", demo.Password, "sign-in password")
	fs.IntVar(&o.Clients, "c", 32, "concurrent clients")
	fs.DurationVar(&o.Duration, "d", 10*time.Second, "duration of each call")
	fs.StringVar(&calls, "calls", "people-list,daily-attendance", "comma-separated calls: healthz, people-list, daily-attendance, me, or paths starting with /")
	fs.StringVar(&o.Date, "date", "", "date of date-bound calls (YYYY-MM-DD; default today)")
	fs.BoolVar(&o.AllowRemote, "allow-remote", false, "allow a non-loopback -server")
	if err := fs.Parse(args); err != nil {
		return err
	}
	for _, c := range strings.Split(calls, ",") {
		if c = strings.TrimSpace(c); c != "" {
			o.Calls = append(o.Calls, c)
		}
	}
	rs, err := loadtest.Run(ctx, o)
	loadtest.Print(os.Stdout, o, rs)
	return err
}
