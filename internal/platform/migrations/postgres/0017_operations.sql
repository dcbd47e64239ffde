-- Jobs that exactly one node runs per slot (scheduled backups, retention), claimed with a lease.
CREATE TABLE job_runs (
    job          TEXT NOT NULL,
    slot         TEXT NOT NULL,
    node         TEXT NOT NULL,
    locked_until TIMESTAMPTZ NOT NULL,
    started_at   TIMESTAMPTZ NOT NULL,
    finished_at  TIMESTAMPTZ,
    size_bytes   BIGINT NOT NULL DEFAULT 0,
    detail       TEXT NOT NULL DEFAULT '',
    error        TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (job, slot)
);
CREATE INDEX job_runs_finished ON job_runs (job, finished_at);

-- A person erased under personal-data law (issue 18): identifying fields removed, figures kept.
ALTER TABLE people ADD COLUMN erased_at TIMESTAMPTZ;
