-- Leave and away: types, entitlements per person and period, applications (the ledger that
-- balances are computed from; no stored balance), attachments, and the calendar feed key.
-- Amounts are hundredths of a day (or of an hour for hourly types): exact sums, no floats.
CREATE TABLE leave_types (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id              INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL CHECK (kind IN ('leave', 'away')),
    name                TEXT NOT NULL,
    description         TEXT NOT NULL DEFAULT '',
    unit                TEXT NOT NULL CHECK (unit IN ('day', 'hour')),
    default_amount      INTEGER NOT NULL DEFAULT 0,
    paid                BOOLEAN NOT NULL DEFAULT TRUE,
    allow_negative      BOOLEAN NOT NULL DEFAULT FALSE,
    attachment_required BOOLEAN NOT NULL DEFAULT FALSE,
    max_carry           INTEGER NOT NULL DEFAULT 0,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX leave_types_name ON leave_types (org_id, kind, lower(name));

CREATE TABLE leave_entitlements (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id       INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id    INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    type_id      INTEGER NOT NULL REFERENCES leave_types (id),
    period_start TEXT NOT NULL,
    valid_until  TEXT NOT NULL,
    entitled     INTEGER NOT NULL,
    carried      INTEGER NOT NULL DEFAULT 0,
    note         TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX leave_entitlements_period ON leave_entitlements (person_id, type_id, period_start);
CREATE INDEX leave_entitlements_org ON leave_entitlements (org_id, type_id);

CREATE TABLE leave_attachments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id       INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    key          TEXT NOT NULL UNIQUE,
    name         TEXT NOT NULL,
    content_type TEXT NOT NULL,
    data         BLOB NOT NULL,
    created_at   TIMESTAMP NOT NULL
);

CREATE TABLE leave_applications (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id           INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id        INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    type_id          INTEGER NOT NULL REFERENCES leave_types (id),
    kind             TEXT NOT NULL,
    from_date        TEXT NOT NULL,
    to_date          TEXT NOT NULL,
    session          TEXT NOT NULL DEFAULT 'full',
    amount           INTEGER NOT NULL,
    reason           TEXT NOT NULL DEFAULT '',
    attachment_id    INTEGER REFERENCES leave_attachments (id),
    status           TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
    assignment       BOOLEAN NOT NULL DEFAULT FALSE,
    created_by       INTEGER,
    decided_by       INTEGER,
    decided_by_name  TEXT NOT NULL DEFAULT '',
    decided_at       TIMESTAMP,
    decision_comment TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX leave_applications_person ON leave_applications (org_id, person_id, from_date);
-- Covers the balance and ledger sums over a period without visiting the table.
CREATE INDEX leave_applications_balance ON leave_applications (org_id, kind, person_id, type_id, from_date, status, amount);
CREATE INDEX leave_applications_status ON leave_applications (org_id, kind, status);
CREATE INDEX leave_applications_dates ON leave_applications (org_id, status, from_date, to_date);

ALTER TABLE orgs ADD COLUMN calendar_key TEXT NOT NULL DEFAULT '';
