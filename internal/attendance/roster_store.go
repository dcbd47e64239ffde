package attendance

import (
	"context"
	"database/sql"
	"encoding/json"
	"sort"
	"strings"

	"hadir/internal/platform/database"
)

// Shifts lists the organisation's shifts by name.
func (s *SQLStore) Shifts(ctx context.Context, orgID int64) ([]Shift, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT id, org_id, name, time_in, cut_off_time_in, time_out, cut_off_time_out
		FROM shifts WHERE org_id = $1`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Shift{}
	for rows.Next() {
		var x Shift
		if err := rows.Scan(&x.ID, &x.OrgID, &x.Name, &x.TimeIn, &x.CutOffTimeIn, &x.TimeOut, &x.CutOffTimeOut); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	byName(out, func(x Shift) (string, int64) { return x.Name, x.ID })
	return out, rows.Err()
}

// byName orders an organisation's few shifts, patterns or group patterns by name in Go: every
// daily report reads them, and ordering them in SQL would sort in a temporary b-tree
// (TestListQueryPlans) for a list of a handful of rows.
func byName[T any](xs []T, key func(T) (string, int64)) {
	sort.SliceStable(xs, func(i, j int) bool {
		ni, ii := key(xs[i])
		nj, ij := key(xs[j])
		if a, b := strings.ToLower(ni), strings.ToLower(nj); a != b {
			return a < b
		}
		return ii < ij
	})
}

// SaveShift inserts (ID 0) or updates a shift.
func (s *SQLStore) SaveShift(ctx context.Context, x Shift) (int64, error) {
	now := database.Now()
	if x.ID == 0 {
		err := s.q(ctx).QueryRowContext(ctx, `INSERT INTO shifts (org_id, name, time_in, cut_off_time_in, time_out, cut_off_time_out, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`, x.OrgID, x.Name, x.TimeIn, x.CutOffTimeIn, x.TimeOut, x.CutOffTimeOut, now).Scan(&x.ID)
		return x.ID, database.MapError(err)
	}
	return x.ID, s.exec(ctx, `UPDATE shifts SET name = $3, time_in = $4, cut_off_time_in = $5, time_out = $6, cut_off_time_out = $7, updated_at = $8
		WHERE org_id = $1 AND id = $2`, x.OrgID, x.ID, x.Name, x.TimeIn, x.CutOffTimeIn, x.TimeOut, x.CutOffTimeOut, now)
}

// DeleteShift removes a shift; a roster entry on it refuses (ErrForeignKey).
func (s *SQLStore) DeleteShift(ctx context.Context, orgID, id int64) error {
	return s.exec(ctx, `DELETE FROM shifts WHERE org_id = $1 AND id = $2`, orgID, id)
}

// Patterns lists the organisation's rotation patterns by name, with how many groups follow each.
func (s *SQLStore) Patterns(ctx context.Context, orgID int64) ([]Pattern, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT p.id, p.org_id, p.name, p.cycle_days, p.days,
		(SELECT COUNT(*) FROM group_patterns g WHERE g.org_id = p.org_id AND g.pattern_id = p.id)
		FROM shift_patterns p WHERE p.org_id = $1`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Pattern{}
	for rows.Next() {
		var x Pattern
		var days string
		if err := rows.Scan(&x.ID, &x.OrgID, &x.Name, &x.CycleDays, &days, &x.Groups); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(days), &x.Days); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	byName(out, func(x Pattern) (string, int64) { return x.Name, x.ID })
	return out, rows.Err()
}

// SavePattern inserts (ID 0) or updates a pattern.
func (s *SQLStore) SavePattern(ctx context.Context, x Pattern) (int64, error) {
	days, err := json.Marshal(x.Days)
	if err != nil {
		return 0, err
	}
	now := database.Now()
	if x.ID == 0 {
		err := s.q(ctx).QueryRowContext(ctx, `INSERT INTO shift_patterns (org_id, name, cycle_days, days, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`, x.OrgID, x.Name, x.CycleDays, string(days), now).Scan(&x.ID)
		return x.ID, database.MapError(err)
	}
	return x.ID, s.exec(ctx, `UPDATE shift_patterns SET name = $3, cycle_days = $4, days = $5, updated_at = $6 WHERE org_id = $1 AND id = $2`,
		x.OrgID, x.ID, x.Name, x.CycleDays, string(days), now)
}

// DeletePattern removes a pattern; a group following it refuses (ErrForeignKey).
func (s *SQLStore) DeletePattern(ctx context.Context, orgID, id int64) error {
	return s.exec(ctx, `DELETE FROM shift_patterns WHERE org_id = $1 AND id = $2`, orgID, id)
}

// GroupPatterns lists which groups follow which pattern.
func (s *SQLStore) GroupPatterns(ctx context.Context, orgID int64) ([]GroupPattern, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT gp.group_id, g.name, gp.pattern_id, gp.start_date FROM group_patterns gp
		JOIN groups g ON g.id = gp.group_id AND g.org_id = gp.org_id WHERE gp.org_id = $1`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []GroupPattern{}
	for rows.Next() {
		var x GroupPattern
		if err := rows.Scan(&x.GroupID, &x.GroupName, &x.PatternID, &x.StartDate); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	byName(out, func(x GroupPattern) (string, int64) { return x.GroupName, x.GroupID })
	return out, rows.Err()
}

// SetGroupPattern makes a group follow a pattern from a date, replacing what it followed.
func (s *SQLStore) SetGroupPattern(ctx context.Context, orgID int64, x GroupPattern) error {
	now := database.Now()
	_, err := s.q(ctx).ExecContext(ctx, `INSERT INTO group_patterns (org_id, group_id, pattern_id, start_date, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (org_id, group_id) DO UPDATE SET pattern_id = excluded.pattern_id,
		start_date = excluded.start_date, updated_at = excluded.updated_at`, orgID, x.GroupID, x.PatternID, x.StartDate, now)
	if err != nil {
		return database.MapError(err)
	}
	return s.rulesChanged(ctx, orgID)
}

// ClearGroupPattern puts a group back on its weekly schedule.
func (s *SQLStore) ClearGroupPattern(ctx context.Context, orgID, groupID int64) error {
	if err := s.exec(ctx, `DELETE FROM group_patterns WHERE org_id = $1 AND group_id = $2`, orgID, groupID); err != nil {
		return err
	}
	return s.rulesChanged(ctx, orgID)
}

// PatternVersions returns the organisation's history of group patterns (migration 0043), in
// no order: the resolver sorts each group's few versions.
func (s *SQLStore) PatternVersions(ctx context.Context, orgID int64) ([]PatternVersion, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT group_id, pattern_id, COALESCE(start_date, ''), effective_from
		FROM group_pattern_versions WHERE org_id = $1`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PatternVersion
	for rows.Next() {
		var v PatternVersion
		var pattern sql.NullInt64
		if err := rows.Scan(&v.GroupID, &pattern, &v.StartDate, &v.EffectiveFrom); err != nil {
			return nil, err
		}
		if pattern.Valid {
			v.PatternID = &pattern.Int64
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// SetPatternVersion writes a group's version from its effective date (replacing one from
// the same date) and removes the versions planned after it: the latest change decides from
// its date on.
func (s *SQLStore) SetPatternVersion(ctx context.Context, orgID int64, v PatternVersion) error {
	var start any
	if v.PatternID != nil {
		start = v.StartDate
	}
	if _, err := s.q(ctx).ExecContext(ctx, `DELETE FROM group_pattern_versions WHERE org_id = $1 AND group_id = $2 AND effective_from > $3`, orgID, v.GroupID, v.EffectiveFrom); err != nil {
		return database.MapError(err)
	}
	now := database.Now()
	_, err := s.q(ctx).ExecContext(ctx, `INSERT INTO group_pattern_versions (org_id, group_id, pattern_id, start_date, effective_from, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (org_id, group_id, effective_from) DO UPDATE SET pattern_id = excluded.pattern_id,
		start_date = excluded.start_date, updated_at = excluded.updated_at`, orgID, v.GroupID, v.PatternID, start, v.EffectiveFrom, now)
	if err != nil {
		return database.MapError(err)
	}
	return s.rulesChanged(ctx, orgID)
}

// RosterEntries returns the roster entries in [from, to] of some people (all when nil).
func (s *SQLStore) RosterEntries(ctx context.Context, orgID int64, personIDs []int64, from, to string) ([]RosterEntry, error) {
	args := []any{orgID, from, to}
	q := `SELECT person_id, date, shift_id FROM roster_entries WHERE org_id = $1 AND date >= $2 AND date <= $3`
	var keep map[int64]bool
	if personIDs != nil {
		if len(personIDs) == 0 {
			return nil, nil
		}
		q, args, keep = s.personIn(q, "person_id", args, personIDs)
	}
	rows, err := s.q(ctx).QueryContext(ctx, q+` ORDER BY person_id, date`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []RosterEntry
	for rows.Next() {
		var e RosterEntry
		var shift sql.NullInt64
		if err := rows.Scan(&e.PersonID, &e.Date, &shift); err != nil {
			return nil, err
		}
		if keep != nil && !keep[e.PersonID] {
			continue
		}
		if shift.Valid {
			e.ShiftID = &shift.Int64
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// SetRosterEntry sets a person's shift (nil: a day off) on a date. Its callers write many
// at once and report them once, after the last (RosterWritten): the cached rules say whether
// the organisation has any roster entry.
func (s *SQLStore) SetRosterEntry(ctx context.Context, orgID int64, e RosterEntry) error {
	now := database.Now()
	_, err := s.q(ctx).ExecContext(ctx, `INSERT INTO roster_entries (org_id, person_id, date, shift_id, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (org_id, person_id, date) DO UPDATE SET shift_id = excluded.shift_id,
		updated_at = excluded.updated_at`, orgID, e.PersonID, e.Date, e.ShiftID, now)
	return database.MapError(err)
}

// HasRoster reports whether the organisation has any roster entry.
func (s *SQLStore) HasRoster(ctx context.Context, orgID int64) (bool, error) {
	var n int
	err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM roster_entries WHERE org_id = $1 LIMIT 1) x`, orgID).Scan(&n)
	return n > 0, err
}

// RosterWritten reports roster entries just written (SetRosterEntry) to the cached rules.
func (s *SQLStore) RosterWritten(ctx context.Context, orgID int64) error {
	return s.rulesChanged(ctx, orgID)
}

// ClearRoster removes the roster entries of some people in [from, to]; it returns how many.
func (s *SQLStore) ClearRoster(ctx context.Context, orgID int64, personIDs []int64, from, to string) (int, error) {
	in, args := placeholders([]any{orgID, from, to}, personIDs)
	res, err := s.q(ctx).ExecContext(ctx, `DELETE FROM roster_entries WHERE org_id = $1 AND date >= $2 AND date <= $3 AND person_id IN (`+in+`)`, args...)
	if err != nil {
		return 0, database.MapError(err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// ExistingPeople returns which of some ids are people of the organisation.
func (s *SQLStore) ExistingPeople(ctx context.Context, orgID int64, ids []int64) (map[int64]bool, error) {
	in, args := placeholders([]any{orgID}, ids)
	return database.Set[int64](s.q(ctx).QueryContext(ctx, `SELECT id FROM people WHERE org_id = $1 AND archived_at IS NULL AND id IN (`+in+`)`, args...))
}
