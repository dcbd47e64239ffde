-- Web clock-in with a location check, and kiosks (issue 11).
--
-- A clock site is a circle (centre, radius in metres) with the worst GPS accuracy it accepts;
-- "anywhere" sites have no fence. The groups linked to a site may clock in from the web there.
CREATE TABLE clock_sites (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id       INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    latitude     REAL NOT NULL DEFAULT 0,
    longitude    REAL NOT NULL DEFAULT 0,
    radius_m     INTEGER NOT NULL DEFAULT 0,
    max_accuracy INTEGER NOT NULL DEFAULT 0,
    anywhere     BOOLEAN NOT NULL DEFAULT FALSE,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);
CREATE INDEX clock_sites_org ON clock_sites (org_id);

CREATE TABLE clock_site_groups (
    org_id   INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    site_id  INTEGER NOT NULL REFERENCES clock_sites (id) ON DELETE CASCADE,
    group_id INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    PRIMARY KEY (site_id, group_id)
);
CREATE INDEX clock_site_groups_group ON clock_site_groups (org_id, group_id);

-- A kiosk is a tablet at a site's entrance. Its secret URL is kept only as a hash; revoking
-- sets revoked_at and the URL and its codes stop working at once.
CREATE TABLE kiosks (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id      INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    site_id     INTEGER NOT NULL REFERENCES clock_sites (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    last_seen   TIMESTAMP,
    revoked_at  TIMESTAMP,
    created_at  TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX kiosks_secret ON kiosks (secret_hash);
CREATE INDEX kiosks_org ON kiosks (org_id);

-- A web or kiosk punch keeps where it was taken: the position, its accuracy and the site.
ALTER TABLE punches ADD COLUMN latitude REAL;
ALTER TABLE punches ADD COLUMN longitude REAL;
ALTER TABLE punches ADD COLUMN accuracy REAL;
ALTER TABLE punches ADD COLUMN site_id INTEGER;
