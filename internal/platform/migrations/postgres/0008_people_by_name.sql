-- Lists of people are shown by name (lower(first_name), lower(last_name), id), 50 at a time.
-- Without an index in that order every page sorted all the people of a kind, so a page of a
-- 1,000-person school cost a sort of 1,000 rows (issue 9, "Throughput"). This index lets both
-- engines walk the active people of a kind in list order and stop after one page. Archived
-- people are listed rarely and stay on people_org_kind.
CREATE INDEX people_active_by_name ON people (org_id, kind, lower(first_name), lower(last_name), id) WHERE archived_at IS NULL;
