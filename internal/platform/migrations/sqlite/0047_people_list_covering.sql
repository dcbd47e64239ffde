-- PostgreSQL's people_active_by_name covers the active people lists here (see its 0047), as
-- SQLite's has since 0030: nothing to change on this engine for that.

-- A leave type's in-use probe (leave.typeCols) takes the least person id of its entitlements:
-- with person_id after the type the index answers it in one seek, where an EXISTS let
-- PostgreSQL read the whole table for a type not in use.
DROP INDEX leave_entitlements_org;
CREATE INDEX leave_entitlements_org ON leave_entitlements (org_id, type_id, person_id);
