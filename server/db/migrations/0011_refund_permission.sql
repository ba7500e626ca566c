-- Refunds are their own permission (decision 017): roles that could change orders keep giving money back,
-- except the default Cashier role; roles that could read orders may read refunds.
UPDATE "roles" SET "permissions" = "permissions" || jsonb_build_object(
	'refunds',
	CASE
		WHEN "name" = 'Cashier' THEN 'none'
		WHEN "permissions"->>'orders' = 'write' THEN 'write'
		WHEN "permissions"->>'orders' = 'read' THEN 'read'
		ELSE 'none'
	END
) WHERE NOT ("permissions" ? 'refunds');
