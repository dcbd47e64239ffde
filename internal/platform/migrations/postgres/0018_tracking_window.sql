-- The tracking window (issue 13): attendance counts from the organisation's tracking start
-- and, for each person, from their joining date (people.join_date) to their leaving date.
-- Days outside it are "not tracked": no status and in no total. NULL means no bound.
ALTER TABLE orgs ADD COLUMN tracking_start TEXT;
ALTER TABLE people ADD COLUMN leaving_date TEXT;
