// Package mail queues e-mails in the outbox table inside the caller's transaction and sends
// them from a background loop, so that no request ever waits on an SMTP server.
package mail

import (
	"context"
	"crypto/tls"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/smtp"
	"net/url"
	"strings"
	"time"

	"hadir/internal/platform/database"
)

// Message is one e-mail to send.
type Message struct {
	OrgID   int64 // 0 when the message belongs to no organisation
	To      string
	Subject string
	Body    string // plain text
}

// Transport delivers one message.
type Transport interface {
	Send(ctx context.Context, from string, m Message) error
}

// Outbox stores messages and sends them in the background.
type Outbox struct {
	db        *database.DB
	transport Transport
	from      string
	wake      chan struct{}
	// MaxAttempts is how often a message is tried before it is marked failed.
	MaxAttempts int
	// PollInterval is how often the sender looks for work when nothing woke it.
	PollInterval time.Duration
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
	return &Outbox{db: db, transport: t, from: from, wake: make(chan struct{}, 1), MaxAttempts: 8, PollInterval: 2 * time.Second}, nil
}

// Enqueue stores a message; when ctx carries a transaction the message is sent only if it commits.
func (o *Outbox) Enqueue(ctx context.Context, m Message) error {
	now := database.Now()
	var org any
	if m.OrgID != 0 {
		org = m.OrgID
	}
	const q = `INSERT INTO outbox (org_id, to_addr, subject, body, created_at, next_attempt) VALUES ($1, $2, $3, $4, $5, $6)`
	if _, err := o.db.Q(ctx).ExecContext(ctx, q, org, m.To, m.Subject, m.Body, now, now); err != nil {
		return fmt.Errorf("mail: enqueue: %w", err)
	}
	select {
	case o.wake <- struct{}{}:
	default:
	}
	return nil
}

// Run sends queued messages until ctx ends.
func (o *Outbox) Run(ctx context.Context) {
	t := time.NewTicker(o.PollInterval)
	defer t.Stop()
	for {
		for {
			sent, err := o.SendOne(ctx)
			if err != nil && ctx.Err() == nil {
				slog.Error("mail: outbox", "err", err)
			}
			if !sent || ctx.Err() != nil {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-o.wake:
		}
	}
}

// SendOne claims one due message and tries to send it. It reports whether it found one.
// The claim (locked_until) keeps several server nodes from sending the same message.
func (o *Outbox) SendOne(ctx context.Context) (bool, error) {
	now := database.Now()
	const claim = `UPDATE outbox SET locked_until = $1, attempts = attempts + 1
		WHERE id = (SELECT id FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt <= $2
		            AND (locked_until IS NULL OR locked_until < $2) ORDER BY id LIMIT 1)
		  AND sent_at IS NULL AND (locked_until IS NULL OR locked_until < $2)
		RETURNING id, COALESCE(org_id, 0), to_addr, subject, body, attempts`
	var m Message
	var id int64
	var attempts int
	err := o.db.QueryRowContext(ctx, claim, now.Add(2*time.Minute), now).Scan(&id, &m.OrgID, &m.To, &m.Subject, &m.Body, &attempts)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	sendCtx, cancel := context.WithTimeout(ctx, 60*time.Second)
	sendErr := o.transport.Send(sendCtx, o.from, m)
	cancel()
	done := database.Now()
	if sendErr == nil {
		_, err = o.db.ExecContext(ctx, `UPDATE outbox SET sent_at = $1, locked_until = NULL, last_error = '' WHERE id = $2`, done, id)
		return true, err
	}
	slog.Warn("mail: send failed", "id", id, "to", m.To, "attempt", attempts, "err", sendErr)
	if attempts >= o.MaxAttempts {
		_, err = o.db.ExecContext(ctx, `UPDATE outbox SET failed_at = $1, locked_until = NULL, last_error = $2 WHERE id = $3`, done, sendErr.Error(), id)
		return true, err
	}
	backoff := time.Duration(attempts*attempts) * 15 * time.Second
	_, err = o.db.ExecContext(ctx, `UPDATE outbox SET next_attempt = $1, locked_until = NULL, last_error = $2 WHERE id = $3`, done.Add(backoff), sendErr.Error(), id)
	return true, err
}

// LogTransport writes messages to the log: the transport when no SMTP server is configured.
type LogTransport struct{}

// Send logs the message, links included, so a developer can follow them.
func (LogTransport) Send(_ context.Context, from string, m Message) error {
	slog.Info("mail (no SMTP configured)", "from", from, "to", m.To, "subject", m.Subject, "body", m.Body)
	return nil
}

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

// Send delivers one message, with STARTTLS when the server offers it.
func (t *SMTPTransport) Send(ctx context.Context, from string, m Message) error {
	d := net.Dialer{Timeout: 15 * time.Second}
	var conn net.Conn
	var err error
	if t.implicit {
		conn, err = tls.DialWithDialer(&d, "tcp", t.addr, &tls.Config{ServerName: t.host})
	} else {
		conn, err = d.DialContext(ctx, "tcp", t.addr)
	}
	if err != nil {
		return err
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	c, err := smtp.NewClient(conn, t.host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok && !t.implicit {
		if err := c.StartTLS(&tls.Config{ServerName: t.host}); err != nil {
			return err
		}
	}
	if t.user != "" {
		if err := c.Auth(smtp.PlainAuth("", t.user, t.pass, t.host)); err != nil {
			return err
		}
	}
	if err := c.Mail(from); err != nil {
		return err
	}
	if err := c.Rcpt(m.To); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(Format(from, m, time.Now())); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// Format renders the message as RFC 5322 text in UTF-8.
func Format(from string, m Message, now time.Time) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: Hadir <%s>\r\n", from)
	fmt.Fprintf(&b, "To: <%s>\r\n", m.To)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%d.%s>\r\n", now.UnixNano(), strings.ReplaceAll(from, "<>", ""))
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	b.WriteString(strings.ReplaceAll(strings.ReplaceAll(m.Body, "\r\n", "\n"), "\n", "\r\n"))
	b.WriteString("\r\n")
	return []byte(b.String())
}
