-- Device health (issue 14): whether a terminal is online, as the health checker last claimed
-- it (a conditional UPDATE from the state it read, so that of several nodes only one tells of
-- a transition), the command-poll interval it was told (Delay in the handshake: offline after
-- three of them), and its clock's drift in seconds measured from its own punch stamps.
ALTER TABLE devices ADD COLUMN health_state TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE devices ADD COLUMN health_changed_at TIMESTAMPTZ;
ALTER TABLE devices ADD COLUMN poll_interval INTEGER NOT NULL DEFAULT 10;
ALTER TABLE devices ADD COLUMN clock_drift INTEGER;
ALTER TABLE devices ADD COLUMN drift_at TIMESTAMPTZ;

-- These are the terminal's state, not settings: the audit trail leaves them out as it does
-- last_seen (tools/auditgen/gen.py), or every transition would be an audit entry.
DROP TRIGGER audit_devices ON devices;
CREATE TRIGGER audit_devices AFTER INSERT OR UPDATE OR DELETE ON devices FOR EACH ROW EXECUTE FUNCTION audit_row('device', 'push_key', 'last_seen,last_ip,firmware,info,att_stamp,push_version,user_count,fingerprint_count,face_count,log_count,user_capacity,log_capacity,tz_told,health_state,health_changed_at,poll_interval,clock_drift,drift_at,updated_at', 'id', '', 'org_id');
