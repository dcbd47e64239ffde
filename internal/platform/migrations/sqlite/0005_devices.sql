-- Attendance terminals (facial devices speaking the PUSH protocol), who is enrolled on them,
-- the command queue (shared by every server node), what the devices upload besides punches,
-- and beacons.
CREATE TABLE devices (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id        INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    model         TEXT NOT NULL DEFAULT '',
    code          TEXT NOT NULL,
    purchase_date TEXT,
    enabled       BOOLEAN NOT NULL DEFAULT TRUE,
    push_key      TEXT NOT NULL DEFAULT '',
    allowed_ips   TEXT NOT NULL DEFAULT '',
    last_seen     TIMESTAMP,
    last_ip       TEXT NOT NULL DEFAULT '',
    firmware      TEXT NOT NULL DEFAULT '',
    info          TEXT NOT NULL DEFAULT '',
    att_stamp     TEXT NOT NULL DEFAULT 'None',
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
-- The serial number identifies a device on the wire, so it is unique across organisations.
CREATE UNIQUE INDEX devices_code ON devices (upper(code));
CREATE INDEX devices_org ON devices (org_id);

CREATE TABLE device_people (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    device_id  INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    person_id  INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX device_people_once ON device_people (device_id, person_id);

CREATE TABLE device_commands (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id      INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    device_id   INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    command     TEXT NOT NULL,
    label       TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'ok', 'failed', 'expired')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    return_code INTEGER,
    result      TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    sent_at     TIMESTAMP,
    done_at     TIMESTAMP,
    expires_at  TIMESTAMP NOT NULL
);
CREATE INDEX device_commands_queue ON device_commands (device_id, status, id);

CREATE TABLE device_uploads (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    device_id  INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    tbl        TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX device_uploads_device ON device_uploads (device_id, id);

CREATE TABLE beacons (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    uuid       TEXT NOT NULL,
    major      INTEGER NOT NULL,
    minor      INTEGER NOT NULL,
    serial     TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX beacons_id ON beacons (lower(uuid), major, minor);
CREATE INDEX beacons_org ON beacons (org_id);
