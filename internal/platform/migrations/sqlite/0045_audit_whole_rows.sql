-- Nothing to do on SQLite: its audit triggers (0023, generated per table) already write a
-- created or deleted row's fields in one statement. PostgreSQL's shared trigger function gains
-- that path in its own 0045.
SELECT 1;
