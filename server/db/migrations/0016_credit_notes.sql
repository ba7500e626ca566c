-- Credit notes (issue 24, docs/decisions/017-money.md): a refund on an invoiced order issues one, numbered from the
-- company's own gapless counter "credit_note" and printed once. Refunds made before this migration keep none.
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"printed_number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_company_number_key" ON "credit_notes" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_key" ON "credit_notes" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON credit_notes TO course_market_tenant;
	ALTER TABLE credit_notes ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON credit_notes;
	CREATE POLICY tenant_isolation ON credit_notes AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
