package database

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// Entries past their TTL are dropped once the cache holds many: keys naming a date or a range
// (a day's statuses, a range's approved leave) would otherwise stay until 20,000 of them.
func TestCachedDropsExpiredEntries(t *testing.T) {
	c := newCounts(true)
	db := &DB{counts: c}
	now := time.Unix(1_800_000_000, 0)
	c.now = func() time.Time { return now }
	ctx := context.Background()
	load := func() (any, error) { return 1, nil }
	for i := 0; i < countsSweep; i++ {
		if _, err := db.Cached(ctx, 7, fmt.Sprint("day:", i), load); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(CountsTTL / 2)
	if _, err := db.Cached(ctx, 7, "live", load); err != nil {
		t.Fatal(err)
	}
	if len(c.m) != countsSweep+1 {
		t.Fatalf("%d entries before any expired, want %d", len(c.m), countsSweep+1)
	}
	now = now.Add(CountsTTL/2 + time.Millisecond) // the first ones expired, "live" not
	if _, err := db.Cached(ctx, 7, "new", load); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.m[countKey{7, "live"}]; !ok || len(c.m) != 2 {
		t.Fatalf("%d entries after the sweep (live kept: %v), want live and new", len(c.m), ok)
	}
}
