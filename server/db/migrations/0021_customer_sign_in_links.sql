CREATE TABLE "customer_sign_in_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_sign_in_links" ADD CONSTRAINT "customer_sign_in_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_sign_in_links_token_hash_key" ON "customer_sign_in_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_sign_in_links_customer_idx" ON "customer_sign_in_links" USING btree ("customer_id");--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON customer_sign_in_links TO course_market_tenant;
	ALTER TABLE customer_sign_in_links ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON customer_sign_in_links;
	CREATE POLICY tenant_isolation ON customer_sign_in_links AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
