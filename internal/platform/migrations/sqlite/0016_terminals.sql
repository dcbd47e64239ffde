-- Terminals of every firmware generation (issue 14).
--
-- Enrolment is queued at once (a rename, a new code, archiving...), so a command can be
-- superseded before the device fetches it: it is then "cancelled", which is neither a failure
-- nor something the device still has to do. SQLite cannot change a CHECK in place, so the
-- queue is rebuilt with the same rows.
CREATE TABLE device_commands_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id      INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    device_id   INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    command     TEXT NOT NULL,
    label       TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'ok', 'failed', 'expired', 'cancelled')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    return_code INTEGER,
    result      TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    sent_at     TIMESTAMP,
    done_at     TIMESTAMP,
    expires_at  TIMESTAMP NOT NULL
);
INSERT INTO device_commands_new (id, org_id, device_id, command, label, status, attempts, return_code, result, created_at, sent_at, done_at, expires_at)
    SELECT id, org_id, device_id, command, label, status, attempts, return_code, result, created_at, sent_at, done_at, expires_at FROM device_commands;
DROP TABLE device_commands;
ALTER TABLE device_commands_new RENAME TO device_commands;
CREATE INDEX device_commands_queue ON device_commands (device_id, status, id);
-- Superseding looks up a device's waiting commands of one PIN by label.
CREATE INDEX device_commands_label ON device_commands (device_id, label, status);
-- The rebuild dropped 0011's index of the device drawer's command list (newest first).
CREATE INDEX device_commands_recent ON device_commands (org_id, device_id, id);

-- What a terminal reports of itself (INFO): its push protocol version and what it holds,
-- against its capacity (free space). NULL: never reported.
ALTER TABLE devices ADD COLUMN push_version TEXT NOT NULL DEFAULT '';
ALTER TABLE devices ADD COLUMN user_count INTEGER;
ALTER TABLE devices ADD COLUMN fingerprint_count INTEGER;
ALTER TABLE devices ADD COLUMN face_count INTEGER;
ALTER TABLE devices ADD COLUMN log_count INTEGER;
ALTER TABLE devices ADD COLUMN user_capacity INTEGER;
ALTER TABLE devices ADD COLUMN log_capacity INTEGER;

-- The UTC offset (seconds) the server last told the terminal in its handshake's TimeZone:
-- the terminal's clock runs at it until told again, so its punches are read at it, and a
-- change of the organisation's offset (daylight saving) queues a clock re-sync.
ALTER TABLE devices ADD COLUMN tz_told INTEGER;
