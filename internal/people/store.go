package people

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"hadir/internal/platform/database"
)

// Record is one stored record area row.
type Record struct {
	ID   int64           `json:"id"`
	Area string          `json:"area"`
	Data json.RawMessage `json:"data"`
}

// Invite is a live verification code's row.
type Invite struct {
	ID, OrgID, PersonID int64
}

// SQLStore is the people store over SQLite or PostgreSQL; every query is scoped by org_id.
type SQLStore struct {
	db         *database.DB
	personCols string
}

// NewStore returns the SQL store.
func NewStore(db *database.DB) *SQLStore {
	return &SQLStore{db: db, personCols: personColumns(db)}
}

// personColumns is the select list of scanPerson; the instants are read as text on SQLite
// (database.TimeText), where the driver's own parsing of them was a tenth of a list call.
func personColumns(db *database.DB) string {
	return `p.id, p.org_id, p.kind, p.code, p.first_name, p.last_name, p.email, COALESCE(p.join_date, ''), COALESCE(p.leaving_date, ''),
	p.department_id, COALESCE(i.key, ''), p.user_id, COALESCE(u.role, ''), ` + db.TimeText("p.archived_at") + `, ` + db.TimeText("p.created_at")
}

func (s *SQLStore) cols() string { return s.personCols }

const personFrom = ` FROM people p LEFT JOIN users u ON u.id = p.user_id LEFT JOIN images i ON i.id = p.image_id`

func scanPerson(row interface{ Scan(...any) error }) (Person, error) {
	var p Person
	var dept, user sql.NullInt64
	var archived, created database.ScanTime
	err := row.Scan(&p.ID, &p.OrgID, &p.Kind, &p.Code, &p.FirstName, &p.LastName, &p.Email, &p.JoinDate, &p.LeavingDate,
		&dept, &p.ImageKey, &user, &p.Role, &archived, &created)
	p.CreatedAt = created.T
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	if dept.Valid {
		p.DepartmentID = &dept.Int64
	}
	if user.Valid {
		p.UserID = &user.Int64
	}
	p.ArchivedAt = archived.Ptr()
	return p, err
}

// CountKey names the cached total of the active (or archived) people of a kind, in
// database.Counts; the attendance reports count the same people under the same key.
func CountKey(kind Kind, archived bool) string {
	if archived {
		return "people:" + string(kind) + ":archived"
	}
	return "people:" + string(kind) + ":active"
}

// listColumns is the select list of scanListed: only what a list shows (the answer of
// toPersonResponse, the exports' columns). The organisation and kind are the filter's, and
// created_at no list uses; every column less is one less for the SQLite driver to fetch
// and convert on each of 50 rows (issue 9, "Throughput").
//
// The columns most rows leave empty (dates, photo, role) are read as they are, NULL included,
// into database.NullText, not COALESCEd to an empty text: the SQLite driver fetches a NULL with one call
// and an empty text with three, each taking the connection's lock.
const listColumns = `p.id, p.code, p.first_name, p.last_name, p.email, p.join_date, p.leaving_date, p.department_id,
	i.key, p.user_id, u.role`

// listSelect is the select list of a list of active or archived people; only archived
// people have an archived_at to read.
func (s *SQLStore) listSelect(archived bool) string {
	if archived {
		return listColumns + `, ` + s.db.TimeText("p.archived_at")
	}
	return listColumns
}

// listScanner scans the rows of a list through one set of destinations made once per
// query: scanning each row into fresh locals moved them all to the heap, a third of a people
// list's allocations (issue 9, "Throughput").
type listScanner struct {
	p         Person
	dept, usr sql.NullInt64
	at        database.ScanTime
	dest      []any
}

func newListScanner(orgID int64, kind Kind, archived bool, extra ...any) *listScanner {
	sc := &listScanner{p: Person{OrgID: orgID, Kind: kind}}
	p := &sc.p
	sc.dest = []any{&p.ID, &p.Code, &p.FirstName, &p.LastName, &p.Email, database.NullText(&p.JoinDate), database.NullText(&p.LeavingDate), &sc.dept,
		database.NullText(&p.ImageKey), &sc.usr, database.NullText(&p.Role)}
	if archived {
		sc.dest = append(sc.dest, &sc.at)
	}
	sc.dest = append(sc.dest, extra...)
	return sc
}

// scan reads one row and returns its person (with pointers of its own).
func (sc *listScanner) scan(rows *sql.Rows) (Person, error) {
	if err := rows.Scan(sc.dest...); err != nil {
		return Person{}, err
	}
	p := sc.p
	p.DepartmentID, p.UserID, p.ArchivedAt = nil, nil, nil
	if sc.dept.Valid || sc.usr.Valid {
		ids := new([2]int64) // one allocation for both
		if sc.dept.Valid {
			ids[0] = sc.dept.Int64
			p.DepartmentID = &ids[0]
		}
		if sc.usr.Valid {
			ids[1] = sc.usr.Int64
			p.UserID = &ids[1]
		}
	}
	p.ArchivedAt = sc.at.Ptr()
	return p, nil
}

// listWhere is the condition and arguments of a list filter, with $1 the organisation.
func listWhere(orgID int64, f ListFilter) (string, []any) {
	where := []string{"p.org_id = $1", "p.kind = $2"}
	args := []any{orgID, string(f.Kind)}
	if f.Archived {
		where = append(where, "p.archived_at IS NOT NULL")
	} else {
		where = append(where, "p.archived_at IS NULL")
	}
	if f.Base != "" {
		args = append(args, database.Like(strings.ToLower(f.Base)))
		n := "$" + strconv.Itoa(len(args))
		where = append(where, "(lower(p.first_name || ' ' || p.last_name) LIKE "+n+" ESCAPE '\\' OR lower(p.code) LIKE "+n+" ESCAPE '\\' OR lower(p.email) LIKE "+n+" ESCAPE '\\')")
	}
	if f.FirstName != "" {
		args = append(args, database.Like(strings.ToLower(f.FirstName)))
		where = append(where, "lower(p.first_name) LIKE $"+strconv.Itoa(len(args))+" ESCAPE '\\'")
	}
	switch f.Role {
	case "admin":
		where = append(where, "u.role IN ('admin', 'owner')")
	case "member":
		where = append(where, "(u.role IS NULL OR u.role = 'member')")
	}
	return " WHERE " + strings.Join(where, " AND "), args
}

// nameOrder is the order of every people list; the indexes people_active_by_name and
// people_archived_by_name hold it, so a page is read from the index without sorting.
const nameOrder = ` ORDER BY lower(p.first_name), lower(p.last_name), p.id`

// List pages through people matching a filter.
func (s *SQLStore) List(ctx context.Context, orgID int64, f ListFilter, pg database.Page) ([]Person, int, error) {
	cond, args := listWhere(orgID, f)
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+s.listSelect(f.Archived)+personFrom+cond+nameOrder+pg.LimitOffset(), args...)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Person, 0, min(pg.Size, 150))
	sc := newListScanner(orgID, f.Kind, f.Archived)
	for rows.Next() {
		p, err := sc.scan(rows)
		if err != nil {
			rows.Close()
			return nil, 0, err
		}
		out = append(out, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	// The count needs the users join only to filter by role; the images join never.
	countFrom := ` FROM people p`
	if f.Role != "" {
		countFrom += ` LEFT JOIN users u ON u.id = p.user_id`
	}
	count := func() (n int, err error) {
		err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+countFrom+cond, args...).Scan(&n)
		return n, err
	}
	var total int
	switch {
	case f.Base == "" && f.FirstName == "" && f.Role == "":
		// The whole list's total is cached; Create and SetArchived, the only changes of
		// who is in it, report their changes (database.Counts).
		total, err = s.db.Count(ctx, orgID, CountKey(f.Kind, f.Archived), count)
	case len(out) > 0 && len(out) < pg.Size:
		// A page that is not full is the last one, so it tells the total: a search that
		// finds less than a page needs no count.
		total = pg.Offset() + len(out)
	default:
		total, err = count()
	}
	if err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// After is a position in the name order of a people list (lower-cased first and last name
// and id, as the database lower-cases them): a keyset page starts after it.
type After struct {
	First, Last string
	ID          int64
}

// ListAfter returns up to size people matching a filter that come after a position in the
// list's order (from the start when after is nil), and the position of the last one (nil
// when the list is exhausted). Long walks (exports) use it instead of OFFSET pages, which
// read and drop every row before the page: each keyset page seeks the name index at its
// position and reads only its own rows.
func (s *SQLStore) ListAfter(ctx context.Context, orgID int64, f ListFilter, after *After, size int) ([]Person, *After, error) {
	cond, args := listWhere(orgID, f)
	if after != nil {
		n := len(args)
		args = append(args, after.First, after.Last, after.ID)
		cond += " AND (lower(p.first_name), lower(p.last_name), p.id) > ($" + strconv.Itoa(n+1) + ", $" + strconv.Itoa(n+2) + ", $" + strconv.Itoa(n+3) + ")"
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+s.listSelect(f.Archived)+`, lower(p.first_name), lower(p.last_name)`+personFrom+cond+nameOrder+
		` LIMIT `+strconv.Itoa(size), args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	out := make([]Person, 0, min(size, 1000))
	var last After
	sc := newListScanner(orgID, f.Kind, f.Archived, &last.First, &last.Last)
	for rows.Next() {
		p, err := sc.scan(rows)
		if err != nil {
			return nil, nil, err
		}
		last.ID = p.ID
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	if len(out) < size {
		return out, nil, nil
	}
	return out, &last, nil
}

// Get returns a person of the organisation.
func (s *SQLStore) Get(ctx context.Context, orgID, id int64) (Person, error) {
	return scanPerson(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+s.cols()+personFrom+` WHERE p.org_id = $1 AND p.id = $2`, orgID, id))
}

// ByUser returns the person linked to an account.
func (s *SQLStore) ByUser(ctx context.Context, orgID, userID int64) (Person, error) {
	return scanPerson(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+s.cols()+personFrom+` WHERE p.org_id = $1 AND p.user_id = $2`, orgID, userID))
}

func nullable[T comparable](v T) any {
	var zero T
	if v == zero {
		return nil
	}
	return v
}

// Create inserts a person; a used code gives ErrCodeTaken.
func (s *SQLStore) Create(ctx context.Context, p Person) (int64, error) {
	const q = `INSERT INTO people (org_id, kind, code, first_name, last_name, email, join_date, department_id, created_at, updated_at, leaving_date)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) RETURNING id`
	var dept any
	if p.DepartmentID != nil {
		dept = *p.DepartmentID
	}
	var id int64
	err := database.MapError(s.db.Q(ctx).QueryRowContext(ctx, q, p.OrgID, string(p.Kind), p.Code, p.FirstName, p.LastName, p.Email,
		nullable(p.JoinDate), dept, database.Now(), nullable(p.LeavingDate)).Scan(&id))
	if errors.Is(err, database.ErrUniqueViolation) {
		return 0, ErrCodeTaken
	}
	if err != nil {
		return 0, err
	}
	return id, s.db.OrgChanged(ctx, p.OrgID)
}

func (s *SQLStore) exec(ctx context.Context, q string, args ...any) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, q, args...)
	if err = database.MapError(err); err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// UpdateGeneral saves the general details.
func (s *SQLStore) UpdateGeneral(ctx context.Context, p Person) error {
	var dept any
	if p.DepartmentID != nil {
		dept = *p.DepartmentID
	}
	err := s.exec(ctx, `UPDATE people SET code = $3, first_name = $4, last_name = $5, email = $6, join_date = $7, department_id = $8, updated_at = $9,
		leaving_date = $10 WHERE org_id = $1 AND id = $2`, p.OrgID, p.ID, p.Code, p.FirstName, p.LastName, p.Email, nullable(p.JoinDate), dept, database.Now(), nullable(p.LeavingDate))
	if errors.Is(err, database.ErrUniqueViolation) {
		return ErrCodeTaken
	}
	return err
}

// SetArchived archives (at set) or restores (nil) a person.
func (s *SQLStore) SetArchived(ctx context.Context, orgID, id int64, at *time.Time) error {
	var v any
	if at != nil {
		v = *at
	}
	if err := s.exec(ctx, `UPDATE people SET archived_at = $3, updated_at = $4 WHERE org_id = $1 AND id = $2`, orgID, id, v, database.Now()); err != nil {
		return err
	}
	return s.db.OrgChanged(ctx, orgID)
}

// CodeTaken reports whether another person of the organisation has the code (any case).
func (s *SQLStore) CodeTaken(ctx context.Context, orgID int64, code string, exceptID int64) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM people WHERE org_id = $1 AND lower(code) = lower($2) AND id <> $3`, orgID, code, exceptID).Scan(&n)
	return n > 0, err
}

// Codes returns every code of the organisation, lower-cased (for imports: one query).
func (s *SQLStore) Codes(ctx context.Context, orgID int64) (map[string]bool, error) {
	return database.Set[string](s.db.Q(ctx).QueryContext(ctx, `SELECT lower(code) FROM people WHERE org_id = $1`, orgID))
}

// Records returns every record row of a person.
func (s *SQLStore) Records(ctx context.Context, orgID, personID int64) ([]Record, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, area, data FROM person_records WHERE org_id = $1 AND person_id = $2 ORDER BY area, id`, orgID, personID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Record
	for rows.Next() {
		var r Record
		var data string
		if err := rows.Scan(&r.ID, &r.Area, &data); err != nil {
			return nil, err
		}
		r.Data = json.RawMessage(data)
		out = append(out, r)
	}
	return out, rows.Err()
}

// SaveRecord creates or updates a record row. Single areas are upserted whatever the id;
// an education row is created without an id and updated with one.
func (s *SQLStore) SaveRecord(ctx context.Context, orgID, personID int64, area string, id int64, data json.RawMessage) (Record, error) {
	now := database.Now()
	q := s.db.Q(ctx)
	if area != "education" {
		err := q.QueryRowContext(ctx, `UPDATE person_records SET data = $4, updated_at = $5 WHERE org_id = $1 AND person_id = $2 AND area = $3 RETURNING id`,
			orgID, personID, area, string(data), now).Scan(&id)
		if err == nil {
			return Record{ID: id, Area: area, Data: data}, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return Record{}, err
		}
		id = 0
	}
	if id == 0 {
		err := q.QueryRowContext(ctx, `INSERT INTO person_records (org_id, person_id, area, data, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
			orgID, personID, area, string(data), now).Scan(&id)
		return Record{ID: id, Area: area, Data: data}, database.MapError(err)
	}
	err := s.exec(ctx, `UPDATE person_records SET data = $5, updated_at = $6 WHERE org_id = $1 AND person_id = $2 AND area = $3 AND id = $4`,
		orgID, personID, area, id, string(data), now)
	return Record{ID: id, Area: area, Data: data}, err
}

// DeleteRecord removes an education row.
func (s *SQLStore) DeleteRecord(ctx context.Context, orgID, personID, id int64) error {
	return s.exec(ctx, `DELETE FROM person_records WHERE org_id = $1 AND person_id = $2 AND id = $3 AND area = 'education'`, orgID, personID, id)
}

// PositionExists reports whether the organisation has a position.
func (s *SQLStore) PositionExists(ctx context.Context, orgID, id int64) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM positions WHERE org_id = $1 AND id = $2`, orgID, id).Scan(&n)
	return n > 0, err
}

// SaveImage stores a processed image and points the person at it; the old image goes.
func (s *SQLStore) SaveImage(ctx context.Context, orgID, personID int64, img Image) error {
	q := s.db.Q(ctx)
	var old sql.NullInt64
	if err := q.QueryRowContext(ctx, `SELECT image_id FROM people WHERE org_id = $1 AND id = $2`, orgID, personID).Scan(&old); errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	} else if err != nil {
		return err
	}
	var id int64
	if err := q.QueryRowContext(ctx, `INSERT INTO images (org_id, key, content_type, data, width, height, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
		orgID, img.Key, img.ContentType, img.Data, img.Width, img.Height, database.Now()).Scan(&id); err != nil {
		return err
	}
	if err := s.exec(ctx, `UPDATE people SET image_id = $3, updated_at = $4 WHERE org_id = $1 AND id = $2`, orgID, personID, id, database.Now()); err != nil {
		return err
	}
	if old.Valid {
		_, err := q.ExecContext(ctx, `DELETE FROM images WHERE org_id = $1 AND id = $2`, orgID, old.Int64)
		return err
	}
	return nil
}

// ImageByKey returns a stored image by its unguessable key.
func (s *SQLStore) ImageByKey(ctx context.Context, key string) (Image, error) {
	var img Image
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT key, content_type, data, width, height FROM images WHERE key = $1`, key).
		Scan(&img.Key, &img.ContentType, &img.Data, &img.Width, &img.Height)
	if errors.Is(err, sql.ErrNoRows) {
		return img, ErrNotFound
	}
	return img, err
}

// AddChunk stores one chunk of an upload and returns the upload's size so far.
func (s *SQLStore) AddChunk(ctx context.Context, orgID, userID int64, uploadID string, data []byte) (int, error) {
	q := s.db.Q(ctx)
	now := database.Now()
	if _, err := q.ExecContext(ctx, `DELETE FROM upload_chunks WHERE created_at < $1`, now.Add(-24*time.Hour)); err != nil {
		return 0, err
	}
	var seq, size int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(length(data)), 0) FROM upload_chunks WHERE upload_id = $1 AND org_id = $2 AND user_id = $3`,
		uploadID, orgID, userID).Scan(&seq, &size); err != nil {
		return 0, err
	}
	if size+len(data) > MaxUploadBytes {
		// The upload is refused as a whole; its chunks go so they do not count any more.
		if _, err := q.ExecContext(ctx, `DELETE FROM upload_chunks WHERE upload_id = $1 AND org_id = $2 AND user_id = $3`, uploadID, orgID, userID); err != nil {
			return 0, err
		}
		return size + len(data), ErrUploadTooLarge
	}
	// Unfinished uploads of one user are bounded too, so abandoned upload ids cannot pile up.
	var pending int
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(length(data)), 0) FROM upload_chunks WHERE org_id = $1 AND user_id = $2`, orgID, userID).Scan(&pending); err != nil {
		return 0, err
	}
	if pending+len(data) > 3*MaxUploadBytes {
		return pending + len(data), ErrUploadTooLarge
	}
	_, err := q.ExecContext(ctx, `INSERT INTO upload_chunks (upload_id, org_id, user_id, seq, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		uploadID, orgID, userID, seq, data, now)
	return size + len(data), database.MapError(err)
}

// TakeChunks returns an upload's chunks joined in order and deletes them.
func (s *SQLStore) TakeChunks(ctx context.Context, orgID, userID int64, uploadID string) ([]byte, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT data FROM upload_chunks WHERE upload_id = $1 AND org_id = $2 AND user_id = $3 ORDER BY seq`, uploadID, orgID, userID)
	if err != nil {
		return nil, err
	}
	var out []byte
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, b...)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	_, err = s.db.Q(ctx).ExecContext(ctx, `DELETE FROM upload_chunks WHERE upload_id = $1 AND org_id = $2 AND user_id = $3`, uploadID, orgID, userID)
	return out, err
}

// ListDepartments pages through departments with their member counts.
func (s *SQLStore) ListDepartments(ctx context.Context, orgID int64, name string, pg database.Page) ([]Department, int, error) {
	cond := ` FROM departments d WHERE d.org_id = $1 AND ($2 = '' OR lower(d.name) LIKE $3 ESCAPE '\')`
	args := []any{orgID, name, database.Like(strings.ToLower(name))}
	var total int
	if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT d.id, d.org_id, d.name, d.description, d.created_at, d.absence_warning,
		(SELECT COUNT(*) FROM people p WHERE p.org_id = d.org_id AND p.department_id = d.id AND p.archived_at IS NULL),
		d.head_id, COALESCE((SELECT h.first_name || CASE WHEN h.last_name = '' THEN '' ELSE ' ' || h.last_name END
			FROM people h WHERE h.org_id = d.org_id AND h.id = d.head_id), '')`+cond+
		` ORDER BY lower(d.name), d.id`+pg.LimitOffset(), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Department
	for rows.Next() {
		var d Department
		var head sql.NullInt64
		var warn int
		if err := rows.Scan(&d.ID, &d.OrgID, &d.Name, &d.Description, &d.CreatedAt, &warn, &d.Members, &head, &d.HeadName); err != nil {
			return nil, 0, err
		}
		if head.Valid {
			d.HeadID = &head.Int64
		}
		d.AbsenceWarning = &warn
		out = append(out, d)
	}
	return out, total, rows.Err()
}

// SaveDepartment creates (ID 0) or updates a department.
func (s *SQLStore) SaveDepartment(ctx context.Context, d Department) (int64, error) {
	var err error
	if d.ID == 0 {
		warn := 0
		if d.AbsenceWarning != nil {
			warn = *d.AbsenceWarning
		}
		err = s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO departments (org_id, name, description, head_id, absence_warning, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
			d.OrgID, d.Name, d.Description, d.HeadID, warn, database.Now()).Scan(&d.ID)
		err = database.MapError(err)
	} else {
		var warn any
		if d.AbsenceWarning != nil {
			warn = *d.AbsenceWarning
		}
		err = s.exec(ctx, `UPDATE departments SET name = $3, description = $4, head_id = $5, updated_at = $6, absence_warning = COALESCE($7, absence_warning) WHERE org_id = $1 AND id = $2`,
			d.OrgID, d.ID, d.Name, d.Description, d.HeadID, database.Now(), warn)
	}
	if errors.Is(err, database.ErrUniqueViolation) {
		return 0, ErrDepartmentName
	}
	return d.ID, err
}

// DeleteDepartment removes a department; its people keep their records without one.
func (s *SQLStore) DeleteDepartment(ctx context.Context, orgID, id int64) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE people SET department_id = NULL WHERE org_id = $1 AND department_id = $2`, orgID, id); err != nil {
		return err
	}
	return s.exec(ctx, `DELETE FROM departments WHERE org_id = $1 AND id = $2`, orgID, id)
}

// DepartmentHead returns the id of a department's head, 0 without one.
func (s *SQLStore) DepartmentHead(ctx context.Context, orgID, departmentID int64) (int64, error) {
	var id sql.NullInt64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT head_id FROM departments WHERE org_id = $1 AND id = $2`, orgID, departmentID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id.Int64, err
}

// DepartmentExists reports whether the organisation has a department.
func (s *SQLStore) DepartmentExists(ctx context.Context, orgID, id int64) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM departments WHERE org_id = $1 AND id = $2`, orgID, id).Scan(&n)
	return n > 0, err
}

// CreateInvite stores a verification code's hash and voids the person's earlier codes.
func (s *SQLStore) CreateInvite(ctx context.Context, orgID, personID int64, hash string, expires time.Time) error {
	now := database.Now()
	if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE person_invites SET used_at = $3 WHERE org_id = $1 AND person_id = $2 AND used_at IS NULL`, orgID, personID, now); err != nil {
		return err
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO person_invites (org_id, person_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		orgID, personID, hash, now, expires)
	return err
}

// InviteByHash returns a live invite.
func (s *SQLStore) InviteByHash(ctx context.Context, hash string, now time.Time) (Invite, error) {
	var inv Invite
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT i.id, i.org_id, i.person_id FROM person_invites i JOIN people p ON p.id = i.person_id AND p.org_id = i.org_id
		WHERE i.code_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2 AND p.archived_at IS NULL AND p.user_id IS NULL`, hash, now).Scan(&inv.ID, &inv.OrgID, &inv.PersonID)
	if errors.Is(err, sql.ErrNoRows) {
		return inv, ErrInviteInvalid
	}
	return inv, err
}

// UseInvite marks an invite used; only one caller can, even racing.
func (s *SQLStore) UseInvite(ctx context.Context, id int64, now time.Time) error {
	err := s.exec(ctx, `UPDATE person_invites SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, id, now)
	if errors.Is(err, ErrNotFound) {
		return ErrInviteInvalid
	}
	return err
}

// LinkUser links an account to a person that has none.
func (s *SQLStore) LinkUser(ctx context.Context, orgID, personID, userID int64) error {
	err := s.exec(ctx, `UPDATE people SET user_id = $3, updated_at = $4 WHERE org_id = $1 AND id = $2 AND user_id IS NULL`, orgID, personID, userID, database.Now())
	if errors.Is(err, database.ErrUniqueViolation) || errors.Is(err, ErrNotFound) {
		return ErrAlreadyLinked
	}
	return err
}
