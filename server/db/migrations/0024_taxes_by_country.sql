CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"iso_code" text NOT NULL,
	"call_prefix" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"country_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_zone_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"country_id" uuid NOT NULL,
	"state_id" uuid
);
--> statement-breakpoint
CREATE TABLE "tax_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tax_class" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "tax_class" text DEFAULT 'digital_services' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_base_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_zone_members" ADD CONSTRAINT "tax_zone_members_zone_id_tax_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."tax_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_zone_members" ADD CONSTRAINT "tax_zone_members_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_zone_members" ADD CONSTRAINT "tax_zone_members_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_zone_id_tax_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."tax_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_company_iso_key" ON "countries" USING btree ("company_id","iso_code");--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_code_key" ON "states" USING btree ("country_id","code");--> statement-breakpoint
CREATE INDEX "tax_zone_members_zone_idx" ON "tax_zone_members" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "tax_zone_members_country_idx" ON "tax_zone_members" USING btree ("company_id","country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_zones_company_name_key" ON "tax_zones" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "taxes_zone_class_key" ON "taxes" USING btree ("zone_id","tax_class");--> statement-breakpoint
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
	FOREACH tenant_table IN ARRAY ARRAY['countries', 'states', 'tax_zones', 'tax_zone_members', 'taxes']
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
