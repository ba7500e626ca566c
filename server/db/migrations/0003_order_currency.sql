ALTER TABLE "orders" ADD COLUMN "exchange_rate" numeric(18, 8) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "base_total_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "base_total_cents" = "total_cents";
