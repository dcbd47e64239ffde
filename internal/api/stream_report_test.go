package api

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"hadir/internal/platform/export"
)

// failingTable yields rows of about 100 bytes and fails after n of them.
func failingTable(n int) export.Table {
	return export.Table{Columns: []export.Column{{Header: "Code"}, {Header: "Name"}}, Source: func(yield func([]string) error) error {
		for i := 0; i < n; i++ {
			if err := yield([]string{fmt.Sprintf("E%06d", i), strings.Repeat(fmt.Sprintf("name %d ", i*7919), 8)}); err != nil {
				return err
			}
		}
		return errors.New("database gone")
	}}
}

// TestStreamReportFailures: an xlsx export that fails before anything went out returns its
// error with nothing written (so the caller answers a clean error); one that fails after
// the download started cuts the connection, so the client sees a failed download rather
// than a short file under 200.
func TestStreamReportFailures(t *testing.T) {
	rec := httptest.NewRecorder()
	if err := streamReport(rec, failingTable(10), "Early", "xlsx"); err == nil || rec.Body.Len() > 0 || rec.Code != 200 || rec.Flushed {
		t.Fatalf("early failure: err %v, %d bytes written", err, rec.Body.Len())
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := streamReport(w, failingTable(20_000), "Late", "xlsx"); err != nil {
			t.Errorf("late failure returned %v after writing", err)
		}
	}))
	defer srv.Close()
	res, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	n, err := io.Copy(io.Discard, res.Body)
	if err == nil {
		t.Fatalf("late failure: the client read %d bytes and a clean end", n)
	}
	if n < 64<<10 {
		t.Fatalf("late failure after only %d bytes", n)
	}
}
