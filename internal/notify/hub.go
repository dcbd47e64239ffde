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

// Hub fans "user X has new notifications" out to the streams open on this node. A signal
// carries no row: a stream reads the rows after the last id it sent, so a signal heard twice
// (from this node's commit and from LISTEN) or a burst of them costs one query, not a
// duplicate event.
type Hub struct {
	mu   sync.Mutex
	subs map[int64]map[chan struct{}]struct{}
}

// NewHub returns an empty Hub.
func NewHub() *Hub { return &Hub{subs: map[int64]map[chan struct{}]struct{}{}} }

// Subscribe returns a channel that is signalled when the user may have new rows, and the
// function that ends the subscription.
func (h *Hub) Subscribe(userID int64) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	if h.subs[userID] == nil {
		h.subs[userID] = map[chan struct{}]struct{}{}
	}
	h.subs[userID][ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.subs[userID], ch)
		if len(h.subs[userID]) == 0 {
			delete(h.subs, userID)
		}
		h.mu.Unlock()
	}
}

// Publish signals the user's streams; a stream already signalled is not signalled twice.
func (h *Hub) Publish(userID int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[userID] {
		signal(ch)
	}
}

// publishAll signals every stream: after the channel to the other nodes was down, any of
// them may have missed rows.
func (h *Hub) publishAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, chans := range h.subs {
		for ch := range chans {
			signal(ch)
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
	for _, chans := range h.subs {
		n += len(chans)
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
