CREATE TABLE "product_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid,
	"customer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"download_limit" integer,
	"download_count" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"combination" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sku" text,
	"barcode" text,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	"measurements" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb DEFAULT '{"en":""}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{"en":""}'::jsonb NOT NULL,
	"sku" text,
	"barcode" text,
	"category_id" uuid,
	"child_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unit" text DEFAULT 'piece' NOT NULL,
	"quantity" integer,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer,
	"cost_price_cents" integer,
	"tax_name" text,
	"tax_rate_bp" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"stock_status" text DEFAULT 'selling' NOT NULL,
	"allow_out_of_stock_orders" boolean DEFAULT false NOT NULL,
	"sell_individual_units" boolean DEFAULT true NOT NULL,
	"related_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allow_notes" boolean DEFAULT false NOT NULL,
	"measurements" jsonb,
	"extras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parent_product_id" uuid,
	"variant_attribute_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"download_key" text,
	"download_name" text,
	"download_limit" integer,
	"bundle_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"low_stock_notified_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(jsonb_path_query_array(title, '$.*')::text || ' ' || coalesce(sku, '') || ' ' || tags::text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"reason" text NOT NULL,
	"change" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"order_id" uuid,
	"order_line_id" uuid,
	"staff_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "extras" jsonb;--> statement-breakpoint
ALTER TABLE "product_downloads" ADD CONSTRAINT "product_downloads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_downloads" ADD CONSTRAINT "product_downloads_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_downloads" ADD CONSTRAINT "product_downloads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_product_id_products_id_fk" FOREIGN KEY ("parent_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_downloads_line_product_key" ON "product_downloads" USING btree ("order_line_id","product_id");--> statement-breakpoint
CREATE INDEX "product_downloads_customer_idx" ON "product_downloads" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_slug_key" ON "products" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "products_company_created_idx" ON "products" USING btree ("company_id","published","created_at");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
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
	FOREACH tenant_table IN ARRAY ARRAY['products', 'product_variants', 'stock_movements', 'product_downloads']
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
