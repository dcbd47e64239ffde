-- The devices' audit trigger ignores the terminal-state columns of both 0035 (device health) and
-- 0037 (Security PUSH): each migration was written without the other's, so the trigger of 0037
-- audited every health change (tools/auditgen/gen.py holds the merged list).
DROP TRIGGER audit_devices ON devices;
CREATE TRIGGER audit_devices AFTER INSERT OR UPDATE OR DELETE ON devices FOR EACH ROW EXECUTE FUNCTION audit_row('device', 'push_key', 'last_seen,last_ip,firmware,info,att_stamp,push_version,user_count,fingerprint_count,face_count,log_count,user_capacity,log_capacity,tz_told,protocol,registry_code,session_id,health_state,health_changed_at,poll_interval,clock_drift,drift_at,updated_at', 'id', '', 'org_id');
