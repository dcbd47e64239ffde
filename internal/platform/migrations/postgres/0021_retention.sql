-- Retention (issue 18): how long an organisation keeps each kind of record, in days; 0 keeps
-- it for ever. No row means the defaults (internal/ops/retention.go). Data that belongs to
-- no organisation (sessions, sign-in failures, sent mail, job runs) follows the instance's
-- settings (HADIR_RETENTION_*), not this table.
CREATE TABLE retention_policies (
    org_id               BIGINT PRIMARY KEY REFERENCES orgs (id) ON DELETE CASCADE,
    punches_days         INTEGER NOT NULL CHECK (punches_days >= 0),
    unknown_pins_days    INTEGER NOT NULL CHECK (unknown_pins_days >= 0),
    device_records_days  INTEGER NOT NULL CHECK (device_records_days >= 0),
    device_commands_days INTEGER NOT NULL CHECK (device_commands_days >= 0),
    notifications_days   INTEGER NOT NULL CHECK (notifications_days >= 0),
    updated_at           TIMESTAMPTZ NOT NULL
);

-- The purge walks each table by age in bounded batches; these keep every batch an index range
-- instead of a scan of the whole table.
CREATE INDEX device_uploads_age ON device_uploads (org_id, created_at);
CREATE INDEX device_commands_age ON device_commands (org_id, created_at);
CREATE INDEX notifications_age ON notifications (org_id, created_at);
CREATE INDEX sessions_expiry ON sessions (expires_at);
CREATE INDEX login_failures_age ON login_failures (at);
CREATE INDEX outbox_age ON outbox (created_at);
