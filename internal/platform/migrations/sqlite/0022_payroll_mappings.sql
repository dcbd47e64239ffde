-- Payroll export column mappings (issue 15): named, per organisation, one of them the
-- default. columns is a JSON array of {"key", "header"} in the order of the export; a column
-- of the export left out of it is dropped. Keys are those of internal/payroll (late_minutes,
-- leave:<type id>, ...); an unknown key is refused when saved.
CREATE TABLE payroll_mappings (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id     INTEGER NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    is_default BOOLEAN NOT NULL DEFAULT FALSE,
    columns    TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX payroll_mappings_name ON payroll_mappings (org_id, name);
CREATE UNIQUE INDEX payroll_mappings_default ON payroll_mappings (org_id) WHERE is_default;
