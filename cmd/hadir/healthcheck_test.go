package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The image's health check passes on a server answering /healthz 200 (also when it listens on
// every interface), and fails on another answer or on nothing listening.
func TestHealthcheck(t *testing.T) {
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(status)
	}))
	addr := strings.TrimPrefix(srv.URL, "http://")
	ctx := context.Background()
	if err := healthcheck(ctx, addr); err != nil {
		t.Fatal(err)
	}
	_, port, _ := strings.Cut(addr, ":")
	if err := healthcheck(ctx, "0.0.0.0:"+port); err != nil {
		t.Fatalf("wildcard address: %v", err)
	}
	status = http.StatusServiceUnavailable
	if err := healthcheck(ctx, addr); err == nil {
		t.Fatal("a 503 passed")
	}
	srv.Close()
	if err := healthcheck(ctx, addr); err == nil {
		t.Fatal("a closed server passed")
	}
}
