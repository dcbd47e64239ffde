package attendance

import (
	"context"
	"fmt"
	"time"

	"hadir/internal/platform/database"
)

// DayStatusDecided is the webhook event of a person's date whose status is final (issue 15).
const DayStatusDecided = "day.status_decided"

// DecidedLookBack is how many dates before today a sweep considers: a date is told once every
// person's day of it has ended (the next midnight, or a night shift's cut-off-out the next
// morning), so yesterday is the usual one; the earlier ones catch up after a pause of the
// nodes. Older dates are never told.
const DecidedLookBack = 3

// EmitDecidedDays tells the webhooks subscribed to day.status_decided, once per person and
// date, the status of each date of the last DecidedLookBack days that has ended for everyone
// in the organisation and was not told before. Exactly once across nodes: the date's marker
// row (webhook_day_marks) is inserted in the transaction that writes its deliveries, and a node
// that finds it inserted already writes nothing. It returns the dates it told.
func (s *Service) EmitDecidedDays(ctx context.Context, orgID int64) ([]string, error) {
	if s.events == nil {
		return nil, nil
	}
	if ok, err := s.events.Wants(ctx, orgID, DayStatusDecided); err != nil || !ok {
		return nil, err
	}
	loc, err := s.location(ctx, orgID)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	today := now.In(loc)
	var told []string
	for back := DecidedLookBack; back >= 1; back-- {
		ds := time.Date(today.Year(), today.Month(), today.Day()-back, 0, 0, 0, 0, loc).Format(time.DateOnly)
		var n int
		if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_day_marks WHERE org_id = $1 AND date = $2`, orgID, ds).Scan(&n); err != nil {
			return told, fmt.Errorf("attendance: day marks: %w", err)
		}
		if n > 0 {
			continue
		}
		var rows []Row
		ended := true
		err := s.ReportEach(ctx, orgID, Query{From: ds, To: ds}, 0, func(r Row) error {
			if len(r.Days) == 1 && r.Days[0].Ends.After(now) {
				ended = false
			}
			rows = append(rows, r)
			return nil
		})
		if err != nil {
			return told, err
		}
		if !ended {
			continue // a night shift of the date still runs: a later sweep tells it
		}
		done := false
		err = s.db.WithTx(ctx, func(ctx context.Context) error {
			res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO webhook_day_marks (org_id, date, emitted_at, people) VALUES ($1, $2, $3, $4)
				ON CONFLICT DO NOTHING`, orgID, ds, database.Now(), len(rows))
			if err != nil {
				return err
			}
			if k, err := res.RowsAffected(); err != nil || k == 0 {
				return err // another node told this date
			}
			for _, r := range rows {
				d := r.Days[0]
				if d.Status == StatusNotTracked {
					continue
				}
				if err := s.events.Emit(ctx, orgID, DayStatusDecided, fmt.Sprintf("person:%d", r.Person.ID), dayEvent(r.Person, d, loc)); err != nil {
					return err
				}
			}
			done = true
			return nil
		})
		if err != nil {
			return told, fmt.Errorf("attendance: day.status_decided: %w", err)
		}
		if done {
			told = append(told, ds)
		}
	}
	return told, nil
}

// dayEvent is the payload of day.status_decided.
func dayEvent(p PersonRef, d Result, loc *time.Location) map[string]any {
	hm := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.In(loc).Format("15:04")
	}
	return map[string]any{"person_id": p.ID, "code": p.Code, "kind": p.Kind, "date": d.Date, "status": d.Status, "status_name": StatusName(d.Status),
		"late": d.Late, "early_out": d.EarlyOut, "missing_out": d.MissingOut, "in_time": hm(d.InTime), "last_seen": hm(d.LastSeen),
		"manual": d.Manual, "reason": d.Reason}
}
