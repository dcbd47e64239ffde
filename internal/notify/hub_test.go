package notify

import "testing"

// A user's ninth subscription ends their oldest (its Evicted closes), the others and other
// users' stay, and ending an evicted one later is harmless.
func TestHubCapsStreamsPerUser(t *testing.T) {
	h := NewHub()
	var subs []*Subscription
	var stops []func()
	for range MaxStreamsPerUser {
		s, stop := h.Subscribe(1)
		subs, stops = append(subs, s), append(stops, stop)
	}
	other, _ := h.Subscribe(2)
	if h.Subscribers() != MaxStreamsPerUser+1 {
		t.Fatalf("%d subscribers", h.Subscribers())
	}
	for _, s := range subs {
		if closed(s.Evicted) {
			t.Fatal("a subscription within the cap was evicted")
		}
	}
	newest, stopNewest := h.Subscribe(1)
	if !closed(subs[0].Evicted) {
		t.Fatal("the oldest subscription was not evicted by the one over the cap")
	}
	for _, s := range append(subs[1:], newest, other) {
		if closed(s.Evicted) {
			t.Fatal("a subscription other than the oldest was evicted")
		}
	}
	if h.Subscribers() != MaxStreamsPerUser+1 {
		t.Fatalf("%d subscribers after the eviction", h.Subscribers())
	}
	// The evicted one hears nothing more; the newest does.
	h.Publish(1)
	select {
	case <-subs[0].Wake:
		t.Fatal("an evicted subscription was signalled")
	default:
	}
	select {
	case <-newest.Wake:
	default:
		t.Fatal("the newest subscription was not signalled")
	}
	stops[0]() // the evicted stream's handler ends it again: nothing else goes
	if h.Subscribers() != MaxStreamsPerUser+1 {
		t.Fatalf("%d subscribers after stopping an evicted one", h.Subscribers())
	}
	stopNewest()
	for _, stop := range stops[1:] {
		stop()
	}
	if h.Subscribers() != 1 {
		t.Fatalf("%d subscribers left, want the other user's", h.Subscribers())
	}

	// A smaller cap is honoured.
	h2 := &Hub{PerUser: 1, subs: map[int64][]*Subscription{}}
	a, _ := h2.Subscribe(5)
	b, _ := h2.Subscribe(5)
	if !closed(a.Evicted) || closed(b.Evicted) {
		t.Fatal("PerUser 1: the second subscription did not replace the first")
	}
}

func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
