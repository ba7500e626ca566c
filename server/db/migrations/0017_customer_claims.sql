CREATE TABLE "customer_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"guest_id" uuid,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "customers_company_email_key";--> statement-breakpoint
ALTER TABLE "customer_claims" ADD CONSTRAINT "customer_claims_account_id_customers_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_claims" ADD CONSTRAINT "customer_claims_guest_id_customers_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_claims_token_hash_key" ON "customer_claims" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_claims_account_idx" ON "customer_claims" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "customer_claims_guest_idx" ON "customer_claims" USING btree ("guest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_account_email_key" ON "customers" USING btree ("company_id",lower("email")) WHERE "customers"."password_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_guest_email_key" ON "customers" USING btree ("company_id",lower("email")) WHERE "customers"."password_hash" is null;--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON customer_claims TO course_market_tenant;
	ALTER TABLE customer_claims ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON customer_claims;
	CREATE POLICY tenant_isolation ON customer_claims AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
