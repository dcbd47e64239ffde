// Package notify tells people what happened to them: in-app notifications (rows of the
// notifications table, written in the transaction of the change they report) and e-mail
// (through the one outbox, internal/platform/mail), each as the reader chose per kind
// (DESIGN §10 "One outbox for everything that leaves the process"). Open browsers hear of
// new rows live through a Hub: an in-process fan-out, fed on PostgreSQL by LISTEN/NOTIFY so
// that a row written through one node reaches a browser connected to another.
package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/mail"
	"hadir/internal/platform/validate"
)

// The kinds of notification. The client renders each from its kind and params.
const (
	Submitted         = "submitted"          // an application waits for an admin (to admins)
	Waiting           = "waiting"            // a request waits for you at your level (approvals)
	Approved          = "approved"           // your application was approved
	Rejected          = "rejected"           // your application was rejected
	Cancelled         = "cancelled"          // an application was cancelled
	CorrectionApplied = "correction_applied" // your attendance was corrected by hand
	DeviceOffline     = "device_offline"     // a terminal stopped calling (to admins)
	DeviceOnline      = "device_online"      // a terminal that was offline calls again (to admins)
)

// Kinds lists every kind, in the order the preferences screen shows them.
var Kinds = []string{Submitted, Waiting, Approved, Rejected, Cancelled, CorrectionApplied, DeviceOffline, DeviceOnline}

// KindsFor lists the kinds a user of the role can receive, in Kinds' order: the device
// kinds go to owners and admins only (Admins), so a member's preferences do not offer them.
func KindsFor(role string) []string {
	if role == "owner" || role == "admin" {
		return Kinds
	}
	out := make([]string, 0, len(Kinds))
	for _, k := range Kinds {
		if k != DeviceOffline && k != DeviceOnline {
			out = append(out, k)
		}
	}
	return out
}

// The delivery channels a user may choose per kind.
const (
	ChannelBoth  = "both"
	ChannelEmail = "email"
	ChannelInApp = "in_app"
	ChannelNone  = "none"
)

// Channels lists the channels.
var Channels = []string{ChannelBoth, ChannelEmail, ChannelInApp, ChannelNone}

// ErrNotFound is a notification that is not the caller's (or does not exist).
var ErrNotFound = errors.New("notify: not found")

// Notification is one row of a reader's inbox.
type Notification struct {
	ID        int64
	Kind      string
	Params    json.RawMessage
	CreatedAt time.Time
	ReadAt    *time.Time
}

// Recipient is someone to tell: a user (UserID > 0) and their e-mail address. A person with
// no account has only an address: they get the e-mail, as before notifications existed.
type Recipient struct {
	UserID int64
	Email  string
}

// Note is what to tell: a kind, its params (rendered by the client) and, when the change is
// also e-mailed, the message (its To is filled per recipient). A nil Mail means in-app only.
type Note struct {
	Kind   string
	Params map[string]any
	Mail   *mail.Message
}

// Mailer queues e-mail in the outbox.
type Mailer interface {
	Enqueue(ctx context.Context, m mail.Message) error
}

// Service writes and reads notifications and preferences.
type Service struct {
	db   *database.DB
	mail Mailer
	Hub  *Hub

	listening atomic.Bool // Listen hears the channel
}

// NewService returns a Service over the database, the outbox and a fresh Hub.
func NewService(db *database.DB, m Mailer) *Service {
	return &Service{db: db, mail: m, Hub: NewHub()}
}

// Write stores in-app notifications of a kind for users of the organisation, in the
// transaction carried by ctx, leaving out those who turned in-app off for the kind. It is
// the call the approvals engine makes ("waiting for you").
func (s *Service) Write(ctx context.Context, orgID int64, userIDs []int64, kind string, params map[string]any) error {
	to := make([]Recipient, 0, len(userIDs))
	for _, id := range userIDs {
		to = append(to, Recipient{UserID: id})
	}
	return s.Deliver(ctx, orgID, to, Note{Kind: kind, Params: params})
}

// Deliver tells each recipient, by the channels they chose for the note's kind (both by
// default): an in-app row and/or an e-mail in the outbox, all in the transaction carried by
// ctx, so a change that rolls back leaves neither. Listeners hear of the rows on commit.
func (s *Service) Deliver(ctx context.Context, orgID int64, to []Recipient, n Note) error {
	if !slices.Contains(Kinds, n.Kind) {
		return fmt.Errorf("notify: unknown kind %q", n.Kind)
	}
	params := n.Params
	if params == nil {
		params = map[string]any{}
	}
	raw, err := json.Marshal(params)
	if err != nil {
		return fmt.Errorf("notify: params: %w", err)
	}
	var ids []int64
	for _, r := range to {
		if r.UserID > 0 && !slices.Contains(ids, r.UserID) {
			ids = append(ids, r.UserID)
		}
	}
	prefs, err := s.channels(ctx, orgID, n.Kind, ids)
	if err != nil {
		return err
	}
	now := database.Now()
	var written []int64
	mailed := map[string]bool{}
	for _, r := range to {
		ch := ChannelBoth
		if r.UserID > 0 {
			if c, ok := prefs[r.UserID]; ok {
				ch = c
			}
		}
		if r.UserID > 0 && (ch == ChannelBoth || ch == ChannelInApp) && !slices.Contains(written, r.UserID) {
			const q = `INSERT INTO notifications (org_id, user_id, kind, params, created_at) VALUES ($1, $2, $3, $4, $5)`
			if _, err := s.db.Q(ctx).ExecContext(ctx, q, orgID, r.UserID, n.Kind, string(raw), now); err != nil {
				return fmt.Errorf("notify: write: %w", err)
			}
			written = append(written, r.UserID)
		}
		addr := strings.ToLower(strings.TrimSpace(r.Email))
		if n.Mail != nil && addr != "" && (ch == ChannelBoth || ch == ChannelEmail) && !mailed[addr] {
			m := *n.Mail
			m.OrgID, m.To = orgID, r.Email
			if err := s.mail.Enqueue(ctx, m); err != nil {
				return err
			}
			mailed[addr] = true
		}
	}
	if len(written) > 0 {
		return s.announce(ctx, written)
	}
	return nil
}

// announce tells this node's listeners after commit and, on PostgreSQL, every node's
// (pg_notify inside the transaction is delivered only if it commits).
func (s *Service) announce(ctx context.Context, userIDs []int64) error {
	database.AfterCommit(ctx, func() {
		for _, id := range userIDs {
			s.Hub.Publish(id)
		}
	})
	if s.db.Dialect != database.Postgres {
		return nil
	}
	parts := make([]string, len(userIDs))
	for i, id := range userIDs {
		parts[i] = fmt.Sprint(id)
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, strings.Join(parts, ","))
	return err
}

// channels returns the channel each of the users chose for a kind (absent: both).
func (s *Service) channels(ctx context.Context, orgID int64, kind string, userIDs []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(userIDs) == 0 {
		return out, nil
	}
	args := []any{orgID, kind}
	var ph []string
	for _, id := range userIDs {
		args = append(args, id)
		ph = append(ph, s.db.Placeholder(len(args)))
	}
	q := `SELECT user_id, channel FROM notification_prefs WHERE org_id = $1 AND kind = $2 AND user_id IN (` + strings.Join(ph, ", ") + `)`
	rows, err := s.db.Q(ctx).QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var ch string
		if err := rows.Scan(&id, &ch); err != nil {
			return nil, err
		}
		out[id] = ch
	}
	return out, rows.Err()
}

// Admins are the organisation's owner and admins, as recipients.
func (s *Service) Admins(ctx context.Context, orgID int64) ([]Recipient, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, email FROM users WHERE org_id = $1 AND role IN ('owner', 'admin') ORDER BY id`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Recipient
	for rows.Next() {
		var r Recipient
		if err := rows.Scan(&r.UserID, &r.Email); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Person is a person of the organisation as a recipient: their account, if any, and their
// address (the person's own, else the account's).
func (s *Service) Person(ctx context.Context, orgID, personID int64) (Recipient, error) {
	var r Recipient
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COALESCE(p.user_id, 0), CASE WHEN p.email <> '' THEN p.email ELSE COALESCE(u.email, '') END
		FROM people p LEFT JOIN users u ON u.id = p.user_id WHERE p.org_id = $1 AND p.id = $2`, orgID, personID).Scan(&r.UserID, &r.Email)
	return r, err
}

// PersonName is a person's name as notifications show it ("First Last").
func (s *Service) PersonName(ctx context.Context, orgID, personID int64) (string, error) {
	var first, last string
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT first_name, last_name FROM people WHERE org_id = $1 AND id = $2`, orgID, personID).Scan(&first, &last)
	return strings.TrimSpace(first + " " + last), err
}

// MaxPage is the most notifications one list call returns.
const MaxPage = 100

// List returns a user's notifications newest first, those with an id below before (all when
// before is 0), at most limit; and the user's unread count.
func (s *Service) List(ctx context.Context, orgID, userID, before int64, limit int) ([]Notification, int, error) {
	limit = min(max(limit, 1), MaxPage)
	q := `SELECT id, kind, params, ` + s.db.TimeText("created_at") + `, ` + s.db.TimeText("read_at") + ` FROM notifications
		WHERE org_id = $1 AND user_id = $2`
	args := []any{orgID, userID}
	if before > 0 {
		q += ` AND id < $3`
		args = append(args, before)
	}
	q += fmt.Sprintf(` ORDER BY id DESC LIMIT %d`, limit)
	items, err := s.query(ctx, q, args...)
	if err != nil {
		return nil, 0, err
	}
	n, err := s.Unread(ctx, orgID, userID)
	return items, n, err
}

// After returns a user's notifications with an id above after, oldest first: what a
// reconnecting stream missed.
func (s *Service) After(ctx context.Context, orgID, userID, after int64) ([]Notification, error) {
	q := `SELECT id, kind, params, ` + s.db.TimeText("created_at") + `, ` + s.db.TimeText("read_at") + ` FROM notifications
		WHERE org_id = $1 AND user_id = $2 AND id > $3 ORDER BY id LIMIT ` + fmt.Sprint(MaxPage)
	return s.query(ctx, q, orgID, userID, after)
}

// Latest is the id of a user's newest notification (0 when none): where a fresh stream starts.
func (s *Service) Latest(ctx context.Context, orgID, userID int64) (int64, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM notifications WHERE org_id = $1 AND user_id = $2`, orgID, userID).Scan(&id)
	return id, err
}

func (s *Service) query(ctx context.Context, q string, args ...any) ([]Notification, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Notification{}
	for rows.Next() {
		var n Notification
		var params string
		var created, read database.ScanTime
		if err := rows.Scan(&n.ID, &n.Kind, &params, &created, &read); err != nil {
			return nil, err
		}
		n.Params, n.CreatedAt = json.RawMessage(params), created.T
		if read.Valid {
			t := read.T
			n.ReadAt = &t
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// Unread counts a user's unread notifications.
func (s *Service) Unread(ctx context.Context, orgID, userID int64) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE org_id = $1 AND user_id = $2 AND read_at IS NULL`, orgID, userID).Scan(&n)
	return n, err
}

// MarkRead marks one of the user's notifications read (again is fine); another user's or a
// missing one is ErrNotFound.
func (s *Service) MarkRead(ctx context.Context, orgID, userID, id int64) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE notifications SET read_at = COALESCE(read_at, $4) WHERE org_id = $1 AND user_id = $2 AND id = $3`,
		orgID, userID, id, database.Now())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// MarkAllRead marks every unread notification of the user read and says how many.
func (s *Service) MarkAllRead(ctx context.Context, orgID, userID int64) (int, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE notifications SET read_at = $3 WHERE org_id = $1 AND user_id = $2 AND read_at IS NULL`,
		orgID, userID, database.Now())
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// Preferences returns the user's channel for every kind (both where none was chosen).
func (s *Service) Preferences(ctx context.Context, orgID, userID int64) (map[string]string, error) {
	out := map[string]string{}
	for _, k := range Kinds {
		out[k] = ChannelBoth
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT kind, channel FROM notification_prefs WHERE org_id = $1 AND user_id = $2`, orgID, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var k, ch string
		if err := rows.Scan(&k, &ch); err != nil {
			return nil, err
		}
		if _, ok := out[k]; ok {
			out[k] = ch
		}
	}
	return out, rows.Err()
}

// SetPreferences stores the channels given (kinds not named keep theirs), all or none: an
// unknown kind or channel is a 422 naming preferences.<kind>.
func (s *Service) SetPreferences(ctx context.Context, orgID, userID int64, prefs map[string]string) (map[string]string, error) {
	c := validate.New()
	keys := make([]string, 0, len(prefs))
	for k := range prefs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(Kinds, k) || !slices.Contains(Channels, prefs[k]) {
			c.Invalid("preferences." + k)
		}
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		for _, k := range keys {
			const q = `INSERT INTO notification_prefs (user_id, org_id, kind, channel) VALUES ($1, $2, $3, $4)
				ON CONFLICT (user_id, kind) DO UPDATE SET channel = excluded.channel`
			if _, err := s.db.Q(ctx).ExecContext(ctx, q, userID, orgID, k, prefs[k]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Preferences(ctx, orgID, userID)
}
