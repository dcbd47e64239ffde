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
	Addr string
	mu   sync.Mutex
	msgs []Received
	got  chan struct{}
}

// Start listens on a free loopback port until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{got: make(chan struct{}, 1000)}
	srv := smtp.NewServer(&backend{s: s})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout = 10 * time.Second
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

func (b *backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Server
	from string
	to   []string
}

func (x *session) AuthMechanisms() []string                    { return nil }
func (x *session) Mail(from string, _ *smtp.MailOptions) error { x.from = from; return nil }
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error   { x.to = append(x.to, to); return nil }
func (x *session) Reset()                                      { x.from, x.to = "", nil }
func (x *session) Logout() error                               { return nil }
func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
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
