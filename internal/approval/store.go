package approval

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"hadir/internal/platform/database"
)

// Store is the SQL of the approvals engine; every query is scoped by org_id.
type Store struct{ db *database.DB }

// NewStore returns the store.
func NewStore(db *database.DB) *Store { return &Store{db: db} }

func (s *Store) q(ctx context.Context) database.Querier { return s.db.Q(ctx) }

// Chain returns a stored chain.
func (s *Store) Chain(ctx context.Context, orgID int64, kind string, typeID int64) (Chain, bool, error) {
	var raw string
	err := s.q(ctx).QueryRowContext(ctx, `SELECT levels FROM approval_chains WHERE org_id = $1 AND kind = $2 AND type_id = $3`, orgID, kind, typeID).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	var c Chain
	if err := json.Unmarshal([]byte(raw), &c); err != nil || len(c) == 0 {
		return DefaultChain, true, nil
	}
	return c, true, nil
}

// SaveChain stores a chain (an upsert on both engines).
func (s *Store) SaveChain(ctx context.Context, orgID int64, kind string, typeID int64, c Chain) error {
	raw, _ := json.Marshal(c)
	_, err := s.q(ctx).ExecContext(ctx, `INSERT INTO approval_chains (org_id, kind, type_id, levels, updated_at) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (org_id, kind, type_id) DO UPDATE SET levels = excluded.levels, updated_at = excluded.updated_at`,
		orgID, kind, typeID, string(raw), database.Now())
	return err
}

// DeleteChain removes a stored chain (back to the default).
func (s *Store) DeleteChain(ctx context.Context, orgID int64, kind string, typeID int64) error {
	_, err := s.q(ctx).ExecContext(ctx, `DELETE FROM approval_chains WHERE org_id = $1 AND kind = $2 AND type_id = $3`, orgID, kind, typeID)
	return err
}

// PersonExists reports whether an active person belongs to the organisation.
func (s *Store) PersonExists(ctx context.Context, orgID, id int64) (bool, error) {
	var n int
	err := s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM people WHERE org_id = $1 AND id = $2 AND archived_at IS NULL`, orgID, id).Scan(&n)
	return n > 0, err
}

func (s *Store) oneID(ctx context.Context, q string, args ...any) (int64, error) {
	var id sql.NullInt64
	err := s.q(ctx).QueryRowContext(ctx, q, args...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id.Int64, err
}

// ManagerOf returns the applicant's manager if active, else 0.
func (s *Store) ManagerOf(ctx context.Context, orgID, personID int64) (int64, error) {
	return s.oneID(ctx, `SELECT m.id FROM people p JOIN people m ON m.id = p.manager_id AND m.org_id = p.org_id AND m.archived_at IS NULL
		WHERE p.org_id = $1 AND p.id = $2`, orgID, personID)
}

// HeadOf returns the head of the applicant's department if active, else 0.
func (s *Store) HeadOf(ctx context.Context, orgID, personID int64) (int64, error) {
	return s.oneID(ctx, `SELECT h.id FROM people p JOIN departments d ON d.id = p.department_id AND d.org_id = p.org_id
		JOIN people h ON h.id = d.head_id AND h.org_id = p.org_id AND h.archived_at IS NULL
		WHERE p.org_id = $1 AND p.id = $2`, orgID, personID)
}

// SubstituteOn returns the substitute an approver named for a date (the latest delegation
// covering it), else 0.
func (s *Store) SubstituteOn(ctx context.Context, orgID, personID int64, date string) (int64, error) {
	return s.oneID(ctx, `SELECT substitute_id FROM approval_delegations WHERE org_id = $1 AND person_id = $2 AND from_date <= $3 AND to_date >= $3
		ORDER BY id DESC LIMIT 1`, orgID, personID, date)
}

// CreateRequest stores a new request.
func (s *Store) CreateRequest(ctx context.Context, orgID int64, r Request) (int64, error) {
	raw, _ := json.Marshal(r.Chain)
	now := database.Now()
	var id int64
	err := s.q(ctx).QueryRowContext(ctx, `INSERT INTO approval_requests (org_id, kind, ref_id, person_id, chain, level, status, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $7) RETURNING id`, orgID, r.Kind, r.RefID, r.PersonID, string(raw), Pending, now).Scan(&id)
	return id, database.MapError(err)
}

// MoveRequest stores the request's level and approver.
func (s *Store) MoveRequest(ctx context.Context, orgID int64, r Request) error {
	_, err := s.q(ctx).ExecContext(ctx, `UPDATE approval_requests SET level = $3, approver_id = $4, delegated_from = $5, updated_at = $6 WHERE org_id = $1 AND id = $2`,
		orgID, r.ID, r.Level, r.ApproverID, r.DelegatedFrom, database.Now())
	return err
}

// SetStatus stores the request's status.
func (s *Store) SetStatus(ctx context.Context, orgID, id int64, status string) error {
	_, err := s.q(ctx).ExecContext(ctx, `UPDATE approval_requests SET status = $3, updated_at = $4 WHERE org_id = $1 AND id = $2`, orgID, id, status, database.Now())
	return err
}

// AddDecision appends a step to a request's timeline.
func (s *Store) AddDecision(ctx context.Context, orgID, requestID int64, d Decision, userID int64) error {
	var user any
	if userID != 0 {
		user = userID
	}
	_, err := s.q(ctx).ExecContext(ctx, `INSERT INTO approval_decisions (org_id, request_id, level, level_kind, action, actor_user, actor_name, comment, override, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, orgID, requestID, d.Level, d.LevelKind, d.Action, user, d.ActorName, d.Comment, d.Override, database.Now())
	return err
}

const requestCols = `r.id, r.kind, r.ref_id, r.person_id, p.first_name || CASE WHEN p.last_name = '' THEN '' ELSE ' ' || p.last_name END,
	r.chain, r.level, r.status, r.approver_id, r.delegated_from, r.created_at`

func scanRequest(row interface{ Scan(...any) error }) (Request, error) {
	var r Request
	var chain string
	var approver, from sql.NullInt64
	var created database.ScanTime
	err := row.Scan(&r.ID, &r.Kind, &r.RefID, &r.PersonID, &r.PersonName, &chain, &r.Level, &r.Status, &approver, &from, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	if err != nil {
		return r, err
	}
	_ = json.Unmarshal([]byte(chain), &r.Chain)
	r.LevelKind = LevelAdmins
	if r.Level < len(r.Chain) {
		r.LevelKind = r.Chain[r.Level].Kind
	}
	if approver.Valid {
		r.ApproverID = &approver.Int64
	}
	if from.Valid {
		r.DelegatedFrom = &from.Int64
	}
	r.CreatedAt = created.T
	return r, nil
}

// Request returns a request by its kind and domain record.
func (s *Store) Request(ctx context.Context, orgID int64, kind string, refID int64) (Request, error) {
	return scanRequest(s.q(ctx).QueryRowContext(ctx, `SELECT `+requestCols+` FROM approval_requests r JOIN people p ON p.id = r.person_id
		WHERE r.org_id = $1 AND r.kind = $2 AND r.ref_id = $3`, orgID, kind, refID))
}

// RequestForUpdate is Request with the row locked until the transaction ends (PostgreSQL; a
// SQLite write transaction is alone anyway).
func (s *Store) RequestForUpdate(ctx context.Context, orgID int64, kind string, refID int64) (Request, error) {
	q := `SELECT ` + requestCols + ` FROM approval_requests r JOIN people p ON p.id = r.person_id WHERE r.org_id = $1 AND r.kind = $2 AND r.ref_id = $3`
	if s.db.Dialect == database.Postgres {
		q += ` FOR UPDATE OF r`
	}
	return scanRequest(s.q(ctx).QueryRowContext(ctx, q, orgID, kind, refID))
}

// Timeline returns a request's steps, oldest first.
func (s *Store) Timeline(ctx context.Context, orgID int64, kind string, refID int64) ([]Decision, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT d.id, d.level, d.level_kind, d.action, d.actor_name, d.comment, d.override, d.created_at
		FROM approval_decisions d JOIN approval_requests r ON r.id = d.request_id
		WHERE r.org_id = $1 AND r.kind = $2 AND r.ref_id = $3 ORDER BY d.id`, orgID, kind, refID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Decision{}
	for rows.Next() {
		var d Decision
		var at database.ScanTime
		if err := rows.Scan(&d.ID, &d.Level, &d.LevelKind, &d.Action, &d.ActorName, &d.Comment, &d.Override, &at); err != nil {
			return nil, err
		}
		d.CreatedAt = at.T
		out = append(out, d)
	}
	return out, rows.Err()
}

// Waiting lists pending requests routed to a person, and, for an admin, those at an admins
// level; newest first, at most limit.
func (s *Store) Waiting(ctx context.Context, orgID, personID int64, admin bool, limit int) ([]Request, error) {
	// A person id of 0 matches nobody: an admin without a linked person sees the admins' level.
	conds := []string{`r.approver_id = $2`}
	if admin {
		conds = append(conds, `r.approver_id IS NULL`)
	}
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT `+requestCols+` FROM approval_requests r JOIN people p ON p.id = r.person_id
		WHERE r.org_id = $1 AND r.status = 'pending' AND (`+strings.Join(conds, " OR ")+`) ORDER BY r.id DESC LIMIT $3`, orgID, personID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Request{}
	for rows.Next() {
		r, err := scanRequest(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// CreateDelegation stores a delegation.
func (s *Store) CreateDelegation(ctx context.Context, orgID int64, d Delegation) (int64, error) {
	var id int64
	err := s.q(ctx).QueryRowContext(ctx, `INSERT INTO approval_delegations (org_id, person_id, substitute_id, from_date, to_date, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, orgID, d.PersonID, d.SubstituteID, d.From, d.To, database.Now()).Scan(&id)
	return id, database.MapError(err)
}

// Delegations lists the delegations a person gave or received.
func (s *Store) Delegations(ctx context.Context, orgID, personID int64) ([]Delegation, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT d.id, d.person_id, a.first_name || ' ' || a.last_name, d.substitute_id, b.first_name || ' ' || b.last_name, d.from_date, d.to_date
		FROM approval_delegations d JOIN people a ON a.id = d.person_id JOIN people b ON b.id = d.substitute_id
		WHERE d.org_id = $1 AND (d.person_id = $2 OR d.substitute_id = $2) ORDER BY d.from_date DESC, d.id DESC`, orgID, personID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Delegation{}
	for rows.Next() {
		var d Delegation
		if err := rows.Scan(&d.ID, &d.PersonID, &d.PersonName, &d.SubstituteID, &d.SubstituteName, &d.From, &d.To); err != nil {
			return nil, err
		}
		d.PersonName, d.SubstituteName = strings.TrimSpace(d.PersonName), strings.TrimSpace(d.SubstituteName)
		out = append(out, d)
	}
	return out, rows.Err()
}

// DeleteDelegation removes a delegation the person gave or received (personID 0: any).
func (s *Store) DeleteDelegation(ctx context.Context, orgID, personID, id int64) error {
	res, err := s.q(ctx).ExecContext(ctx, `DELETE FROM approval_delegations WHERE org_id = $1 AND id = $2 AND ($3 = 0 OR person_id = $3 OR substitute_id = $3)`, orgID, id, personID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// timelineCols are a step's fields in Decision's order, as TimelineColumn lists them. On
// PostgreSQL the instant is written in UTC with its microseconds (the JSON form of a
// timestamptz would follow the session's time zone).
const timelineCols = `tl_step.id, tl_step.level, tl_step.level_kind, tl_step.action, tl_step.actor_name, tl_step.comment, tl_step.override, `

// TimelineColumn is a column, for a query over a domain's records, that holds each record's
// steps as a JSON array (read back by scanning into a *Timeline): orgCol, kindCol and refCol
// name the record's organisation, approval kind and id in that query. A page of records and
// their timelines is then one statement instead of two: on PostgreSQL each
// statement is a round trip and, for this join, a plan of its own on every call. Its own
// tables are named tl_step and tl_req, so that the caller's names (r, d, a...) stay theirs.
func TimelineColumn(d database.Dialect, orgCol, kindCol, refCol string) string {
	from := ` FROM approval_decisions tl_step JOIN approval_requests tl_req ON tl_req.id = tl_step.request_id
		WHERE tl_req.org_id = ` + orgCol + ` AND tl_req.kind = ` + kindCol + ` AND tl_req.ref_id = ` + refCol + `)`
	if d == database.Postgres {
		return `(SELECT json_agg(json_build_array(` + timelineCols + `to_char(tl_step.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')))` + from
	}
	return `(SELECT json_group_array(json_array(` + timelineCols + `tl_step.created_at))` + from
}

// Timeline scans a TimelineColumn: the steps oldest first, an empty list (never nil, as
// Store.Timeline answers) when there are none.
type Timeline []Decision

// Scan implements sql.Scanner.
func (t *Timeline) Scan(v any) error {
	var b []byte
	switch v := v.(type) {
	case nil:
		*t = Timeline{}
		return nil
	case string:
		b = []byte(v)
	case []byte:
		b = v
	default:
		return fmt.Errorf("approval: cannot scan %T into a timeline", v)
	}
	var steps [][8]json.RawMessage
	if err := json.Unmarshal(b, &steps); err != nil {
		return fmt.Errorf("approval: timeline: %w", err)
	}
	if len(steps) == 0 {
		*t = Timeline{}
		return nil
	}
	out := make(Timeline, len(steps))
	for i, f := range steps {
		d := &out[i]
		var at string
		for j, dst := range []any{&d.ID, &d.Level, &d.LevelKind, &d.Action, &d.ActorName, &d.Comment, nil, &at} {
			if dst == nil {
				continue
			}
			if err := json.Unmarshal(f[j], dst); err != nil {
				return fmt.Errorf("approval: timeline step %d: %w", j, err)
			}
		}
		// A boolean on PostgreSQL, 0 or 1 on SQLite.
		d.Override = string(f[6]) == "true" || string(f[6]) == "1"
		tm, err := database.ParseStoredTime(at)
		if err != nil {
			return fmt.Errorf("approval: timeline: %w", err)
		}
		d.CreatedAt = tm
	}
	slices.SortFunc(out, func(a, b Decision) int { return cmp.Compare(a.ID, b.ID) })
	*t = out
	return nil
}
