CREATE TABLE "mail_deliveries" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"message_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_instalments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_instalments" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_instalments" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "order_instalments" ADD COLUMN "last_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_instalments" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "saved_payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_overdue_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_deliveries_company_sent_idx" ON "mail_deliveries" USING btree ("company_id","sent_at");--> statement-breakpoint
CREATE INDEX "order_instalments_next_attempt_idx" ON "order_instalments" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- Instalments already scheduled are collected from their due date on.
UPDATE "order_instalments" SET "next_attempt_at" = "due_at" WHERE "status" = 'scheduled' AND "sequence" > 1;--> statement-breakpoint
-- The job queue's page (docs/decisions/014-job-queue.md): admins may act on it, roles that read the orders may look.
UPDATE "roles" SET "permissions" = "permissions" || jsonb_build_object(
	'jobs',
	CASE
		WHEN "permissions"->>'settings' = 'write' AND "permissions"->>'orders' = 'write' THEN 'write'
		WHEN "permissions"->>'settings' IN ('read', 'write') THEN 'read'
		ELSE 'none'
	END
) WHERE NOT ("permissions" ? 'jobs');--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON mail_deliveries TO course_market_tenant;
	ALTER TABLE mail_deliveries ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON mail_deliveries;
	CREATE POLICY tenant_isolation ON mail_deliveries AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
