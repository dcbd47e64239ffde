-- Groups with versioned weekly schedules and dated memberships, holidays, clock records
-- (punches), manual day statuses and the audit log of manual changes.
CREATE TABLE groups (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id           INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    kind             TEXT NOT NULL CHECK (kind IN ('teacher', 'staff', 'employee')),
    name             TEXT NOT NULL,
    description      TEXT NOT NULL DEFAULT '',
    mode             TEXT NOT NULL DEFAULT '',
    deleted_at       TIMESTAMP,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX groups_org ON groups (org_id, kind);

-- A schedule version holds the group's times and its days from a date on, so that past days
-- keep the rules they had. days is a JSON list of {day, type, time_in, time_out}.
CREATE TABLE schedule_versions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id           INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    group_id         INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    effective_from   TEXT NOT NULL,
    time_in          TEXT NOT NULL,
    cut_off_time_in  TEXT NOT NULL,
    time_out         TEXT NOT NULL,
    cut_off_time_out TEXT NOT NULL,
    days             TEXT NOT NULL,
    created_at       TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX schedule_versions_from ON schedule_versions (group_id, effective_from);

CREATE TABLE group_members (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    group_id   INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    person_id  INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    from_date  TEXT NOT NULL,
    to_date    TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX group_members_person ON group_members (org_id, person_id, from_date);
CREATE INDEX group_members_group ON group_members (group_id, to_date);

CREATE TABLE holidays (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    start_date TEXT NOT NULL,
    end_date   TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX holidays_org ON holidays (org_id, start_date);

-- A punch: the instant (unix seconds, UTC) plus the local time and offset it was taken in.
-- The same (person, source, instant, state) stored twice is one punch.
CREATE TABLE punches (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id      INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id   INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    at_unix     INTEGER NOT NULL,
    local_time  TEXT NOT NULL,
    utc_offset  INTEGER NOT NULL,
    source      TEXT NOT NULL,
    device_id   INTEGER,
    state       INTEGER NOT NULL DEFAULT 0,
    verify_mode INTEGER NOT NULL DEFAULT 0,
    temperature REAL,
    raw         TEXT NOT NULL DEFAULT '',
    created_by  INTEGER,
    created_at  TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX punches_once ON punches (person_id, source, at_unix, state);
-- Covering the report scans (org, instant → person) so they never visit the table.
CREATE INDEX punches_org_at ON punches (org_id, at_unix, person_id);
CREATE INDEX punches_device ON punches (device_id) WHERE device_id IS NOT NULL;

CREATE TABLE day_overrides (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id    INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    date      TEXT NOT NULL,
    status    INTEGER NOT NULL,
    remark    TEXT NOT NULL DEFAULT '',
    set_by    INTEGER,
    set_at    TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX day_overrides_day ON day_overrides (person_id, date);
CREATE INDEX day_overrides_org ON day_overrides (org_id, date);

CREATE TABLE attendance_audit (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id    INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    date      TEXT NOT NULL,
    action    TEXT NOT NULL,
    old_value TEXT NOT NULL DEFAULT '',
    new_value TEXT NOT NULL DEFAULT '',
    reason    TEXT NOT NULL DEFAULT '',
    user_id   INTEGER,
    user_name TEXT NOT NULL DEFAULT '',
    at        TIMESTAMP NOT NULL
);
CREATE INDEX attendance_audit_person ON attendance_audit (org_id, person_id, date);
