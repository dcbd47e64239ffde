package leave

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strconv"
	"strings"

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

const typeCols = `t.id, t.org_id, t.kind, t.name, t.description, t.unit, t.default_amount, t.paid, t.allow_negative, t.attachment_required, t.max_carry,
	(EXISTS (SELECT 1 FROM leave_entitlements e WHERE e.type_id = t.id) OR EXISTS (SELECT 1 FROM leave_applications a WHERE a.type_id = t.id))`

func scanType(row interface{ Scan(...any) error }) (Type, error) {
	var t Type
	err := row.Scan(&t.ID, &t.OrgID, &t.Kind, &t.Name, &t.Description, &t.Unit, &t.DefaultAmount, &t.Paid, &t.AllowNegative, &t.AttachmentRequired, &t.MaxCarry, &t.InUse)
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
		err = s.q(ctx).QueryRowContext(ctx, `INSERT INTO leave_types (org_id, kind, name, description, unit, default_amount, paid, allow_negative, attachment_required, max_carry, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`, t.OrgID, t.Kind, t.Name, t.Description, t.Unit, t.DefaultAmount, t.Paid,
			t.AllowNegative, t.AttachmentRequired, t.MaxCarry, now).Scan(&t.ID)
		err = database.MapError(err)
	} else {
		err = s.exec(ctx, `UPDATE leave_types SET name = $4, description = $5, unit = $6, default_amount = $7, paid = $8, allow_negative = $9,
			attachment_required = $10, max_carry = $11, updated_at = $12 WHERE org_id = $1 AND id = $2 AND kind = $3`, t.OrgID, t.ID, t.Kind, t.Name, t.Description,
			t.Unit, t.DefaultAmount, t.Paid, t.AllowNegative, t.AttachmentRequired, t.MaxCarry, now)
	}
	if errors.Is(err, database.ErrUniqueViolation) {
		return 0, ErrTypeName
	}
	return t.ID, err
}

// DeleteType removes a type that nothing uses.
func (s *SQLStore) DeleteType(ctx context.Context, orgID int64, kind string, id int64) error {
	err := s.exec(ctx, `DELETE FROM leave_types WHERE org_id = $1 AND id = $2 AND kind = $3`, orgID, id, kind)
	if errors.Is(err, database.ErrForeignKey) {
		return ErrTypeInUse
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

// entitlementSelect computes taken and pending from the applications in each entitlement's period.
const entitlementSelect = `SELECT e.id, e.person_id, e.type_id, t.name, t.unit, e.period_start, e.valid_until, e.entitled, e.carried, e.note,
	COALESCE((SELECT SUM(a.amount) FROM leave_applications a WHERE a.person_id = e.person_id AND a.type_id = e.type_id AND a.status = 'approved'
		AND a.from_date >= e.period_start AND a.from_date <= e.valid_until), 0),
	COALESCE((SELECT SUM(a.amount) FROM leave_applications a WHERE a.person_id = e.person_id AND a.type_id = e.type_id AND a.status = 'pending'
		AND a.from_date >= e.period_start AND a.from_date <= e.valid_until), 0)
	FROM leave_entitlements e JOIN leave_types t ON t.id = e.type_id`

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

// Balances returns the entitlements in force on a date of everyone, with balances: one query
// for the entitlements and one grouped sum of applications per distinct period (usually a
// single calendar year), so thousands of people cost two scans, not a query each.
func (s *SQLStore) Balances(ctx context.Context, orgID int64, kind, date string) ([]Entitlement, error) {
	types, _, err := s.Types(ctx, orgID, kind, "", database.Page{})
	if err != nil {
		return nil, err
	}
	typeOf := map[int64]Type{}
	for _, t := range types {
		typeOf[t.ID] = t
	}
	prows, err := s.q(ctx).QueryContext(ctx, `SELECT DISTINCT period_start, valid_until FROM leave_entitlements WHERE org_id = $1 AND period_start <= $2 AND valid_until >= $2`, orgID, date)
	if err != nil {
		return nil, err
	}
	var periods [][2]string
	for prows.Next() {
		var p [2]string
		if err := prows.Scan(&p[0], &p[1]); err != nil {
			prows.Close()
			return nil, err
		}
		periods = append(periods, p)
	}
	prows.Close()
	// Per period, one statement sums the applications by person and type and joins them to
	// the entitlements inside the database, so only the result rows cross to Go.
	const q = `SELECT e.id, e.person_id, e.type_id, e.entitled, e.carried, e.note, COALESCE(x.taken, 0), COALESCE(x.pending, 0)
		FROM leave_entitlements e
		LEFT JOIN (SELECT person_id, type_id, SUM(CASE WHEN status = 'approved' THEN amount ELSE 0 END) AS taken,
		                  SUM(CASE WHEN status = 'pending' THEN amount ELSE 0 END) AS pending
		           FROM leave_applications WHERE org_id = $1 AND kind = $2 AND from_date >= $3 AND from_date <= $4 AND status IN ('approved', 'pending')
		           GROUP BY person_id, type_id) x ON x.person_id = e.person_id AND x.type_id = e.type_id
		WHERE e.org_id = $1 AND e.period_start = $3 AND e.valid_until = $4`
	var out []Entitlement
	for _, p := range periods {
		rows, err := s.q(ctx).QueryContext(ctx, q, orgID, kind, p[0], p[1])
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			e := Entitlement{PeriodStart: p[0], ValidUntil: p[1]}
			if err := rows.Scan(&e.ID, &e.PersonID, &e.TypeID, &e.Entitled, &e.Carried, &e.Note, &e.Taken, &e.Pending); err != nil {
				rows.Close()
				return nil, err
			}
			t, ok := typeOf[e.TypeID]
			if !ok {
				continue // another kind
			}
			e.TypeName, e.Unit = t.Name, t.Unit
			e.compute()
			out = append(out, e)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].PersonID != out[j].PersonID {
			return out[i].PersonID < out[j].PersonID
		}
		return strings.ToLower(out[i].TypeName) < strings.ToLower(out[j].TypeName)
	})
	return out, nil
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
	rows, err := s.q(ctx).QueryContext(ctx, entitlementSelect+` WHERE e.org_id = $1 AND e.type_id = $2 AND e.period_start >= $3 AND e.period_start <= $4 ORDER BY e.person_id`,
		orgID, typeID, from, to)
	if err != nil {
		return nil, err
	}
	return scanEntitlements(rows)
}

// DeleteEntitlement removes an entitlement.
func (s *SQLStore) DeleteEntitlement(ctx context.Context, orgID, id int64) error {
	return s.exec(ctx, `DELETE FROM leave_entitlements WHERE org_id = $1 AND id = $2`, orgID, id)
}

const appCols = `a.id, a.org_id, a.person_id, p.code, p.first_name || ' ' || p.last_name, p.kind, a.type_id, t.name, t.unit, a.kind, a.from_date, a.to_date, a.session,
	a.amount, a.reason, COALESCE(f.key, ''), a.status, a.assignment, a.decided_by_name, a.decided_at, a.decision_comment, a.created_at`

const appFrom = ` FROM leave_applications a JOIN people p ON p.id = a.person_id JOIN leave_types t ON t.id = a.type_id LEFT JOIN leave_attachments f ON f.id = a.attachment_id`

func scanApps(rows *sql.Rows) ([]Application, error) {
	defer rows.Close()
	var out []Application
	for rows.Next() {
		var a Application
		var decided sql.NullTime
		if err := rows.Scan(&a.ID, &a.OrgID, &a.PersonID, &a.PersonCode, &a.PersonName, &a.PersonKind, &a.TypeID, &a.TypeName, &a.Unit, &a.Kind, &a.From, &a.To, &a.Session,
			&a.Amount, &a.Reason, &a.AttachmentKey, &a.Status, &a.Assignment, &a.DecidedBy, &decided, &a.Comment, &a.CreatedAt); err != nil {
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
	var total int
	if err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+appFrom+w, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	q := `SELECT ` + appCols + appFrom + w + ` ORDER BY a.created_at DESC, a.id DESC`
	if pg.Size > 0 {
		q += pg.LimitOffset()
	}
	rows, err := s.q(ctx).QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, err
	}
	out, err := scanApps(rows)
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
		assignment, created_by, decided_by_name, decided_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING id`,
		a.OrgID, a.PersonID, a.TypeID, a.Kind, a.From, a.To, a.Session, a.Amount, a.Reason, att, a.Status, a.Assignment, by, a.DecidedBy, a.DecidedAt, now).Scan(&id)
	return id, database.MapError(err)
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
	return err
}

// SaveAttachment stores a document and returns its id.
func (s *SQLStore) SaveAttachment(ctx context.Context, orgID int64, a Attachment) (int64, error) {
	var id int64
	err := s.q(ctx).QueryRowContext(ctx, `INSERT INTO leave_attachments (org_id, key, name, content_type, data, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		orgID, a.Key, a.Name, a.ContentType, a.Data, database.Now()).Scan(&id)
	return id, err
}

// AttachmentByKey returns a document of the organisation.
func (s *SQLStore) AttachmentByKey(ctx context.Context, orgID int64, key string) (Attachment, error) {
	var a Attachment
	err := s.q(ctx).QueryRowContext(ctx, `SELECT key, name, content_type, data FROM leave_attachments WHERE org_id = $1 AND key = $2`, orgID, key).
		Scan(&a.Key, &a.Name, &a.ContentType, &a.Data)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNotFound
	}
	return a, err
}

// Approved returns the approved applications of some people (all when ids is empty) that
// touch a date range.
func (s *SQLStore) Approved(ctx context.Context, orgID int64, ids []int64, from, to string) ([]Application, error) {
	q := `SELECT a.person_id, a.kind, a.from_date, a.to_date, a.session, t.name FROM leave_applications a JOIN leave_types t ON t.id = a.type_id
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
		if err := rows.Scan(&a.PersonID, &a.Kind, &a.From, &a.To, &a.Session, &a.TypeName); err != nil {
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
