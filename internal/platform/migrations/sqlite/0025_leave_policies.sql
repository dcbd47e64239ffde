-- Leave policies per type (issue 13): how a type's days are granted (manual entitlements as
-- before, yearly up front, monthly on the 1st or on the joining-day anniversary), service
-- tiers, pro-rata by joining and leaving dates, a maximum balance, the expiry of carried days,
-- blackout ranges and a minimum notice. One JSON object (internal/leave.Policy); '' is the
-- manual behaviour of before. Balances stay computed at read time from the ledger.
ALTER TABLE leave_types ADD COLUMN policy TEXT NOT NULL DEFAULT '';
-- The rules of the type's policy an admin set aside for an application (blackout, notice),
-- comma-separated; '' for none.
ALTER TABLE leave_applications ADD COLUMN policy_override TEXT NOT NULL DEFAULT '';

-- The SQLite audit triggers of the two tables again (tools/auditgen/gen.py --triggers-only), so
-- the new columns are in the trail.
DROP TRIGGER IF EXISTS audit_leave_types_insert;
CREATE TRIGGER audit_leave_types_insert AFTER INSERT ON leave_types WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'leave_type', COALESCE(CAST(NEW.id AS TEXT), ''), NULL, 'create', NULL, json_object('id', NEW.id, 'org_id', NEW.org_id, 'kind', NEW.kind, 'name', NEW.name, 'description', NEW.description, 'unit', NEW.unit, 'default_amount', NEW.default_amount, 'paid', NEW.paid, 'allow_negative', NEW.allow_negative, 'attachment_required', NEW.attachment_required, 'max_carry', NEW.max_carry, 'created_at', NEW.created_at, 'policy', NEW.policy)
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_leave_types_delete;
CREATE TRIGGER audit_leave_types_delete AFTER DELETE ON leave_types WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT OLD.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'leave_type', COALESCE(CAST(OLD.id AS TEXT), ''), NULL, 'delete', json_object('id', OLD.id, 'org_id', OLD.org_id, 'kind', OLD.kind, 'name', OLD.name, 'description', OLD.description, 'unit', OLD.unit, 'default_amount', OLD.default_amount, 'paid', OLD.paid, 'allow_negative', OLD.allow_negative, 'attachment_required', OLD.attachment_required, 'max_carry', OLD.max_carry, 'created_at', OLD.created_at, 'policy', OLD.policy), NULL
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_leave_types_update;
CREATE TRIGGER audit_leave_types_update AFTER UPDATE ON leave_types WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'leave_type', COALESCE(CAST(NEW.id AS TEXT), ''), NULL, 'update', (SELECT json_group_object(o.key, o.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type), (SELECT json_group_object(n.key, n.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type)
  FROM audit_context c, (SELECT json_object('id', OLD.id, 'org_id', OLD.org_id, 'kind', OLD.kind, 'name', OLD.name, 'description', OLD.description, 'unit', OLD.unit, 'default_amount', OLD.default_amount, 'paid', OLD.paid, 'allow_negative', OLD.allow_negative, 'attachment_required', OLD.attachment_required, 'max_carry', OLD.max_carry, 'created_at', OLD.created_at, 'policy', OLD.policy) AS o,
    json_object('id', NEW.id, 'org_id', NEW.org_id, 'kind', NEW.kind, 'name', NEW.name, 'description', NEW.description, 'unit', NEW.unit, 'default_amount', NEW.default_amount, 'paid', NEW.paid, 'allow_negative', NEW.allow_negative, 'attachment_required', NEW.attachment_required, 'max_carry', NEW.max_carry, 'created_at', NEW.created_at, 'policy', NEW.policy) AS n) d
  WHERE EXISTS (SELECT 1 FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type);
END;

DROP TRIGGER IF EXISTS audit_leave_applications_insert;
CREATE TRIGGER audit_leave_applications_insert AFTER INSERT ON leave_applications WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'application', COALESCE(CAST(NEW.id AS TEXT), ''), NEW.person_id, 'create', NULL, json_object('id', NEW.id, 'org_id', NEW.org_id, 'person_id', NEW.person_id, 'type_id', NEW.type_id, 'kind', NEW.kind, 'from_date', NEW.from_date, 'to_date', NEW.to_date, 'session', NEW.session, 'amount', NEW.amount, 'reason', NEW.reason, 'attachment_id', NEW.attachment_id, 'status', NEW.status, 'assignment', NEW.assignment, 'created_by', NEW.created_by, 'decided_by', NEW.decided_by, 'decided_by_name', NEW.decided_by_name, 'decided_at', NEW.decided_at, 'decision_comment', NEW.decision_comment, 'created_at', NEW.created_at, 'policy_override', NEW.policy_override)
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_leave_applications_delete;
CREATE TRIGGER audit_leave_applications_delete AFTER DELETE ON leave_applications WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT OLD.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'application', COALESCE(CAST(OLD.id AS TEXT), ''), OLD.person_id, 'delete', json_object('id', OLD.id, 'org_id', OLD.org_id, 'person_id', OLD.person_id, 'type_id', OLD.type_id, 'kind', OLD.kind, 'from_date', OLD.from_date, 'to_date', OLD.to_date, 'session', OLD.session, 'amount', OLD.amount, 'reason', OLD.reason, 'attachment_id', OLD.attachment_id, 'status', OLD.status, 'assignment', OLD.assignment, 'created_by', OLD.created_by, 'decided_by', OLD.decided_by, 'decided_by_name', OLD.decided_by_name, 'decided_at', OLD.decided_at, 'decision_comment', OLD.decision_comment, 'created_at', OLD.created_at, 'policy_override', OLD.policy_override), NULL
  FROM audit_context c;
END;

DROP TRIGGER IF EXISTS audit_leave_applications_update;
CREATE TRIGGER audit_leave_applications_update AFTER UPDATE ON leave_applications WHEN EXISTS (SELECT 1 FROM audit_context)
BEGIN
  INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)
  SELECT NEW.org_id, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,
    'application', COALESCE(CAST(NEW.id AS TEXT), ''), NEW.person_id, 'update', (SELECT json_group_object(o.key, o.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type), (SELECT json_group_object(n.key, n.value) FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type)
  FROM audit_context c, (SELECT json_object('id', OLD.id, 'org_id', OLD.org_id, 'person_id', OLD.person_id, 'type_id', OLD.type_id, 'kind', OLD.kind, 'from_date', OLD.from_date, 'to_date', OLD.to_date, 'session', OLD.session, 'amount', OLD.amount, 'reason', OLD.reason, 'attachment_id', OLD.attachment_id, 'status', OLD.status, 'assignment', OLD.assignment, 'created_by', OLD.created_by, 'decided_by', OLD.decided_by, 'decided_by_name', OLD.decided_by_name, 'decided_at', OLD.decided_at, 'decision_comment', OLD.decision_comment, 'created_at', OLD.created_at, 'policy_override', OLD.policy_override) AS o,
    json_object('id', NEW.id, 'org_id', NEW.org_id, 'person_id', NEW.person_id, 'type_id', NEW.type_id, 'kind', NEW.kind, 'from_date', NEW.from_date, 'to_date', NEW.to_date, 'session', NEW.session, 'amount', NEW.amount, 'reason', NEW.reason, 'attachment_id', NEW.attachment_id, 'status', NEW.status, 'assignment', NEW.assignment, 'created_by', NEW.created_by, 'decided_by', NEW.decided_by, 'decided_by_name', NEW.decided_by_name, 'decided_at', NEW.decided_at, 'decision_comment', NEW.decision_comment, 'created_at', NEW.created_at, 'policy_override', NEW.policy_override) AS n) d
  WHERE EXISTS (SELECT 1 FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type);
END;

