package clockin

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"hadir/internal/platform/database"
)

// Store keeps sites, their groups and kiosks. Every query has org_id.
type Store struct{ db *database.DB }

// NewStore returns a Store.
func NewStore(db *database.DB) *Store { return &Store{db: db} }

func (s *Store) q(ctx context.Context) database.Querier { return s.db.Q(ctx) }

const siteColumns = `id, name, latitude, longitude, radius_m, max_accuracy, anywhere`

func (s *Store) scanSites(ctx context.Context, orgID int64, q string, args ...any) ([]Site, error) {
	rows, err := s.q(ctx).QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	var out []Site
	for rows.Next() {
		x := Site{OrgID: orgID, GroupIDs: []int64{}}
		if err := rows.Scan(&x.ID, &x.Name, &x.Latitude, &x.Longitude, &x.Radius, &x.MaxAccuracy, &x.Anywhere); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return []Site{}, nil
	}
	at := map[int64]int{}
	for i, x := range out {
		at[x.ID] = i
	}
	grows, err := s.q(ctx).QueryContext(ctx, `SELECT site_id, group_id FROM clock_site_groups WHERE org_id = $1 ORDER BY site_id, group_id`, orgID)
	if err != nil {
		return nil, err
	}
	defer grows.Close()
	for grows.Next() {
		var sid, gid int64
		if err := grows.Scan(&sid, &gid); err != nil {
			return nil, err
		}
		if i, ok := at[sid]; ok {
			out[i].GroupIDs = append(out[i].GroupIDs, gid)
		}
	}
	return out, grows.Err()
}

// Sites lists the organisation's sites by name.
func (s *Store) Sites(ctx context.Context, orgID int64) ([]Site, error) {
	return s.scanSites(ctx, orgID, `SELECT `+siteColumns+` FROM clock_sites WHERE org_id = $1 ORDER BY lower(name), id`, orgID)
}

// Site returns one site of the organisation.
func (s *Store) Site(ctx context.Context, orgID, id int64) (Site, error) {
	xs, err := s.scanSites(ctx, orgID, `SELECT `+siteColumns+` FROM clock_sites WHERE org_id = $1 AND id = $2`, orgID, id)
	if err != nil {
		return Site{}, err
	}
	if len(xs) == 0 {
		return Site{}, ErrNotFound
	}
	return xs[0], nil
}

// SitesOfGroup lists the sites a group may clock in at.
func (s *Store) SitesOfGroup(ctx context.Context, orgID, groupID int64) ([]Site, error) {
	return s.scanSites(ctx, orgID, `SELECT `+siteColumns+` FROM clock_sites WHERE org_id = $1
		AND id IN (SELECT site_id FROM clock_site_groups WHERE org_id = $1 AND group_id = $2) ORDER BY id`, orgID, groupID)
}

// SaveSite inserts (ID 0) or updates a site and replaces its groups; run it in a transaction.
func (s *Store) SaveSite(ctx context.Context, x Site, now time.Time) (int64, error) {
	if x.ID == 0 {
		err := s.q(ctx).QueryRowContext(ctx, `INSERT INTO clock_sites (org_id, name, latitude, longitude, radius_m, max_accuracy, anywhere, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`, x.OrgID, x.Name, x.Latitude, x.Longitude, x.Radius, x.MaxAccuracy, x.Anywhere, now).Scan(&x.ID)
		if err != nil {
			return 0, database.MapError(err)
		}
	} else {
		res, err := s.q(ctx).ExecContext(ctx, `UPDATE clock_sites SET name = $3, latitude = $4, longitude = $5, radius_m = $6, max_accuracy = $7, anywhere = $8, updated_at = $9
			WHERE org_id = $1 AND id = $2`, x.OrgID, x.ID, x.Name, x.Latitude, x.Longitude, x.Radius, x.MaxAccuracy, x.Anywhere, now)
		if err != nil {
			return 0, database.MapError(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return 0, ErrNotFound
		}
		if _, err := s.q(ctx).ExecContext(ctx, `DELETE FROM clock_site_groups WHERE org_id = $1 AND site_id = $2`, x.OrgID, x.ID); err != nil {
			return 0, database.MapError(err)
		}
	}
	for _, g := range x.GroupIDs {
		if _, err := s.q(ctx).ExecContext(ctx, `INSERT INTO clock_site_groups (org_id, site_id, group_id) VALUES ($1, $2, $3)`, x.OrgID, x.ID, g); err != nil {
			return 0, database.MapError(err)
		}
	}
	return x.ID, nil
}

// DeleteSite removes a site (its groups and kiosks go with it).
func (s *Store) DeleteSite(ctx context.Context, orgID, id int64) error {
	res, err := s.q(ctx).ExecContext(ctx, `DELETE FROM clock_sites WHERE org_id = $1 AND id = $2`, orgID, id)
	if err != nil {
		return database.MapError(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

func (s *Store) kioskQuery(where string) string {
	return `SELECT k.id, k.org_id, k.site_id, s.name, k.name, k.pin_pad, ` + s.db.TimeText("k.last_seen") + `, ` + s.db.TimeText("k.revoked_at") + `, ` + s.db.TimeText("k.created_at") + `
		FROM kiosks k JOIN clock_sites s ON s.id = k.site_id AND s.org_id = k.org_id WHERE ` + where
}

func scanKiosk(sc interface{ Scan(...any) error }) (Kiosk, error) {
	var k Kiosk
	var seen, revoked, created database.ScanTime
	if err := sc.Scan(&k.ID, &k.OrgID, &k.SiteID, &k.SiteName, &k.Name, &k.PinPad, &seen, &revoked, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return k, ErrNotFound
		}
		return k, err
	}
	if seen.Valid {
		k.LastSeen = &seen.T
	}
	if revoked.Valid {
		k.RevokedAt = &revoked.T
	}
	k.CreatedAt = created.T
	return k, nil
}

// Kiosks lists the organisation's kiosks: live ones first, then by name.
func (s *Store) Kiosks(ctx context.Context, orgID int64) ([]Kiosk, error) {
	rows, err := s.q(ctx).QueryContext(ctx, s.kioskQuery(`k.org_id = $1 ORDER BY (k.revoked_at IS NULL) DESC, lower(k.name), k.id`), orgID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Kiosk{}
	for rows.Next() {
		k, err := scanKiosk(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// Kiosk returns one kiosk of the organisation (revoked or not).
func (s *Store) Kiosk(ctx context.Context, orgID, id int64) (Kiosk, error) {
	return scanKiosk(s.q(ctx).QueryRowContext(ctx, s.kioskQuery(`k.org_id = $1 AND k.id = $2`), orgID, id))
}

// KioskBySecret finds a kiosk by the hash of its secret.
func (s *Store) KioskBySecret(ctx context.Context, hash string) (Kiosk, error) {
	return scanKiosk(s.q(ctx).QueryRowContext(ctx, s.kioskQuery(`k.secret_hash = $1`), hash))
}

// CreateKiosk stores a kiosk with the hash of its secret.
func (s *Store) CreateKiosk(ctx context.Context, k Kiosk, hash string) (int64, error) {
	var id int64
	err := s.q(ctx).QueryRowContext(ctx, `INSERT INTO kiosks (org_id, site_id, name, secret_hash, pin_pad, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		k.OrgID, k.SiteID, k.Name, hash, k.PinPad, k.CreatedAt).Scan(&id)
	return id, database.MapError(err)
}

// RevokeKiosk marks a kiosk revoked (once; revoking again keeps the first time).
func (s *Store) RevokeKiosk(ctx context.Context, orgID, id int64, now time.Time) error {
	res, err := s.q(ctx).ExecContext(ctx, `UPDATE kiosks SET revoked_at = COALESCE(revoked_at, $3) WHERE org_id = $1 AND id = $2`, orgID, id, now)
	if err != nil {
		return database.MapError(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// SeenKiosk notes when a kiosk last fetched a code.
func (s *Store) SeenKiosk(ctx context.Context, id int64, now time.Time) error {
	_, err := s.q(ctx).ExecContext(ctx, `UPDATE kiosks SET last_seen = $2 WHERE id = $1`, id, now)
	return database.MapError(err)
}
