// Package smtptest runs a real SMTP server in the test process and keeps what it receives,
// so e-mail tests talk SMTP to a real peer.
package smtptest

import (
	"io"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Received is one delivered message.
type Received struct {
	From    string
	To      []string
	Subject string
	Body    string
	Raw     string
}

// Server is a listening SMTP server.
type Server struct {
	Addr  string
	opt   Options
	mu    sync.Mutex
	msgs  []Received
	conns int
	got   chan struct{}
}

// Options make the server behave like a slow or strict one.
type Options struct {
	// DataDelay is how long the server takes to answer each message's DATA.
	DataDelay time.Duration
	// PerConnection, when above zero, is how many messages the server accepts on one
	// connection before it hangs up (as many providers do).
	PerConnection int
	// IdleTimeout, when above zero, is how long the server waits for a command before it
	// answers 421 and hangs up (10 s otherwise).
	IdleTimeout time.Duration
}

// Start listens on a free loopback port until the test ends.
func Start(t testing.TB) *Server { return StartWith(t, Options{}) }

// StartWith is Start with options.
func StartWith(t testing.TB, opt Options) *Server {
	t.Helper()
	s := &Server{got: make(chan struct{}, 1000), opt: opt}
	srv := smtp.NewServer(&backend{s: s})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout = 10 * time.Second
	if opt.IdleTimeout > 0 {
		srv.ReadTimeout = opt.IdleTimeout
	}
	srv.WriteTimeout = 10 * time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.Addr = ln.Addr().String()
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

// URL is the HADIR_SMTP_URL for this server.
func (s *Server) URL() string { return "smtp://" + s.Addr }

// Messages returns what arrived so far.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.msgs...)
}

// Connections is how many SMTP connections the server has accepted.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}

// WaitCount waits until n messages have arrived and returns them.
func (s *Server) WaitCount(t testing.TB, n int, timeout time.Duration) []Received {
	t.Helper()
	deadline := time.After(timeout)
	for {
		if got := s.Messages(); len(got) >= n {
			return got
		}
		select {
		case <-s.got:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatalf("smtptest: %d messages within %s, want %d", len(s.Messages()), timeout, n)
		}
	}
}

// WaitFor waits until a message to the address arrives and returns it.
func (s *Server) WaitFor(t testing.TB, to string, timeout time.Duration) Received {
	t.Helper()
	deadline := time.After(timeout)
	for {
		for _, m := range s.Messages() {
			for _, r := range m.To {
				if strings.EqualFold(r, to) {
					return m
				}
			}
		}
		select {
		case <-s.got:
		case <-deadline:
			t.Fatalf("smtptest: no message to %s within %s (have %d)", to, timeout, len(s.Messages()))
		}
	}
}

type backend struct{ s *Server }

func (b *backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	b.s.mu.Lock()
	b.s.conns++
	b.s.mu.Unlock()
	return &session{s: b.s, conn: c}, nil
}

type session struct {
	s        *Server
	conn     *smtp.Conn
	from     string
	to       []string
	accepted int // messages on this connection
}

func (x *session) AuthMechanisms() []string                    { return nil }
func (x *session) Mail(from string, _ *smtp.MailOptions) error { x.from = from; return nil }
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error   { x.to = append(x.to, to); return nil }

// Reset runs after each message's answer has been written (and on RSET): the moment a server
// with a limit per connection hangs up.
func (x *session) Reset() {
	x.from, x.to = "", nil
	if n := x.s.opt.PerConnection; n > 0 && x.accepted >= n {
		_ = x.conn.Conn().Close()
	}
}

func (x *session) Logout() error { return nil }
func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	time.Sleep(x.s.opt.DataDelay)
	x.accepted++
	m := Received{From: x.from, To: x.to, Raw: string(raw)}
	if pm, err := mail.ReadMessage(strings.NewReader(string(raw))); err == nil {
		dec := new(mimeDecoder)
		m.Subject = dec.header(pm.Header.Get("Subject"))
		body, _ := io.ReadAll(pm.Body)
		m.Body = strings.ReplaceAll(string(body), "\r\n", "\n")
	}
	x.s.mu.Lock()
	x.s.msgs = append(x.s.msgs, m)
	x.s.mu.Unlock()
	select {
	case x.s.got <- struct{}{}:
	default:
	}
	return nil
}
