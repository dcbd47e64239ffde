package leave

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"hadir/internal/approval"
	"hadir/internal/attendance"
	"hadir/internal/platform/database"
)

// SQLStore is the leave store over SQLite or PostgreSQL; every query is scoped by org_id.
type SQLStore struct{ db *database.DB }

// NewStore returns the SQL store.
func NewStore(db *database.DB) *SQLStore { return &SQLStore{db: db} }

func (s *SQLStore) q(ctx context.Context) database.Querier { return s.db.Q(ctx) }

func (s *SQLStore) exec(ctx context.Context, q string, args ...any) error {
	res, err := s.q(ctx).ExecContext(ctx, q, args...)
	if err = database.MapError(err); err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// typeCols are a type's columns and whether it is in use (an entitlement or an application
// names it). Each in-use probe is the least person id of the type's rows, which the
// indexes leave_entitlements_org (org_id, type_id, person_id; migration 0047) and
// leave_applications_type hold first for the type: one index seek on both engines. With
// EXISTS, PostgreSQL expected the first rows of a whole-table read to match (statistics in
// which every row is of some used type) and, for a type not in use, read every entitlement
// and application to learn "no" (0.9 ms of every balances call at 5,000 people, growing
// with the tables); an aggregate can only skip the rest through an index in its order.
const typeCols = `t.id, t.org_id, t.kind, t.name, t.description, t.unit, t.default_amount, t.paid, t.allow_negative, t.attachment_required, t.max_carry, t.policy,
	((SELECT MIN(e.person_id) FROM leave_entitlements e WHERE e.org_id = t.org_id AND e.type_id = t.id) IS NOT NULL
	 OR (SELECT MIN(a.person_id) FROM leave_applications a WHERE a.org_id = t.org_id AND a.type_id = t.id) IS NOT NULL)`

func scanType(row interface{ Scan(...any) error }) (Type, error) {
	var t Type
	var policy string
	err := row.Scan(&t.ID, &t.OrgID, &t.Kind, &t.Name, &t.Description, &t.Unit, &t.DefaultAmount, &t.Paid, &t.AllowNegative, &t.AttachmentRequired, &t.MaxCarry, &policy, &t.InUse)
	t.Policy = decodePolicy(policy)
	if errors.Is(err, sql.ErrNoRows) {
		return t, ErrNotFound
	}
	return t, err
}

// Types pages through the types of a kind.
func (s *SQLStore) Types(ctx context.Context, orgID int64, kind, name string, pg database.Page) ([]Type, int, error) {
	cond := ` FROM leave_types t WHERE t.org_id = $1 AND t.kind = $2 AND ($3 = '' OR lower(t.name) LIKE $4 ESCAPE '\')`
	args := []any{orgID, kind, name, database.Like(strings.ToLower(name))}
	var total int
	if err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	q := `SELECT ` + typeCols + cond + ` ORDER BY lower(t.name), t.id`
	if pg.Size > 0 {
		q += pg.LimitOffset()
	}
	rows, err := s.q(ctx).QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Type
	for rows.Next() {
		t, err := scanType(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, t)
	}
	return out, total, rows.Err()
}

// Type returns one type of the organisation.
func (s *SQLStore) Type(ctx context.Context, orgID, id int64) (Type, error) {
	return scanType(s.q(ctx).QueryRowContext(ctx, `SELECT `+typeCols+` FROM leave_types t WHERE t.org_id = $1 AND t.id = $2`, orgID, id))
}

// SaveType creates (ID 0) or updates a type.
func (s *SQLStore) SaveType(ctx context.Context, t Type) (int64, error) {
	now := database.Now()
	var err error
	if t.ID == 0 {
		err = s.q(ctx).QueryRowContext(ctx, `INSERT INTO leave_types (org_id, kind, name, description, unit, default_amount, paid, allow_negative, attachment_required, max_carry, created_at, updated_at, policy)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12) RETURNING id`, t.OrgID, t.Kind, t.Name, t.Description, t.Unit, t.DefaultAmount, t.Paid,
			t.AllowNegative, t.AttachmentRequired, t.MaxCarry, now, t.Policy.encode()).Scan(&t.ID)
		err = database.MapError(err)
	} else {
		err = s.exec(ctx, `UPDATE leave_types SET name = $4, description = $5, unit = $6, default_amount = $7, paid = $8, allow_negative = $9,
			attachment_required = $10, max_carry = $11, updated_at = $12, policy = $13 WHERE org_id = $1 AND id = $2 AND kind = $3`, t.OrgID, t.ID, t.Kind, t.Name, t.Description,
			t.Unit, t.DefaultAmount, t.Paid, t.AllowNegative, t.AttachmentRequired, t.MaxCarry, now, t.Policy.encode())
	}
	if errors.Is(err, database.ErrUniqueViolation) {
		return 0, ErrTypeName
	}
	if err == nil && t.ID > 0 {
		err = s.appsChanged(ctx, t.OrgID) // its name, unit or pay as the reports show them (Approved)
	}
	return t.ID, err
}

// DeleteType removes a type that nothing uses.
func (s *SQLStore) DeleteType(ctx context.Context, orgID int64, kind string, id int64) error {
	err := s.exec(ctx, `DELETE FROM leave_types WHERE org_id = $1 AND id = $2 AND kind = $3`, orgID, id, kind)
	if errors.Is(err, database.ErrForeignKey) {
		return ErrTypeInUse
	}
	if err == nil {
		err = s.appsChanged(ctx, orgID) // were any of its applications to go with it
	}
	return err
}

// PersonRow is the little of a person the leave engine needs.
type PersonRow struct {
	ID     int64
	Kind   string
	Code   string
	Name   string
	Email  string
	UserID int64
}

// Person returns an active person of the organisation; on PostgreSQL inside a transaction it
// locks the row, so that one person's applications and approvals are decided one at a time.
func (s *SQLStore) Person(ctx context.Context, orgID, id int64, lock bool) (PersonRow, error) {
	q := `SELECT p.id, p.kind, p.code, p.first_name || ' ' || p.last_name, CASE WHEN p.email <> '' THEN p.email ELSE COALESCE(u.email, '') END, COALESCE(p.user_id, 0)
		FROM people p LEFT JOIN users u ON u.id = p.user_id WHERE p.org_id = $1 AND p.id = $2 AND p.archived_at IS NULL`
	if lock && s.db.Dialect == database.Postgres {
		q += ` FOR UPDATE OF p`
	}
	var p PersonRow
	err := s.q(ctx).QueryRowContext(ctx, q, orgID, id).Scan(&p.ID, &p.Kind, &p.Code, &p.Name, &p.Email, &p.UserID)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	p.Name = strings.TrimSpace(p.Name)
	return p, err
}

// PersonName is a person's code, name and kind, for reports.
type PersonName struct{ Code, Name, Kind string }

// LeaversBefore returns the organisation's people whose leaving date is before a date.
func (s *SQLStore) LeaversBefore(ctx context.Context, orgID int64, date string) (map[int64]bool, error) {
	return database.Set[int64](s.q(ctx).QueryContext(ctx, `SELECT id FROM people WHERE org_id = $1 AND leaving_date IS NOT NULL AND leaving_date <> '' AND leaving_date < $2`, orgID, date))
}

// PeopleNames returns the code, name and kind of every person of the organisation in one query.
func (s *SQLStore) PeopleNames(ctx context.Context, orgID int64) (map[int64]PersonName, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT id, kind, code, first_name || ' ' || last_name FROM people WHERE org_id = $1`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]PersonName{}
	for rows.Next() {
		var id int64
		var n PersonName
		if err := rows.Scan(&id, &n.Kind, &n.Code, &n.Name); err != nil {
			return nil, err
		}
		n.Name = strings.TrimSpace(n.Name)
		out[id] = n
	}
	return out, rows.Err()
}

// AdminEmails lists the addresses of the organisation's owner and admins.
func (s *SQLStore) AdminEmails(ctx context.Context, orgID int64) ([]string, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT email FROM users WHERE org_id = $1 AND role IN ('owner', 'admin') ORDER BY id`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// entitlementSelect computes taken and pending from the applications in each entitlement's
// period. The subqueries name the organisation and the kind (an application's kind is its
// type's), so they seek leave_applications_balance (org_id, kind, person_id, type_id,
// from_date, status, amount) without visiting the table; without org_id they scanned the
// applications of every organisation (issue 16).
const entitlementSelect = `SELECT e.id, e.person_id, e.type_id, t.name, t.unit, e.period_start, e.valid_until, e.entitled, e.carried, e.note,
	COALESCE((SELECT SUM(a.amount) FROM leave_applications a WHERE a.org_id = e.org_id AND a.kind = t.kind AND a.person_id = e.person_id
		AND a.type_id = e.type_id AND a.from_date >= e.period_start AND a.from_date <= e.valid_until AND a.status = 'approved'), 0),
	COALESCE((SELECT SUM(a.amount) FROM leave_applications a WHERE a.org_id = e.org_id AND a.kind = t.kind AND a.person_id = e.person_id
		AND a.type_id = e.type_id AND a.from_date >= e.period_start AND a.from_date <= e.valid_until AND a.status = 'pending'), 0)
	FROM leave_entitlements e JOIN leave_types t ON t.org_id = e.org_id AND t.id = e.type_id`

func scanEntitlements(rows *sql.Rows) ([]Entitlement, error) {
	defer rows.Close()
	var out []Entitlement
	for rows.Next() {
		var e Entitlement
		if err := rows.Scan(&e.ID, &e.PersonID, &e.TypeID, &e.TypeName, &e.Unit, &e.PeriodStart, &e.ValidUntil, &e.Entitled, &e.Carried, &e.Note, &e.Taken, &e.Pending); err != nil {
			return nil, err
		}
		e.compute()
		out = append(out, e)
	}
	return out, rows.Err()
}

// Entitlements lists a person's entitlements of a kind (newest period first), with balances.
func (s *SQLStore) Entitlements(ctx context.Context, orgID, personID int64, kind string, pg database.Page) ([]Entitlement, int, error) {
	cond := ` WHERE e.org_id = $1 AND e.person_id = $2 AND t.kind = $3`
	var total int
	if err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM leave_entitlements e JOIN leave_types t ON t.id = e.type_id`+cond, orgID, personID, kind).Scan(&total); err != nil {
		return nil, 0, err
	}
	q := entitlementSelect + cond + ` ORDER BY e.period_start DESC, lower(t.name)`
	if pg.Size > 0 {
		q += pg.LimitOffset()
	}
	rows, err := s.q(ctx).QueryContext(ctx, q, orgID, personID, kind)
	if err != nil {
		return nil, 0, err
	}
	out, err := scanEntitlements(rows)
	return out, total, err
}

// Entitlement returns one entitlement with its balance.
func (s *SQLStore) Entitlement(ctx context.Context, orgID, id int64) (Entitlement, error) {
	rows, err := s.q(ctx).QueryContext(ctx, entitlementSelect+` WHERE e.org_id = $1 AND e.id = $2`, orgID, id)
	if err != nil {
		return Entitlement{}, err
	}
	out, err := scanEntitlements(rows)
	if err == nil && len(out) == 0 {
		return Entitlement{}, ErrNotFound
	}
	if err != nil {
		return Entitlement{}, err
	}
	return out[0], nil
}

// EntitlementOn returns the person's entitlement of a type whose period holds a date.
func (s *SQLStore) EntitlementOn(ctx context.Context, orgID, personID, typeID int64, date string) (Entitlement, error) {
	rows, err := s.q(ctx).QueryContext(ctx, entitlementSelect+` WHERE e.org_id = $1 AND e.person_id = $2 AND e.type_id = $3 AND e.period_start <= $4 AND e.valid_until >= $4
		ORDER BY e.period_start DESC LIMIT 1`, orgID, personID, typeID, date)
	if err != nil {
		return Entitlement{}, err
	}
	out, err := scanEntitlements(rows)
	if err == nil && len(out) == 0 {
		return Entitlement{}, ErrNoEntitlement
	}
	if err != nil {
		return Entitlement{}, err
	}
	return out[0], nil
}

// balancesQueries answer the balances of everyone in two statements. The first lists the
// entitlements of a kind in force on a date; the second the pending and approved
// applications of the kind that start between the earliest of those periods' starts and the
// latest of their ends, through leave_applications_dates (the period's applications only,
// however long the history). Go then sums each entitlement's applications, as
// entitlementSelect does for one: one correlated seek per entitlement instead cost 60% more
// on SQLite.
//
// On SQLite each statement returns its rows as one JSON array built by the database:
// stepping 18,000 rows of ten columns through the pure-Go driver cost more than the queries
// themselves (issue 16), while one text value costs nothing to fetch. PostgreSQL sends rows
// cheaply and builds JSON slowly (json_agg of 18,000 arrays took ten times the scan), so it
// returns plain rows of the same columns.
//
// With year, the first statement lists instead the entitlements whose period starts between
// $4 and $3 (the year's first and last days), as the year's ledger and carry-forward group them.
func (s *SQLStore) balancesQueries(year bool) (ents, apps string) {
	entCols := `e.id, e.person_id, e.type_id, e.period_start, e.valid_until, e.entitled, e.carried, e.note`
	appCols := `a.person_id, a.type_id, a.from_date, CASE WHEN a.status = 'approved' THEN 1 ELSE 0 END, a.amount`
	entFrom := ` FROM leave_entitlements e
		WHERE e.org_id = $1 AND e.type_id IN (SELECT t.id FROM leave_types t WHERE t.org_id = $1 AND t.kind = $2)
		AND e.period_start <= $3 AND e.valid_until >= $3`
	if year {
		entFrom = ` FROM leave_entitlements e
		WHERE e.org_id = $1 AND e.type_id IN (SELECT t.id FROM leave_types t WHERE t.org_id = $1 AND t.kind = $2)
		AND e.period_start >= $4 AND e.period_start <= $3`
	}
	appFrom := ` FROM leave_applications a
		WHERE a.org_id = $1 AND a.status IN ('approved', 'pending') AND a.from_date >= $3 AND a.from_date <= $4 AND a.kind = $2`
	if s.db.Dialect == database.Postgres {
		return `SELECT ` + entCols + entFrom, `SELECT ` + appCols + appFrom
	}
	return `SELECT json_group_array(json_array(` + entCols + `)), MIN(e.period_start), MAX(e.valid_until)` + entFrom,
		`SELECT json_group_array(json_array(` + appCols + `))` + appFrom
}

// Balances returns the entitlements in force on a date of everyone, with balances, ordered
// by person and type name, in two statements whatever the number of people.
func (s *SQLStore) Balances(ctx context.Context, orgID int64, kind, date string) ([]Entitlement, error) {
	return s.balances(ctx, orgID, kind, balanceScope{date: date})
}

// YearBalances returns the entitlements whose period starts in a year of everyone (of one
// type when typeID is not 0), with balances as of the year's last day: for a type with a
// policy what the policy computes (accrued, pro-rated, capped, expired), and for people
// without a stored row of an accruing type in force on 31 December the computed period then
// (computedPeriod; it starts in the year). It is the balances call's
// computation, used by the year's ledger and the year-end carry-forward.
func (s *SQLStore) YearBalances(ctx context.Context, orgID int64, kind string, year int, typeID int64) ([]Entitlement, error) {
	return s.balances(ctx, orgID, kind, balanceScope{date: fmt.Sprintf("%04d-12-31", year), year: true, typeID: typeID})
}

// balanceScope is which entitlements the balances are of: those in force on date, or with
// year those whose period starts in date's year, worked out as of date; typeID (not 0)
// keeps one type.
type balanceScope struct {
	date   string
	year   bool
	typeID int64
}

func (s *SQLStore) balances(ctx context.Context, orgID int64, kind string, sc balanceScope) ([]Entitlement, error) {
	date := sc.date
	types, _, err := s.Types(ctx, orgID, kind, "", database.Page{})
	if err != nil {
		return nil, err
	}
	if sc.typeID != 0 {
		types = slices.DeleteFunc(types, func(t Type) bool { return t.ID != sc.typeID })
	}
	sort.SliceStable(types, func(i, j int) bool { return strings.ToLower(types[i].Name) < strings.ToLower(types[j].Name) })
	rank := make(map[int64]int, len(types))
	for i, t := range types {
		rank[t.ID] = i
	}
	entsQ, appsQ := s.balancesQueries(sc.year)
	entArgs := []any{orgID, kind, date}
	if sc.year {
		entArgs = append(entArgs, date[:4]+"-01-01")
	}
	var out []Entitlement
	var first, last string
	if s.db.Dialect == database.Postgres {
		rows, err := s.q(ctx).QueryContext(ctx, entsQ, entArgs...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var e Entitlement
			if err := rows.Scan(&e.ID, &e.PersonID, &e.TypeID, &e.PeriodStart, &e.ValidUntil, &e.Entitled, &e.Carried, &e.Note); err != nil {
				rows.Close()
				return nil, err
			}
			if first == "" || e.PeriodStart < first {
				first = e.PeriodStart
			}
			last = max(last, e.ValidUntil)
			out = append(out, e)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	} else {
		var raw, lo, hi sql.NullString
		if err := s.q(ctx).QueryRowContext(ctx, entsQ, entArgs...).Scan(&raw, &lo, &hi); err != nil {
			return nil, err
		}
		if out, err = parseEntitlementRows(raw.String); err != nil {
			return nil, err
		}
		first, last = lo.String, hi.String
	}
	if sc.typeID != 0 {
		// one type: the others' rows go (the applications' range may stay wider)
		out = slices.DeleteFunc(out, func(e Entitlement) bool { return e.TypeID != sc.typeID })
		if len(types) == 0 {
			return nil, nil
		}
	}
	// Types with a policy that counts: their entitlements are worked out from the people's
	// dates and the dated applications, and people without a row of an accruing type get the
	// calendar year's period (see policyapply.go). The dates are read for every person, so
	// that an archived person's rows are worked out with theirs too; only active people get
	// the computed period.
	var dated []personDates
	counts, accrues := false, false
	for _, t := range types {
		counts = counts || t.Policy.counts()
		accrues = accrues || t.Policy.Accrues()
	}
	if counts {
		if dated, err = s.peopleDates(ctx, orgID); err != nil {
			return nil, err
		}
	}
	// People and (person, type) slots by dense index instead of maps of slices (issue 13:
	// 18,000 one-element slices and their map were a tenth of the call): heads holds each
	// slot's last entitlement, next chains a slot's other periods.
	nt := len(types)
	rankOf := func(typ int64) int {
		for i := range types {
			if types[i].ID == typ {
				return i
			}
		}
		return -1
	}
	pidx := make(map[int64]int32, len(out)/max(nt, 1)+len(dated))
	var heads []int32
	person := func(id int64) int32 {
		i, ok := pidx[id]
		if !ok {
			i = int32(len(pidx))
			pidx[id] = i
			for range nt {
				heads = append(heads, -1)
			}
		}
		return i
	}
	next := make([]int32, len(out), len(out)+len(dated)*nt)
	pof := make([]int32, len(out), cap(next)) // each entitlement's person
	link := func(i int, pi int32, rank int) {
		slot := int(pi)*nt + rank
		next[i], heads[slot], pof[i] = heads[slot], int32(i), pi
	}
	for i := range out {
		if r := rankOf(out[i].TypeID); r >= 0 {
			link(i, person(out[i].PersonID), r)
		}
	}
	// the dates of everyone whose rows are shown (archived people's too) and of the active
	var joins, leavings []string
	if counts {
		for _, d := range dated {
			if !d.archived {
				person(d.id)
			}
		}
		joins, leavings = make([]string, len(pidx)), make([]string, len(pidx))
		for _, d := range dated {
			if pi, ok := pidx[d.id]; ok {
				joins[pi], leavings[pi] = d.join, d.leaving
			}
		}
	}
	if accrues {
		// People without a stored row of an accruing type in force on the date get the
		// period the policy uses then (computedPeriod): the calendar year, or the cadence of
		// their stored periods (a July-to-June year goes on from 1 July), never overlapping a
		// stored period. With year, only those whose computed period starts in the year:
		// it does whenever no stored period is in force on 31 December (a year-long period
		// covering it starts in the year), so the year shows each period once.
		yearStart := ""
		if sc.year {
			yearStart = date[:4] + "-01-01"
		}
		around, err := s.periodsAround(ctx, orgID, kind, date, yearStart, 0, 0)
		if err != nil {
			return nil, err
		}
		type slotKey struct{ person, typ int64 }
		aroundOf := make(map[slotKey]periodAround, len(around))
		for _, a := range around {
			aroundOf[slotKey{a.person, a.typ}] = a
		}
		out = slices.Grow(out, len(dated)*nt)
		cal, calEnd := yearPeriod(date)
		for r, t := range types {
			if !t.Policy.Accrues() {
				continue
			}
			for _, d := range dated {
				pi, ok := pidx[d.id]
				if !ok || d.archived {
					continue
				}
				covered := false
				for i := heads[int(pi)*nt+r]; i >= 0 && !covered; i = next[i] {
					covered = out[i].PeriodStart <= date && out[i].ValidUntil >= date
				}
				start, end := cal, calEnd
				if a, ok := aroundOf[slotKey{d.id, t.ID}]; ok {
					covered = covered || a.covered
					start, end = computedPeriod(date, a.lastEnd, a.nextStart)
				}
				if covered || !employedIn(d.join, d.leaving, start, end) {
					continue
				}
				out = append(out, Entitlement{PersonID: d.id, TypeID: t.ID, PeriodStart: start, ValidUntil: end})
				next, pof = append(next, -1), append(pof, -1)
				link(len(out)-1, pi, r)
				if first == "" || start < first {
					first = start
				}
				last = max(last, end)
			}
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	// The takes of the entitlements of counting types, gathered in one slice and then
	// grouped by entitlement (a counting sort) rather than appended to one slice each.
	type takeOf struct {
		i int32
		t Take
	}
	var taken []takeOf
	add := func(personID, typ int64, from string, approved bool, amount Amount) {
		r := rankOf(typ)
		pi, ok := pidx[personID]
		if r < 0 || !ok {
			return
		}
		for i := heads[int(pi)*nt+r]; i >= 0; i = next[i] {
			if e := &out[i]; e.PeriodStart <= from && from <= e.ValidUntil {
				if approved {
					e.Taken += amount
					if types[r].Policy.counts() {
						taken = append(taken, takeOf{i, Take{from, amount}})
					}
				} else {
					e.Pending += amount
				}
			}
		}
	}
	if s.db.Dialect == database.Postgres {
		rows, err := s.q(ctx).QueryContext(ctx, appsQ, orgID, kind, first, last)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var person, typ, approved int64
			var from string
			var amount Amount
			if err := rows.Scan(&person, &typ, &from, &approved, &amount); err != nil {
				rows.Close()
				return nil, err
			}
			add(person, typ, from, approved == 1, amount)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	} else {
		var raw sql.NullString
		if err := s.q(ctx).QueryRowContext(ctx, appsQ, orgID, kind, first, last).Scan(&raw); err != nil {
			return nil, err
		}
		if err := eachApplicationRow(raw.String, add); err != nil {
			return nil, err
		}
	}
	var takes []Take
	var offs []int32
	var breakdowns []Breakdown
	if counts {
		offs = make([]int32, len(out)+1)
		for _, t := range taken {
			offs[t.i+1]++
		}
		for i := range out {
			offs[i+1] += offs[i]
		}
		takes = make([]Take, len(taken))
		fill := slices.Clone(offs[:len(out)])
		for _, t := range taken {
			takes[fill[t.i]] = t.t
			fill[t.i]++
		}
		n := 0
		for i := range out {
			if types[rankOf(out[i].TypeID)].Policy.counts() {
				n++
			}
		}
		breakdowns = make([]Breakdown, 0, n)
	}
	for i := range out {
		e := &out[i]
		t := types[rank[e.TypeID]]
		e.TypeName, e.Unit = t.Name, t.Unit
		e.compute()
		if t.Policy.counts() {
			pi := pof[i]
			breakdowns = append(breakdowns, Breakdown{})
			applyPolicy(e, t, date, joins[pi], leavings[pi], takes[offs[i]:offs[i+1]:offs[i+1]], &breakdowns[len(breakdowns)-1])
		}
	}
	// Sort small keys, then move each entitlement once: swapping the 200-byte structs
	// themselves cost more than the comparisons.
	type key struct {
		person int64
		rank   int
		i      int32
	}
	keys := make([]key, len(out))
	for i, e := range out {
		keys[i] = key{e.PersonID, rank[e.TypeID], int32(i)}
	}
	slices.SortFunc(keys, func(a, b key) int {
		if c := cmp.Compare(a.person, b.person); c != 0 {
			return c
		}
		if c := cmp.Compare(a.rank, b.rank); c != 0 {
			return c
		}
		if c := cmp.Compare(out[b.i].PeriodStart, out[a.i].PeriodStart); c != 0 {
			return c
		}
		return cmp.Compare(out[a.i].ID, out[b.i].ID)
	})
	sorted := make([]Entitlement, len(out))
	for i, k := range keys {
		sorted[i] = out[k.i]
	}
	return sorted, nil
}

// periodAround is what decides the computed period of an accruing type on a date for a
// person (see computedPeriod): the end of the latest stored period ending before the date,
// the start of the first one starting after it, and (year scope) whether a stored period
// starting before the year is in force on the date.
type periodAround struct {
	person, typ        int64
	lastEnd, nextStart string
	covered            bool
}

// periodsAround lists, for the stored entitlements of a kind (of one person and type when
// personID is not 0), the periods around a date per person and type, only where they change
// the computed period: a next period, a last one not ending on 31 December, or with
// yearStart a period starting before it still in force on the date. One grouped statement;
// with calendar-year rows only it returns nothing.
func (s *SQLStore) periodsAround(ctx context.Context, orgID int64, kind, date, yearStart string, personID, typeID int64) ([]periodAround, error) {
	lastEnd := `MAX(CASE WHEN e.valid_until < $3 THEN e.valid_until END)`
	nextStart := `MIN(CASE WHEN e.period_start > $3 THEN e.period_start END)`
	covered := `MAX(CASE WHEN e.period_start < $4 AND e.valid_until >= $3 THEN 1 ELSE 0 END)`
	args := []any{orgID, kind, date, yearStart}
	// rows in force on the date (starting in the year with yearStart) decide nothing here
	where := ` AND (e.valid_until < $3 OR e.period_start > $3 OR (e.period_start < $4 AND e.valid_until >= $3))`
	if personID != 0 {
		where += ` AND e.person_id = $5 AND e.type_id = $6`
		args = append(args, personID, typeID)
	}
	having := nextStart + ` IS NOT NULL OR substr(` + lastEnd + `, 6) <> '12-31'`
	if yearStart != "" {
		having += ` OR ` + covered + ` = 1`
	}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT e.person_id, e.type_id, COALESCE(`+lastEnd+`, ''), COALESCE(`+nextStart+`, ''), `+covered+`
		FROM leave_entitlements e WHERE e.org_id = $1 AND e.type_id IN (SELECT t.id FROM leave_types t WHERE t.org_id = $1 AND t.kind = $2)`+where+`
		GROUP BY e.person_id, e.type_id HAVING `+having, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []periodAround
	for rows.Next() {
		var a periodAround
		var cov int64
		if err := rows.Scan(&a.person, &a.typ, &a.lastEnd, &a.nextStart, &cov); err != nil {
			return nil, err
		}
		a.covered = cov != 0
		out = append(out, a)
	}
	return out, rows.Err()
}

// personDates are a person's joining and leaving dates (” for none) and whether the person
// is archived.
type personDates struct {
	id            int64
	join, leaving string
	archived      bool
}

// peopleDates returns the joining and leaving dates of the organisation's people, archived
// or not (an archived person's stored rows are still shown, and worked out with their dates).
// On SQLite as one JSON array, like the entitlements and applications (6,000 rows scanned one
// by one were a twelfth of the balances with accrual).
func (s *SQLStore) peopleDates(ctx context.Context, orgID int64) ([]personDates, error) {
	const cols, from = `id, COALESCE(join_date, ''), COALESCE(leaving_date, ''), CASE WHEN archived_at IS NULL THEN 0 ELSE 1 END`, ` FROM people WHERE org_id = $1`
	var out []personDates
	if s.db.Dialect != database.Postgres {
		var raw sql.NullString
		if err := s.q(ctx).QueryRowContext(ctx, `SELECT json_group_array(json_array(`+cols+`))`+from, orgID).Scan(&raw); err != nil {
			return nil, err
		}
		err := eachRow(raw.String, func(p *jsonRows) bool {
			var d personDates
			var arch int64
			if !p.int(&d.id) || !p.skip(',') || !p.str(&d.join) || !p.skip(',') || !p.str(&d.leaving) || !p.skip(',') || !p.int(&arch) {
				return false
			}
			d.archived = arch != 0
			out = append(out, d)
			return true
		})
		return out, err
	}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT `+cols+from, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var d personDates
		var arch int64
		if err := rows.Scan(&d.id, &d.join, &d.leaving, &arch); err != nil {
			return nil, err
		}
		d.archived = arch != 0
		out = append(out, d)
	}
	return out, rows.Err()
}

// parseEntitlementRows reads [[id, person, type, "period start", "valid until", entitled,
// carried, "note"], ...] (null or "" for none).
func parseEntitlementRows(s string) ([]Entitlement, error) {
	var out []Entitlement
	err := eachRow(s, func(p *jsonRows) bool {
		var e Entitlement
		var entitled, carried int64
		if !p.int(&e.ID) || !p.skip(',') || !p.int(&e.PersonID) || !p.skip(',') || !p.int(&e.TypeID) || !p.skip(',') ||
			!p.str(&e.PeriodStart) || !p.skip(',') || !p.str(&e.ValidUntil) || !p.skip(',') || !p.int(&entitled) || !p.skip(',') ||
			!p.int(&carried) || !p.skip(',') || !p.str(&e.Note) {
			return false
		}
		e.Entitled, e.Carried = Amount(entitled), Amount(carried)
		if out == nil {
			out = make([]Entitlement, 0, strings.Count(s, "],")+1)
		}
		out = append(out, e)
		return true
	})
	return out, err
}

// eachApplicationRow reads [[person, type, "from date", approved (1 or 0), amount], ...].
func eachApplicationRow(s string, fn func(person, typ int64, from string, approved bool, amount Amount)) error {
	return eachRow(s, func(p *jsonRows) bool {
		var person, typ, approved, amount int64
		var from string
		if !p.int(&person) || !p.skip(',') || !p.int(&typ) || !p.skip(',') || !p.str(&from) || !p.skip(',') || !p.int(&approved) || !p.skip(',') || !p.int(&amount) {
			return false
		}
		fn(person, typ, from, approved == 1, Amount(amount))
		return true
	})
}

// eachRow walks a JSON array of arrays, calling row inside each inner array.
func eachRow(s string, row func(p *jsonRows) bool) error {
	p := &jsonRows{s: s}
	if t := strings.TrimSpace(s); t == "" || t == "null" {
		return nil
	}
	if !p.skip('[') {
		return p.fail()
	}
	if p.skip(']') {
		return nil
	}
	for {
		if !p.skip('[') || !row(p) || !p.skip(']') {
			return p.fail()
		}
		if p.skip(']') {
			if p.space(); p.i != len(p.s) {
				return p.fail()
			}
			return nil
		}
		if !p.skip(',') {
			return p.fail()
		}
	}
}

// jsonRows scans the little JSON the database builds for balancesQuery: numbers that are
// integers, and strings.
type jsonRows struct {
	s string
	i int
}

func (p *jsonRows) fail() error {
	return fmt.Errorf("leave: balances: unexpected JSON at %d", p.i)
}

func (p *jsonRows) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\n' || p.s[p.i] == '\t' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *jsonRows) skip(c byte) bool {
	p.space()
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// int reads an integer (null reads as 0) without strconv: a call to balances reads about
// 200,000 of them.
func (p *jsonRows) int(v *int64) bool {
	p.space()
	i, neg := p.i, false
	if i < len(p.s) && p.s[i] == '-' {
		neg = true
		i++
	}
	start := i
	var n int64
	for i < len(p.s) && p.s[i] >= '0' && p.s[i] <= '9' {
		n = n*10 + int64(p.s[i]-'0')
		i++
	}
	switch {
	case i == start && !neg && strings.HasPrefix(p.s[p.i:], "null"):
		*v, p.i = 0, p.i+4
		return true
	case i == start || i-start > 18: // nothing, or more digits than an int64 surely holds
		return false
	}
	if neg {
		n = -n
	}
	*v, p.i = n, i
	return true
}

// str reads a string; one with escapes goes through encoding/json.
func (p *jsonRows) str(v *string) bool {
	p.space()
	if strings.HasPrefix(p.s[p.i:], "null") {
		p.i += 4
		*v = ""
		return true
	}
	if p.i >= len(p.s) || p.s[p.i] != '"' {
		return false
	}
	escaped := false
	for j := p.i + 1; j < len(p.s); j++ {
		switch p.s[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			tok := p.s[p.i : j+1]
			p.i = j + 1
			if !escaped {
				*v = tok[1 : len(tok)-1]
				return true
			}
			return json.Unmarshal([]byte(tok), v) == nil
		}
	}
	return false
}

// SaveEntitlement creates (ID 0) or updates an entitlement; one per person, type and period start.
func (s *SQLStore) SaveEntitlement(ctx context.Context, orgID int64, e Entitlement) (int64, error) {
	now := database.Now()
	var err error
	if e.ID == 0 {
		err = s.q(ctx).QueryRowContext(ctx, `INSERT INTO leave_entitlements (org_id, person_id, type_id, period_start, valid_until, entitled, carried, note, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`, orgID, e.PersonID, e.TypeID, e.PeriodStart, e.ValidUntil, e.Entitled, e.Carried, e.Note, now).Scan(&e.ID)
		err = database.MapError(err)
	} else {
		err = s.exec(ctx, `UPDATE leave_entitlements SET period_start = $3, valid_until = $4, entitled = $5, carried = $6, note = $7, updated_at = $8
			WHERE org_id = $1 AND id = $2`, orgID, e.ID, e.PeriodStart, e.ValidUntil, e.Entitled, e.Carried, e.Note, now)
	}
	return e.ID, err
}

// FindEntitlement returns the id of a person's entitlement of a type starting on a date, or 0.
func (s *SQLStore) FindEntitlement(ctx context.Context, orgID, personID, typeID int64, start string) (int64, error) {
	var id int64
	err := s.q(ctx).QueryRowContext(ctx, `SELECT id FROM leave_entitlements WHERE org_id = $1 AND person_id = $2 AND type_id = $3 AND period_start = $4`,
		orgID, personID, typeID, start).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// EntitlementsOfType lists every entitlement of a type whose period starts within [from, to].
func (s *SQLStore) EntitlementsOfType(ctx context.Context, orgID, typeID int64, from, to string) ([]Entitlement, error) {
	rows, err := s.q(ctx).QueryContext(ctx, entitlementSelect+` WHERE e.org_id = $1 AND e.type_id = $2 AND e.period_start >= $3 AND e.period_start <= $4 ORDER BY e.person_id, e.period_start`,
		orgID, typeID, from, to)
	if err != nil {
		return nil, err
	}
	return scanEntitlements(rows)
}

// idSet is a subquery that yields the ids of a list bound as the n-th parameter: a JSON array
// walked by json_each on SQLite, an array unnested on PostgreSQL. One parameter carries any
// number of people, so a set-based statement needs neither chunks nor thousands of
// placeholders.
func (s *SQLStore) idSet(n int, ids []int64) (string, any) {
	if s.db.Dialect == database.Postgres {
		return "(SELECT unnest($" + strconv.Itoa(n) + "::bigint[]))", ids
	}
	b := make([]byte, 0, len(ids)*8+2)
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	return "(SELECT value FROM json_each($" + strconv.Itoa(n) + "))", string(append(b, ']'))
}

// cast types a parameter for PostgreSQL where it cannot infer it (the select list of an
// INSERT ... SELECT); SQLite stores the bound value as it is (a CAST there would turn a
// timestamp into a number).
func (s *SQLStore) cast(param, typ string) string {
	if s.db.Dialect == database.Postgres {
		return "CAST(" + param + " AS " + typ + ")"
	}
	return param
}

// PeopleKinds returns the kind of each listed person who is an active person of the
// organisation, in one statement whatever the number of people.
func (s *SQLStore) PeopleKinds(ctx context.Context, orgID int64, ids []int64) (map[int64]string, error) {
	set, arg := s.idSet(2, ids)
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT p.id, p.kind FROM people p WHERE p.org_id = $1 AND p.id IN `+set+` AND p.archived_at IS NULL`, orgID, arg)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[int64]string, len(ids))
	for rows.Next() {
		var id int64
		var kind string
		if err := rows.Scan(&id, &kind); err != nil {
			return nil, err
		}
		out[id] = kind
	}
	return out, rows.Err()
}

// UpsertEntitlements gives every listed active person of the organisation the same
// entitlement of a type in one statement: a new row per person, or the person's existing row
// for that type and period start updated (keeping its id and creation time), as
// SaveEntitlement does for one person.
func (s *SQLStore) UpsertEntitlements(ctx context.Context, orgID int64, ids []int64, e Entitlement) error {
	set, arg := s.idSet(9, ids)
	_, err := s.q(ctx).ExecContext(ctx, `INSERT INTO leave_entitlements (org_id, person_id, type_id, period_start, valid_until, entitled, carried, note, created_at, updated_at)
		SELECT p.org_id, p.id, `+s.cast("$2", "bigint")+`, `+s.cast("$3", "text")+`, `+s.cast("$4", "text")+`, `+s.cast("$5", "integer")+`, `+s.cast("$6", "integer")+`, `+
		s.cast("$7", "text")+`, `+s.cast("$8", "timestamptz")+`, `+s.cast("$8", "timestamptz")+`
		FROM people p WHERE p.org_id = $1 AND p.id IN `+set+` AND p.archived_at IS NULL
		ON CONFLICT (person_id, type_id, period_start) DO UPDATE SET valid_until = excluded.valid_until, entitled = excluded.entitled,
			carried = excluded.carried, note = excluded.note, updated_at = excluded.updated_at`,
		orgID, e.TypeID, e.PeriodStart, e.ValidUntil, e.Entitled, e.Carried, e.Note, database.Now(), arg)
	return database.MapError(err)
}

// EntitledAt returns, per person, the amount of the entitlements of a type that start on a
// date.
func (s *SQLStore) EntitledAt(ctx context.Context, orgID, typeID int64, start string) (map[int64]Amount, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT person_id, entitled FROM leave_entitlements WHERE org_id = $1 AND type_id = $2 AND period_start = $3`, orgID, typeID, start)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]Amount{}
	for rows.Next() {
		var p int64
		var a Amount
		if err := rows.Scan(&p, &a); err != nil {
			return nil, err
		}
		out[p] = a
	}
	return out, rows.Err()
}

// Carry is what one person carries into a period.
type Carry struct {
	PersonID int64
	Carried  Amount
}

// UpsertCarried writes what each person carries into the period of a type that starts on a
// date, with multi-row statements: a new entitlement of the given amount where the person has
// none, or the existing one's carried amount, end and note updated (its amount kept).
func (s *SQLStore) UpsertCarried(ctx context.Context, orgID, typeID int64, start, validUntil string, entitled Amount, note string, carries []Carry) error {
	const per = 500 // rows per statement: 5,000 parameters, under both engines' limits
	now := database.Now()
	for i := 0; i < len(carries); i += per {
		chunk := carries[i:min(i+per, len(carries))]
		var b strings.Builder
		b.WriteString(`INSERT INTO leave_entitlements (org_id, person_id, type_id, period_start, valid_until, entitled, carried, note, created_at, updated_at) VALUES `)
		args := make([]any, 0, len(chunk)*10)
		for j, c := range chunk {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(")
			for k, v := range []any{orgID, c.PersonID, typeID, start, validUntil, entitled, c.Carried, note, now, now} {
				if k > 0 {
					b.WriteString(", ")
				}
				args = append(args, v)
				b.WriteString(s.db.Placeholder(len(args)))
			}
			b.WriteString(")")
		}
		b.WriteString(` ON CONFLICT (person_id, type_id, period_start) DO UPDATE SET valid_until = excluded.valid_until, carried = excluded.carried,
			note = excluded.note, updated_at = excluded.updated_at`)
		if _, err := s.q(ctx).ExecContext(ctx, b.String(), args...); err != nil {
			return database.MapError(err)
		}
	}
	return nil
}

// DeleteEntitlement removes an entitlement.
func (s *SQLStore) DeleteEntitlement(ctx context.Context, orgID, id int64) error {
	return s.exec(ctx, `DELETE FROM leave_entitlements WHERE org_id = $1 AND id = $2`, orgID, id)
}

// appCols reads the type's name and unit and the attachment's key through subqueries of one
// row each, not joins: the filters and the order need only the application and its person,
// and PostgreSQL plans this statement on every call (its custom plans stay cheaper than the
// generic one), where each joined table multiplies the join orders it weighs. Two tables
// instead of four took its planning from about 0.38 to 0.21 ms (EXPLAIN on the demo school,
// 1,000 teachers, on a loaded machine). PostgreSQL runs such subqueries after the sort and the
// limit, for the page's rows only; SQLite looks each one up as its join did.
const appCols = `a.id, a.org_id, a.person_id, p.code, p.first_name || ' ' || p.last_name, p.kind, a.type_id,
	(SELECT t.name FROM leave_types t WHERE t.org_id = a.org_id AND t.id = a.type_id),
	(SELECT t.unit FROM leave_types t WHERE t.org_id = a.org_id AND t.id = a.type_id), a.kind, a.from_date, a.to_date, a.session,
	a.amount, a.reason, COALESCE((SELECT f.key FROM leave_attachments f WHERE f.org_id = a.org_id AND f.id = a.attachment_id), ''),
	a.status, a.assignment, a.decided_by_name, a.decided_at, a.decision_comment, a.created_at, a.policy_override, a.from_time, a.to_time`

const appFrom = ` FROM leave_applications a JOIN people p ON p.org_id = a.org_id AND p.id = a.person_id`

// scanApps reads rows of appCols, followed by a TimelineColumn when timelines is set.
func scanApps(rows *sql.Rows, timelines ...bool) ([]Application, error) {
	defer rows.Close()
	var out []Application
	for rows.Next() {
		var a Application
		var decided sql.NullTime
		dst := []any{&a.ID, &a.OrgID, &a.PersonID, &a.PersonCode, &a.PersonName, &a.PersonKind, &a.TypeID, &a.TypeName, &a.Unit, &a.Kind, &a.From, &a.To, &a.Session,
			&a.Amount, &a.Reason, &a.AttachmentKey, &a.Status, &a.Assignment, &a.DecidedBy, &decided, &a.Comment, &a.CreatedAt, &a.PolicyOverride, &a.FromTime, &a.ToTime}
		if len(timelines) > 0 && timelines[0] {
			dst = append(dst, (*approval.Timeline)(&a.Timeline))
		}
		if err := rows.Scan(dst...); err != nil {
			return nil, err
		}
		a.PersonName = strings.TrimSpace(a.PersonName)
		if decided.Valid {
			t := decided.Time
			a.DecidedAt = &t
		}
		if a.AttachmentKey != "" {
			a.AttachmentURL = "/api/leave/attachments/" + a.AttachmentKey
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// AppFilter selects applications.
type AppFilter struct {
	Kind       string // leave or away
	PersonKind string // teacher, staff or employee ("" = any)
	PersonID   int64
	Status     string
	Base       string
	From, To   string // overlapping this range
	// Timelines reads each application's approval steps in the same statement (the lists).
	Timelines bool
}

// Applications pages through applications, newest first.
func (s *SQLStore) Applications(ctx context.Context, orgID int64, f AppFilter, pg database.Page) ([]Application, int, error) {
	w := ` WHERE a.org_id = $1 AND a.kind = $2`
	args := []any{orgID, f.Kind}
	add := func(cond string, v any) {
		args = append(args, v)
		w += " AND " + strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args)))
	}
	if f.PersonKind != "" {
		add("p.kind = ?", f.PersonKind)
	}
	if f.PersonID > 0 {
		add("a.person_id = ?", f.PersonID)
	}
	if f.Status != "" {
		add("a.status = ?", f.Status)
	}
	if f.Base != "" {
		add(`(lower(p.first_name || ' ' || p.last_name) LIKE ? ESCAPE '\' OR lower(p.code) LIKE ? ESCAPE '\')`, database.Like(strings.ToLower(f.Base)))
	}
	if f.From != "" {
		add("a.to_date >= ?", f.From)
	}
	if f.To != "" {
		add("a.from_date <= ?", f.To)
	}
	count := func() (n int, err error) {
		err = s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+appFrom+w, args...).Scan(&n)
		return n, err
	}
	var total int
	var err error
	if f.PersonID == 0 && f.Status == "" && f.Base == "" && f.From == "" && f.To == "" {
		// The total of the unfiltered list (the screen's first view) is cached like the
		// people lists' (database.Counts): only new applications change it (appsChanged).
		total, err = s.db.Count(ctx, orgID, "apps:"+f.Kind+":"+f.PersonKind, count)
	} else {
		total, err = count()
	}
	if err != nil {
		return nil, 0, err
	}
	cols := appCols
	if f.Timelines {
		cols += ", " + approval.TimelineColumn(s.db.Dialect, "a.org_id", "a.kind", "a.id")
	}
	q := `SELECT ` + cols + appFrom + w + ` ORDER BY a.created_at DESC, a.id DESC`
	if pg.Size > 0 {
		q += pg.LimitOffset()
	}
	rows, err := s.q(ctx).QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, err
	}
	out, err := scanApps(rows, f.Timelines)
	return out, total, err
}

// Application returns one application.
func (s *SQLStore) Application(ctx context.Context, orgID, id int64) (Application, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT `+appCols+appFrom+` WHERE a.org_id = $1 AND a.id = $2`, orgID, id)
	if err != nil {
		return Application{}, err
	}
	out, err := scanApps(rows)
	if err == nil && len(out) == 0 {
		return Application{}, ErrNotFound
	}
	if err != nil {
		return Application{}, err
	}
	return out[0], nil
}

// Overlapping lists a person's pending or approved applications (of either kind) touching a range.
func (s *SQLStore) Overlapping(ctx context.Context, orgID, personID int64, from, to string) ([]Application, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT `+appCols+appFrom+` WHERE a.org_id = $1 AND a.person_id = $2 AND a.status IN ('pending', 'approved')
		AND a.from_date <= $4 AND a.to_date >= $3`, orgID, personID, from, to)
	if err != nil {
		return nil, err
	}
	return scanApps(rows)
}

// CreateApplication stores an application.
func (s *SQLStore) CreateApplication(ctx context.Context, a Application, attachmentID, createdBy int64) (int64, error) {
	var att, by any
	if attachmentID > 0 {
		att = attachmentID
	}
	if createdBy > 0 {
		by = createdBy
	}
	now := database.Now()
	var id int64
	err := s.q(ctx).QueryRowContext(ctx, `INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, session, amount, reason, attachment_id, status,
		assignment, created_by, decided_by_name, decided_at, created_at, updated_at, policy_override, from_time, to_time) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17, $18, $19) RETURNING id`,
		a.OrgID, a.PersonID, a.TypeID, a.Kind, a.From, a.To, a.Session, a.Amount, a.Reason, att, a.Status, a.Assignment, by, a.DecidedBy, a.DecidedAt, now, a.PolicyOverride, a.FromTime, a.ToTime).Scan(&id)
	if err != nil {
		return 0, database.MapError(err)
	}
	return id, s.appsChanged(ctx, a.OrgID)
}

// appsChanged tells the caches (on every node) that applications were added, removed or
// decided, or a type changed, in the transaction of ctx, or just now: the applications
// lists' totals and the reports' approved sets (Approved).
func (s *SQLStore) appsChanged(ctx context.Context, orgID int64) error {
	return s.db.OrgChanged(ctx, orgID)
}

// Decide moves an application from one of the given statuses to a new one; it reports
// ErrTransition when the application is no longer in one of them.
func (s *SQLStore) Decide(ctx context.Context, orgID, id int64, from []string, to string, by int64, byName, comment string) error {
	args := []any{orgID, id, to, by, byName, database.Now(), comment}
	var in []string
	for _, f := range from {
		args = append(args, f)
		in = append(in, "$"+strconv.Itoa(len(args)))
	}
	err := s.exec(ctx, `UPDATE leave_applications SET status = $3, decided_by = $4, decided_by_name = $5, decided_at = $6, decision_comment = $7, updated_at = $6
		WHERE org_id = $1 AND id = $2 AND status IN (`+strings.Join(in, ", ")+`)`, args...)
	if errors.Is(err, ErrNotFound) {
		return ErrTransition
	}
	if err != nil {
		return err
	}
	return s.appsChanged(ctx, orgID) // the approved set of the reports (Approved)
}

// SaveAttachment stores a document and returns its id.
func (s *SQLStore) SaveAttachment(ctx context.Context, orgID int64, a Attachment) (int64, error) {
	var id int64
	err := s.q(ctx).QueryRowContext(ctx, `INSERT INTO leave_attachments (org_id, key, name, content_type, data, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		orgID, a.Key, a.Name, a.ContentType, a.Data, database.Now()).Scan(&id)
	return id, err
}

// AttachmentByKey returns a document of the organisation's leave applications (an
// attendance-correction request's opens only through the request, for those who may see it).
func (s *SQLStore) AttachmentByKey(ctx context.Context, orgID int64, key string) (Attachment, error) {
	var a Attachment
	err := s.q(ctx).QueryRowContext(ctx, `SELECT key, name, content_type, data FROM leave_attachments f WHERE org_id = $1 AND key = $2
		AND NOT EXISTS (SELECT 1 FROM attendance_requests r WHERE r.attachment_id = f.id)`, orgID, key).
		Scan(&a.Key, &a.Name, &a.ContentType, &a.Data)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNotFound
	}
	return a, err
}

// approvedCacheDays bounds the ranges whose approved applications a page of people reads
// from the organisation's cached set (a day, a week, a month: up to 31 dates) rather than
// asking the database; longer ranges (a year) would keep large sets per key.
const approvedCacheDays = 30

// Approved returns the approved applications of some people (all when ids is empty) that
// touch a date range.
//
// A page of people over a short range (the daily list, a week, a month) picks its own from
// the organisation's approved applications of that range, read once and kept by
// database.Cached: on PostgreSQL a statement is a round trip to another process, the largest
// part of a daily list's cost. What alters the set forgets it at once, on every node:
// a new application (CreateApplication, InsertApplications), a decision or cancellation
// (Decide), a type renamed, re-unit'd or made unpaid (SaveType), a type deleted (DeleteType).
func (s *SQLStore) Approved(ctx context.Context, orgID int64, ids []int64, from, to string) ([]Application, error) {
	if len(ids) == 0 || database.InTx(ctx) || attendance.DaysBetween(from, to) > approvedCacheDays {
		return s.approved(ctx, orgID, ids, from, to)
	}
	v, err := s.db.Cached(ctx, orgID, "leave:approved:"+from+":"+to, func() (any, error) {
		return s.approved(ctx, orgID, nil, from, to)
	})
	if err != nil {
		return nil, err
	}
	want := make(map[int64]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	var out []Application
	for _, a := range v.([]Application) {
		if want[a.PersonID] {
			out = append(out, a)
		}
	}
	return out, nil
}

func (s *SQLStore) approved(ctx context.Context, orgID int64, ids []int64, from, to string) ([]Application, error) {
	q := `SELECT a.person_id, a.kind, a.from_date, a.to_date, a.session, t.name, t.id, t.paid, t.unit, a.amount, a.from_time, a.to_time FROM leave_applications a JOIN leave_types t ON t.id = a.type_id
		WHERE a.org_id = $1 AND a.status = 'approved' AND a.from_date <= $3 AND a.to_date >= $2`
	args := []any{orgID, from, to}
	if len(ids) > 0 && len(ids) <= 500 {
		// For a page of people, seek each person's applications (leave_applications_person)
		// instead of scanning every approved application that started before the date:
		// SQLite's planner prefers the status index when status is compared as a column.
		q = strings.Replace(q, `a.status = 'approved'`, `a.status || '' = 'approved'`, 1)
		var in []string
		for _, id := range ids {
			args = append(args, id)
			in = append(in, "$"+strconv.Itoa(len(args)))
		}
		q += ` AND a.person_id IN (` + strings.Join(in, ", ") + `)`
	}
	rows, err := s.q(ctx).QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Application
	for rows.Next() {
		var a Application
		if err := rows.Scan(&a.PersonID, &a.Kind, &a.From, &a.To, &a.Session, &a.TypeName, &a.TypeID, &a.Paid, &a.Unit, &a.Amount, &a.FromTime, &a.ToTime); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// Stats counts applications: pending now, approved and total created this year, and those
// approved that touch the current week.
func (s *SQLStore) Stats(ctx context.Context, orgID int64, kind, yearStart, weekStart, weekEnd string) (map[string]int, error) {
	var pending, approved, total, week int
	err := s.q(ctx).QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN status = 'approved' AND from_date >= $3 THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN from_date >= $3 THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN status = 'approved' AND from_date <= $5 AND to_date >= $4 THEN 1 ELSE 0 END), 0)
		FROM leave_applications WHERE org_id = $1 AND kind = $2`, orgID, kind, yearStart, weekStart, weekEnd).Scan(&pending, &approved, &total, &week)
	return map[string]int{"pending": pending, "approved": approved, "total": total, "week": week}, err
}

// StatusCounts counts the applications of a kind that start between from and to (dates), by
// status; "total" is all of them.
func (s *SQLStore) StatusCounts(ctx context.Context, orgID int64, kind, from, to string) (map[string]int, error) {
	out := map[string]int{Pending: 0, Approved: 0, Rejected: 0, Cancelled: 0, "total": 0}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT status, COUNT(*) FROM leave_applications
		WHERE org_id = $1 AND kind = $2 AND from_date >= $3 AND from_date <= $4 GROUP BY status`, orgID, kind, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, err
		}
		out[st] += n
		out["total"] += n
	}
	return out, rows.Err()
}

// CalendarKey returns the organisation's calendar feed key, making one when asked.
func (s *SQLStore) CalendarKey(ctx context.Context, orgID int64, fresh string) (string, error) {
	if fresh != "" {
		if _, err := s.q(ctx).ExecContext(ctx, `UPDATE orgs SET calendar_key = $2 WHERE id = $1`, orgID, fresh); err != nil {
			return "", err
		}
	}
	var k string
	err := s.q(ctx).QueryRowContext(ctx, `SELECT calendar_key FROM orgs WHERE id = $1`, orgID).Scan(&k)
	return k, err
}

// OrgByCalendarKey finds the organisation of a calendar feed key.
func (s *SQLStore) OrgByCalendarKey(ctx context.Context, key string) (int64, error) {
	var id int64
	err := s.q(ctx).QueryRowContext(ctx, `SELECT id FROM orgs WHERE calendar_key = $1 AND calendar_key <> ''`, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return id, err
}
