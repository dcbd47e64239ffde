// Package webhook tells URLs an organisation registers of its events (issue 15).
//
// An event is written as one delivery row per interested webhook in the transaction of the
// change it reports (Emit), so a receiver that is down never slows a request and nothing is
// told of a change that rolled back. A background loop (Run) claims rows as the e-mail
// outbox does (DESIGN §10: one outbox; webhook_deliveries is its sibling, claimed the same
// way), posts the JSON body signed with HMAC-SHA256 over "timestamp.body", and retries with
// backoff for RetryFor. Deliveries of one webhook and entity go out in order: a row is not
// claimed while an earlier one of the same webhook and entity is pending.
package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"

	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// The events a webhook can subscribe to; each names where it is emitted.
const (
	PunchRecorded        = "punch.recorded"        // attendance.Service.RecordPunch (web, kiosk, manual)
	ApplicationSubmitted = "application.submitted" // approval.Service.Submit
	ApplicationApproved  = "application.approved"  // approval.Service: final approval
	ApplicationRejected  = "application.rejected"  // approval.Service: rejection
	ApplicationCancelled = "application.cancelled" // approval.Service.Cancel
	PersonCreated        = "person.created"        // people.Service.Create
	PersonArchived       = "person.archived"       // people.Service.Archive
	DayStatusDecided     = "day.status_decided"    // attendance.Service.EmitDecidedDays, once a date has ended for everyone
	DeviceOffline        = "device.offline"        // device.HealthChecker: a terminal stopped calling
	DeviceOnline         = "device.online"         // device.HealthChecker: an offline terminal calls again
)

// Events lists every event a webhook may subscribe to, in the order a picker shows them.
var Events = []string{PunchRecorded, ApplicationSubmitted, ApplicationApproved, ApplicationRejected,
	ApplicationCancelled, PersonCreated, PersonArchived, DayStatusDecided, DeviceOffline, DeviceOnline}

// Headers of a delivery.
const (
	HeaderEvent     = "X-Hadir-Event"
	HeaderDelivery  = "X-Hadir-Delivery"
	HeaderTimestamp = "X-Hadir-Timestamp"
	HeaderSignature = "X-Hadir-Signature" // "sha256=" + hex HMAC-SHA256(secret, timestamp + "." + body)
)

// ErrNotFound is a webhook or delivery that is not the organisation's.
var ErrNotFound = errors.New("webhook: not found")

// Webhook is one registered URL.
type Webhook struct {
	ID        int64     `json:"id"`
	URL       string    `json:"url"`
	Events    []string  `json:"events"`
	Active    bool      `json:"active"`
	CreatedAt time.Time `json:"created_at"`
}

// Delivery is one row of a webhook's delivery log.
type Delivery struct {
	ID           int64      `json:"id"`
	WebhookID    int64      `json:"webhook_id"`
	Event        string     `json:"event"`
	Entity       string     `json:"entity"`
	Status       string     `json:"status"` // pending, delivered, failed
	Attempts     int        `json:"attempts"`
	LastStatus   int        `json:"last_status"` // HTTP status code of the last attempt (0: none)
	LastError    string     `json:"last_error"`
	CreatedAt    time.Time  `json:"created_at"`
	NextAttempt  time.Time  `json:"next_attempt"`
	DeliveredAt  *time.Time `json:"delivered_at"`
	RedeliveryOf *int64     `json:"redelivery_of"`
}

// Service registers webhooks, records events and delivers them.
type Service struct {
	db     *database.DB
	client *http.Client
	wake   chan struct{}
	// RetryFor is how long a delivery is retried before it is marked failed.
	RetryFor time.Duration
	// PollInterval is how often the loop looks for work nobody woke it for.
	PollInterval time.Duration
	// Lease is how long a claimed delivery is reserved; a post is cut off at half of it.
	Lease time.Duration
	// MinBackoff and MaxBackoff bound the wait between attempts (doubling from MinBackoff).
	MinBackoff, MaxBackoff time.Duration
	// AllowNets are the non-public networks deliveries may still go to (guard.go).
	AllowNets []netip.Prefix
}

// NewService returns the service; Run delivers.
func NewService(db *database.DB) *Service {
	s := &Service{db: db, wake: make(chan struct{}, 1), RetryFor: 24 * time.Hour, PollInterval: 2 * time.Second,
		Lease: time.Minute, MinBackoff: 10 * time.Second, MaxBackoff: time.Hour}
	s.client = s.newClient()
	return s
}

// NewWebhook is what an admin registers.
type NewWebhook struct {
	URL    string
	Events []string
}

func checkEvents(events []string) ([]string, error) {
	if len(events) == 0 {
		return nil, validate.Field("events", "required", "choose at least one event")
	}
	var out []string
	for _, e := range events {
		if !slices.Contains(Events, e) {
			return nil, validate.Field("events", "invalid", fmt.Sprintf("unknown event %q", e))
		}
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out, nil
}

// Create registers a webhook and returns it with its signing secret, which is never shown again.
func (s *Service) Create(ctx context.Context, orgID, userID int64, n NewWebhook) (Webhook, string, error) {
	u, err := s.checkURL(n.URL)
	if err != nil {
		return Webhook{}, "", err
	}
	events, err := checkEvents(n.Events)
	if err != nil {
		return Webhook{}, "", err
	}
	secret := "whsec_" + auth.RandomToken(32)
	now := database.Now()
	var by any
	if userID > 0 {
		by = userID
	}
	w := Webhook{URL: u, Events: events, Active: true, CreatedAt: now}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		return s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO webhooks (org_id, url, events, secret, active, created_by, created_at, updated_at)
			VALUES ($1, $2, $3, $4, TRUE, $5, $6, $6) RETURNING id`, orgID, u, strings.Join(events, ","), secret, by, now).Scan(&w.ID)
	})
	return w, secret, err
}

// List returns the organisation's webhooks, oldest first.
func (s *Service) List(ctx context.Context, orgID int64) ([]Webhook, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, url, events, active, created_at FROM webhooks WHERE org_id = $1 ORDER BY id`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Webhook{}
	for rows.Next() {
		var w Webhook
		var events string
		if err := rows.Scan(&w.ID, &w.URL, &events, &w.Active, &w.CreatedAt); err != nil {
			return nil, err
		}
		w.Events = strings.Split(events, ",")
		out = append(out, w)
	}
	return out, rows.Err()
}

// Update changes a webhook's URL, events and whether it is active.
func (s *Service) Update(ctx context.Context, orgID, id int64, n NewWebhook, active bool) (Webhook, error) {
	u, err := s.checkURL(n.URL)
	if err != nil {
		return Webhook{}, err
	}
	events, err := checkEvents(n.Events)
	if err != nil {
		return Webhook{}, err
	}
	var w Webhook
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE webhooks SET url = $1, events = $2, active = $3, updated_at = $4 WHERE org_id = $5 AND id = $6`,
			u, strings.Join(events, ","), active, database.Now(), orgID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, url, active, created_at FROM webhooks WHERE id = $1`, id).Scan(&w.ID, &w.URL, &w.Active, &w.CreatedAt)
	})
	w.Events = events
	return w, err
}

// Delete removes a webhook and its delivery log.
func (s *Service) Delete(ctx context.Context, orgID, id int64) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM webhooks WHERE org_id = $1 AND id = $2`, orgID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// Wants reports whether an active webhook of the organisation takes an event, so that a
// bulk writer (a terminal's upload) reads its new rows back only when they are wanted.
func (s *Service) Wants(ctx context.Context, orgID int64, event string) (bool, error) {
	hooks, err := s.subscribed(ctx, orgID, event)
	return len(hooks) > 0, err
}

// OrgsWanting lists the organisations with an active webhook subscribed to the event.
func (s *Service) OrgsWanting(ctx context.Context, event string) ([]int64, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT org_id, events FROM webhooks WHERE active = TRUE ORDER BY org_id`)
	if err != nil {
		return nil, fmt.Errorf("webhook: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		var events string
		if err := rows.Scan(&id, &events); err != nil {
			return nil, err
		}
		if slices.Contains(strings.Split(events, ","), event) && (len(out) == 0 || out[len(out)-1] != id) {
			out = append(out, id)
		}
	}
	return out, rows.Err()
}

func (s *Service) subscribed(ctx context.Context, orgID int64, event string) ([]int64, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, events FROM webhooks WHERE org_id = $1 AND active = TRUE`, orgID)
	if err != nil {
		return nil, fmt.Errorf("webhook: %w", err)
	}
	defer rows.Close()
	var hooks []int64
	for rows.Next() {
		var id int64
		var events string
		if err := rows.Scan(&id, &events); err != nil {
			return nil, err
		}
		if slices.Contains(strings.Split(events, ","), event) {
			hooks = append(hooks, id)
		}
	}
	return hooks, rows.Err()
}

// Emit records an event for every active webhook of the organisation subscribed to it, in
// the caller's transaction when ctx carries one. entity ("person:12") orders the deliveries;
// data is the event's payload.
func (s *Service) Emit(ctx context.Context, orgID int64, event, entity string, data any) error {
	if s == nil {
		return nil
	}
	hooks, err := s.subscribed(ctx, orgID, event)
	if err != nil || len(hooks) == 0 {
		return err
	}
	now := database.Now()
	payload, err := json.Marshal(map[string]any{"event": event, "occurred_at": now, "data": data})
	if err != nil {
		return err
	}
	for _, h := range hooks {
		if _, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO webhook_deliveries (org_id, webhook_id, event, entity, body, created_at, next_attempt)
			VALUES ($1, $2, $3, $4, $5, $6, $6)`, orgID, h, event, entity, string(payload), now); err != nil {
			return fmt.Errorf("webhook: emit: %w", err)
		}
	}
	database.AfterCommit(ctx, s.poke)
	return nil
}

const deliveryCols = `id, webhook_id, event, entity, attempts, last_status, last_error, created_at, next_attempt, delivered_at, failed_at, redelivery_of`

func scanDelivery(sc interface{ Scan(...any) error }) (Delivery, error) {
	var d Delivery
	var delivered, failed sql.NullTime
	var of sql.NullInt64
	err := sc.Scan(&d.ID, &d.WebhookID, &d.Event, &d.Entity, &d.Attempts, &d.LastStatus, &d.LastError, &d.CreatedAt, &d.NextAttempt, &delivered, &failed, &of)
	d.Status = "pending"
	if delivered.Valid {
		d.Status, d.DeliveredAt = "delivered", &delivered.Time
	} else if failed.Valid {
		d.Status = "failed"
	}
	if of.Valid {
		d.RedeliveryOf = &of.Int64
	}
	return d, err
}

// Deliveries returns a webhook's delivery log, newest first (at most limit rows).
func (s *Service) Deliveries(ctx context.Context, orgID, webhookID int64, limit int) ([]Delivery, error) {
	var n int
	if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM webhooks WHERE org_id = $1 AND id = $2`, orgID, webhookID).Scan(&n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrNotFound
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+deliveryCols+` FROM webhook_deliveries WHERE org_id = $1 AND webhook_id = $2 ORDER BY id DESC LIMIT $3`, orgID, webhookID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Delivery{}
	for rows.Next() {
		d, err := scanDelivery(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Redeliver queues a delivery's body again as a new delivery (after any pending one of its
// entity), and returns it.
func (s *Service) Redeliver(ctx context.Context, orgID, webhookID, deliveryID int64) (Delivery, error) {
	var d Delivery
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		now := database.Now()
		row := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO webhook_deliveries (org_id, webhook_id, event, entity, body, created_at, next_attempt, redelivery_of)
			SELECT org_id, webhook_id, event, entity, body, $1, $1, id FROM webhook_deliveries WHERE org_id = $2 AND webhook_id = $3 AND id = $4
			RETURNING `+deliveryCols, now, orgID, webhookID, deliveryID)
		var err error
		d, err = scanDelivery(row)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		database.AfterCommit(ctx, s.poke)
		return err
	})
	return d, err
}

func (s *Service) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Run delivers until ctx ends.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(s.PollInterval)
	defer t.Stop()
	for {
		for ctx.Err() == nil {
			found, err := s.DeliverOne(ctx)
			if err != nil && ctx.Err() == nil {
				slog.Error("webhook: delivering", "err", err)
				break
			}
			if !found {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-s.wake:
		}
	}
}

type claimed struct {
	id, webhookID int64
	event, body   string
	url, secret   string
	attempts      int
	createdAt     time.Time
}

// claim reserves the oldest due delivery that has no earlier pending delivery of its webhook
// and entity, until now + Lease, in one statement (as mail.Outbox.claim).
func (s *Service) claim(ctx context.Context) (claimed, bool, error) {
	now := database.Now()
	lock := ""
	if s.db.Dialect == database.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	q := `UPDATE webhook_deliveries SET locked_until = $1, attempts = attempts + 1
		WHERE id = (SELECT d.id FROM webhook_deliveries d WHERE d.delivered_at IS NULL AND d.failed_at IS NULL AND d.next_attempt <= $2
		            AND (d.locked_until IS NULL OR d.locked_until < $2)
		            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhook_id = d.webhook_id AND e.entity = d.entity
		                            AND e.id < d.id AND e.delivered_at IS NULL AND e.failed_at IS NULL)
		            ORDER BY d.id LIMIT 1` + lock + `)
		  AND delivered_at IS NULL AND failed_at IS NULL AND (locked_until IS NULL OR locked_until < $2)
		RETURNING id, webhook_id, event, body, attempts, created_at`
	var c claimed
	err := s.db.QueryRowContext(ctx, q, now.Add(s.Lease), now).Scan(&c.id, &c.webhookID, &c.event, &c.body, &c.attempts, &c.createdAt)
	if errors.Is(err, sql.ErrNoRows) {
		return c, false, nil
	}
	if err != nil {
		return c, false, err
	}
	err = s.db.QueryRowContext(ctx, `SELECT url, secret FROM webhooks WHERE id = $1`, c.webhookID).Scan(&c.url, &c.secret)
	return c, err == nil, err
}

// Sign returns the signature header value of a body sent at a Unix time.
func Sign(secret string, timestamp int64, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(strconv.FormatInt(timestamp, 10)))
	m.Write([]byte("."))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// DeliverOne claims one due delivery and posts it. It reports whether it found one.
func (s *Service) DeliverOne(ctx context.Context) (bool, error) {
	c, ok, err := s.claim(ctx)
	if !ok || err != nil {
		return false, err
	}
	code, postErr := s.post(ctx, c)
	rec := context.WithoutCancel(ctx)
	done := database.Now()
	if postErr == nil {
		_, err = s.db.ExecContext(rec, `UPDATE webhook_deliveries SET delivered_at = $1, locked_until = NULL, last_status = $2, last_error = '' WHERE id = $3`, done, code, c.id)
		return true, err
	}
	msg := postErr.Error()
	if len(msg) > 500 {
		msg = msg[:500]
	}
	slog.Warn("webhook: delivery failed", "id", c.id, "webhook", c.webhookID, "attempt", c.attempts, "err", msg)
	backoff := s.MinBackoff << min(c.attempts-1, 20)
	if backoff > s.MaxBackoff || backoff <= 0 {
		backoff = s.MaxBackoff
	}
	next := done.Add(backoff)
	if next.After(c.createdAt.Add(s.RetryFor)) {
		_, err = s.db.ExecContext(rec, `UPDATE webhook_deliveries SET failed_at = $1, locked_until = NULL, last_status = $2, last_error = $3 WHERE id = $4`, done, code, msg, c.id)
		return true, err
	}
	_, err = s.db.ExecContext(rec, `UPDATE webhook_deliveries SET next_attempt = $1, locked_until = NULL, last_status = $2, last_error = $3 WHERE id = $4`, next, code, msg, c.id)
	return true, err
}

// post sends one delivery; a 2xx answer is success.
func (s *Service) post(ctx context.Context, c claimed) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, s.Lease/2)
	defer cancel()
	body := []byte(c.body)
	ts := time.Now().Unix()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Hadir-Webhook/1")
	req.Header.Set(HeaderEvent, c.event)
	req.Header.Set(HeaderDelivery, strconv.FormatInt(c.id, 10))
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(ts, 10))
	req.Header.Set(HeaderSignature, Sign(c.secret, ts, body))
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, fmt.Errorf("the receiver answered %d", resp.StatusCode)
	}
	return resp.StatusCode, nil
}
