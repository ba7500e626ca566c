CREATE TABLE "company_hostnames" (
	"hostname" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_hostnames" ADD CONSTRAINT "company_hostnames_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_hostnames_company_idx" ON "company_hostnames" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_hostnames_primary_key" ON "company_hostnames" USING btree ("company_id") WHERE "company_hostnames"."is_primary";--> statement-breakpoint
-- Hostnames are the platform operator's to write (like companies); requests may read only their own school's.
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT ON company_hostnames TO course_market_tenant;
	REVOKE INSERT, UPDATE, DELETE ON company_hostnames FROM course_market_tenant;
	ALTER TABLE company_hostnames ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON company_hostnames;
	CREATE POLICY tenant_isolation ON company_hostnames AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
