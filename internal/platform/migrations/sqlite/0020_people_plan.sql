-- people_org_kind (org_id, kind, archived_at) lost the planner's choice to nobody useful: with
-- it, SQLite read a list's people through it and sorted them in a temporary b-tree instead of
-- walking people_active_by_name / people_archived_by_name (0011), which already serve every
-- filter on (org_id, kind) for current and archived people in name order
-- (TestListQueryPlans). Counts and lookups by organisation and kind use those too.
DROP INDEX people_org_kind;
