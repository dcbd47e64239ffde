// Package mail queues e-mails in the outbox table inside the caller's transaction and sends
// them from a background loop, so that no request ever waits on an SMTP server.
package mail

import (
	"context"
	"crypto/tls"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/smtp"
	"net/textproto"
	"net/url"
	"strings"
	"sync"
	"time"

	"hadir/internal/platform/database"
)

// Message is one e-mail to send.
type Message struct {
	OrgID   int64 // 0 when the message belongs to no organisation
	To      string
	Subject string
	Body    string // plain text
	// Attachments go with the body as parts of a multipart/mixed message (base64).
	Attachments []Attachment
}

// Attachment is a file sent with a message.
type Attachment struct {
	Filename    string
	ContentType string
	Data        []byte
}

// Transport opens sending sessions. Each sender goroutine owns one session, so a transport
// may keep a connection open between the messages of a session.
type Transport interface {
	Session() Session
}

// Session delivers messages one after another; it is used by one goroutine at a time.
type Session interface {
	Send(ctx context.Context, from string, m Message) error
	// Close ends the session (SMTP: QUIT and hang up). The session may be used again after.
	Close() error
}

// DefaultSenders is how many messages are sent at once when HADIR_MAIL_SENDERS is not set
// (config.DefaultMailSenders).
const DefaultSenders = 4

// MaxSenders bounds HADIR_MAIL_SENDERS (config.MaxMailSenders): each sender may hold one SMTP
// connection, and mail servers limit connections per client (often to 10 or 20).
const MaxSenders = 64

// Outbox stores messages and sends them in the background.
type Outbox struct {
	db        *database.DB
	transport Transport
	from      string
	wake      chan struct{}
	// MaxAttempts is how often a message is tried before it is marked failed.
	MaxAttempts int
	// PollInterval is how often the senders look for work when nothing woke them (messages
	// queued by another node, retries that came due).
	PollInterval time.Duration
	// Senders is how many messages are sent at once by this process (DefaultSenders when 0).
	Senders int
	// Lease is how long a claimed message stays reserved to the sender that claimed it. A
	// send is cut off at half the lease, so that no other sender (of this node or another)
	// claims a message while it is still being sent; a node that dies after claiming leaves
	// its messages to be sent by another sender once their lease has run out.
	Lease time.Duration
}

// NewOutbox returns an Outbox sending through the SMTP URL, or to the log when it is empty.
func NewOutbox(db *database.DB, smtpURL, from string) (*Outbox, error) {
	var t Transport = LogTransport{}
	if smtpURL != "" {
		st, err := NewSMTPTransport(smtpURL)
		if err != nil {
			return nil, err
		}
		t = st
	}
	return NewOutboxWith(db, t, from), nil
}

// NewOutboxWith returns an Outbox sending through a transport of the caller's.
func NewOutboxWith(db *database.DB, t Transport, from string) *Outbox {
	return &Outbox{db: db, transport: t, from: from, wake: make(chan struct{}, 1), MaxAttempts: 8,
		PollInterval: 2 * time.Second, Senders: DefaultSenders, Lease: 2 * time.Minute}
}

// Enqueue stores a message; when ctx carries a transaction the message is sent only if it commits.
func (o *Outbox) Enqueue(ctx context.Context, m Message) error {
	now := database.Now()
	var org any
	if m.OrgID != 0 {
		org = m.OrgID
	}
	const q = `INSERT INTO outbox (org_id, to_addr, subject, body, created_at, next_attempt) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`
	var id int64
	if err := o.db.Q(ctx).QueryRowContext(ctx, q, org, m.To, m.Subject, m.Body, now, now).Scan(&id); err != nil {
		return fmt.Errorf("mail: enqueue: %w", err)
	}
	for _, a := range m.Attachments {
		if _, err := o.db.Q(ctx).ExecContext(ctx, `INSERT INTO outbox_attachments (outbox_id, filename, content_type, data) VALUES ($1, $2, $3, $4)`,
			id, a.Filename, a.ContentType, a.Data); err != nil {
			return fmt.Errorf("mail: enqueue an attachment: %w", err)
		}
	}
	database.AfterCommit(ctx, o.poke)
	return nil
}

// poke wakes one idle sender, if any is idle and none is already being woken.
func (o *Outbox) poke() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// Run sends queued messages with o.Senders senders until ctx ends.
//
// An idle sender waits to be woken: by Enqueue, by the poll ticker, or by another sender that
// has just claimed a message (and so may have left more behind it). A burst of messages thus
// wakes the senders one after another within milliseconds, while a single message costs one
// claim query, not one per sender.
func (o *Outbox) Run(ctx context.Context) {
	n := min(max(o.Senders, 1), MaxSenders)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() { o.sender(ctx) })
	}
	t := time.NewTicker(o.PollInterval)
	defer t.Stop()
	o.poke() // work left from before a restart
	for {
		select {
		case <-ctx.Done():
			wg.Wait()
			return
		case <-t.C:
			o.poke()
		}
	}
}

// sender claims and sends messages on one session until the queue is empty, then hangs up
// and waits to be woken. Keeping the session for the whole burst saves the connection set-up
// (TCP, STARTTLS, AUTH) of every message but the first.
func (o *Outbox) sender(ctx context.Context) {
	s := o.transport.Session()
	defer s.Close()
	for {
		for ctx.Err() == nil {
			sent, err := o.sendOne(ctx, s)
			if err != nil && ctx.Err() == nil {
				slog.Error("mail: outbox", "err", err)
			}
			if !sent {
				break
			}
		}
		if err := s.Close(); err != nil {
			slog.Debug("mail: closing the session", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-o.wake:
		}
	}
}

// SendOne claims one due message and sends it on a session of its own. It reports whether it
// found one.
func (o *Outbox) SendOne(ctx context.Context) (bool, error) {
	s := o.transport.Session()
	defer s.Close()
	return o.sendOne(ctx, s)
}

type claimed struct {
	id       int64
	attempts int
	m        Message
}

// claim reserves the oldest due message for this sender until now + o.Lease, in one
// statement, so that two senders (of this node or of others sharing the database) never hold
// the same message. PostgreSQL skips rows another transaction is claiming (FOR UPDATE SKIP
// LOCKED) instead of queueing behind it; SQLite runs one write at a time, so the statement is
// atomic there as it is.
func (o *Outbox) claim(ctx context.Context) (claimed, bool, error) {
	now := database.Now()
	lock := ""
	if o.db.Dialect == database.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	claim := `UPDATE outbox SET locked_until = $1, attempts = attempts + 1
		WHERE id = (SELECT id FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt <= $2
		            AND (locked_until IS NULL OR locked_until < $2) ORDER BY id LIMIT 1` + lock + `)
		  AND sent_at IS NULL AND failed_at IS NULL AND (locked_until IS NULL OR locked_until < $2)
		RETURNING id, COALESCE(org_id, 0), to_addr, subject, body, attempts`
	var c claimed
	err := o.db.QueryRowContext(ctx, claim, now.Add(o.lease()), now).Scan(&c.id, &c.m.OrgID, &c.m.To, &c.m.Subject, &c.m.Body, &c.attempts)
	if errors.Is(err, sql.ErrNoRows) {
		return c, false, nil
	}
	if err != nil {
		return c, false, err
	}
	c.m.Attachments, err = o.attachments(ctx, c.id)
	if err != nil {
		return c, false, err
	}
	return c, true, nil
}

// attachments reads the files of a message, in the order they were queued.
func (o *Outbox) attachments(ctx context.Context, id int64) ([]Attachment, error) {
	rows, err := o.db.QueryContext(ctx, `SELECT filename, content_type, data FROM outbox_attachments WHERE outbox_id = $1 ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("mail: attachments: %w", err)
	}
	defer rows.Close()
	var as []Attachment
	for rows.Next() {
		var a Attachment
		if err := rows.Scan(&a.Filename, &a.ContentType, &a.Data); err != nil {
			return nil, err
		}
		as = append(as, a)
	}
	return as, rows.Err()
}

func (o *Outbox) lease() time.Duration {
	if o.Lease <= 0 {
		return 2 * time.Minute
	}
	return o.Lease
}

// sendOne claims one due message and tries to send it on s. It reports whether it found one.
func (o *Outbox) sendOne(ctx context.Context, s Session) (bool, error) {
	c, ok, err := o.claim(ctx)
	if !ok || err != nil {
		return false, err
	}
	o.poke() // there may be more: let an idle sender join
	// Cut the send off well before the lease runs out, so that no other sender takes the
	// message while this one may still deliver it.
	sendCtx, cancel := context.WithTimeout(ctx, o.lease()/2)
	sendErr := s.Send(sendCtx, o.from, c.m)
	cancel()
	// The outcome is recorded even when ctx has just ended: a message that went out must not
	// be sent again after its lease.
	rec := context.WithoutCancel(ctx)
	done := database.Now()
	if sendErr == nil {
		_, err = o.db.ExecContext(rec, `UPDATE outbox SET sent_at = $1, locked_until = NULL, last_error = '' WHERE id = $2`, done, c.id)
		if err == nil && len(c.m.Attachments) > 0 {
			// A sent message's files are not kept: the row stays as the log until retention.
			_, err = o.db.ExecContext(rec, `DELETE FROM outbox_attachments WHERE outbox_id = $1`, c.id)
		}
		return true, err
	}
	slog.Warn("mail: send failed", "id", c.id, "to", c.m.To, "attempt", c.attempts, "err", sendErr)
	if c.attempts >= o.MaxAttempts {
		_, err = o.db.ExecContext(rec, `UPDATE outbox SET failed_at = $1, locked_until = NULL, last_error = $2 WHERE id = $3`, done, sendErr.Error(), c.id)
		return true, err
	}
	backoff := time.Duration(c.attempts*c.attempts) * 15 * time.Second
	_, err = o.db.ExecContext(rec, `UPDATE outbox SET next_attempt = $1, locked_until = NULL, last_error = $2 WHERE id = $3`, done.Add(backoff), sendErr.Error(), c.id)
	return true, err
}

// LogTransport writes messages to the log: the transport when no SMTP server is configured.
type LogTransport struct{}

// Session returns the transport itself: logging needs no connection.
func (t LogTransport) Session() Session { return t }

// Send logs the message, links included, so a developer can follow them.
func (LogTransport) Send(_ context.Context, from string, m Message) error {
	slog.Info("mail (no SMTP configured)", "from", from, "to", m.To, "subject", m.Subject, "body", m.Body)
	return nil
}

// Close does nothing.
func (LogTransport) Close() error { return nil }

// SMTPTransport sends through an SMTP server.
type SMTPTransport struct {
	addr     string
	host     string
	user     string
	pass     string
	implicit bool // smtps://
}

// NewSMTPTransport parses smtp://user:pass@host:port (or smtps:// for implicit TLS).
func NewSMTPTransport(raw string) (*SMTPTransport, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("mail: bad SMTP URL")
	}
	t := &SMTPTransport{addr: u.Host, host: u.Hostname(), implicit: u.Scheme == "smtps"}
	if u.Port() == "" {
		port := "25"
		if t.implicit {
			port = "465"
		}
		t.addr = net.JoinHostPort(u.Hostname(), port)
	}
	if u.User != nil {
		t.user = u.User.Username()
		t.pass, _ = u.User.Password()
	}
	return t, nil
}

// Session returns a session that connects on its first message and keeps the connection for
// the next ones.
func (t *SMTPTransport) Session() Session { return &smtpSession{t: t} }

// Send delivers one message on a connection of its own.
func (t *SMTPTransport) Send(ctx context.Context, from string, m Message) error {
	s := t.Session()
	defer s.Close()
	return s.Send(ctx, from, m)
}

// smtpSession is one SMTP connection kept across messages: each message after the first
// starts with RSET, and a connection the server has dropped meanwhile (idle timeout, a limit
// of messages per connection: 421 or a closed socket) is replaced by a new one, once, before
// any of the message has been sent.
type smtpSession struct {
	t    *SMTPTransport
	conn net.Conn
	c    *smtp.Client
}

func (s *smtpSession) Send(ctx context.Context, from string, m Message) error {
	reused := s.c != nil
	if reused {
		s.deadline(ctx)
		if err := s.c.Reset(); err != nil {
			s.drop()
			reused = false
		}
	}
	if s.c == nil {
		if err := s.dial(ctx); err != nil {
			return err
		}
	}
	dataSent, err := s.send(from, m)
	if err != nil && reused && !dataSent && droppedByServer(err) {
		s.drop()
		if err = s.dial(ctx); err != nil {
			return err
		}
		dataSent, err = s.send(from, m)
	}
	if err != nil {
		// The next message starts from a clean state: RSET now, or a new connection.
		if dataSent || s.c.Reset() != nil {
			s.drop()
		}
		return err
	}
	_ = s.conn.SetDeadline(time.Time{})
	return nil
}

// send runs one mail transaction; dataSent reports whether any of the message went out, after
// which a failure cannot be retried without the risk of delivering it twice.
func (s *smtpSession) send(from string, m Message) (dataSent bool, err error) {
	if err := s.c.Mail(from); err != nil {
		return false, err
	}
	if err := s.c.Rcpt(m.To); err != nil {
		return false, err
	}
	w, err := s.c.Data()
	if err != nil {
		return false, err
	}
	if _, err := w.Write(Format(from, m, time.Now())); err != nil {
		return true, err
	}
	return true, w.Close()
}

// droppedByServer tells whether err means the server has gone away rather than refused the
// message: an I/O error, or 421 (service closing the channel).
func droppedByServer(err error) bool {
	var te *textproto.Error
	if errors.As(err, &te) {
		return te.Code == 421
	}
	return true
}

// dial connects, with STARTTLS when the server offers it, and signs in.
func (s *smtpSession) dial(ctx context.Context) error {
	t := s.t
	d := net.Dialer{Timeout: 15 * time.Second}
	var conn net.Conn
	var err error
	if t.implicit {
		td := tls.Dialer{NetDialer: &d, Config: &tls.Config{ServerName: t.host}}
		conn, err = td.DialContext(ctx, "tcp", t.addr)
	} else {
		conn, err = d.DialContext(ctx, "tcp", t.addr)
	}
	if err != nil {
		return err
	}
	s.conn = conn
	s.deadline(ctx)
	c, err := smtp.NewClient(conn, t.host)
	if err != nil {
		conn.Close()
		s.conn = nil
		return err
	}
	s.c = c
	if ok, _ := c.Extension("STARTTLS"); ok && !t.implicit {
		if err := c.StartTLS(&tls.Config{ServerName: t.host}); err != nil {
			s.drop()
			return err
		}
	}
	if t.user != "" {
		if err := c.Auth(smtp.PlainAuth("", t.user, t.pass, t.host)); err != nil {
			s.drop()
			return err
		}
	}
	return nil
}

// deadline bounds the conversation of one message by ctx's deadline.
func (s *smtpSession) deadline(ctx context.Context) {
	if dl, ok := ctx.Deadline(); ok {
		_ = s.conn.SetDeadline(dl)
	} else {
		_ = s.conn.SetDeadline(time.Now().Add(60 * time.Second))
	}
}

// drop hangs up without a goodbye.
func (s *smtpSession) drop() {
	if s.c != nil {
		_ = s.c.Close()
	}
	s.c, s.conn = nil, nil
}

// Close says goodbye (QUIT) and hangs up.
func (s *smtpSession) Close() error {
	if s.c == nil {
		return nil
	}
	_ = s.conn.SetDeadline(time.Now().Add(10 * time.Second))
	err := s.c.Quit()
	s.drop()
	return err
}

// Format renders the message as RFC 5322 text in UTF-8.
func Format(from string, m Message, now time.Time) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: Hadir <%s>\r\n", from)
	fmt.Fprintf(&b, "To: <%s>\r\n", m.To)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%d.%s>\r\n", now.UnixNano(), strings.ReplaceAll(from, "<>", ""))
	b.WriteString("MIME-Version: 1.0\r\n")
	body := strings.ReplaceAll(strings.ReplaceAll(m.Body, "\r\n", "\n"), "\n", "\r\n")
	if len(m.Attachments) == 0 {
		b.WriteString("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
		b.WriteString(body)
		b.WriteString("\r\n")
		return []byte(b.String())
	}
	// multipart/mixed: the plain body first, then each file in base64 (RFC 2045, 2046, 2183).
	boundary := fmt.Sprintf("hadir-%x", now.UnixNano())
	fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=\"%s\"\r\n\r\n", boundary)
	fmt.Fprintf(&b, "--%s\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n%s\r\n", boundary, body)
	for _, a := range m.Attachments {
		ct := a.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		fmt.Fprintf(&b, "--%s\r\n", boundary)
		fmt.Fprintf(&b, "Content-Type: %s\r\n", mime.FormatMediaType(ct, map[string]string{"name": a.Filename}))
		fmt.Fprintf(&b, "Content-Disposition: %s\r\n", mime.FormatMediaType("attachment", map[string]string{"filename": a.Filename}))
		b.WriteString("Content-Transfer-Encoding: base64\r\n\r\n")
		enc := base64.StdEncoding.EncodeToString(a.Data)
		for len(enc) > 76 {
			b.WriteString(enc[:76] + "\r\n")
			enc = enc[76:]
		}
		b.WriteString(enc + "\r\n")
	}
	fmt.Fprintf(&b, "--%s--\r\n", boundary)
	return []byte(b.String())
}
