CREATE TABLE "shipping_carrier_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"ranges" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_carriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"speed_grade" text DEFAULT 'standard' NOT NULL,
	"tracking_url_template" text,
	"cost_basis" text DEFAULT 'weight' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"country_id" uuid NOT NULL,
	"state_id" uuid
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tracking_url_template" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipping_carrier_zones" ADD CONSTRAINT "shipping_carrier_zones_carrier_id_shipping_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."shipping_carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_carrier_zones" ADD CONSTRAINT "shipping_carrier_zones_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_members" ADD CONSTRAINT "shipping_zone_members_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_members" ADD CONSTRAINT "shipping_zone_members_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_members" ADD CONSTRAINT "shipping_zone_members_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_carrier_zones_key" ON "shipping_carrier_zones" USING btree ("carrier_id","zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_carriers_company_name_key" ON "shipping_carriers" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "shipping_zone_members_zone_idx" ON "shipping_zone_members" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "shipping_zone_members_country_idx" ON "shipping_zone_members" USING btree ("company_id","country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_company_name_key" ON "shipping_zones" USING btree ("company_id",lower("name"));--> statement-breakpoint
DO $$
DECLARE
	tenant_table text;
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	FOREACH tenant_table IN ARRAY ARRAY['shipping_zones', 'shipping_zone_members', 'shipping_carriers', 'shipping_carrier_zones']
	LOOP
		EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO course_market_tenant', tenant_table);
		EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table);
		EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', tenant_table);
		EXECUTE format(
			'CREATE POLICY tenant_isolation ON %I AS PERMISSIVE FOR ALL TO course_market_tenant '
			'USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) '
			'WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
			tenant_table
		);
	END LOOP;
END
$$;
