package api_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/notify"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// rawStream opens a notification stream and sends each line it reads on a channel, which
// closes when the server ends the answer.
func rawStream(t *testing.T, url, token string) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/notifications/stream", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if res.StatusCode != 200 {
		cancel()
		t.Fatalf("stream: %d", res.StatusCode)
	}
	out := make(chan string, 100)
	done := make(chan struct{})
	t.Cleanup(func() { cancel(); <-done })
	go func() {
		defer close(done)
		defer close(out)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			out <- sc.Text()
		}
	}()
	return out
}

// waitLine reads lines until one satisfies ok; it fails when the stream ends first or nothing
// comes within the time.
func waitLine(t *testing.T, ch <-chan string, within time.Duration, what string, ok func(string) bool) {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case line, open := <-ch:
			if !open {
				t.Fatalf("the stream ended before %s", what)
			}
			if ok(line) {
				return
			}
		case <-deadline:
			t.Fatalf("no %s within %s", what, within)
		}
	}
}

// TestNotificationStreamCapPerUser: a user holds at most notify.MaxStreamsPerUser streams on a
// node. Opening one more ends the oldest with a "superseded" event (and its answer); the
// others, and the new one, still hear a new notification.
func TestNotificationStreamCapPerUser(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.app.API.StreamLifetime = time.Minute
		f := newNotifyFixture(e, "Cap School")
		var streams []<-chan string
		for i := range notify.MaxStreamsPerUser {
			streams = append(streams, rawStream(t, e.srv.URL, f.s.token))
			for deadline := time.Now().Add(5 * time.Second); e.app.Notify.Hub.Subscribers() < i+1; time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("stream %d never subscribed", i+1)
				}
			}
		}
		newest := rawStream(t, e.srv.URL, f.s.token)
		waitLine(t, streams[0], 5*time.Second, "superseded event on the oldest stream", func(l string) bool { return l == "event: superseded" })
		for line := range streams[0] { // the answer ends after it
			if strings.HasPrefix(line, "event: notification") {
				t.Fatal("the superseded stream went on")
			}
		}
		for deadline := time.Now().Add(5 * time.Second); e.app.Notify.Hub.Subscribers() != notify.MaxStreamsPerUser; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d subscribers, want %d", e.app.Notify.Hub.Subscribers(), notify.MaxStreamsPerUser)
			}
		}
		f.apply(e, "2026-12-08", "2026-12-08")
		for i, s := range append(streams[1:], newest) {
			waitLine(t, s, 5*time.Second, fmt.Sprintf("notification on stream %d", i+2), func(l string) bool { return l == "event: notification" })
		}
	})
}

// BenchmarkNotificationFanout: 1,000 users each hold an open notification stream (real HTTP
// over loopback, through the whole handler chain); one transaction writes one notification
// to each of them; an operation ends when every stream has received its event. It measures
// the hub's fan-out and each stream's catch-up reads (After, Unread) under that burst.
func BenchmarkNotificationFanout(b *testing.B) {
	const users = 1000
	for _, eng := range testdb.Engines(b) {
		b.Run(fmt.Sprintf("%s/streams=%d", eng, users), func(b *testing.B) {
			db := testdb.Open(b, eng)
			ctx := context.Background()
			a, err := app.New(ctx, config.Default(), db, app.Options{Hash: auth.TestHashParams})
			if err != nil {
				b.Fatal(err)
			}
			srv := httptest.NewServer(a.API)
			b.Cleanup(srv.Close)
			reg, err := a.Accounts.RegisterCompany(ctx, account.CompanySignup{Name: "Owner", Email: "owner@fanout.test", CompanySize: "25", Employer: "Fanout Co",
				Password: pw, Timezone: "Asia/Kuala_Lumpur", Terms: true}, account.ClientMeta{IP: "127.0.0.1"})
			if err != nil {
				b.Fatal(err)
			}
			orgID := reg.Org.ID
			ids := make([]int64, users)
			tokens := make([]string, users)
			for i := range users {
				s, err := a.Accounts.CreateMember(ctx, orgID, fmt.Sprintf("Member %d", i), fmt.Sprintf("m%d@fanout.test", i), pw, "email", account.ClientMeta{IP: "127.0.0.1"})
				if err != nil {
					b.Fatal(err)
				}
				ids[i], tokens[i] = s.User.ID, s.Token
			}
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: users, MaxConnsPerHost: 0}}
			sctx, cancel := context.WithCancel(ctx)
			var got atomic.Int64
			done := make(chan struct{}, users)
			finished := make(chan struct{})
			var open atomic.Int64
			for i := range users {
				req, _ := http.NewRequestWithContext(sctx, "GET", srv.URL+"/api/notifications/stream", nil)
				req.Header.Set("Authorization", "Bearer "+tokens[i])
				res, err := client.Do(req)
				if err != nil || res.StatusCode != 200 {
					cancel()
					b.Fatalf("stream %d: %v %v", i, err, res)
				}
				open.Add(1)
				go func() {
					defer func() {
						if open.Add(-1) == 0 {
							close(finished)
						}
					}()
					defer res.Body.Close()
					sc := bufio.NewScanner(res.Body)
					for sc.Scan() {
						if sc.Text() == "event: notification" {
							got.Add(1)
							done <- struct{}{}
						}
					}
				}()
			}
			for deadline := time.Now().Add(30 * time.Second); a.Notify.Hub.Subscribers() < users; time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					cancel()
					b.Fatalf("%d of %d streams subscribed", a.Notify.Hub.Subscribers(), users)
				}
			}
			b.ResetTimer()
			for range b.N {
				if err := db.WithTx(ctx, func(ctx context.Context) error {
					return a.Notify.Write(ctx, orgID, ids, notify.Waiting, map[string]any{"request_id": 1, "request_kind": "leave", "person": "Bench"})
				}); err != nil {
					b.Fatal(err)
				}
				for range users {
					select {
					case <-done:
					case <-time.After(30 * time.Second):
						b.Fatalf("only %d events arrived", got.Load())
					}
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/fanout")
			cancel()
			<-finished
		})
	}
}
