-- PostgreSQL's people_active_by_name covers the active people lists here (see its 0047), as
-- SQLite's has since 0030. Nothing to change on this engine; the number stays in step.
SELECT 1;
