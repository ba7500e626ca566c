CREATE TABLE "credit_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_balance_not_negative" CHECK ("credit_accounts"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"order_id" uuid,
	"reason" text,
	"staff_id" uuid,
	"staff_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_drawer_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_drawer_movements_amount_positive" CHECK ("pos_drawer_movements"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "pos_drawer_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"register" text NOT NULL,
	"currency" text NOT NULL,
	"opening_float_cents" integer NOT NULL,
	"opened_by" uuid,
	"opened_by_email" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	"closed_by_email" text,
	"closed_at" timestamp with time zone,
	"expected_cents" integer,
	"counted_cents" integer,
	"closing_note" text,
	CONSTRAINT "pos_drawer_sessions_float_not_negative" CHECK ("pos_drawer_sessions"."opening_float_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pos_session_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_credit_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_drawer_movements" ADD CONSTRAINT "pos_drawer_movements_session_id_pos_drawer_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_drawer_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_accounts_company_customer_key" ON "credit_accounts" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_account_idx" ON "credit_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_order_idx" ON "credit_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pos_drawer_movements_session_idx" ON "pos_drawer_movements" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_drawer_sessions_open_register_key" ON "pos_drawer_sessions" USING btree ("company_id",lower("register")) WHERE "pos_drawer_sessions"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "pos_drawer_sessions_company_opened_idx" ON "pos_drawer_sessions" USING btree ("company_id","opened_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pos_session_id_pos_drawer_sessions_id_fk" FOREIGN KEY ("pos_session_id") REFERENCES "public"."pos_drawer_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pos_session_idx" ON "orders" USING btree ("pos_session_id");--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON credit_accounts, credit_ledger, pos_drawer_sessions, pos_drawer_movements TO course_market_tenant;
	ALTER TABLE credit_accounts ENABLE ROW LEVEL SECURITY;
	ALTER TABLE credit_ledger ENABLE ROW LEVEL SECURITY;
	ALTER TABLE pos_drawer_sessions ENABLE ROW LEVEL SECURITY;
	ALTER TABLE pos_drawer_movements ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON credit_accounts;
	CREATE POLICY tenant_isolation ON credit_accounts AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
	DROP POLICY IF EXISTS tenant_isolation ON credit_ledger;
	CREATE POLICY tenant_isolation ON credit_ledger AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
	DROP POLICY IF EXISTS tenant_isolation ON pos_drawer_sessions;
	CREATE POLICY tenant_isolation ON pos_drawer_sessions AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
	DROP POLICY IF EXISTS tenant_isolation ON pos_drawer_movements;
	CREATE POLICY tenant_isolation ON pos_drawer_movements AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
