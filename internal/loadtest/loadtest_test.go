package loadtest_test

import (
	"bytes"
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/loadtest"
	"hadir/internal/platform/auth"
	"hadir/internal/testdb"
)

// A short run against the real API over loopback: every call answers, and is printed beside
// /healthz.
func TestRun(t *testing.T) {
	ctx := context.Background()
	a, err := app.New(ctx, config.Default(), testdb.New(t), app.Options{Hash: auth.TestHashParams})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.API)
	defer srv.Close()
	if _, err := a.Accounts.RegisterSchool(ctx, account.SchoolSignup{Name: "Load", Code: "L1", Email: "office@load.test",
		ContactNumber: "+60 3-1234 5678", Timezone: "Asia/Kuala_Lumpur", AdminName: "Owner", AdminEmail: "owner@load.test",
		Password: "correct horse battery", Terms: true}, account.ClientMeta{IP: "test"}); err != nil {
		t.Fatal(err)
	}
	o := loadtest.Options{Server: srv.URL, Email: "owner@load.test", Password: "correct horse battery", Clients: 4,
		Duration: 200 * time.Millisecond, Calls: []string{"people-list", "daily-attendance", "/api/verify"}}
	rs, err := loadtest.Run(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 4 || rs[0].Call != "healthz" {
		t.Fatalf("results %+v", rs)
	}
	for _, r := range rs {
		if r.Requests == 0 || r.Errors != 0 || r.P99 < r.P50 {
			t.Errorf("%s: %+v", r.Call, r)
		}
	}
	var out bytes.Buffer
	loadtest.Print(&out, o, rs)
	for _, want := range []string{"healthz", "people-list", "daily-attendance", "/api/verify", "% of healthz", "100.0%"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		o    loadtest.Options
	}{
		{"remote", loadtest.Options{Server: "http://192.0.2.1:8080", Calls: []string{"healthz"}}},
		{"unknown_call", loadtest.Options{Server: "http://127.0.0.1:1", Calls: []string{"nonsense"}, Duration: time.Millisecond}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := loadtest.Run(context.Background(), c.o)
			if err == nil || !strings.Contains(err.Error(), map[string]string{"remote": "loopback", "unknown_call": "unknown call"}[c.name]) {
				t.Fatalf("error %v", err)
			}
		})
	}
}
