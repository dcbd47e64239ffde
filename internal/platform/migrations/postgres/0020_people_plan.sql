-- SQLite drops people_org_kind here (see its 0020): there the planner read lists through it
-- and sorted in a temporary b-tree. PostgreSQL keeps it: its counts of a page's applications
-- join people by (org_id, kind) through it, and without it they scan people
-- (TestListQueryPlans). Nothing to change on this engine; the number stays in step.
SELECT 1;
