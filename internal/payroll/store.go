package payroll

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"

	"hadir/internal/platform/database"
)

// Store keeps the column mappings. Every query has org_id.
type Store struct{ db *database.DB }

// NewStore returns a Store.
func NewStore(db *database.DB) *Store { return &Store{db: db} }

func (s *Store) q(ctx context.Context) database.Querier { return s.db.Q(ctx) }

const mappingCols = `id, name, is_default, columns, updated_at`

func scanMapping(sc interface{ Scan(...any) error }, orgID int64) (Mapping, error) {
	m := Mapping{OrgID: orgID}
	var cols string
	if err := sc.Scan(&m.ID, &m.Name, &m.Default, &cols, &m.UpdatedAt); err != nil {
		return m, err
	}
	if err := json.Unmarshal([]byte(cols), &m.Columns); err != nil {
		return m, err
	}
	m.UpdatedAt = m.UpdatedAt.UTC()
	return m, nil
}

// List returns an organisation's mappings by name.
func (s *Store) List(ctx context.Context, orgID int64) ([]Mapping, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT `+mappingCols+` FROM payroll_mappings WHERE org_id = $1 ORDER BY lower(name), id`, orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Mapping{}
	for rows.Next() {
		m, err := scanMapping(rows, orgID)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// Get returns one mapping.
func (s *Store) Get(ctx context.Context, orgID, id int64) (Mapping, error) {
	m, err := scanMapping(s.q(ctx).QueryRowContext(ctx, `SELECT `+mappingCols+` FROM payroll_mappings WHERE org_id = $1 AND id = $2`, orgID, id), orgID)
	if errors.Is(err, sql.ErrNoRows) {
		return Mapping{}, ErrNotFound
	}
	return m, err
}

// Default returns the organisation's default mapping; ok is false when it has none.
func (s *Store) Default(ctx context.Context, orgID int64) (Mapping, bool, error) {
	m, err := scanMapping(s.q(ctx).QueryRowContext(ctx, `SELECT `+mappingCols+` FROM payroll_mappings WHERE org_id = $1 AND is_default`, orgID), orgID)
	if errors.Is(err, sql.ErrNoRows) {
		return Mapping{}, false, nil
	}
	return m, err == nil, err
}

// Count is how many mappings an organisation keeps.
func (s *Store) Count(ctx context.Context, orgID int64) (n int, err error) {
	err = s.q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM payroll_mappings WHERE org_id = $1`, orgID).Scan(&n)
	return n, err
}

// ClearDefault makes none of the organisation's mappings the default.
func (s *Store) ClearDefault(ctx context.Context, orgID int64) error {
	_, err := s.q(ctx).ExecContext(ctx, `UPDATE payroll_mappings SET is_default = FALSE WHERE org_id = $1 AND is_default`, orgID)
	return err
}

// Save inserts a mapping (ID 0) or replaces one; ErrNotFound when the id is not the
// organisation's, ErrNameTaken when another mapping has the name.
func (s *Store) Save(ctx context.Context, m Mapping) (Mapping, error) {
	cols, err := json.Marshal(m.Columns)
	if err != nil {
		return m, err
	}
	now := database.Now()
	m.UpdatedAt = now
	if m.ID == 0 {
		err = s.q(ctx).QueryRowContext(ctx, `INSERT INTO payroll_mappings (org_id, name, is_default, columns, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
			m.OrgID, m.Name, m.Default, string(cols), now).Scan(&m.ID)
	} else {
		var res sql.Result
		res, err = s.q(ctx).ExecContext(ctx, `UPDATE payroll_mappings SET name = $3, is_default = $4, columns = $5, updated_at = $6 WHERE org_id = $1 AND id = $2`,
			m.OrgID, m.ID, m.Name, m.Default, string(cols), now)
		if err == nil {
			if n, _ := res.RowsAffected(); n == 0 {
				return m, ErrNotFound
			}
		}
	}
	if err = database.MapError(err); errors.Is(err, database.ErrUniqueViolation) {
		// Two unique indexes: the name's (payroll_mappings_name; SQLite names its columns,
		// org_id and name) and the one default's, which only two concurrent saves can hit.
		if strings.Contains(err.Error(), "payroll_mappings_default") || !strings.Contains(err.Error(), "name") {
			return m, ErrDefaultRace
		}
		return m, ErrNameTaken
	}
	return m, err
}

// Delete removes a mapping; ErrNotFound when it is not the organisation's.
func (s *Store) Delete(ctx context.Context, orgID, id int64) error {
	res, err := s.q(ctx).ExecContext(ctx, `DELETE FROM payroll_mappings WHERE org_id = $1 AND id = $2`, orgID, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
