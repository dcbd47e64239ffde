package ratelimit_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/ratelimit"
	"hadir/internal/testdb"
)

func TestWindowGiveAndClear(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		l := ratelimit.New(db)
		now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
		l.Now = func() time.Time { return now }
		rule := ratelimit.Rule{Limit: 2, Window: time.Minute}
		take := func() (bool, time.Duration) {
			t.Helper()
			ok, after, err := l.Take(ctx, "k", rule)
			if err != nil {
				t.Fatal(err)
			}
			return ok, after
		}
		if ok, _ := take(); !ok {
			t.Fatal("first refused")
		}
		now = now.Add(20 * time.Second)
		if ok, _ := take(); !ok {
			t.Fatal("second refused")
		}
		ok, after := take()
		if ok || after != 40*time.Second {
			t.Fatalf("third: ok %v, retry after %v; want refused for 40s (the window began at the first)", ok, after)
		}
		// A refused attempt's extra count is not given back, so Give only frees a slot after
		// enough gives; the window's end starts afresh.
		now = now.Add(41 * time.Second)
		if ok, _ := take(); !ok {
			t.Fatal("refused in a new window")
		}
		if err := l.Give(ctx, "k"); err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			if ok, _ := take(); !ok {
				t.Fatalf("take %d after a give refused", i)
			}
		}
		if ok, _ := take(); ok {
			t.Fatal("over the limit after a give")
		}
		if err := l.Clear(ctx, "k"); err != nil {
			t.Fatal(err)
		}
		if ok, _ := take(); !ok {
			t.Fatal("refused after clear")
		}
	})
}

func TestRefusalCarriesRetryAfter(t *testing.T) {
	sentinel := errors.New("limited")
	err := ratelimit.Refuse(sentinel, 3*time.Second)
	var ra interface{ RetryAfter() time.Duration }
	if !errors.Is(err, sentinel) || !errors.As(err, &ra) || ra.RetryAfter() != 3*time.Second {
		t.Fatalf("%v", err)
	}
}
