package database

import (
	"errors"
	"fmt"
	"time"
)

// TimeText is the select expression of an instant column read with ScanTime: on SQLite the
// column as plain text (an expression has no declared type, so the driver leaves it as a
// string), on PostgreSQL the column itself. The SQLite driver parses a TIMESTAMP column with
// time.Parse, first in a layout that never matches what it writes, on every row: a tenth of
// the CPU of a 50-row people list (issue 9, "Throughput").
func (db *DB) TimeText(col string) string {
	if db.Dialect == SQLite {
		return "(" + col + " || '')"
	}
	return col
}

// ScanTime scans an instant selected with TimeText (or a plain column) into T; Valid is false
// for NULL.
type ScanTime struct {
	T     time.Time
	Valid bool
}

// Scan implements sql.Scanner.
func (s *ScanTime) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		*s = ScanTime{}
		return nil
	case time.Time:
		*s = ScanTime{T: v, Valid: true}
		return nil
	case string:
		t, err := ParseStoredTime(v)
		*s = ScanTime{T: t, Valid: err == nil}
		return err
	case []byte:
		t, err := ParseStoredTime(string(v))
		*s = ScanTime{T: t, Valid: err == nil}
		return err
	}
	return fmt.Errorf("database: cannot scan %T into an instant", v)
}

// Ptr is the instant, or nil for NULL.
func (s ScanTime) Ptr() *time.Time {
	if !s.Valid {
		return nil
	}
	t := s.T
	return &t
}

// storedLayouts are the layouts the SQLite driver writes (_time_format=sqlite) and reads.
var storedLayouts = []string{
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04",
	"2006-01-02T15:04",
	"2006-01-02",
}

var errStoredTime = errors.New("database: not a stored instant")

// ParseStoredTime reads an instant as the SQLite driver stores it
// ("2006-01-02 15:04:05.999999999-07:00", or a trailing Z), without time.Parse for that
// layout; other layouts the driver reads fall back to time.Parse.
func ParseStoredTime(s string) (time.Time, error) {
	if t, ok := parseFast(s); ok {
		return t, nil
	}
	for _, l := range storedLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, nil
		}
	}
	if len(s) > 0 && s[len(s)-1] == 'Z' {
		for _, l := range storedLayouts {
			if t, err := time.Parse(l, s[:len(s)-1]); err == nil {
				return t, nil
			}
		}
	}
	return time.Time{}, fmt.Errorf("%w: %q", errStoredTime, s)
}

func parseFast(s string) (time.Time, bool) {
	// 2006-01-02 15:04:05[.fraction](Z|±hh:mm)
	if len(s) < 20 || s[4] != '-' || s[7] != '-' || (s[10] != ' ' && s[10] != 'T') || s[13] != ':' || s[16] != ':' {
		return time.Time{}, false
	}
	num := func(a, b int) (int, bool) {
		n := 0
		for i := a; i < b; i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int(c-'0')
		}
		return n, true
	}
	y, ok1 := num(0, 4)
	mo, ok2 := num(5, 7)
	d, ok3 := num(8, 10)
	h, ok4 := num(11, 13)
	mi, ok5 := num(14, 16)
	sec, ok6 := num(17, 19)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 59 {
		return time.Time{}, false
	}
	i, nsec := 19, 0
	if s[i] == '.' {
		i++
		digits := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if digits < 9 {
				nsec = nsec*10 + int(s[i]-'0')
				digits++
			}
			i++
		}
		if digits == 0 {
			return time.Time{}, false
		}
		for ; digits < 9; digits++ {
			nsec *= 10
		}
	}
	rest := s[i:]
	var loc *time.Location
	switch {
	case rest == "Z":
		loc = time.UTC
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, okh := num(i+1, i+3)
		om, okm := num(i+4, i+6)
		if !okh || !okm || oh > 23 || om > 59 {
			return time.Time{}, false
		}
		off := oh*3600 + om*60
		if rest[0] == '-' {
			off = -off
		}
		if off == 0 {
			loc = time.UTC
		} else {
			loc = time.FixedZone("", off)
		}
	default:
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(mo), d, h, mi, sec, nsec, loc)
	if t.Day() != d { // 31 February and the like
		return time.Time{}, false
	}
	return t, true
}
