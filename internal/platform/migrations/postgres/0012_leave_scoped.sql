-- Whether a leave type is in use asked "any application of this type?" without the
-- organisation, and no index of leave_applications leads with type_id, so the question
-- scanned every organisation's applications (issue 16). It now carries org_id and seeks
-- this index. The index goes on to the person and the date so that it serves an
-- entitlement's sums as narrowly as leave_applications_balance does: PostgreSQL without
-- statistics (fresh data, before ANALYZE) took (org_id, type_id) alone for those sums and
-- filtered every application of the type, 7 s for 1,000 entitlements.
CREATE INDEX leave_applications_type ON leave_applications (org_id, type_id, person_id, from_date);
