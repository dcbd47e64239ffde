-- In-app notifications and per-user delivery preferences (issue 12).
--
-- A notification is a row written in the transaction of the change it reports; the text is
-- rendered by the client from kind and params (JSON), so it follows the reader's language.
-- E-mail keeps going through the outbox table (DESIGN §10: one outbox).
CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    params     TEXT NOT NULL DEFAULT '{}',
    created_at TIMESTAMP NOT NULL,
    read_at    TIMESTAMP
);
-- Newest first and catch-up by id, per reader.
CREATE INDEX notifications_user ON notifications (org_id, user_id, id);
-- The unread count reads only the unread rows.
CREATE INDEX notifications_unread ON notifications (org_id, user_id) WHERE read_at IS NULL;

-- How a user wants each kind: 'email', 'in_app', 'both' or 'none'. No row means 'both'.
CREATE TABLE notification_prefs (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    org_id  INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('email', 'in_app', 'both', 'none')),
    PRIMARY KEY (user_id, kind)
);

-- A department's absence warning: when a member applies for leave or away, the form warns if
-- this many others of the department are already off on some of those dates (0: no warning).
ALTER TABLE departments ADD COLUMN absence_warning INTEGER NOT NULL DEFAULT 0;
