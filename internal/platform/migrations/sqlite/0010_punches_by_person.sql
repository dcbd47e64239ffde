-- A report of one page of people (daily attendance: 30 of 1,000) read the punches of the
-- day's window for the whole organisation through punches_org_at and dropped those of the
-- other people: about 2,000 index entries stepped to keep 60, which was half the CPU of a
-- daily attendance call (issue 9, "Throughput"). With this index both engines seek each
-- person's punches of the window instead. Whole-organisation reports keep punches_org_at.
CREATE INDEX punches_org_person_at ON punches (org_id, person_id, at_unix);
