#!/usr/bin/env python3
"""Generates the audit-trail migration 0023 for both engines from the table list below.

The SQLite triggers must name every column (json_object per table), so they are generated;
PostgreSQL uses one plpgsql function and needs only the trigger lines. Run from the
repository root with the path of a SQLite database migrated up to 0022:
    python3 tools/auditgen/gen.py /tmp/x.db

A later migration that adds a column to an audited table (TestAuditCoversEveryTenantTable
fails until then) or a new audited table needs the SQLite triggers again: add the table to
AUDITED (and to audit.AuditedTables), migrate a database up to the new migration and run
    python3 tools/auditgen/gen.py --triggers-only /tmp/x.db > part.sql
whose DROP TRIGGER IF EXISTS / CREATE TRIGGER lines go into the new SQLite migration (and the
PostgreSQL trigger line of a new table into the PostgreSQL one).
"""
import sqlite3, sys

# table: (entity kind, id column, person column, secrets, ignored columns). A person column
# "user:<col>" names the person whose account is <col> (people.user_id).
AUDITED = {
    "orgs": ("settings", "id", "", [], []),
    "users": ("user", "id", "user:id", ["password_hash"], []),
    "people": ("person", "id", "id", [], []),
    "person_records": ("person_record", "id", "person_id", [], []),
    "person_invites": ("person_invite", "id", "person_id", ["code_hash"], []),
    "departments": ("department", "id", "", [], []),
    "positions": ("position", "id", "", [], []),
    "groups": ("group", "id", "", [], []),
    "group_members": ("group_member", "id", "person_id", [], []),
    "schedule_versions": ("schedule", "id", "", [], []),
    "holidays": ("holiday", "id", "", [], []),
    "day_overrides": ("day_override", "id", "person_id", [], []),
    "attendance_requests": ("attendance_request", "id", "person_id", [], []),
    "leave_types": ("leave_type", "id", "", [], []),
    "leave_entitlements": ("entitlement", "id", "person_id", [], []),
    "leave_applications": ("application", "id", "person_id", [], []),
    "approval_chains": ("approval_chain", "type_id", "", [], []),
    "approval_requests": ("approval_request", "id", "person_id", [], []),
    "approval_delegations": ("delegation", "id", "person_id", [], []),
    "devices": ("device", "id", "", ["push_key"],
                ["last_seen", "last_ip", "firmware", "info", "att_stamp", "push_version", "user_count",
                 "fingerprint_count", "face_count", "log_count", "user_capacity", "log_capacity", "tz_told"]),
    "device_people": ("device_person", "id", "person_id", [], []),
    "beacons": ("beacon", "id", "", [], []),
    "clock_sites": ("clock_site", "id", "", [], []),
    "clock_site_groups": ("clock_site_group", "site_id", "", [], []),
    "kiosks": ("kiosk", "id", "", ["secret_hash"], ["last_seen"]),
    "api_tokens": ("token", "id", "", ["secret_hash"], ["last_used_at", "last_used_ip"]),
    "user_two_factor": ("two_factor", "user_id", "user:user_id", ["secret_sealed"], ["last_step"]),
    "notification_prefs": ("notification_preference", "user_id", "user:user_id", [], []),
}
ALWAYS_IGNORED = ["updated_at"]

def columns(db, table):
    cols = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
    if table == "orgs" and "audit_retention_days" not in cols:
        cols.append("audit_retention_days")  # added by this migration's head
    return cols

def obj(cols, row, other, secrets, op):
    parts = []
    for c in cols:
        if c in secrets:
            if row == "NEW" and op == "update":
                v = f"CASE WHEN NEW.{c} IS NULL THEN NULL WHEN NEW.{c} IS OLD.{c} THEN '[secret]' ELSE '[secret, changed]' END"
            else:
                v = f"CASE WHEN {row}.{c} IS NULL THEN NULL ELSE '[secret]' END"
        else:
            v = f"{row}.{c}"
        parts.append(f"'{c}', {v}")
    return "json_object(" + ", ".join(parts) + ")"

def action(cols):
    whens = []
    if "erased_at" in cols:
        whens.append("WHEN OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL THEN 'erase'")
    for c in ("archived_at", "deleted_at"):
        if c in cols:
            whens.append(f"WHEN OLD.{c} IS NULL AND NEW.{c} IS NOT NULL THEN 'archive'")
            whens.append(f"WHEN OLD.{c} IS NOT NULL AND NEW.{c} IS NULL THEN 'restore'")
    if "revoked_at" in cols:
        whens.append("WHEN OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL THEN 'revoke'")
    if not whens:
        return "'update'"
    return "CASE " + " ".join(whens) + " ELSE 'update' END"

INSERT = ("INSERT INTO audit_log (org_id, at, user_id, user_name, ip, token_id, session_ref, entity, entity_id, person_id, action, old_values, new_values)\n"
          "  SELECT {org}, c.at, c.user_id, COALESCE((SELECT name FROM users WHERE id = c.user_id), ''), c.ip, c.token_id, c.session_ref,\n"
          "    '{entity}', COALESCE(CAST({eid} AS TEXT), ''), {person}, {action}, {old}, {new}\n")

def person_expr(row, personcol):
    if not personcol:
        return "NULL"
    if personcol.startswith("user:"):
        return f"(SELECT p.id FROM people p WHERE p.user_id = {row}.{personcol[5:]})"
    return f"{row}.{personcol}"

def sqlite_triggers(db):
    out = []
    for table, (entity, idcol, personcol, secrets, ignored) in AUDITED.items():
        cols = [c for c in columns(db, table) if c not in ignored and c not in ALWAYS_IGNORED]
        allcols = columns(db, table)
        orgcol = "id" if table == "orgs" else "org_id"
        when = "WHEN EXISTS (SELECT 1 FROM audit_context)"
        for op, row in (("insert", "NEW"), ("delete", "OLD")):
            o = obj(cols, row, None, secrets, op)
            ins = INSERT.format(org=f"{row}.{orgcol}", entity=entity, eid=f"{row}.{idcol}",
                                person=person_expr(row, personcol),
                                action="'create'" if op == "insert" else "'delete'",
                                old="NULL" if op == "insert" else o, new=o if op == "insert" else "NULL")
            if DROP:
                out.append(f"DROP TRIGGER IF EXISTS audit_{table}_{op};")
            out.append(f"CREATE TRIGGER audit_{table}_{op} AFTER {op.upper()} ON {table} {when}\nBEGIN\n  {ins}  FROM audit_context c;\nEND;\n")
        # An update records only the fields that changed, old and new, and nothing when none did.
        diff = "FROM json_each(d.o) o JOIN json_each(d.n) n ON n.key = o.key WHERE o.value IS NOT n.value OR o.type <> n.type"
        ins = INSERT.format(org=f"NEW.{orgcol}", entity=entity, eid=f"NEW.{idcol}",
                            person=person_expr("NEW", personcol), action=action(allcols),
                            old=f"(SELECT json_group_object(o.key, o.value) {diff})",
                            new=f"(SELECT json_group_object(n.key, n.value) {diff})")
        if DROP:
            out.append(f"DROP TRIGGER IF EXISTS audit_{table}_update;")
        out.append(f"CREATE TRIGGER audit_{table}_update AFTER UPDATE ON {table} {when}\nBEGIN\n  {ins}"
                   f"  FROM audit_context c, (SELECT {obj(cols, 'OLD', None, secrets, 'update')} AS o,\n"
                   f"    {obj(cols, 'NEW', None, secrets, 'update')} AS n) d\n"
                   f"  WHERE EXISTS (SELECT 1 {diff});\nEND;\n")
    return "\n".join(out)

def pg_triggers():
    out = []
    for table, (entity, idcol, personcol, secrets, ignored) in AUDITED.items():
        orgcol = "id" if table == "orgs" else "org_id"
        args = ", ".join(f"'{a}'" for a in (entity, ",".join(secrets), ",".join(ignored + ALWAYS_IGNORED), idcol, personcol, orgcol))
        out.append(f"CREATE TRIGGER audit_{table} AFTER INSERT OR UPDATE OR DELETE ON {table} FOR EACH ROW EXECUTE FUNCTION audit_row({args});")
    return "\n".join(out) + "\n"

DROP = False

if __name__ == "__main__":
    if sys.argv[1] == "--triggers-only":
        DROP = True
        print(sqlite_triggers(sqlite3.connect(sys.argv[2])))
        print(pg_triggers())
        sys.exit(0)
    db = sqlite3.connect(sys.argv[1])
    marker = "\n-- Generated by tools/auditgen/gen.py from the table list there.\n"
    for eng, body in (("sqlite", sqlite_triggers(db)), ("postgres", pg_triggers())):
        path = f"internal/platform/migrations/{eng}/0023_audit_trail.sql"
        head = open(path).read().split(marker)[0]  # the hand-written part: tables, guards, function
        with open(path, "w") as f:
            f.write(head + marker + body)
