-- Issue 23 (decision 013, eighth pass): the price lists' indexes end with sale_price_cents and price_cents, so the
-- positions pass of a price list is an index-only scan (PostgreSQL does not read an expression's columns out of an
-- expression index) instead of a sequential scan and an external sort of the catalogue.
DROP INDEX "courses_list_price_idx";--> statement-breakpoint
DROP INDEX "courses_list_category_price_idx";--> statement-breakpoint
CREATE INDEX "courses_list_price_idx" ON "courses" USING btree ("company_id",(case when "sale_price_cents" is null then "price_cents" else "sale_price_cents" end),"id","sale_price_cents","price_cents") WHERE "courses"."published";--> statement-breakpoint
CREATE INDEX "courses_list_category_price_idx" ON "courses" USING btree ("company_id","category_id",(case when "sale_price_cents" is null then "price_cents" else "sale_price_cents" end),"id","sale_price_cents","price_cents") WHERE "courses"."published";