-- The kiosk PIN pad (issue 11): a kiosk may take a person code and a personal PIN instead of
-- a scanned QR code, for people without a phone. The PIN is kept as an HMAC-SHA256 keyed by a
-- key derived from the server's signer for this purpose and salted with org and person; the
-- rate limits (per person and per kiosk), not the hash's cost, stop guessing.
ALTER TABLE kiosks ADD COLUMN pin_pad BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE kiosk_pins (
    org_id     BIGINT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    person_id  BIGINT NOT NULL PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
    pin_hash   TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX kiosk_pins_org ON kiosk_pins (org_id);

CREATE TRIGGER audit_kiosk_pins AFTER INSERT OR UPDATE OR DELETE ON kiosk_pins FOR EACH ROW EXECUTE FUNCTION audit_row('kiosk_pin', 'pin_hash', 'updated_at', 'person_id', 'person_id', 'org_id');
