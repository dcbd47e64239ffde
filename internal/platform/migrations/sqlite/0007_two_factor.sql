-- Two-factor sign-in (TOTP, RFC 6238) with recovery codes, and the organisation setting that
-- requires it of owners and admins.
CREATE TABLE user_two_factor (
    user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    org_id        INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    -- The shared secret, sealed (AES-GCM) with a key derived from the app's secret key.
    secret_sealed TEXT NOT NULL,
    -- NULL while enrolment waits for its first code.
    enabled_at    TIMESTAMP,
    -- The last accepted time step: a code of this step or an earlier one is a replay.
    last_step     BIGINT NOT NULL DEFAULT 0,
    created_at    TIMESTAMP NOT NULL
);

CREATE TABLE user_recovery_codes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE UNIQUE INDEX user_recovery_codes_once ON user_recovery_codes (user_id, code_hash);

ALTER TABLE orgs ADD COLUMN require_two_factor BOOLEAN NOT NULL DEFAULT FALSE;
