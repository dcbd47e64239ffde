-- One row that /readyz rewrites: a real committed write, so that a database that can no
-- longer write (read-only, out of space, I/O errors) makes the node not ready.
CREATE TABLE readiness_probe (
    id         INTEGER PRIMARY KEY,
    node       TEXT NOT NULL,
    checked_at TIMESTAMPTZ NOT NULL
);
