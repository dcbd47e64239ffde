-- Retention of the access events of Security PUSH terminals (issue 14): how many days an
-- organisation keeps them (0: for ever), purged by the same retention job as the other kinds
-- (internal/ops/retention.go), by the event's instant (access_events_org_at covers it).
-- Existing policies get the default, a year.
ALTER TABLE retention_policies ADD COLUMN access_events_days INTEGER NOT NULL DEFAULT 365 CHECK (access_events_days >= 0);
