-- Security PUSH 3.x terminals (issue 14): face/palm terminals and access controllers register
-- (POST /iclock/registry) and get a RegistryCode and a SessionID the server invents; the
-- protocol is remembered once a device registered, so that its commands go out in the 3.x form.
-- use_for says what a device's punches are: 'attendance' (they become punches, as before) or
-- 'access' (a door: its events are kept for review only).
ALTER TABLE devices ADD COLUMN use_for TEXT NOT NULL DEFAULT 'attendance';
ALTER TABLE devices ADD COLUMN protocol TEXT NOT NULL DEFAULT '';
ALTER TABLE devices ADD COLUMN registry_code TEXT NOT NULL DEFAULT '';
ALTER TABLE devices ADD COLUMN session_id TEXT NOT NULL DEFAULT '';

-- Every real-time event (rtlog) a Security PUSH terminal sends, for review; a terminal's raw
-- upload like device_uploads, so not audited (internal/audit ExemptTables). One row per event:
-- a terminal that resends a batch finds its events stored already.
CREATE TABLE access_events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id      INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    device_id   INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    person_id   INTEGER REFERENCES people (id) ON DELETE SET NULL,
    pin         TEXT NOT NULL,
    at          TIMESTAMP NOT NULL,
    local_time  TEXT NOT NULL,
    event       INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    verify_type TEXT NOT NULL,
    in_out      INTEGER NOT NULL,
    door        INTEGER NOT NULL,
    card        TEXT NOT NULL,
    punched     BOOLEAN NOT NULL,
    raw         TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    UNIQUE (device_id, local_time, pin, event, door)
);
CREATE INDEX access_events_org_at ON access_events (org_id, at DESC);


-- The devices audit triggers again, naming the new columns (tools/auditgen/gen.py --triggers-only).
DROP TRIGGER IF EXISTS audit_devices_insert;
CREATE TRIGGER audit_devices_insert AFTER INSERT ON devices WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'device', COALESCE(CAST(NEW.id AS TEXT), ''), NULL, 'create', NULL, json_object('id', NEW.id, 'org_id', NEW.org_id, 'name', NEW.name, 'model', NEW.model, 'code', NEW.code, 'purchase_date', NEW.purchase_date, 'enabled', NEW.enabled, 'push_key', CASE WHEN NEW.push_key IS NULL THEN NULL ELSE '[secret]' END, 'allowed_ips', NEW.allowed_ips, 'created_at', NEW.created_at, 'pin_digits_only', NEW.pin_digits_only, 'pin_max_length', NEW.pin_max_length, 'name_max_bytes', NEW.name_max_bytes, 'takes_photos', NEW.takes_photos, 'use_for', NEW.use_for)
  FROM audit_context c;
END;
DROP TRIGGER IF EXISTS audit_devices_delete;
CREATE TRIGGER audit_devices_delete AFTER DELETE ON devices WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT OLD.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'device', COALESCE(CAST(OLD.id AS TEXT), ''), NULL, 'delete', json_object('id', OLD.id, 'org_id', OLD.org_id, 'name', OLD.name, 'model', OLD.model, 'code', OLD.code, 'purchase_date', OLD.purchase_date, 'enabled', OLD.enabled, 'push_key', CASE WHEN OLD.push_key IS NULL THEN NULL ELSE '[secret]' END, 'allowed_ips', OLD.allowed_ips, 'created_at', OLD.created_at, 'pin_digits_only', OLD.pin_digits_only, 'pin_max_length', OLD.pin_max_length, 'name_max_bytes', OLD.name_max_bytes, 'takes_photos', OLD.takes_photos, 'use_for', OLD.use_for), NULL
  FROM audit_context c;
END;
DROP TRIGGER IF EXISTS audit_devices_update;
CREATE TRIGGER audit_devices_update AFTER UPDATE ON devices WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'device', COALESCE(CAST(NEW.id AS TEXT), ''), NULL, 'update', (SELECT json_group_object(o.key, o.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type), (SELECT json_group_object(n.key, n.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type)
  FROM audit_context c, (SELECT json_object('id', OLD.id, 'org_id', OLD.org_id, 'name', OLD.name, 'model', OLD.model, 'code', OLD.code, 'purchase_date', OLD.purchase_date, 'enabled', OLD.enabled, 'push_key', CASE WHEN OLD.push_key IS NULL THEN NULL ELSE '[secret]' END, 'allowed_ips', OLD.allowed_ips, 'created_at', OLD.created_at, 'pin_digits_only', OLD.pin_digits_only, 'pin_max_length', OLD.pin_max_length, 'name_max_bytes', OLD.name_max_bytes, 'takes_photos', OLD.takes_photos, 'use_for', OLD.use_for) AS o,
    json_object('id', NEW.id, 'org_id', NEW.org_id, 'name', NEW.name, 'model', NEW.model, 'code', NEW.code, 'purchase_date', NEW.purchase_date, 'enabled', NEW.enabled, 'push_key', CASE WHEN NEW.push_key IS NULL THEN NULL WHEN NEW.push_key IS OLD.push_key THEN '[secret]' ELSE '[secret, changed]' END, 'allowed_ips', NEW.allowed_ips, 'created_at', NEW.created_at, 'pin_digits_only', NEW.pin_digits_only, 'pin_max_length', NEW.pin_max_length, 'name_max_bytes', NEW.name_max_bytes, 'takes_photos', NEW.takes_photos, 'use_for', NEW.use_for) AS n) d
  WHERE EXISTS (SELECT 1 FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type);
END;
