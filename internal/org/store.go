package org

import (
	"context"
	"database/sql"
	"errors"

	"hadir/internal/platform/database"
)

// SQLStore is the org Store over SQLite or PostgreSQL.
type SQLStore struct{ db *database.DB }

var _ Store = (*SQLStore)(nil)

// NewStore returns the SQL store.
func NewStore(db *database.DB) *SQLStore { return &SQLStore{db: db} }

const orgColumns = `id, kind, name, code, full_name, company_type_id, registration_number, company_size, description,
	email, phone, address1, address2, address3, locality, city, postal_code, state_id, timezone, week_start, COALESCE(tracking_start, ''), created_at, updated_at`

func scanOrg(row interface{ Scan(...any) error }) (Org, error) {
	var o Org
	var typeID, size, state sql.NullInt64
	err := row.Scan(&o.ID, &o.Kind, &o.Name, &o.Code, &o.FullName, &typeID, &o.RegistrationNumber, &size, &o.Description,
		&o.Email, &o.Phone, &o.Address1, &o.Address2, &o.Address3, &o.Locality, &o.City, &o.PostalCode, &state,
		&o.Timezone, &o.WeekStart, &o.TrackingStart, &o.CreatedAt, &o.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return o, ErrNotFound
	}
	o.CompanyTypeID = nullInt(typeID)
	o.CompanySize = nullInt(size)
	o.StateID = nullInt(state)
	return o, err
}

func nullInt(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

// Create inserts an organisation.
func (s *SQLStore) Create(ctx context.Context, o Org) (int64, error) {
	const q = `INSERT INTO orgs (kind, name, code, email, phone, company_size, timezone, week_start, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`
	now := database.Now()
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, q, o.Kind, o.Name, o.Code, o.Email, o.Phone, o.CompanySize, o.Timezone, o.WeekStart, now).Scan(&id)
	return id, database.MapError(err)
}

// Get returns an organisation by id.
func (s *SQLStore) Get(ctx context.Context, id int64) (Org, error) {
	return scanOrg(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+orgColumns+` FROM orgs WHERE id = $1`, id))
}

func (s *SQLStore) exec(ctx context.Context, q string, args ...any) error {
	res, err := s.db.Q(ctx).ExecContext(ctx, q, args...)
	if err != nil {
		return database.MapError(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// UpdateCompanyProfile saves the company profile fields.
func (s *SQLStore) UpdateCompanyProfile(ctx context.Context, id int64, p CompanyProfile) error {
	const q = `UPDATE orgs SET name = $2, description = $3, email = $4, phone = $5, address1 = $6, address2 = $7,
		address3 = $8, locality = $9, city = $10, postal_code = $11, state_id = $12, timezone = $13, updated_at = $14
		WHERE id = $1 AND kind = 'company'`
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.exec(ctx, q, id, p.Name, p.Description, p.Email, p.Phone, p.Address1, p.Address2, p.Address3,
			p.Locality, p.City, p.PostalCode, p.StateID, p.Timezone, database.Now()); err != nil {
			return err
		}
		if err := s.setTrackingStart(ctx, id, p.TrackingStart); err != nil {
			return err
		}
		return s.db.OrgChanged(ctx, id) // the time zone is cached (attendance)
	})
}

// UpdateCompanyRegistration saves the registration details.
func (s *SQLStore) UpdateCompanyRegistration(ctx context.Context, id int64, r CompanyRegistration) error {
	const q = `UPDATE orgs SET full_name = $2, company_type_id = $3, registration_number = $4, updated_at = $5
		WHERE id = $1 AND kind = 'company'`
	return s.exec(ctx, q, id, r.FullName, r.CompanyTypeID, r.RegistrationNumber, database.Now())
}

// UpdateSchool saves the school profile.
func (s *SQLStore) UpdateSchool(ctx context.Context, id int64, p SchoolProfile) error {
	const q = `UPDATE orgs SET code = $2, name = $3, email = $4, phone = $5, timezone = $6, address1 = $7, address2 = $8,
		address3 = $9, city = $10, postal_code = $11, state_id = $12, updated_at = $13 WHERE id = $1 AND kind = 'school'`
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.exec(ctx, q, id, p.Code, p.Name, p.Email, p.ContactNumber, p.Timezone, p.Address1, p.Address2, p.Address3,
			p.City, p.PostalCode, p.StateID, database.Now()); err != nil {
			return err
		}
		if err := s.setTrackingStart(ctx, id, p.TrackingStart); err != nil {
			return err
		}
		return s.db.OrgChanged(ctx, id) // the time zone is cached (attendance)
	})
}

// setTrackingStart sets (d not nil) or clears (d "") the organisation's tracking start.
func (s *SQLStore) setTrackingStart(ctx context.Context, id int64, d *string) error {
	if d == nil {
		return nil
	}
	var v any
	if *d != "" {
		v = *d
	}
	return s.exec(ctx, `UPDATE orgs SET tracking_start = $2 WHERE id = $1`, id, v)
}

// ListPositions pages through the organisation's positions, optionally filtered by name.
func (s *SQLStore) ListPositions(ctx context.Context, orgID int64, name string, p database.Page) ([]Position, int, error) {
	where := ` FROM positions WHERE org_id = $1 AND ($2 = '' OR lower(name) LIKE lower($3) ESCAPE '\')`
	args := []any{orgID, name, database.Like(name)}
	var total int
	if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, org_id, name, code, description, created_at`+where+` ORDER BY lower(name), id`+p.LimitOffset(), args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Position
	for rows.Next() {
		var x Position
		if err := rows.Scan(&x.ID, &x.OrgID, &x.Name, &x.Code, &x.Description, &x.CreatedAt); err != nil {
			return nil, 0, err
		}
		out = append(out, x)
	}
	return out, total, rows.Err()
}

func (s *SQLStore) getPosition(ctx context.Context, orgID, id int64) (Position, error) {
	var x Position
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, org_id, name, code, description, created_at FROM positions WHERE org_id = $1 AND id = $2`, orgID, id).
		Scan(&x.ID, &x.OrgID, &x.Name, &x.Code, &x.Description, &x.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return x, ErrNotFound
	}
	return x, err
}

// CreatePosition inserts a position.
func (s *SQLStore) CreatePosition(ctx context.Context, p Position) (Position, error) {
	const q = `INSERT INTO positions (org_id, name, code, description, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`
	var id int64
	err := database.MapError(s.db.Q(ctx).QueryRowContext(ctx, q, p.OrgID, p.Name, p.Code, p.Description, database.Now()).Scan(&id))
	if errors.Is(err, database.ErrUniqueViolation) {
		return Position{}, ErrPositionName
	}
	if err != nil {
		return Position{}, err
	}
	return s.getPosition(ctx, p.OrgID, id)
}

// UpdatePosition changes a position of the organisation.
func (s *SQLStore) UpdatePosition(ctx context.Context, p Position) (Position, error) {
	const q = `UPDATE positions SET name = $3, code = $4, description = $5, updated_at = $6 WHERE org_id = $1 AND id = $2`
	err := s.exec(ctx, q, p.OrgID, p.ID, p.Name, p.Code, p.Description, database.Now())
	if errors.Is(err, database.ErrUniqueViolation) {
		return Position{}, ErrPositionName
	}
	if err != nil {
		return Position{}, err
	}
	return s.getPosition(ctx, p.OrgID, p.ID)
}

// DeletePosition removes a position of the organisation.
func (s *SQLStore) DeletePosition(ctx context.Context, orgID, id int64) error {
	return s.exec(ctx, `DELETE FROM positions WHERE org_id = $1 AND id = $2`, orgID, id)
}
