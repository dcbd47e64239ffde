package database_test

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"hadir/internal/platform/database"
)

func TestAsUnavailableNamesTheCause(t *testing.T) {
	pg := func(code string) error { return fmt.Errorf("store: %w", &pgconn.PgError{Code: code, Message: "x"}) }
	cases := []struct {
		name string
		err  error
		want database.Cause // "" when not an unavailability
	}{
		{"postgres disk full", pg("53100"), database.CauseDiskFull},
		{"postgres read-only transaction", pg("25006"), database.CauseReadOnly},
		{"postgres io error", pg("58030"), database.CauseIO},
		{"postgres shutting down", pg("57P01"), database.CauseDown},
		{"postgres starting up", pg("57P03"), database.CauseDown},
		{"postgres connection failure", pg("08006"), database.CauseDown},
		{"postgres too many connections", pg("53300"), database.CauseBusy},
		{"postgres unique violation", pg("23505"), ""},
		{"postgres syntax error", pg("42601"), ""},
		{"connection refused", &pgconn.ConnectError{}, database.CauseDown},
		{"bad connection", fmt.Errorf("q: %w", driver.ErrBadConn), database.CauseDown},
		{"conn closed", pgconn.ErrConnClosed, database.CauseDown},
		{"no space on a file", &os.PathError{Op: "write", Path: "/tmp/upload", Err: syscall.ENOSPC}, database.CauseDiskFull},
		{"read-only file system", &os.PathError{Op: "open", Path: "/data/x", Err: syscall.EROFS}, database.CauseReadOnly},
		{"i/o error", &os.PathError{Op: "read", Path: "/data/x", Err: syscall.EIO}, database.CauseIO},
		// A client hanging up mid-download is not the database's failure.
		{"client hung up", &net.OpError{Op: "write", Net: "tcp", Err: os.NewSyscallError("write", syscall.EPIPE)}, ""},
		{"client reset", &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}, ""},
		{"request cancelled", fmt.Errorf("q: %w", context.Canceled), ""},
		// A client hanging up mid-upload leaves a truncated body: its unexpected EOF is the
		// client's, while the same EOF from the PostgreSQL socket comes marked (ConnError).
		{"client truncated upload", fmt.Errorf("read body: %w", io.ErrUnexpectedEOF), ""},
		{"postgres connection lost", fmt.Errorf("q: %w", &database.ConnError{Op: "read", Err: io.EOF}), database.CauseDown},
		{"postgres connection reset", &database.ConnError{Op: "read", Err: &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}}, database.CauseDown},
		{"plain", errors.New("boom"), ""},
		{"nil", nil, ""},
	}
	for _, c := range cases {
		ue, ok := database.AsUnavailable(c.err)
		got := database.Cause("")
		if ok {
			got = ue.Cause
		}
		if got != c.want {
			t.Errorf("%s: cause %q, want %q", c.name, got, c.want)
		}
		if ok != errors.Is(database.MapError(c.err), database.ErrUnavailable) {
			t.Errorf("%s: MapError disagrees with AsUnavailable", c.name)
		}
	}
	mapped := database.MapError(pg("53100"))
	var pge *pgconn.PgError
	if !errors.As(mapped, &pge) || pge.Code != "53100" {
		t.Errorf("MapError lost the driver error: %v", mapped)
	}
	if database.MapError(pg("23505")) == nil || !errors.Is(database.MapError(pg("23505")), database.ErrUniqueViolation) {
		t.Errorf("unique violation no longer mapped")
	}
}

// Start-up retries a database that is down, never one that refused the credentials or does
// not exist.
func TestPermanentConnectionFailures(t *testing.T) {
	for code, want := range map[string]bool{"28P01": true, "28000": true, "3D000": true, "57P03": false, "08006": false} {
		err := &pgconn.ConnectError{}
		wrapped := fmt.Errorf("connect: %w", errors.Join(err, &pgconn.PgError{Code: code}))
		if got := database.Permanent(wrapped); got != want {
			t.Errorf("%s: permanent %v, want %v", code, got, want)
		}
	}
	if database.Permanent(&pgconn.ConnectError{}) {
		t.Error("a refused connection is not permanent")
	}
}

func TestCheckWritableNamesTheCause(t *testing.T) {
	dir := t.TempDir()
	if err := database.CheckWritable(dir + "/sub/hadir.db"); err != nil {
		t.Fatalf("a writable folder: %v", err)
	}
	if entries, _ := os.ReadDir(dir + "/sub"); len(entries) != 0 {
		t.Fatalf("the probe file was left behind: %v", entries)
	}
	if err := os.WriteFile(dir+"/file", nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := database.CheckWritable(dir + "/file/data/hadir.db")
	if err == nil || err.Error() != "database: cannot create the data directory "+dir+"/file/data: a part of the path is not a directory" {
		t.Fatalf("got %v", err)
	}
}
