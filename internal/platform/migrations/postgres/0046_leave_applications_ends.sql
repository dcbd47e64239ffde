-- Approved leave touching a date, for the whole organisation (the reports' cached set of a
-- day, a week or a month, and the exports): the search by end date reads only the applications
-- ending on or after the range's first day (the current and future ones), where
-- leave_applications_dates read every approved application starting before its last day, all
-- the organisation's history (30 ms at 500,000 applications on SQLite; 1.5 ms with this one).
CREATE INDEX leave_applications_ends ON leave_applications (org_id, status, to_date, from_date);
