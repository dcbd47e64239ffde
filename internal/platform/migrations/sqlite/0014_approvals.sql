-- Reporting lines and the one approvals engine (issue 12, DESIGN §10).
--
-- A person's manager is another person of the same organisation (the service refuses cycles);
-- a department's head is a person. Both are cleared when that person is deleted.
ALTER TABLE people ADD COLUMN manager_id INTEGER REFERENCES people (id) ON DELETE SET NULL;
CREATE INDEX people_manager ON people (org_id, manager_id) WHERE manager_id IS NOT NULL;
ALTER TABLE departments ADD COLUMN head_id INTEGER REFERENCES people (id) ON DELETE SET NULL;

-- An approval chain: the ordered levels of one kind of request (leave, away,
-- attendance_correction), for one type (type_id) or organisation-wide (type_id 0). Levels are
-- JSON, e.g. ["manager","admins"] or ["person:12"]. No row means the default: ["admins"].
CREATE TABLE approval_chains (
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    type_id    INTEGER NOT NULL DEFAULT 0,
    levels     TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (org_id, kind, type_id)
);

-- One row per request of any kind going through approval: the domain keeps its own record
-- (leave_applications, attendance_requests) and this row keeps where it is in its chain (a
-- snapshot taken at submission) and who it waits for: a person (approver_id, after delegation;
-- delegated_from the approver they stand in for) or the admins (approver_id NULL).
CREATE TABLE approval_requests (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id         INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL,
    ref_id         INTEGER NOT NULL,
    person_id      INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    chain          TEXT NOT NULL,
    level          INTEGER NOT NULL DEFAULT 0,
    status         TEXT NOT NULL DEFAULT 'pending',
    approver_id    INTEGER REFERENCES people (id) ON DELETE SET NULL,
    delegated_from INTEGER REFERENCES people (id) ON DELETE SET NULL,
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX approval_requests_ref ON approval_requests (org_id, kind, ref_id);
CREATE INDEX approval_requests_waiting ON approval_requests (org_id, approver_id, id) WHERE status = 'pending';

-- Every step of a request's timeline: submitted, approved, rejected, skipped (with why), by
-- whom, at which level, with a comment; override marks an admin deciding a level not theirs.
CREATE TABLE approval_decisions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id      INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    request_id  INTEGER NOT NULL REFERENCES approval_requests (id) ON DELETE CASCADE,
    level       INTEGER NOT NULL,
    level_kind  TEXT NOT NULL DEFAULT '',
    action      TEXT NOT NULL,
    actor_user  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    actor_name  TEXT NOT NULL DEFAULT '',
    comment     TEXT NOT NULL DEFAULT '',
    override    BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX approval_decisions_request ON approval_decisions (request_id, id);

-- An approver's substitute for a date range (inclusive, the organisation's dates): requests
-- that reach the approver on those dates go to the substitute.
CREATE TABLE approval_delegations (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id        INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id     INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    substitute_id INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    from_date     TEXT NOT NULL,
    to_date       TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX approval_delegations_person ON approval_delegations (org_id, person_id, from_date);

-- A member's request to correct their attendance (issue 12): add a punch, move one, or set a
-- day's status, for a past date, with a reason. It goes through the attendance_correction
-- chain; on final approval it becomes the audited manual correction (applied_at set).
CREATE TABLE attendance_requests (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id  INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    date       TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('add_punch', 'move_punch', 'status')),
    time       TEXT NOT NULL DEFAULT '',
    punch_id   INTEGER,
    status     INTEGER,
    reason     TEXT NOT NULL,
    state      TEXT NOT NULL DEFAULT 'pending',
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    applied_at TIMESTAMP
);
CREATE INDEX attendance_requests_person ON attendance_requests (org_id, person_id, id);
