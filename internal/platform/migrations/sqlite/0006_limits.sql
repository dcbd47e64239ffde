-- Rate limits shared by every node: one counter per key (what is limited, e.g. "login:ip:…"),
-- reserved with a single atomic UPSERT before the work it limits. The window starts at the
-- first attempt and ends at reset_at (unix milliseconds); past it the counter starts again.
CREATE TABLE rate_limits (
    key      TEXT PRIMARY KEY,
    n        INTEGER NOT NULL,
    reset_at BIGINT NOT NULL
);
CREATE INDEX rate_limits_reset ON rate_limits (reset_at);

-- One-time sign-in links e-mailed to the owner of a locked account who gave the right
-- password: the proof a stranger guessing passwords cannot send. Only the token's hash is kept.
CREATE TABLE login_links (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    ip         TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE INDEX login_links_user ON login_links (user_id);
