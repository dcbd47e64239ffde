package database

import (
	"context"
	"errors"
	"net"

	"github.com/jackc/pgx/v5/pgconn"
)

// ConnError marks a failure of the network connection between Hadir and its PostgreSQL
// server: the server went away, the connection was reset or cut. It wraps the error the
// socket returned.
//
// pgx hands a failed read back as it came from the socket, and turns a plain end of stream
// into a bare io.ErrUnexpectedEOF (or a *net.OpError for a reset). Neither says on its own
// whose connection failed: a client that hangs up in the middle of an upload yields the very
// same errors from the request body, and that is the client's fault (a 4xx), not the
// database's (a 503). So every PostgreSQL connection is dialled through markConnErrors,
// which wraps each failure of the socket in a ConnError; classify recognises it wherever the
// error travels, whether or not the code on the way calls MapError.
type ConnError struct {
	Op  string // "read" or "write"
	Err error
}

func (e *ConnError) Error() string {
	return "database connection lost: " + e.Op + ": " + e.Err.Error()
}

func (e *ConnError) Unwrap() error { return e.Err }

// markConnErrors makes the connections of cfg (and its fallbacks, which share the dialler)
// return their socket failures as *ConnError.
func markConnErrors(cfg *pgconn.Config) {
	dial := cfg.DialFunc
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err // pgconn reports it as a *pgconn.ConnectError
		}
		return markedConn{c}, nil
	}
}

// markedConn is a net.Conn whose read and write failures are *ConnError. A timeout is left
// as it is: pgx sets a deadline in the past to interrupt a query whose context ended, and
// turns the timeout back into the context's error (a cancelled request is not an outage).
type markedConn struct{ net.Conn }

func (c markedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	return n, mark("read", err)
}

func (c markedConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	return n, mark("write", err)
}

func mark(op string, err error) error {
	if err == nil {
		return nil
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return err
	}
	return &ConnError{Op: op, Err: err}
}
