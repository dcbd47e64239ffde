-- The devices' audit triggers ignore the terminal-state columns of both 0035 (device health) and
-- 0037 (Security PUSH): each migration was written without the other's, so on PostgreSQL the
-- trigger of 0037 audited every health change. Regenerated here from the merged list
-- (tools/auditgen/gen.py); the SQLite triggers are regenerated alike.
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
