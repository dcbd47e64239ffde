-- day.status_decided (issue 15): one row per organisation and date whose days were told to
-- the webhooks. The node whose insert of the row succeeds writes the date's deliveries in
-- the same transaction, so several nodes sweeping at once emit each date once.
CREATE TABLE webhook_day_marks (
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    date       TEXT NOT NULL,
    emitted_at TIMESTAMP NOT NULL,
    people     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (org_id, date)
);
