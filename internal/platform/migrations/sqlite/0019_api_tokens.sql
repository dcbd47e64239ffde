-- API tokens (issue 15): named, scoped credentials an admin creates for scripts.
--
-- The secret is shown once; only its SHA-256 is kept (it is 32 random bytes, so a slow hash
-- adds nothing). A token acts as the user who created it, never beyond that user's role, and
-- only within its scope: read or read/write, over a set of areas (a comma-separated list of
-- people, attendance, leave, devices). Revoking sets revoked_at; last_used_at is written at
-- most about once a minute.
CREATE TABLE api_tokens (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id       INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    secret_hash  TEXT NOT NULL,
    prefix       TEXT NOT NULL,
    can_write    BOOLEAN NOT NULL DEFAULT FALSE,
    areas        TEXT NOT NULL,
    expires_at   TIMESTAMP,
    last_used_at TIMESTAMP,
    last_used_ip TEXT NOT NULL DEFAULT '',
    revoked_at   TIMESTAMP,
    created_at   TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX api_tokens_secret ON api_tokens (secret_hash);
CREATE INDEX api_tokens_org ON api_tokens (org_id);
