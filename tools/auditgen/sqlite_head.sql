-- The audit trail (issue 15): every change made through the API, with who, when, from where,
-- the entity, and the old and new values of the fields that changed.
--
-- Triggers on the audited tables write audit_log. They record a change only while the
-- transaction carries an actor: the API opens one transaction per authenticated change and
-- writes one audit_context row at its start (deleted again before commit). SQLite serialises
-- writers (BEGIN IMMEDIATE), so the row a trigger reads is its own transaction's. Changes
-- made by devices and background jobs carry no actor and are not recorded here.
--
-- audit_log is append-only: updates and deletes are refused unless the transaction holds the
-- audit_maintenance marker, which only the retention purge and a privacy erasure write.
ALTER TABLE orgs ADD COLUMN audit_retention_days INTEGER NOT NULL DEFAULT 0;

CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id      INTEGER NOT NULL,
    at          TIMESTAMP NOT NULL,
    user_id     INTEGER,
    user_name   TEXT NOT NULL DEFAULT '',
    ip          TEXT NOT NULL DEFAULT '',
    token_id    INTEGER,
    session_ref TEXT NOT NULL DEFAULT '',
    entity      TEXT NOT NULL,
    entity_id   TEXT NOT NULL DEFAULT '',
    person_id   INTEGER,
    action      TEXT NOT NULL,
    old_values  TEXT,
    new_values  TEXT
);
CREATE INDEX audit_log_org ON audit_log (org_id, id);
CREATE INDEX audit_log_entity ON audit_log (org_id, entity, entity_id, id);
CREATE INDEX audit_log_person ON audit_log (org_id, person_id, id);
CREATE INDEX audit_log_actor ON audit_log (org_id, user_id, id);
-- No index on at: lists are newest first by id (keyset), so a date range is read backwards
-- along audit_log_org, never sorted; the purge is a nightly job.

CREATE TABLE audit_context (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    at          TIMESTAMP NOT NULL,
    user_id     INTEGER,
    ip          TEXT NOT NULL DEFAULT '',
    token_id    INTEGER,
    session_ref TEXT NOT NULL DEFAULT ''
);

CREATE TABLE audit_maintenance (id INTEGER PRIMARY KEY CHECK (id = 1));

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
WHEN NOT EXISTS (SELECT 1 FROM audit_maintenance)
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
WHEN NOT EXISTS (SELECT 1 FROM audit_maintenance)
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
