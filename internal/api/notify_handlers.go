package api

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"hadir/internal/notify"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// Stream timings: the defaults of API.StreamHeartbeat and API.StreamLifetime.
const (
	// defaultStreamHeartbeat keeps proxies (which drop idle connections after 60 s or so) and
	// the browser sure the stream is alive.
	defaultStreamHeartbeat = 25 * time.Second
	// defaultStreamLifetime ends a stream so that a node can be drained and a client's
	// session is checked again; the browser reconnects with Last-Event-ID and loses nothing.
	defaultStreamLifetime = 30 * time.Minute
	// streamWriteWindow is how long one write of a stream may take: the server's
	// WriteTimeout (minutes, for whole answers) is lifted for the stream, and each write
	// gets its own deadline instead, so a client that stops reading is let go.
	streamWriteWindow = 30 * time.Second
)

type notificationJSON struct {
	ID        int64           `json:"id"`
	Kind      string          `json:"kind"`
	Params    json.RawMessage `json:"params"`
	CreatedAt time.Time       `json:"created_at"`
	Read      bool            `json:"read"`
	ReadAt    *time.Time      `json:"read_at"`
}

func toNotificationJSON(n notify.Notification) notificationJSON {
	return notificationJSON{ID: n.ID, Kind: n.Kind, Params: n.Params, CreatedAt: n.CreatedAt, Read: n.ReadAt != nil, ReadAt: n.ReadAt}
}

// queryID reads an optional positive id from the query (0 when absent).
func queryID(r *http.Request, name string) (int64, error) {
	raw := strings.TrimSpace(r.URL.Query().Get(name))
	if raw == "" {
		return 0, nil
	}
	return web.ID(name, raw)
}

// listNotifications is the caller's inbox, newest first, keyset paged: ?before=<id>&limit=.
func (a *API) listNotifications(w http.ResponseWriter, r *http.Request) error {
	before, err := queryID(r, "before")
	if err != nil {
		return err
	}
	limit := 20
	if raw := r.URL.Query().Get("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > notify.MaxPage {
			return validate.Field("limit", "validation.invalid", fmt.Sprintf("limit must be between 1 and %d", notify.MaxPage))
		}
		limit = n
	}
	p := principal(r)
	items, unread, err := a.Notify.List(r.Context(), p.OrgID, p.UserID, before, limit)
	if err != nil {
		return err
	}
	out := make([]notificationJSON, len(items))
	for i, n := range items {
		out[i] = toNotificationJSON(n)
	}
	var next *int64
	if len(items) == limit {
		next = &items[len(items)-1].ID
	}
	web.JSON(w, http.StatusOK, map[string]any{"data": out, "meta": map[string]any{"unread": unread, "next_before": next}})
	return nil
}

func (a *API) readNotification(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	p := principal(r)
	if err := a.Notify.MarkRead(r.Context(), p.OrgID, p.UserID, id); err != nil {
		return err
	}
	n, err := a.Notify.Unread(r.Context(), p.OrgID, p.UserID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"unread": n})
	return nil
}

func (a *API) readAllNotifications(w http.ResponseWriter, r *http.Request) error {
	p := principal(r)
	n, err := a.Notify.MarkAllRead(r.Context(), p.OrgID, p.UserID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, map[string]any{"marked": n, "unread": 0})
	return nil
}

func (a *API) notificationPreferences(w http.ResponseWriter, r *http.Request) error {
	p := principal(r)
	prefs, err := a.Notify.Preferences(r.Context(), p.OrgID, p.UserID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, preferencesFor(p.Role, prefs))
	return nil
}

// preferencesFor is the preferences answer with only the kinds the caller's role can
// receive (a member never gets a device's offline/online notification).
func preferencesFor(role string, prefs map[string]string) map[string]any {
	kinds := notify.KindsFor(role)
	shown := make(map[string]string, len(kinds))
	for _, k := range kinds {
		shown[k] = prefs[k]
	}
	return map[string]any{"preferences": shown, "kinds": kinds, "channels": notify.Channels}
}

type preferencesRequest struct {
	Preferences map[string]string `json:"preferences"`
}

func (a *API) setNotificationPreferences(w http.ResponseWriter, r *http.Request) error {
	var req preferencesRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if len(req.Preferences) == 0 {
		return validate.Field("preferences", "validation.required", "preferences is required")
	}
	p := principal(r)
	prefs, err := a.Notify.SetPreferences(r.Context(), p.OrgID, p.UserID, req.Preferences)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, preferencesFor(p.Role, prefs))
	return nil
}

// notificationStream sends the caller's new notifications as server-sent events, each with
// its id, so that a browser reconnecting with Last-Event-ID (or ?after=) gets what it missed.
// Without either it starts after the newest row (the inbox list gives what came before).
// Each event's data is the notification with the caller's unread count.
//
// The server's read and write timeouts are lifted for this answer (it is meant to last);
// every write has its own deadline instead, a comment line is sent every StreamHeartbeat,
// and the stream ends after StreamLifetime for the client to reconnect. The answer is
// text/event-stream, which the JSON compressor passes through untouched, and it is flushed
// after every event. A user holds at most notify.MaxStreamsPerUser streams on a node: a new one
// ends the oldest with a "superseded" event.
func (a *API) notificationStream(w http.ResponseWriter, r *http.Request) error {
	raw := r.Header.Get("Last-Event-ID")
	field := "Last-Event-ID"
	if raw == "" {
		raw, field = r.URL.Query().Get("after"), "after"
	}
	var after int64
	if raw = strings.TrimSpace(raw); raw != "" {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n < 0 {
			return validate.Field(field, "validation.invalid", field+" must be a notification id")
		}
		after = n
	}
	p := principal(r)
	ctx := r.Context()
	sub, stop := a.Notify.Hub.Subscribe(p.UserID) // before reading, so nothing falls between
	defer stop()
	if raw == "" {
		var err error
		if after, err = a.Notify.Latest(ctx, p.OrgID, p.UserID); err != nil {
			return err
		}
	}
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer
	w.WriteHeader(http.StatusOK)
	send := func(s string) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(streamWriteWindow))
		if _, err := w.Write([]byte(s)); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	// The first block names where the stream starts: a client that reconnects before any
	// event resumes from there (an id without data sets EventSource's last event id).
	if !send(fmt.Sprintf("retry: 3000\nid: %d\n\n", after)) {
		return nil
	}
	heartbeat, lifetime := a.StreamHeartbeat, a.StreamLifetime
	if heartbeat <= 0 {
		heartbeat = defaultStreamHeartbeat
	}
	if lifetime <= 0 {
		lifetime = defaultStreamLifetime
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	end := time.NewTimer(lifetime)
	defer end.Stop()
	for {
		for more := true; more; {
			items, err := a.Notify.After(ctx, p.OrgID, p.UserID, after)
			if err != nil {
				if ctx.Err() == nil {
					slog.WarnContext(ctx, "notification stream: reading", "err", err)
				}
				return nil // the client reconnects and catches up by id
			}
			more = len(items) == notify.MaxPage
			if len(items) == 0 {
				break
			}
			unread, err := a.Notify.Unread(ctx, p.OrgID, p.UserID)
			if err != nil {
				return nil
			}
			var b strings.Builder
			for _, n := range items {
				data, _ := json.Marshal(struct {
					notificationJSON
					Unread int `json:"unread"`
				}{toNotificationJSON(n), unread})
				fmt.Fprintf(&b, "id: %d\nevent: notification\ndata: %s\n\n", n.ID, data)
				after = n.ID
			}
			if !send(b.String()) {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-end.C:
			return nil
		case <-tick.C:
			if !send(": ping\n\n") {
				return nil
			}
		case <-sub.Wake:
		case <-sub.Evicted:
			// The user opened more streams than the cap on this node: this, the oldest, ends
			// and tells its client not to reconnect until it is looked at again.
			send("event: superseded\ndata: {}\n\n")
			return nil
		}
	}
}
