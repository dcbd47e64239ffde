-- Terminals of every firmware generation (issue 14).
--
-- Enrolment is queued at once (a rename, a new code, archiving...), so a command can be
-- superseded before the device fetches it: it is then "cancelled", which is neither a failure
-- nor something the device still has to do.
ALTER TABLE device_commands DROP CONSTRAINT device_commands_status_check;
ALTER TABLE device_commands ADD CONSTRAINT device_commands_status_check
    CHECK (status IN ('queued', 'sent', 'ok', 'failed', 'expired', 'cancelled'));
-- Superseding looks up a device's waiting commands of one PIN by label.
CREATE INDEX device_commands_label ON device_commands (device_id, label, status);

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
