package notify

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"hadir/internal/platform/database"
)

// Channel is the PostgreSQL notification channel of new notification rows; the payload is
// the comma-separated ids of the users who have new rows.
const Channel = "hadir_notifications"

// MaxStreamsPerUser is how many streams one user may keep open on a node by default: a
// ninth tab closes the oldest, so a user (or a script holding a token) cannot pile up
// goroutines and database reads on one node.
const MaxStreamsPerUser = 8

// Hub fans "user X has new notifications" out to the streams open on this node. A signal
// carries no row: a stream reads the rows after the last id it sent, so a signal heard twice
// (from this node's commit and from LISTEN) or a burst of them costs one query, not a
// duplicate event.
type Hub struct {
	// PerUser caps the subscriptions of one user (MaxStreamsPerUser when 0): opening one
	// more ends the oldest, whose Evicted channel is closed.
	PerUser int

	mu   sync.Mutex
	subs map[int64][]*Subscription // per user, oldest first
}

// Subscription is one open stream's place in the Hub.
type Subscription struct {
	// Wake is signalled when the user may have new rows.
	Wake <-chan struct{}
	// Evicted is closed when a newer subscription of the same user pushed this one out.
	Evicted <-chan struct{}

	wake    chan struct{}
	evicted chan struct{}
}

// NewHub returns an empty Hub.
func NewHub() *Hub { return &Hub{subs: map[int64][]*Subscription{}} }

// Subscribe opens a subscription for the user, ending their oldest one when they already
// hold the cap, and returns it with the function that ends it (safe to call after an
// eviction).
func (h *Hub) Subscribe(userID int64) (*Subscription, func()) {
	s := &Subscription{wake: make(chan struct{}, 1), evicted: make(chan struct{})}
	s.Wake, s.Evicted = s.wake, s.evicted
	limit := h.PerUser
	if limit <= 0 {
		limit = MaxStreamsPerUser
	}
	h.mu.Lock()
	list := append(h.subs[userID], s)
	for len(list) > limit {
		close(list[0].evicted)
		list[0] = nil
		list = list[1:]
	}
	h.subs[userID] = list
	h.mu.Unlock()
	return s, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		list := h.subs[userID]
		for i, x := range list {
			if x == s {
				list = append(list[:i:i], list[i+1:]...)
				break
			}
		}
		if len(list) == 0 {
			delete(h.subs, userID)
		} else {
			h.subs[userID] = list
		}
	}
}

// Publish signals the user's streams; a stream already signalled is not signalled twice.
func (h *Hub) Publish(userID int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range h.subs[userID] {
		signal(s.wake)
	}
}

// publishAll signals every stream: after the channel to the other nodes was down, any of
// them may have missed rows.
func (h *Hub) publishAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, list := range h.subs {
		for _, s := range list {
			signal(s.wake)
		}
	}
}

// Listening tells whether this node hears the other nodes' notifications (Listen is
// connected).
func (s *Service) Listening() bool { return s.listening.Load() }

// Subscribers counts the open subscriptions (for tests and metrics).
func (h *Hub) Subscribers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, list := range h.subs {
		n += len(list)
	}
	return n
}

func signal(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// Listen makes this node hear the rows written by every node sharing the PostgreSQL
// database at dsn, until ctx ends (reconnecting as database.Listener does). Not needed on
// SQLite, where the process is the only node and Deliver publishes on commit.
func (s *Service) Listen(ctx context.Context, dsn string) {
	l := &database.Listener{DSN: dsn, Channel: Channel,
		Up: func(up bool) {
			s.listening.Store(up)
			if up {
				s.Hub.publishAll() // rows written while we were deaf
			}
		},
		Notify: func(payload string) {
			for _, p := range strings.Split(payload, ",") {
				if id, err := strconv.ParseInt(p, 10, 64); err == nil {
					s.Hub.Publish(id)
				}
			}
		}}
	l.Run(ctx)
}
