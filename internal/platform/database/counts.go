package database

import (
	"context"
	"database/sql"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Counts keeps the totals of unfiltered lists (the active teachers of a school, say) for a
// few seconds, per organisation, so that paging through a list does not count every row of
// it on each call (issue 9, "Throughput": the count was a sixth of a people list's CPU).
//
// A total stays exact after a change:
//
//   - every store method that can change a cached total calls Changed(ctx, orgID) in its
//     transaction; the organisation's totals are forgotten at once and again when the
//     transaction commits, and a total loaded while a change was under way is not kept;
//   - on PostgreSQL Changed also sends a NOTIFY (channel CountsChannel) in the transaction,
//     which every node hears when it commits (Listen) and forgets the same totals; while a
//     node does not hear the channel it does not use its cache at all;
//   - whatever else changes the rows (a path added later, a hand-made SQL change) shows
//     within CountsTTL.
//
// Totals are never cached inside a transaction, where a caller may see its own writes.
type Counts struct {
	enabled atomic.Bool
	mu      sync.Mutex
	gen     uint64 // bumped by every change; a load started before one is not kept
	m       map[countKey]cachedCount
	swept   time.Time // the last sweep of expired entries
	now     func() time.Time
}

const (
	// CountsTTL is the longest a cached total is used without counting again.
	CountsTTL = 5 * time.Second
	// CountsChannel is the PostgreSQL channel of changes to counted rows; the payload is the
	// organisation id.
	CountsChannel = "hadir_counts"
	countsMax     = 20000 // a full cache is emptied and starts again
	// countsSweep is the size past which storing an entry first drops the expired ones (at
	// most once a second): keys that name a date or a range (a day's manual statuses, a
	// range's approved leave) are many, and an entry past its TTL is never read again.
	countsSweep = 1024
)

type countKey struct {
	org int64
	key string
}

type cachedCount struct {
	v     any
	until time.Time
}

func newCounts(enabled bool) *Counts {
	c := &Counts{m: make(map[countKey]cachedCount), now: time.Now}
	c.enabled.Store(enabled)
	return c
}

// Count returns the total named key of an organisation, from the cache or from load.
func (db *DB) Count(ctx context.Context, orgID int64, key string, load func() (int, error)) (int, error) {
	v, err := db.Cached(ctx, orgID, key, func() (any, error) { return load() })
	n, _ := v.(int)
	return n, err
}

// Cached returns a value of an organisation's that only the organisation's own changes
// (those that call OrgChanged) alter, from the cache or from load. It is kept like a
// total: forgotten on every such change, on every node.
func (db *DB) Cached(ctx context.Context, orgID int64, key string, load func() (any, error)) (any, error) {
	c := db.counts
	if c == nil || !c.enabled.Load() || InTx(ctx) {
		return load()
	}
	k := countKey{orgID, key}
	now := c.now()
	c.mu.Lock()
	e, ok := c.m[k]
	gen := c.gen
	c.mu.Unlock()
	if ok && now.Before(e.until) {
		return e.v, nil
	}
	v, err := load()
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	if gen == c.gen && c.enabled.Load() {
		if len(c.m) >= countsSweep && now.Sub(c.swept) >= time.Second {
			c.swept = now
			for k, e := range c.m {
				if !now.Before(e.until) {
					delete(c.m, k)
				}
			}
		}
		if len(c.m) >= countsMax {
			clear(c.m)
		}
		c.m[k] = cachedCount{v: v, until: now.Add(CountsTTL)}
	}
	c.mu.Unlock()
	return v, nil
}

// OrgChanged tells the cache that rows counted for an organisation change in the
// transaction carried by ctx (or just changed, without one).
//
// Within one transaction (or savepoint) an organisation is told once: an import of 5,000
// people, each created by a call that tells the cache, sends one NOTIFY instead of 5,000.
// A savepoint keeps its own record, as a NOTIFY sent inside it is undone with it.
func (db *DB) OrgChanged(ctx context.Context, orgID int64) error {
	c := db.counts
	if c == nil {
		return nil
	}
	told, _ := ctx.Value(orgsToldKey{}).(map[int64]bool)
	if told[orgID] {
		return nil
	}
	c.forget(orgID)
	AfterCommit(ctx, func() { c.forget(orgID) })
	if db.Dialect == Postgres {
		if _, err := db.Q(ctx).ExecContext(ctx, `SELECT pg_notify($1, $2)`, CountsChannel, strconv.FormatInt(orgID, 10)); err != nil {
			return err
		}
	}
	if told != nil {
		told[orgID] = true
	}
	return nil
}

// orgsToldKey carries, in a transaction's (or savepoint's) context, the organisations whose
// change it already told (OrgChanged).
type orgsToldKey struct{}

// forget drops an organisation's totals (all of them when orgID is 0).
func (c *Counts) forget(orgID int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if orgID == 0 {
		clear(c.m)
		return
	}
	for k := range c.m {
		if k.org == orgID {
			delete(c.m, k)
		}
	}
}

func (c *Counts) setEnabled(on bool) {
	c.enabled.Store(on)
	c.forget(0)
}

// ListenForCounts makes this node hear the count changes of every other node sharing the
// PostgreSQL database at dsn, until ctx ends. Until it hears the channel (and whenever it
// loses it) the node counts every time. Not needed on SQLite, where the process is the only
// node.
func (db *DB) ListenForCounts(ctx context.Context, dsn string) {
	c := db.counts
	if c == nil {
		return
	}
	c.setEnabled(false)
	l := &Listener{DSN: dsn, Channel: CountsChannel, Up: c.setEnabled, Notify: func(payload string) {
		id, err := strconv.ParseInt(payload, 10, 64)
		if err != nil {
			id = 0
		}
		c.forget(id)
	}}
	l.Run(ctx)
}

// HearsCounts tells whether the count cache is in use: always on SQLite, on PostgreSQL while
// ListenForCounts hears the other nodes.
func (db *DB) HearsCounts() bool { return db.counts != nil && db.counts.enabled.Load() }

// InTx tells whether ctx carries a transaction (WithTx).
func InTx(ctx context.Context) bool {
	_, ok := ctx.Value(txKey{}).(*sql.Tx)
	return ok
}
