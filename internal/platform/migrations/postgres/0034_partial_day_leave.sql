-- Partial-day leave and away (issue 13): an hourly application may cover a time range of one
-- day (from_time–to_time, HH:MM in the organisation's zone). Empty for a whole day or a
-- session, as before. Several ranges of one day may stand side by side when they do not meet.
ALTER TABLE leave_applications ADD COLUMN from_time TEXT NOT NULL DEFAULT '';
ALTER TABLE leave_applications ADD COLUMN to_time TEXT NOT NULL DEFAULT '';
