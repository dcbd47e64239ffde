-- Thermal terminals (issue 14): besides the body temperature (already a column), they report
-- whether the person wore a mask. NULL when the device does not say; 1 mask, 0 none.
-- punches stays audit-exempt (internal/audit: the hot path of every terminal).
ALTER TABLE punches ADD COLUMN mask SMALLINT;

-- Device profiles (issue 14): what the terminal's model accepts. Enrolling someone whose code
-- does not fit is refused before a command is queued; names are cut to the byte limit; photos
-- go only to models that take them. 0 = no limit. Existing devices keep working as before.
ALTER TABLE devices ADD COLUMN pin_digits_only BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE devices ADD COLUMN pin_max_length INTEGER NOT NULL DEFAULT 0;
ALTER TABLE devices ADD COLUMN name_max_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE devices ADD COLUMN takes_photos BOOLEAN NOT NULL DEFAULT TRUE;
