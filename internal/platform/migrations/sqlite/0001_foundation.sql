-- Organisations, accounts, sessions, the mail outbox and positions.
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE orgs (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    kind                TEXT NOT NULL CHECK (kind IN ('school', 'company')),
    name                TEXT NOT NULL,
    code                TEXT NOT NULL DEFAULT '',
    full_name           TEXT NOT NULL DEFAULT '',
    company_type_id     INTEGER,
    registration_number TEXT NOT NULL DEFAULT '',
    company_size        INTEGER,
    description         TEXT NOT NULL DEFAULT '',
    email               TEXT NOT NULL DEFAULT '',
    phone               TEXT NOT NULL DEFAULT '',
    address1            TEXT NOT NULL DEFAULT '',
    address2            TEXT NOT NULL DEFAULT '',
    address3            TEXT NOT NULL DEFAULT '',
    locality            TEXT NOT NULL DEFAULT '',
    city                TEXT NOT NULL DEFAULT '',
    postal_code         TEXT NOT NULL DEFAULT '',
    state_id            INTEGER,
    timezone            TEXT NOT NULL,
    week_start          INTEGER NOT NULL DEFAULT 1,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL
);

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id        INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL,
    username      TEXT NOT NULL DEFAULT '',
    bio           TEXT NOT NULL DEFAULT '',
    image         TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX users_email ON users (email);
CREATE INDEX users_org ON users (org_id);
-- Exactly one owner per organisation: a second owner row cannot exist.
CREATE UNIQUE INDEX users_one_owner ON users (org_id) WHERE role = 'owner';

CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    org_id       INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    created_at   TIMESTAMP NOT NULL,
    expires_at   TIMESTAMP NOT NULL,
    revoked_at   TIMESTAMP,
    ip           TEXT NOT NULL DEFAULT '',
    user_agent   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE login_failures (
    id     INTEGER PRIMARY KEY AUTOINCREMENT,
    email  TEXT NOT NULL,
    ip     TEXT NOT NULL,
    at     TIMESTAMP NOT NULL
);
CREATE INDEX login_failures_email ON login_failures (email, at);
CREATE INDEX login_failures_ip ON login_failures (ip, at);

CREATE TABLE password_resets (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);

CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id        INTEGER,
    to_addr       TEXT NOT NULL,
    subject       TEXT NOT NULL,
    body          TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    next_attempt  TIMESTAMP NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    locked_until  TIMESTAMP,
    sent_at       TIMESTAMP,
    failed_at     TIMESTAMP,
    last_error    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_pending ON outbox (sent_at, failed_at, next_attempt);

CREATE TABLE positions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id      INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    code        TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX positions_org_name ON positions (org_id, lower(name));
