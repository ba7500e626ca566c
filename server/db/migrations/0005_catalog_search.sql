-- Catalogue search and large-history indexes (issue 7). Works on PostgreSQL and on PGlite (pg_trgm is loaded there
-- as an extension when the database is opened).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Whole words and word prefixes: the 'simple' configuration keeps every word as written (lower-cased, no stemming),
-- so a match always contains the searched text.
CREATE INDEX IF NOT EXISTS "courses_search_words_idx" ON "courses" USING gin (to_tsvector('simple', "search_text")) WHERE "published";--> statement-breakpoint
-- Any part of a word ("ractio" in "fractions"): LIKE '%…%' through trigrams.
CREATE INDEX IF NOT EXISTS "courses_search_trigram_idx" ON "courses" USING gin ("search_text" gin_trgm_ops) WHERE "published";--> statement-breakpoint
-- Dashboard at a million orders: sums and counts read from the index alone (index-only scans).
CREATE INDEX IF NOT EXISTS "orders_company_sales_idx" ON "orders" ("company_id", "currency", "created_at") INCLUDE ("status", "total_cents", "payment_method", "channel");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_company_recent_idx" ON "orders" ("company_id", "created_at" DESC, "number" DESC);
