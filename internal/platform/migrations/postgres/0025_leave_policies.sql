-- Leave policies per type (issue 13): how a type's days are granted (manual entitlements as
-- before, yearly up front, monthly on the 1st or on the joining-day anniversary), service
-- tiers, pro-rata by joining and leaving dates, a maximum balance, the expiry of carried days,
-- blackout ranges and a minimum notice. One JSON object (internal/leave.Policy); '' is the
-- manual behaviour of before. Balances stay computed at read time from the ledger.
ALTER TABLE leave_types ADD COLUMN policy TEXT NOT NULL DEFAULT '';
-- The rules of the type's policy an admin set aside for an application (blackout, notice),
-- comma-separated; '' for none.
ALTER TABLE leave_applications ADD COLUMN policy_override TEXT NOT NULL DEFAULT '';
