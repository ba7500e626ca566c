ALTER TABLE "currencies" ADD COLUMN "rate_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "rate_error" text;