ALTER TABLE "sessions" ADD COLUMN "pos_cashier_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "pos_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
-- The point of sale is its own permission: the roles with full access and the Cashier and Manager
-- roles work it; the CEO reads it; every other role has none until an admin grants it.
UPDATE "roles" SET "permissions" = "permissions" || jsonb_build_object(
	'pos',
	CASE
		WHEN "name" IN ('Super Admin', 'Admin', 'Cashier', 'Manager') THEN 'write'
		WHEN "name" = 'CEO' THEN 'read'
		ELSE 'none'
	END
) WHERE NOT ("permissions" ? 'pos');
