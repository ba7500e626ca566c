-- Reports at a million orders, the two that still grouped a whole year (issue 21, docs/decisions/037-report-rollups.md,
-- third addendum). Items: report_days gets the item's id as a uuid and a partial covering index ordered by item, so
-- a long period's item rows arrive grouped (no hash of ~356,000 rows). Customers: report_customer_orders holds each
-- paid order of a customer with the customer's previous and first paid order, so a period's distinct and new
-- customers are counted in one index-only pass; it replaces report_customer_firsts.
CREATE TABLE "report_customer_orders" (
	"company_id" uuid NOT NULL,
	"order_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"prev_at" timestamp with time zone,
	"first_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"base_total_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_days" ADD COLUMN "item_id" uuid GENERATED ALWAYS AS (case when report = 'item' then key2::uuid end) STORED;--> statement-breakpoint
CREATE INDEX "report_customer_orders_customer_idx" ON "report_customer_orders" USING btree ("customer_id");--> statement-breakpoint
DROP TABLE "report_customer_firsts" CASCADE;--> statement-breakpoint
-- drizzle cannot declare INCLUDE: these two indexes live here only.
CREATE INDEX report_days_items_idx ON report_days (company_id, item_id, key1, key3, day) INCLUDE (currency, quantity,
	orders, amount_cents, base_amount_cents, tax_cents, base_tax_cents) WHERE report = 'item';
--> statement-breakpoint
CREATE INDEX report_customer_orders_company_at_idx ON report_customer_orders (company_id, at) INCLUDE (prev_at,
	first_at, currency, total_cents, base_total_cents);
--> statement-breakpoint
-- Recomputes the paid orders of the customers `ids` (their advisory locks first, in id order, like the orders').
CREATE OR REPLACE FUNCTION report_refresh_customers(ids uuid[]) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	IF coalesce(cardinality(ids), 0) = 0 THEN
		RETURN;
	END IF;
	PERFORM pg_advisory_xact_lock(hashtextextended(i::text, 34)) FROM (SELECT DISTINCT unnest(ids) AS i ORDER BY 1) x;
	DELETE FROM report_customer_orders WHERE customer_id = ANY(ids);
	INSERT INTO report_customer_orders (company_id, order_id, customer_id, at, prev_at, first_at, currency, total_cents,
		base_total_cents)
	SELECT company_id, id, customer_id, created_at, lag(created_at) OVER w, min(created_at) OVER (PARTITION BY customer_id),
		currency, total_cents, base_total_cents
	FROM orders
	WHERE customer_id = ANY(ids) AND dashboard_is_sale(status)
	WINDOW w AS (PARTITION BY customer_id ORDER BY created_at, id);
END
$$;
--> statement-breakpoint
-- Orders: as in 0034, and a customer's orders are recomputed when a paid order's currency or totals change too.
CREATE OR REPLACE FUNCTION report_orders_facts_changed() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM report_refresh_orders(ARRAY(SELECT id FROM new_orders WHERE dashboard_is_sale(status)));
		PERFORM report_refresh_customers(ARRAY(SELECT DISTINCT customer_id FROM new_orders
			WHERE dashboard_is_sale(status) AND customer_id IS NOT NULL));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM report_refresh_orders(ARRAY(
			SELECT n.id FROM new_orders n JOIN old_orders o ON o.id = n.id
			WHERE (dashboard_is_sale(o.status) OR dashboard_is_sale(n.status))
				AND (dashboard_is_sale(o.status), o.company_id, o.created_at, o.currency, o.base_total_cents, o.total_cents,
					o.tax_country, o.vat_rate_bp, o.vat_cents)
				IS DISTINCT FROM (dashboard_is_sale(n.status), n.company_id, n.created_at, n.currency, n.base_total_cents,
					n.total_cents, n.tax_country, n.vat_rate_bp, n.vat_cents)));
		PERFORM report_refresh_customers(ARRAY(
			SELECT c FROM new_orders n JOIN old_orders o ON o.id = n.id, unnest(ARRAY[o.customer_id, n.customer_id]) c
			WHERE c IS NOT NULL AND (dashboard_is_sale(o.status) OR dashboard_is_sale(n.status))
				AND (dashboard_is_sale(o.status), o.company_id, o.customer_id, o.created_at, o.currency, o.total_cents,
					o.base_total_cents)
				IS DISTINCT FROM (dashboard_is_sale(n.status), n.company_id, n.customer_id, n.created_at, n.currency,
					n.total_cents, n.base_total_cents)
			GROUP BY c));
	ELSE
		PERFORM report_refresh_orders(ARRAY(SELECT id FROM old_orders WHERE dashboard_is_sale(status)));
		PERFORM report_refresh_customers(ARRAY(SELECT DISTINCT customer_id FROM old_orders
			WHERE dashboard_is_sale(status) AND customer_id IS NOT NULL));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The rebuild (decision 037) recomputes every report roll-up, the customers' orders instead of their firsts.
CREATE OR REPLACE FUNCTION report_rebuild_rollups(only_company uuid DEFAULT NULL) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	LOCK TABLE orders, order_lines IN SHARE MODE;
	DELETE FROM report_order_hours WHERE only_company IS NULL OR company_id = only_company;
	INSERT INTO report_order_hours (company_id, hour, currency, channel, payment_method, orders, subtotal_cents,
		discount_cents, vat_cents, total_cents, base_subtotal_cents, base_discount_cents, base_vat_cents, base_total_cents)
	SELECT company_id, date_trunc('hour', created_at, 'UTC'), currency, channel, payment_method, count(*),
		sum(subtotal_cents), sum(discount_cents), sum(vat_cents), sum(total_cents),
		sum(dashboard_line_base_cents(subtotal_cents, base_total_cents, total_cents)),
		sum(dashboard_line_base_cents(discount_cents, base_total_cents, total_cents)),
		sum(dashboard_line_base_cents(vat_cents, base_total_cents, total_cents)),
		sum(dashboard_line_base_cents(total_cents, base_total_cents, total_cents))
	FROM orders
	WHERE (only_company IS NULL OR company_id = only_company) AND dashboard_is_sale(status)
	GROUP BY 1, 2, 3, 4, 5;
	DELETE FROM report_order_facts WHERE only_company IS NULL OR company_id = only_company;
	INSERT INTO report_order_facts (company_id, order_id, report, at, currency, key1, key2, key3, rate, title,
		quantity, orders, amount_cents, base_amount_cents, tax_cents, base_tax_cents)
	SELECT company_id, order_id, report, at, currency, key1, key2, key3, rate, title, quantity, orders,
		amount_cents, base_amount_cents, tax_cents, base_tax_cents
	FROM report_order_facts_source WHERE only_company IS NULL OR company_id = only_company;
	DELETE FROM report_days WHERE only_company IS NULL OR company_id = only_company;
	INSERT INTO report_days (company_id, report, day, currency, key1, key2, key3, rate, title, quantity, orders,
		amount_cents, base_amount_cents, tax_cents, base_tax_cents)
	SELECT company_id, report, (at AT TIME ZONE 'UTC')::date, currency, key1, key2, key3, rate, (array_agg(title))[1],
		sum(quantity), sum(orders), sum(amount_cents), sum(base_amount_cents), sum(tax_cents), sum(base_tax_cents)
	FROM report_order_facts WHERE only_company IS NULL OR company_id = only_company
	GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
	DELETE FROM report_customer_orders WHERE only_company IS NULL OR company_id = only_company;
	INSERT INTO report_customer_orders (company_id, order_id, customer_id, at, prev_at, first_at, currency, total_cents,
		base_total_cents)
	SELECT company_id, id, customer_id, created_at, lag(created_at) OVER w, min(created_at) OVER (PARTITION BY customer_id),
		currency, total_cents, base_total_cents
	FROM orders
	WHERE (only_company IS NULL OR company_id = only_company) AND dashboard_is_sale(status) AND customer_id IS NOT NULL
	WINDOW w AS (PARTITION BY customer_id ORDER BY created_at, id);
END
$$;
--> statement-breakpoint
INSERT INTO report_customer_orders (company_id, order_id, customer_id, at, prev_at, first_at, currency, total_cents,
	base_total_cents)
SELECT company_id, id, customer_id, created_at, lag(created_at) OVER w, min(created_at) OVER (PARTITION BY customer_id),
	currency, total_cents, base_total_cents
FROM orders
WHERE dashboard_is_sale(status) AND customer_id IS NOT NULL
WINDOW w AS (PARTITION BY customer_id ORDER BY created_at, id);
--> statement-breakpoint
-- Row-level security as every company table (migration 0004; 0034 for the other line roll-ups).
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON report_customer_orders TO course_market_tenant;
	ALTER TABLE report_customer_orders ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON report_customer_orders;
	CREATE POLICY tenant_isolation ON report_customer_orders AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
