-- The active people lists (the people page, the attendance lists' page of people) read their
-- rows from people_active_by_name alone, as SQLite has since its 0030: an index-only scan
-- instead of a heap fetch per row (issue 16: one client's people page on PostgreSQL within
-- 1.5× of SQLite). The pages are all-visible once vacuumed, which Hadir does itself after a
-- bulk change (database.AnalyzeTables: VACUUM (ANALYZE) on PostgreSQL) and autovacuum after
-- the rest.
DROP INDEX people_active_by_name;
CREATE INDEX people_active_by_name ON people (org_id, kind, lower(first_name), lower(last_name), id)
    INCLUDE (code, first_name, last_name, email, join_date, leaving_date, department_id, image_id, user_id)
    WHERE archived_at IS NULL;

-- A leave type's in-use probe (leave.typeCols) takes the least person id of its entitlements:
-- with person_id after the type the index answers it in one seek, where an EXISTS let
-- PostgreSQL read the whole table for a type not in use.
DROP INDEX leave_entitlements_org;
CREATE INDEX leave_entitlements_org ON leave_entitlements (org_id, type_id, person_id);
