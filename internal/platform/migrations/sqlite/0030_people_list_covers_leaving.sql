-- The active people lists read a page from people_active_by_name alone, without a seek into
-- people for each row (a tenth of a 50-row list's CPU; issue 9, "Throughput"). The index of
-- 0011 did not manage that: SQLite counts archived_at (the list's `archived_at IS NULL`) as a
-- column the query needs even though the partial index implies it, and 0018 added
-- leaving_date to the list. Both are held now; TestListQueryPlans checks the plan says
-- COVERING INDEX.
DROP INDEX people_active_by_name;
CREATE INDEX people_active_by_name ON people (org_id, kind, lower(first_name), lower(last_name), id,
    code, first_name, last_name, email, join_date, leaving_date, department_id, image_id, user_id, archived_at)
    WHERE archived_at IS NULL;
