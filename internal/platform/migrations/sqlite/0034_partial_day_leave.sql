-- Partial-day leave and away (issue 13): an hourly application may cover a time range of one
-- day (from_time–to_time, HH:MM in the organisation's zone). Empty for a whole day or a
-- session, as before. Several ranges of one day may stand side by side when they do not meet.
ALTER TABLE leave_applications ADD COLUMN from_time TEXT NOT NULL DEFAULT '';
ALTER TABLE leave_applications ADD COLUMN to_time TEXT NOT NULL DEFAULT '';
DROP TRIGGER IF EXISTS audit_leave_applications_insert;
CREATE TRIGGER audit_leave_applications_insert AFTER INSERT ON leave_applications WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'application', COALESCE(CAST(NEW.id AS TEXT), ''), NEW.person_id, 'create', NULL, json_object('id', NEW.id, 'org_id', NEW.org_id, 'person_id', NEW.person_id, 'type_id', NEW.type_id, 'kind', NEW.kind, 'from_date', NEW.from_date, 'to_date', NEW.to_date, 'session', NEW.session, 'amount', NEW.amount, 'reason', NEW.reason, 'attachment_id', NEW.attachment_id, 'status', NEW.status, 'assignment', NEW.assignment, 'created_by', NEW.created_by, 'decided_by', NEW.decided_by, 'decided_by_name', NEW.decided_by_name, 'decided_at', NEW.decided_at, 'decision_comment', NEW.decision_comment, 'created_at', NEW.created_at, 'policy_override', NEW.policy_override, 'from_time', NEW.from_time, 'to_time', NEW.to_time)
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_leave_applications_delete;
CREATE TRIGGER audit_leave_applications_delete AFTER DELETE ON leave_applications WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT OLD.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'application', COALESCE(CAST(OLD.id AS TEXT), ''), OLD.person_id, 'delete', json_object('id', OLD.id, 'org_id', OLD.org_id, 'person_id', OLD.person_id, 'type_id', OLD.type_id, 'kind', OLD.kind, 'from_date', OLD.from_date, 'to_date', OLD.to_date, 'session', OLD.session, 'amount', OLD.amount, 'reason', OLD.reason, 'attachment_id', OLD.attachment_id, 'status', OLD.status, 'assignment', OLD.assignment, 'created_by', OLD.created_by, 'decided_by', OLD.decided_by, 'decided_by_name', OLD.decided_by_name, 'decided_at', OLD.decided_at, 'decision_comment', OLD.decision_comment, 'created_at', OLD.created_at, 'policy_override', OLD.policy_override, 'from_time', OLD.from_time, 'to_time', OLD.to_time), NULL
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_leave_applications_update;
CREATE TRIGGER audit_leave_applications_update AFTER UPDATE ON leave_applications WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'application', COALESCE(CAST(NEW.id AS TEXT), ''), NEW.person_id, 'update', (SELECT json_group_object(o.key, o.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type), (SELECT json_group_object(n.key, n.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type)
  FROM audit_context c, (SELECT json_object('id', OLD.id, 'org_id', OLD.org_id, 'person_id', OLD.person_id, 'type_id', OLD.type_id, 'kind', OLD.kind, 'from_date', OLD.from_date, 'to_date', OLD.to_date, 'session', OLD.session, 'amount', OLD.amount, 'reason', OLD.reason, 'attachment_id', OLD.attachment_id, 'status', OLD.status, 'assignment', OLD.assignment, 'created_by', OLD.created_by, 'decided_by', OLD.decided_by, 'decided_by_name', OLD.decided_by_name, 'decided_at', OLD.decided_at, 'decision_comment', OLD.decision_comment, 'created_at', OLD.created_at, 'policy_override', OLD.policy_override, 'from_time', OLD.from_time, 'to_time', OLD.to_time) AS o,
    json_object('id', NEW.id, 'org_id', NEW.org_id, 'person_id', NEW.person_id, 'type_id', NEW.type_id, 'kind', NEW.kind, 'from_date', NEW.from_date, 'to_date', NEW.to_date, 'session', NEW.session, 'amount', NEW.amount, 'reason', NEW.reason, 'attachment_id', NEW.attachment_id, 'status', NEW.status, 'assignment', NEW.assignment, 'created_by', NEW.created_by, 'decided_by', NEW.decided_by, 'decided_by_name', NEW.decided_by_name, 'decided_at', NEW.decided_at, 'decision_comment', NEW.decision_comment, 'created_at', NEW.created_at, 'policy_override', NEW.policy_override, 'from_time', NEW.from_time, 'to_time', NEW.to_time) AS n) d
  WHERE EXISTS (SELECT 1 FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type);
END;
