-- Security PUSH 3.x terminals (issue 14): face/palm terminals and access controllers register
-- (POST /iclock/registry) and get a RegistryCode and a SessionID the server invents; the
-- protocol is remembered once a device registered, so that its commands go out in the 3.x form.
-- use_for says what a device's punches are: 'attendance' (they become punches, as before) or
-- 'access' (a door: its events are kept for review only).
ALTER TABLE devices ADD COLUMN use_for TEXT NOT NULL DEFAULT 'attendance';
ALTER TABLE devices ADD COLUMN protocol TEXT NOT NULL DEFAULT '';
ALTER TABLE devices ADD COLUMN registry_code TEXT NOT NULL DEFAULT '';
ALTER TABLE devices ADD COLUMN session_id TEXT NOT NULL DEFAULT '';

-- Every real-time event (rtlog) a Security PUSH terminal sends, for review; a terminal's raw
-- upload like device_uploads, so not audited (internal/audit ExemptTables). One row per event:
-- a terminal that resends a batch finds its events stored already.
CREATE TABLE access_events (
    id          BIGSERIAL PRIMARY KEY,
    org_id      BIGINT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    device_id   BIGINT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    person_id   BIGINT REFERENCES people (id) ON DELETE SET NULL,
    pin         TEXT NOT NULL,
    at          TIMESTAMPTZ NOT NULL,
    local_time  TEXT NOT NULL,
    event       INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    verify_type TEXT NOT NULL,
    in_out      INTEGER NOT NULL,
    door        INTEGER NOT NULL,
    card        TEXT NOT NULL,
    punched     BOOLEAN NOT NULL,
    raw         TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    UNIQUE (device_id, local_time, pin, event, door)
);
CREATE INDEX access_events_org_at ON access_events (org_id, at DESC);

DROP TRIGGER audit_devices ON devices;
CREATE TRIGGER audit_devices AFTER INSERT OR UPDATE OR DELETE ON devices FOR EACH ROW EXECUTE FUNCTION audit_row('device', 'push_key', 'last_seen,last_ip,firmware,info,att_stamp,push_version,user_count,fingerprint_count,face_count,log_count,user_capacity,log_capacity,tz_told,protocol,registry_code,session_id,updated_at', 'id', '', 'org_id');
