package device

import (
	"context"
	"database/sql"
	"log/slog"
	"time"
)

// Health states of a terminal (issue 14).
const (
	HealthUnknown = "unknown" // not judged yet: added, disabled, or never checked
	HealthOnline  = "online"
	HealthOffline = "offline"
)

// PollInterval is the command-poll interval terminals are told in the handshake (Delay). A
// device that changes it is judged by what it was last told (devices.poll_interval).
const PollInterval = 10 * time.Second

// MissedPolls is how many poll intervals without a call make a terminal offline.
const MissedPolls = 3

// Transition is a change of a terminal's health the checker claimed.
type Transition struct {
	OrgID    int64
	DeviceID int64
	Name     string
	Code     string
	OrgKind  string // school or company: where the terminal's page is
	From, To string
	LastSeen time.Time
	At       time.Time
}

// HealthChecker judges every enabled terminal online or offline from its last call and
// tells of each change once (OnChange, in the transaction that claims it). Any number of
// nodes may run it: a change is claimed by an UPDATE conditional on the state the checker
// read, so of two checkers racing only one updates the row and tells.
//
// Only online↔offline changes are told. A terminal's first judgement (from unknown) is
// silent, so that upgrading or adding a terminal that has long been unplugged sends no alarm.
type HealthChecker struct {
	Devices *Service
	// Now is the clock (nil: the service's).
	Now func() time.Time
	// Slack is how late a node may record a call: it writes last_seen at most every
	// iclock.WriteEvery, so the limit is MissedPolls intervals plus this.
	Slack time.Duration
	// Every is the pause between checks of Run.
	Every time.Duration
	// OnChange tells of a claimed transition, inside the claiming transaction: an error rolls
	// the claim back, and the next check tries again.
	OnChange func(ctx context.Context, t Transition) error
}

// OfflineAfter is how long a terminal told to poll every interval may stay silent before it
// is offline: MissedPolls intervals plus the checker's slack.
func (h *HealthChecker) OfflineAfter(interval time.Duration) time.Duration {
	if interval <= 0 {
		interval = PollInterval
	}
	return MissedPolls*interval + h.Slack
}

func (h *HealthChecker) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return h.Devices.Now()
}

// Check judges every terminal once and returns the transitions this checker claimed.
func (h *HealthChecker) Check(ctx context.Context) ([]Transition, error) {
	s := h.Devices
	now := h.now()
	// A disabled terminal is refused, so its silence says nothing: it is not judged.
	if _, err := s.q(ctx).ExecContext(ctx, `UPDATE devices SET health_state = 'unknown', health_changed_at = $1 WHERE enabled = FALSE AND health_state <> 'unknown'`, now); err != nil {
		return nil, err
	}
	// Every organisation's terminals: the checker is the system's, not a tenant's request.
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT d.id, d.org_id, d.name, d.code, d.last_seen, d.poll_interval, d.health_state, o.kind
		FROM devices d JOIN orgs o ON o.id = d.org_id WHERE d.enabled = TRUE AND d.last_seen IS NOT NULL ORDER BY d.id`)
	if err != nil {
		return nil, err
	}
	var due []Transition
	for rows.Next() {
		var t Transition
		var seen sql.NullTime
		var poll int
		if err := rows.Scan(&t.DeviceID, &t.OrgID, &t.Name, &t.Code, &seen, &poll, &t.From, &t.OrgKind); err != nil {
			rows.Close()
			return nil, err
		}
		t.LastSeen, t.At = seen.Time, now
		t.To = HealthOnline
		if now.Sub(seen.Time) > h.OfflineAfter(time.Duration(poll)*time.Second) {
			t.To = HealthOffline
		}
		if t.To != t.From {
			due = append(due, t)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var claimed []Transition
	for _, t := range due {
		ok, err := h.claim(ctx, t)
		if err != nil {
			return claimed, err
		}
		if ok {
			claimed = append(claimed, t)
		}
	}
	return claimed, nil
}

// claim moves one terminal from the state read to the new one and, when this checker was
// the one to do it, tells of it in the same transaction.
func (h *HealthChecker) claim(ctx context.Context, t Transition) (bool, error) {
	won := false
	err := h.Devices.db.WithTx(ctx, func(ctx context.Context) error {
		won = false
		res, err := h.Devices.q(ctx).ExecContext(ctx, `UPDATE devices SET health_state = $3, health_changed_at = $4
			WHERE org_id = $1 AND id = $2 AND health_state = $5`, t.OrgID, t.DeviceID, t.To, t.At, t.From)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil // another checker claimed it first, or it changed meanwhile
		}
		won = true
		if t.From == HealthUnknown || h.OnChange == nil {
			return nil
		}
		return h.OnChange(ctx, t)
	})
	return won, err
}

// Run checks every Every (10 s when unset) until ctx ends.
func (h *HealthChecker) Run(ctx context.Context) {
	every := h.Every
	if every <= 0 {
		every = PollInterval
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if _, err := h.Check(ctx); err != nil && ctx.Err() == nil {
			slog.Error("device health check", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// DriftWindow is how long a measured clock drift stands against smaller measurements.
//
// A punch's stamp is the terminal's clock when it was taken, and it reaches the server after
// it was taken; so stamp minus receipt is a lower bound of the drift, near it for a punch sent
// at once (Realtime=1) and far below it for one kept through an outage. The largest
// measurement of the window is kept; after the window a new one replaces it, so that a clock
// set right again shows within the hour.
const DriftWindow = time.Hour

// MeasuredDrift records a drift measurement (seconds the terminal's clock is ahead) taken at
// now: kept when there is none, it is larger, or the stored one is older than DriftWindow.
func (s *Service) MeasuredDrift(ctx context.Context, d Device, drift int, now time.Time) error {
	_, err := s.q(ctx).ExecContext(ctx, `UPDATE devices SET clock_drift = $2, drift_at = $3
		WHERE id = $1 AND (clock_drift IS NULL OR drift_at IS NULL OR clock_drift <= $2 OR drift_at < $4)`, d.ID, drift, now, now.Add(-DriftWindow))
	return err
}
