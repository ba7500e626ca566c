-- Accountants read the point of sale again (cash drawers, counts, cash in/out, Z-reports; receipts):
-- the drawers moved to the `pos` area (decision 040), which 0031 gave them none of. Read only: they
-- neither sell nor open, close or move cash. A role renamed or changed by an admin keeps what it has.
UPDATE "roles" SET "permissions" = "permissions" || jsonb_build_object('pos', 'read')
WHERE "name" = 'Accountant' AND "permissions"->>'pos' = 'none';
