-- People (teachers, staff, employees) with their record areas, departments, stored images,
-- chunked uploads and employee verification codes.
CREATE TABLE departments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id      INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX departments_org_name ON departments (org_id, lower(name));

CREATE TABLE images (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id       INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    key          TEXT NOT NULL UNIQUE,
    content_type TEXT NOT NULL,
    data         BLOB NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    created_at   TIMESTAMP NOT NULL
);

CREATE TABLE upload_chunks (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    upload_id  TEXT NOT NULL,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    seq        INTEGER NOT NULL,
    data       BLOB NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX upload_chunks_seq ON upload_chunks (upload_id, seq);

CREATE TABLE people (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id        INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('teacher', 'staff', 'employee')),
    code          TEXT NOT NULL,
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL DEFAULT '',
    email         TEXT NOT NULL DEFAULT '',
    join_date     TEXT,
    department_id INTEGER REFERENCES departments (id) ON DELETE SET NULL,
    image_id      INTEGER REFERENCES images (id) ON DELETE SET NULL,
    user_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    archived_at   TIMESTAMP,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX people_org_code ON people (org_id, lower(code));
CREATE UNIQUE INDEX people_user ON people (user_id);
CREATE INDEX people_org_kind ON people (org_id, kind, archived_at);

CREATE TABLE person_records (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id  INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    area       TEXT NOT NULL,
    data       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX person_records_person ON person_records (person_id, area);
-- One row per area, except education which holds several.
CREATE UNIQUE INDEX person_records_single ON person_records (person_id, area) WHERE area <> 'education';

CREATE TABLE person_invites (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id  INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    code_hash  TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE INDEX person_invites_person ON person_invites (person_id);
