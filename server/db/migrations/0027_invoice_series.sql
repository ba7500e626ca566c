DROP INDEX "invoices_company_number_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "series" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_series_number_key" ON "invoices" USING btree ("company_id","series","number");