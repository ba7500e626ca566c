CREATE TABLE "pos_parked_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"table_id" uuid,
	"cart" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"notes" text,
	"customer_name" text,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"parked_by" uuid,
	"parked_by_name" text NOT NULL,
	"parked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_to_kitchen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"seats" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_tables_seats_positive" CHECK ("pos_tables"."seats" is null or "pos_tables"."seats" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "table_info" text;--> statement-breakpoint
ALTER TABLE "pos_parked_orders" ADD CONSTRAINT "pos_parked_orders_table_id_pos_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."pos_tables"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_parked_orders_table_key" ON "pos_parked_orders" USING btree ("table_id") WHERE "pos_parked_orders"."table_id" is not null;--> statement-breakpoint
CREATE INDEX "pos_parked_orders_company_parked_idx" ON "pos_parked_orders" USING btree ("company_id","parked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_tables_company_name_key" ON "pos_tables" USING btree ("company_id",lower("name"));--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON pos_tables, pos_parked_orders TO course_market_tenant;
	ALTER TABLE pos_tables ENABLE ROW LEVEL SECURITY;
	ALTER TABLE pos_parked_orders ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON pos_tables;
	CREATE POLICY tenant_isolation ON pos_tables AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
	DROP POLICY IF EXISTS tenant_isolation ON pos_parked_orders;
	CREATE POLICY tenant_isolation ON pos_parked_orders AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
