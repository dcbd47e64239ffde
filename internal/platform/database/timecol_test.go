package database

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// ParseStoredTime reads what the SQLite driver writes exactly as the driver would.
func TestParseStoredTime(t *testing.T) {
	for _, s := range []string{
		"2026-11-22 10:04:05.123456-07:00", "2026-11-22 10:04:05+00:00", "2026-11-22T10:04:05.5+08:00",
		"2026-11-22 10:04:05.123456789Z", "2026-11-22 10:04:05", "2026-11-22", "2024-02-29 23:59:59-00:30",
	} {
		got, err := ParseStoredTime(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		var want time.Time
		for _, l := range storedLayouts {
			if w, err := time.Parse(l, s); err == nil {
				want = w
				break
			} else if w, err := time.Parse(l, s[:len(s)-1]); err == nil && s[len(s)-1] == 'Z' {
				want = w
				break
			}
		}
		if !got.Equal(want) || got.Format(time.RFC3339Nano) != want.Format(time.RFC3339Nano) {
			t.Errorf("%q: %s, want %s", s, got.Format(time.RFC3339Nano), want.Format(time.RFC3339Nano))
		}
	}
	for _, s := range []string{"", "2026-02-30 10:00:00+00:00", "2026-11-22 25:00:00+00:00", "yesterday", "2026-11-22 10:04:05.+00:00"} {
		if _, err := ParseStoredTime(s); err == nil {
			t.Errorf("%q parsed", s)
		}
	}
}

// An instant written by the driver and read back through TimeText and ScanTime is the same
// instant, and NULL stays NULL.
func TestTimeTextRoundTrip(t *testing.T) {
	db, err := Open("sqlite://" + filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (id INTEGER, at TIMESTAMP)`); err != nil {
		t.Fatal(err)
	}
	at := Now()
	zoned := time.Date(2026, 11, 22, 9, 30, 0, 120000000, time.FixedZone("", 8*3600))
	for i, v := range []any{at, zoned, nil} {
		if _, err := db.ExecContext(ctx, `INSERT INTO t VALUES ($1, $2)`, i, v); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := db.Q(ctx).QueryContext(ctx, `SELECT `+db.TimeText("at")+`, at FROM t ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	i := 0
	for rows.Next() {
		var fast ScanTime
		var slow *time.Time
		if err := rows.Scan(&fast, &slow); err != nil {
			t.Fatal(err)
		}
		if (slow == nil) != !fast.Valid || (slow != nil && (!slow.Equal(fast.T) || slow.Location().String() != fast.T.Location().String() && fast.T.Format(time.RFC3339Nano) != slow.Format(time.RFC3339Nano))) {
			t.Fatalf("row %d: %v, driver %v", i, fast, slow)
		}
		i++
	}
	if i != 3 {
		t.Fatalf("%d rows", i)
	}
}
