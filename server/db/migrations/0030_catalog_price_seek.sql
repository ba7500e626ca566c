-- Issue 23: the price lists' indexes hold the price as CASE, not coalesce(): under row-level security
-- PostgreSQL uses only leakproof conditions as index conditions and counts COALESCE as possibly leaky, so a
-- keyset seek on coalesce() read the whole list up to its page (docs/decisions/013-catalog-miss-path.md).
DROP INDEX "courses_list_price_idx";--> statement-breakpoint
DROP INDEX "courses_list_category_price_idx";--> statement-breakpoint
CREATE INDEX "courses_list_price_idx" ON "courses" USING btree ("company_id",(case when "sale_price_cents" is null then "price_cents" else "sale_price_cents" end),"id") WHERE "courses"."published";--> statement-breakpoint
CREATE INDEX "courses_list_category_price_idx" ON "courses" USING btree ("company_id","category_id",(case when "sale_price_cents" is null then "price_cents" else "sale_price_cents" end),"id") WHERE "courses"."published";