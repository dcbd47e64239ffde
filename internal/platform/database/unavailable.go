package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrUnavailable is the portable family of "the database cannot serve this now" failures:
// the server is down or unreachable, the disk is full, the database is read-only, an I/O
// error, or it is too busy. Every such error matches it with errors.Is; AsUnavailable tells
// the cause. They are not the caller's fault, and a retry later may succeed.
var ErrUnavailable = errors.New("database: unavailable")

// Cause says why the database is unavailable.
type Cause string

// The causes of unavailability.
const (
	CauseDown     Cause = "down"      // not reachable: connection refused or reset, server shutting down
	CauseDiskFull Cause = "disk_full" // no space left (SQLITE_FULL, PostgreSQL 53100, ENOSPC)
	CauseReadOnly Cause = "read_only" // SQLITE_READONLY, PostgreSQL 25006, EROFS
	CauseIO       Cause = "io"        // SQLITE_IOERR, PostgreSQL 58030, EIO
	CauseBusy     Cause = "busy"      // locked past the busy timeout, out of connections or memory
)

// Message is the English sentence the API shows for the cause.
func (c Cause) Message() string {
	switch c {
	case CauseDiskFull:
		return "the disk is full"
	case CauseReadOnly:
		return "the database is read-only"
	case CauseIO:
		return "the database cannot read or write its files (input/output error)"
	case CauseBusy:
		return "the database is too busy"
	}
	return "the database is unavailable"
}

// UnavailableError is an ErrUnavailable with its cause; it wraps the driver's error.
type UnavailableError struct {
	Cause Cause
	Err   error
}

func (e *UnavailableError) Error() string {
	return "database: " + e.Cause.Message() + ": " + e.Err.Error()
}

func (e *UnavailableError) Unwrap() error { return e.Err }

// Is makes every UnavailableError match ErrUnavailable.
func (e *UnavailableError) Is(target error) bool { return target == ErrUnavailable }

// AsUnavailable finds out whether err (mapped by MapError or straight from the driver or the
// operating system) means the database is unavailable, and why.
func AsUnavailable(err error) (*UnavailableError, bool) {
	if err == nil {
		return nil, false
	}
	var ue *UnavailableError
	if errors.As(err, &ue) {
		return ue, true
	}
	if c, ok := classify(err); ok {
		return &UnavailableError{Cause: c, Err: err}, true
	}
	return nil, false
}

// Permanent reports whether a connection failure will not heal by waiting: the server
// refused the credentials or the database does not exist. A start-up does not retry those.
func Permanent(err error) bool {
	var pg *pgconn.PgError
	if !errors.As(err, &pg) {
		return false
	}
	return pg.Code == "3D000" || pg.Code == "28000" || pg.Code == "28P01"
}

func classify(err error) (Cause, bool) {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch {
		case pg.Code == "53100": // disk_full
			return CauseDiskFull, true
		case pg.Code == "25006": // read_only_sql_transaction (a standby, or default_transaction_read_only)
			return CauseReadOnly, true
		case pg.Code == "58030": // io_error
			return CauseIO, true
		case pg.Code == "57P01", pg.Code == "57P02", pg.Code == "57P03": // shutting down, crashed, starting up
			return CauseDown, true
		case pg.Code == "53000", pg.Code == "53200", pg.Code == "53300": // out of resources, memory, connections
			return CauseBusy, true
		case len(pg.Code) == 5 && pg.Code[:2] == "08": // connection exception
			return CauseDown, true
		}
		var ce *pgconn.ConnectError
		if errors.As(err, &ce) { // the server answered the connection with an error
			return CauseDown, true
		}
		return "", false
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff { // the primary result code
		case sqlite3.SQLITE_FULL:
			return CauseDiskFull, true
		case sqlite3.SQLITE_READONLY:
			return CauseReadOnly, true
		case sqlite3.SQLITE_IOERR:
			return CauseIO, true
		case sqlite3.SQLITE_CANTOPEN:
			return CauseDown, true
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return CauseBusy, true
		}
		return "", false
	}
	// File system failures are honest 503s whichever file met them (the database, or a
	// temporary file of an upload).
	var errno syscall.Errno
	if errors.As(err, &errno) {
		switch errno {
		case syscall.ENOSPC, syscall.EDQUOT:
			return CauseDiskFull, true
		case syscall.EROFS:
			return CauseReadOnly, true
		case syscall.EIO:
			return CauseIO, true
		}
	}
	// Network failures count only when they come from the PostgreSQL driver: a client that
	// hangs up during a download also fails with a reset or a broken pipe, and one that hangs
	// up during an upload with an unexpected EOF, and that says nothing about the database.
	// So a bare io.ErrUnexpectedEOF or reset is never taken for an outage: the PostgreSQL
	// connection marks its own socket failures (ConnError).
	if errors.Is(err, context.Canceled) {
		return "", false
	}
	var ce *pgconn.ConnectError
	var lost *ConnError                            // the socket to PostgreSQL failed (netconn.go)
	var fromPgconn interface{ SafeToRetry() bool } // pgconn's own connection errors
	switch {
	case errors.As(err, &ce), errors.As(err, &lost), errors.As(err, &fromPgconn),
		errors.Is(err, driver.ErrBadConn), errors.Is(err, sql.ErrConnDone), errors.Is(err, pgconn.ErrConnClosed):
		return CauseDown, true
	}
	return "", false
}
