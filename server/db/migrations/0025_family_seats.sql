CREATE TABLE "course_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"learner_id" uuid,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_company_guest_email_key";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "learner_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birth_year" integer;--> statement-breakpoint
ALTER TABLE "course_seats" ADD CONSTRAINT "course_seats_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_seats" ADD CONSTRAINT "course_seats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_seats" ADD CONSTRAINT "course_seats_buyer_id_customers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_seats" ADD CONSTRAINT "course_seats_learner_id_customers_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_seats_buyer_idx" ON "course_seats" USING btree ("company_id","buyer_id");--> statement-breakpoint
CREATE INDEX "course_seats_order_idx" ON "course_seats" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "course_seats_learner_idx" ON "course_seats" USING btree ("learner_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_parent_id_customers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_parent_idx" ON "customers" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_guest_email_key" ON "customers" USING btree ("company_id",lower("email")) WHERE "customers"."password_hash" is null and "customers"."parent_id" is null;--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON course_seats TO course_market_tenant;
	ALTER TABLE course_seats ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON course_seats;
	CREATE POLICY tenant_isolation ON course_seats AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
