-- Retention of the access events of Security PUSH terminals (issue 14): how many days an
-- organisation keeps them (0: for ever), purged by the same retention job as the other kinds
-- (internal/ops/retention.go), by the event's instant (access_events_org_at covers it).
-- Existing policies get the default, a year.
ALTER TABLE retention_policies ADD COLUMN access_events_days INTEGER NOT NULL DEFAULT 365 CHECK (access_events_days >= 0);

-- The retention_policies audit triggers again, naming the new column (tools/auditgen/gen.py --triggers-only).
DROP TRIGGER IF EXISTS audit_retention_policies_insert;
CREATE TRIGGER audit_retention_policies_insert AFTER INSERT ON retention_policies WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'retention_policy', COALESCE(CAST(NEW.org_id AS TEXT), ''), NULL, 'create', NULL, json_object('org_id', NEW.org_id, 'punches_days', NEW.punches_days, 'unknown_pins_days', NEW.unknown_pins_days, 'device_records_days', NEW.device_records_days, 'device_commands_days', NEW.device_commands_days, 'notifications_days', NEW.notifications_days, 'access_events_days', NEW.access_events_days)
  FROM audit_context c;
END;
DROP TRIGGER IF EXISTS audit_retention_policies_delete;
CREATE TRIGGER audit_retention_policies_delete AFTER DELETE ON retention_policies WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT OLD.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'retention_policy', COALESCE(CAST(OLD.org_id AS TEXT), ''), NULL, 'delete', json_object('org_id', OLD.org_id, 'punches_days', OLD.punches_days, 'unknown_pins_days', OLD.unknown_pins_days, 'device_records_days', OLD.device_records_days, 'device_commands_days', OLD.device_commands_days, 'notifications_days', OLD.notifications_days, 'access_events_days', OLD.access_events_days), NULL
  FROM audit_context c;
END;
DROP TRIGGER IF EXISTS audit_retention_policies_update;
CREATE TRIGGER audit_retention_policies_update AFTER UPDATE ON retention_policies WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'retention_policy', COALESCE(CAST(NEW.org_id AS TEXT), ''), NULL, 'update', (SELECT json_group_object(o.key, o.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type), (SELECT json_group_object(n.key, n.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type)
  FROM audit_context c, (SELECT json_object('org_id', OLD.org_id, 'punches_days', OLD.punches_days, 'unknown_pins_days', OLD.unknown_pins_days, 'device_records_days', OLD.device_records_days, 'device_commands_days', OLD.device_commands_days, 'notifications_days', OLD.notifications_days, 'access_events_days', OLD.access_events_days) AS o,
    json_object('org_id', NEW.org_id, 'punches_days', NEW.punches_days, 'unknown_pins_days', NEW.unknown_pins_days, 'device_records_days', NEW.device_records_days, 'device_commands_days', NEW.device_commands_days, 'notifications_days', NEW.notifications_days, 'access_events_days', NEW.access_events_days) AS n) d
  WHERE EXISTS (SELECT 1 FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type);
END;
