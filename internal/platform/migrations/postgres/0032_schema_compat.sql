-- Rolling upgrades (issue 18): each applied migration records the oldest schema version whose
-- code still runs on the schema it leaves. A node of the previous release that finds a newer
-- schema starts when that oldest version is not above what it knows, instead of refusing (see
-- migrations.go, "Compatibility"). Filled by the migrator from this migration on.
ALTER TABLE schema_migrations ADD COLUMN oldest_code INTEGER;
