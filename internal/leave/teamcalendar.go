package leave

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"hadir/internal/platform/validate"
)

// MaxCalendarDays is the longest span of one team calendar call (a month view with the days
// of the weeks around it fits).
const MaxCalendarDays = 62

// CalendarFilter chooses whose absences a team calendar shows.
type CalendarFilter struct {
	From, To     string
	GroupID      int64 // 0: any group
	DepartmentID int64 // 0: any department
	// Groups, when not nil, limits the calendar to the people of these groups (a member sees
	// their own groups'); PersonID, when set, adds that person (themselves) in any case.
	Groups   []int64
	PersonID int64
	// People, when not nil, limits the calendar to these people (a manager's "my team": their
	// direct reports and themselves), whatever Groups says.
	People []int64
}

// CalendarEntry is one pending or approved application in the calendar.
type CalendarEntry struct {
	ApplicationID int64  `json:"application_id"`
	PersonID      int64  `json:"person_id"`
	Person        string `json:"person"`
	Kind          string `json:"kind"`
	Type          string `json:"type"`
	Status        string `json:"status"`
	From          string `json:"from"`
	To            string `json:"to"`
	Session       string `json:"session"`
	// FromTime and ToTime are a partial-day application's range (session hours), else "".
	FromTime string `json:"from_time"`
	ToTime   string `json:"to_time"`
}

// CalendarHoliday is a holiday in the calendar's span.
type CalendarHoliday struct {
	Name string `json:"name"`
	From string `json:"from"`
	To   string `json:"to"`
}

// TeamCalendar is who is off when: leave and away, approved and pending, and the holidays.
type TeamCalendar struct {
	From     string            `json:"from"`
	To       string            `json:"to"`
	Entries  []CalendarEntry   `json:"entries"`
	Holidays []CalendarHoliday `json:"holidays"`
}

// TeamCalendar returns the absences overlapping [From, To]. An unknown group or department
// of the organisation is ErrNotFound.
func (s *Service) TeamCalendar(ctx context.Context, orgID int64, f CalendarFilter) (TeamCalendar, error) {
	c := validate.New()
	from, errFrom := time.Parse(time.DateOnly, f.From)
	to, errTo := time.Parse(time.DateOnly, f.To)
	if c.Required("from", f.From) && errFrom != nil {
		c.Add("from", "validation.date", "from must be a date (YYYY-MM-DD)", nil)
	}
	if c.Required("to", f.To) && errTo != nil {
		c.Add("to", "validation.date", "to must be a date (YYYY-MM-DD)", nil)
	}
	if errFrom == nil && errTo == nil {
		if to.Before(from) {
			c.Add("to", "validation.after", "to must not be before from", nil)
		} else if to.Sub(from) > (MaxCalendarDays-1)*24*time.Hour {
			c.Add("to", "calendar.too_long", "the calendar shows at most 62 days", nil)
		}
	}
	if err := c.Err(); err != nil {
		return TeamCalendar{}, err
	}
	q := s.store.q(ctx)
	for _, check := range []struct {
		id    int64
		table string
	}{{f.GroupID, "groups"}, {f.DepartmentID, "departments"}} {
		if check.id == 0 {
			continue
		}
		var one int
		err := q.QueryRowContext(ctx, `SELECT 1 FROM `+check.table+` WHERE org_id = $1 AND id = $2`, orgID, check.id).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return TeamCalendar{}, ErrNotFound
		}
		if err != nil {
			return TeamCalendar{}, err
		}
	}
	args := []any{orgID, f.From, f.To}
	arg := func(v any) string {
		args = append(args, v)
		return s.db.Placeholder(len(args))
	}
	// Membership in a group during the span, for the group filter and a member's scope.
	inGroups := func(ids []int64) string {
		ph := make([]string, len(ids))
		for i, id := range ids {
			ph[i] = arg(id)
		}
		return `EXISTS (SELECT 1 FROM group_members m WHERE m.org_id = $1 AND m.person_id = a.person_id AND m.group_id IN (` +
			strings.Join(ph, ", ") + `) AND m.from_date <= $3 AND (m.to_date IS NULL OR m.to_date >= $2))`
	}
	query := `SELECT a.id, a.person_id, TRIM(p.first_name || ' ' || p.last_name), a.kind, t.name, a.status, a.from_date, a.to_date, a.session, a.from_time, a.to_time
		FROM leave_applications a
		JOIN people p ON p.id = a.person_id AND p.org_id = a.org_id
		JOIN leave_types t ON t.id = a.type_id AND t.org_id = a.org_id
		WHERE a.org_id = $1 AND a.status IN ('pending', 'approved') AND a.from_date <= $3 AND a.to_date >= $2 AND p.archived_at IS NULL`
	if f.GroupID != 0 {
		query += ` AND ` + inGroups([]int64{f.GroupID})
	}
	if f.DepartmentID != 0 {
		query += ` AND p.department_id = ` + arg(f.DepartmentID)
	}
	if f.People != nil {
		ph := make([]string, len(f.People))
		for i, id := range f.People {
			ph[i] = arg(id)
		}
		if len(ph) == 0 {
			ph = []string{"0"}
		}
		query += ` AND a.person_id IN (` + strings.Join(ph, ", ") + `)`
	} else if f.Groups != nil {
		scope := []string{}
		if len(f.Groups) > 0 {
			scope = append(scope, inGroups(f.Groups))
		}
		if f.PersonID != 0 {
			scope = append(scope, `a.person_id = `+arg(f.PersonID))
		}
		if len(scope) == 0 {
			scope = append(scope, `1 = 0`)
		}
		query += ` AND (` + strings.Join(scope, " OR ") + `)`
	}
	query += ` ORDER BY a.from_date, 3, a.id`
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return TeamCalendar{}, err
	}
	defer rows.Close()
	out := TeamCalendar{From: f.From, To: f.To, Entries: []CalendarEntry{}, Holidays: []CalendarHoliday{}}
	for rows.Next() {
		var e CalendarEntry
		if err := rows.Scan(&e.ApplicationID, &e.PersonID, &e.Person, &e.Kind, &e.Type, &e.Status, &e.From, &e.To, &e.Session, &e.FromTime, &e.ToTime); err != nil {
			return TeamCalendar{}, err
		}
		out.Entries = append(out.Entries, e)
	}
	if err := rows.Err(); err != nil {
		return TeamCalendar{}, err
	}
	hs, err := q.QueryContext(ctx, `SELECT name, start_date, end_date FROM holidays WHERE org_id = $1 AND start_date <= $3 AND end_date >= $2 ORDER BY start_date, id`,
		orgID, f.From, f.To)
	if err != nil {
		return TeamCalendar{}, err
	}
	defer hs.Close()
	for hs.Next() {
		var h CalendarHoliday
		if err := hs.Scan(&h.Name, &h.From, &h.To); err != nil {
			return TeamCalendar{}, err
		}
		out.Holidays = append(out.Holidays, h)
	}
	return out, hs.Err()
}

// GroupsOf lists the groups a person belongs to at some time in [from, to].
func (s *Service) GroupsOf(ctx context.Context, orgID, personID int64, from, to string) ([]int64, error) {
	rows, err := s.store.q(ctx).QueryContext(ctx, `SELECT DISTINCT group_id FROM group_members
		WHERE org_id = $1 AND person_id = $2 AND from_date <= $4 AND (to_date IS NULL OR to_date >= $3)`, orgID, personID, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// DepartmentOff is what an applicant's form warns about: how many others of their department
// are off (leave or away, pending or approved) on some of the dates asked for, against the
// department's threshold.
type DepartmentOff struct {
	Department string   `json:"department"`
	Threshold  int      `json:"threshold"` // 0: the department never warns
	Others     int      `json:"others"`
	Names      []string `json:"names"`
	Warn       bool     `json:"warn"`
}

// DepartmentOffDuring counts the other people of a person's department who are off during
// [from, to]; a person with no department gets the zero answer.
func (s *Service) DepartmentOffDuring(ctx context.Context, orgID, personID int64, from, to string) (DepartmentOff, error) {
	c := validate.New()
	if c.Required("from_date", from) {
		if _, err := time.Parse(time.DateOnly, from); err != nil {
			c.Add("from_date", "validation.date", "from_date must be a date (YYYY-MM-DD)", nil)
		}
	}
	if to == "" {
		to = from
	}
	if _, err := time.Parse(time.DateOnly, to); err != nil && from != "" {
		c.Add("to_date", "validation.date", "to_date must be a date (YYYY-MM-DD)", nil)
	}
	if to < from {
		c.Add("to_date", "validation.after", "to_date must not be before from_date", nil)
	}
	if err := c.Err(); err != nil {
		return DepartmentOff{}, err
	}
	out := DepartmentOff{Names: []string{}}
	q := s.store.q(ctx)
	var deptID int64
	err := q.QueryRowContext(ctx, `SELECT d.id, d.name, d.absence_warning FROM people p JOIN departments d ON d.id = p.department_id AND d.org_id = p.org_id
		WHERE p.org_id = $1 AND p.id = $2`, orgID, personID).Scan(&deptID, &out.Department, &out.Threshold)
	if errors.Is(err, sql.ErrNoRows) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	rows, err := q.QueryContext(ctx, `SELECT TRIM(p.first_name || ' ' || p.last_name) FROM people p
		WHERE p.org_id = $1 AND p.department_id = $2 AND p.id <> $3 AND p.archived_at IS NULL AND EXISTS (
			SELECT 1 FROM leave_applications a WHERE a.org_id = $1 AND a.person_id = p.id AND a.status IN ('pending', 'approved')
			AND a.from_date <= $5 AND a.to_date >= $4)
		ORDER BY lower(p.first_name), lower(p.last_name), p.id`, orgID, deptID, personID, from, to)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return out, err
		}
		out.Names = append(out.Names, n)
	}
	out.Others = len(out.Names)
	out.Warn = out.Threshold > 0 && out.Others >= out.Threshold
	return out, rows.Err()
}
