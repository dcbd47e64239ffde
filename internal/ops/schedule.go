package ops

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Schedule is when a periodic job is due: every day at a time of day in a named zone
// ("02:30", UTC, or "02:30 Asia/Kuala_Lumpur"), or at a fixed interval ("6h", aligned on
// whole multiples of the interval since the Unix epoch, so that every node agrees).
type Schedule struct {
	every  time.Duration // interval form
	hour   int           // daily form
	minute int
	loc    *time.Location
}

// ParseSchedule reads HADIR_BACKUP_SCHEDULE's forms; empty means off (a zero Schedule).
func ParseSchedule(s string) (Schedule, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Schedule{}, nil
	}
	if d, err := time.ParseDuration(s); err == nil {
		if d < time.Minute {
			return Schedule{}, fmt.Errorf("schedule %q: the interval must be at least 1m", s)
		}
		return Schedule{every: d}, nil
	}
	clock, zone, _ := strings.Cut(s, " ")
	hh, mm, ok := strings.Cut(clock, ":")
	h, err1 := strconv.Atoi(hh)
	m, err2 := strconv.Atoi(mm)
	if !ok || err1 != nil || err2 != nil || h < 0 || h > 23 || m < 0 || m > 59 || len(mm) != 2 {
		return Schedule{}, fmt.Errorf("schedule %q: want a time of day (02:30, UTC; or 02:30 Asia/Kuala_Lumpur) or an interval (6h)", s)
	}
	loc := time.UTC
	if zone = strings.TrimSpace(zone); zone != "" {
		l, err := time.LoadLocation(zone)
		if err != nil {
			return Schedule{}, fmt.Errorf("schedule %q: unknown time zone %q", s, zone)
		}
		loc = l
	}
	return Schedule{hour: h, minute: m, loc: loc}, nil
}

// Off reports whether no schedule is set.
func (s Schedule) Off() bool { return s.every == 0 && s.loc == nil }

// Last is the latest due instant at or before now: the slot a node should make sure has run.
func (s Schedule) Last(now time.Time) time.Time {
	if s.every > 0 {
		return time.Unix(0, 0).Add(now.Sub(time.Unix(0, 0)) / s.every * s.every).UTC()
	}
	local := now.In(s.loc)
	t := time.Date(local.Year(), local.Month(), local.Day(), s.hour, s.minute, 0, 0, s.loc)
	if t.After(now) {
		t = time.Date(local.Year(), local.Month(), local.Day()-1, s.hour, s.minute, 0, 0, s.loc)
	}
	return t.UTC()
}

// Next is the first due instant after now.
func (s Schedule) Next(now time.Time) time.Time {
	if s.every > 0 {
		return s.Last(now).Add(s.every)
	}
	last := s.Last(now).In(s.loc)
	return time.Date(last.Year(), last.Month(), last.Day()+1, s.hour, s.minute, 0, 0, s.loc).UTC()
}
