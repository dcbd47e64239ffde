//go:build pprof

// A profiling build (go build -tags pprof ./cmd/hadir) serves net/http/pprof on
// HADIR_PPROF_ADDR (a loopback address, e.g. 127.0.0.1:6060) beside the application, so that
// `hadir loadtest` runs can be profiled. Release builds never contain it.
package main

import (
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof" // registers /debug/pprof on http.DefaultServeMux
	"os"
)

func init() {
	addr := os.Getenv("HADIR_PPROF_ADDR")
	// Only the server profiles: `hadir loadtest -spawn` passes its environment to the server
	// it starts, and would otherwise take the address first.
	if addr == "" || len(os.Args) < 2 || os.Args[1] != "serve" {
		return
	}
	if host, _, err := net.SplitHostPort(addr); err != nil || !net.ParseIP(host).IsLoopback() {
		slog.Error("HADIR_PPROF_ADDR must be a loopback host:port", "addr", addr)
		return
	}
	go func() {
		slog.Info("pprof listening", "addr", addr)
		if err := http.ListenAndServe(addr, nil); err != nil {
			slog.Error("pprof", "err", err)
		}
	}()
}
