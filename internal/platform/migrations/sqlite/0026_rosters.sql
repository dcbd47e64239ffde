-- Rosters and rotations (issue 13). The one resolver of a day's rule (DESIGN §10) takes, in
-- order: a roster entry of the person and date, then the rotation pattern the person's group
-- follows, then the group's weekly schedule version.
--
-- shifts: named times an organisation works (time in/out and cut-offs, "HH:MM"; a time out
-- before time in crosses midnight). shift_patterns: a rotation of cycle_days days; days is a
-- JSON array of cycle_days entries, each a shift id or null for a day off. group_patterns: the
-- pattern a group follows from start_date (day 0 of the cycle) instead of its weekly schedule;
-- one per group. roster_entries: a person's shift on a date, or a day off (shift_id NULL),
-- overriding pattern and weekly schedule.
CREATE TABLE shifts (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id           INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name             TEXT NOT NULL,
    time_in          TEXT NOT NULL,
    cut_off_time_in  TEXT NOT NULL,
    time_out         TEXT NOT NULL,
    cut_off_time_out TEXT NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX shifts_name ON shifts (org_id, name);

CREATE TABLE shift_patterns (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    cycle_days INTEGER NOT NULL,
    days       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX shift_patterns_name ON shift_patterns (org_id, name);

CREATE TABLE group_patterns (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    group_id   INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    pattern_id INTEGER NOT NULL REFERENCES shift_patterns (id),
    start_date TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX group_patterns_group ON group_patterns (org_id, group_id);

CREATE TABLE roster_entries (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id  INTEGER NOT NULL REFERENCES people (id) ON DELETE CASCADE,
    date       TEXT NOT NULL,
    shift_id   INTEGER REFERENCES shifts (id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX roster_entries_person_date ON roster_entries (org_id, person_id, date);
CREATE INDEX roster_entries_date ON roster_entries (org_id, date);

-- Audit triggers of the new tables (generated: python3 tools/auditgen/gen.py --triggers-only).
DROP TRIGGER IF EXISTS audit_shifts_insert;
CREATE TRIGGER audit_shifts_insert AFTER INSERT ON shifts WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'shift', COALESCE(CAST(NEW.id AS TEXT), ''), NULL, 'create', NULL, json_object('id', NEW.id, 'org_id', NEW.org_id, 'name', NEW.name, 'time_in', NEW.time_in, 'cut_off_time_in', NEW.cut_off_time_in, 'time_out', NEW.time_out, 'cut_off_time_out', NEW.cut_off_time_out, 'created_at', NEW.created_at)
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_shifts_delete;
CREATE TRIGGER audit_shifts_delete AFTER DELETE ON shifts WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT OLD.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'shift', COALESCE(CAST(OLD.id AS TEXT), ''), NULL, 'delete', json_object('id', OLD.id, 'org_id', OLD.org_id, 'name', OLD.name, 'time_in', OLD.time_in, 'cut_off_time_in', OLD.cut_off_time_in, 'time_out', OLD.time_out, 'cut_off_time_out', OLD.cut_off_time_out, 'created_at', OLD.created_at), NULL
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_shifts_update;
CREATE TRIGGER audit_shifts_update AFTER UPDATE ON shifts WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'shift', COALESCE(CAST(NEW.id AS TEXT), ''), NULL, 'update', (SELECT json_group_object(o.key, o.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type), (SELECT json_group_object(n.key, n.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type)
  FROM audit_context c, (SELECT json_object('id', OLD.id, 'org_id', OLD.org_id, 'name', OLD.name, 'time_in', OLD.time_in, 'cut_off_time_in', OLD.cut_off_time_in, 'time_out', OLD.time_out, 'cut_off_time_out', OLD.cut_off_time_out, 'created_at', OLD.created_at) AS o,
    json_object('id', NEW.id, 'org_id', NEW.org_id, 'name', NEW.name, 'time_in', NEW.time_in, 'cut_off_time_in', NEW.cut_off_time_in, 'time_out', NEW.time_out, 'cut_off_time_out', NEW.cut_off_time_out, 'created_at', NEW.created_at) AS n) d
  WHERE EXISTS (SELECT 1 FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type);
END;

DROP TRIGGER IF EXISTS audit_shift_patterns_insert;
CREATE TRIGGER audit_shift_patterns_insert AFTER INSERT ON shift_patterns WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'shift_pattern', COALESCE(CAST(NEW.id AS TEXT), ''), NULL, 'create', NULL, json_object('id', NEW.id, 'org_id', NEW.org_id, 'name', NEW.name, 'cycle_days', NEW.cycle_days, 'days', NEW.days, 'created_at', NEW.created_at)
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_shift_patterns_delete;
CREATE TRIGGER audit_shift_patterns_delete AFTER DELETE ON shift_patterns WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT OLD.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'shift_pattern', COALESCE(CAST(OLD.id AS TEXT), ''), NULL, 'delete', json_object('id', OLD.id, 'org_id', OLD.org_id, 'name', OLD.name, 'cycle_days', OLD.cycle_days, 'days', OLD.days, 'created_at', OLD.created_at), NULL
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_shift_patterns_update;
CREATE TRIGGER audit_shift_patterns_update AFTER UPDATE ON shift_patterns WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'shift_pattern', COALESCE(CAST(NEW.id AS TEXT), ''), NULL, 'update', (SELECT json_group_object(o.key, o.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type), (SELECT json_group_object(n.key, n.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type)
  FROM audit_context c, (SELECT json_object('id', OLD.id, 'org_id', OLD.org_id, 'name', OLD.name, 'cycle_days', OLD.cycle_days, 'days', OLD.days, 'created_at', OLD.created_at) AS o,
    json_object('id', NEW.id, 'org_id', NEW.org_id, 'name', NEW.name, 'cycle_days', NEW.cycle_days, 'days', NEW.days, 'created_at', NEW.created_at) AS n) d
  WHERE EXISTS (SELECT 1 FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type);
END;

DROP TRIGGER IF EXISTS audit_group_patterns_insert;
CREATE TRIGGER audit_group_patterns_insert AFTER INSERT ON group_patterns WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'group_pattern', COALESCE(CAST(NEW.id AS TEXT), ''), NULL, 'create', NULL, json_object('id', NEW.id, 'org_id', NEW.org_id, 'group_id', NEW.group_id, 'pattern_id', NEW.pattern_id, 'start_date', NEW.start_date, 'created_at', NEW.created_at)
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_group_patterns_delete;
CREATE TRIGGER audit_group_patterns_delete AFTER DELETE ON group_patterns WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT OLD.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'group_pattern', COALESCE(CAST(OLD.id AS TEXT), ''), NULL, 'delete', json_object('id', OLD.id, 'org_id', OLD.org_id, 'group_id', OLD.group_id, 'pattern_id', OLD.pattern_id, 'start_date', OLD.start_date, 'created_at', OLD.created_at), NULL
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_group_patterns_update;
CREATE TRIGGER audit_group_patterns_update AFTER UPDATE ON group_patterns WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'group_pattern', COALESCE(CAST(NEW.id AS TEXT), ''), NULL, 'update', (SELECT json_group_object(o.key, o.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type), (SELECT json_group_object(n.key, n.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type)
  FROM audit_context c, (SELECT json_object('id', OLD.id, 'org_id', OLD.org_id, 'group_id', OLD.group_id, 'pattern_id', OLD.pattern_id, 'start_date', OLD.start_date, 'created_at', OLD.created_at) AS o,
    json_object('id', NEW.id, 'org_id', NEW.org_id, 'group_id', NEW.group_id, 'pattern_id', NEW.pattern_id, 'start_date', NEW.start_date, 'created_at', NEW.created_at) AS n) d
  WHERE EXISTS (SELECT 1 FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type);
END;

DROP TRIGGER IF EXISTS audit_roster_entries_insert;
CREATE TRIGGER audit_roster_entries_insert AFTER INSERT ON roster_entries WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'roster_entry', COALESCE(CAST(NEW.id AS TEXT), ''), NEW.person_id, 'create', NULL, json_object('id', NEW.id, 'org_id', NEW.org_id, 'person_id', NEW.person_id, 'date', NEW.date, 'shift_id', NEW.shift_id, 'created_at', NEW.created_at)
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_roster_entries_delete;
CREATE TRIGGER audit_roster_entries_delete AFTER DELETE ON roster_entries WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT OLD.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'roster_entry', COALESCE(CAST(OLD.id AS TEXT), ''), OLD.person_id, 'delete', json_object('id', OLD.id, 'org_id', OLD.org_id, 'person_id', OLD.person_id, 'date', OLD.date, 'shift_id', OLD.shift_id, 'created_at', OLD.created_at), NULL
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_roster_entries_update;
CREATE TRIGGER audit_roster_entries_update AFTER UPDATE ON roster_entries WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'roster_entry', COALESCE(CAST(NEW.id AS TEXT), ''), NEW.person_id, 'update', (SELECT json_group_object(o.key, o.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type), (SELECT json_group_object(n.key, n.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type)
  FROM audit_context c, (SELECT json_object('id', OLD.id, 'org_id', OLD.org_id, 'person_id', OLD.person_id, 'date', OLD.date, 'shift_id', OLD.shift_id, 'created_at', OLD.created_at) AS o,
    json_object('id', NEW.id, 'org_id', NEW.org_id, 'person_id', NEW.person_id, 'date', NEW.date, 'shift_id', NEW.shift_id, 'created_at', NEW.created_at) AS n) d
  WHERE EXISTS (SELECT 1 FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type);
END;

