-- Device health (issue 14): whether a terminal is online, as the health checker last claimed
-- it (a conditional UPDATE from the state it read, so that of several nodes only one tells of
-- a transition), the command-poll interval it was told (Delay in the handshake: offline after
-- three of them), and its clock's drift in seconds measured from its own punch stamps.
-- These are the terminal's state, not settings: the audit trail leaves them out as it does
-- last_seen (tools/auditgen/gen.py), so the SQLite triggers, which name the audited columns,
-- stay as they are.
ALTER TABLE devices ADD COLUMN health_state TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE devices ADD COLUMN health_changed_at TIMESTAMP;
ALTER TABLE devices ADD COLUMN poll_interval INTEGER NOT NULL DEFAULT 10;
ALTER TABLE devices ADD COLUMN clock_drift INTEGER;
ALTER TABLE devices ADD COLUMN drift_at TIMESTAMP;
