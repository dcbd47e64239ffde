-- Every list has an index that serves its filter and its order, so a page is read from the
-- index and stops after its rows instead of sorting the whole table (issue 16, "Every query
-- scoped and indexed"; internal/api/queryplan_test.go checks the plans of the lists).
-- (SQLite's migration also widens people_active_by_name to cover the list's columns; the
-- people list on PostgreSQL reads its 50 rows from the heap at no measurable cost.)
--
-- Archived people, in the order of the people lists.
CREATE INDEX people_archived_by_name ON people (org_id, kind, lower(first_name), lower(last_name), id) WHERE archived_at IS NOT NULL;
-- Leave and away applications, newest first: all of a kind, by status, and of one person.
CREATE INDEX leave_applications_recent ON leave_applications (org_id, kind, created_at, id);
CREATE INDEX leave_applications_status_recent ON leave_applications (org_id, kind, status, created_at, id);
CREATE INDEX leave_applications_person_recent ON leave_applications (org_id, person_id, created_at, id);
-- Attendance groups, devices and beacons by name; a device's commands newest first.
CREATE INDEX groups_by_name ON groups (org_id, kind, lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX devices_by_name ON devices (org_id, lower(name), id);
CREATE INDEX beacons_by_name ON beacons (org_id, lower(name), id);
CREATE INDEX device_commands_recent ON device_commands (org_id, device_id, id);
-- The audit of manual attendance changes, newest first.
CREATE INDEX attendance_audit_recent ON attendance_audit (org_id, at, id);
