package database

import "context"

// Setting returns the stored value of key; when there is none it stores fresh() first. Safe
// when several nodes start at once: the first insert wins and everyone reads it back.
func (db *DB) Setting(ctx context.Context, key string, fresh func() string) (string, error) {
	if _, err := db.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, key, fresh()); err != nil {
		return "", err
	}
	var v string
	err := db.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = $1`, key).Scan(&v)
	return v, err
}
