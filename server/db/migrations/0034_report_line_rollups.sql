-- Reports read per order line (issue 21, docs/decisions/037-report-rollups.md, addendum): by course and product,
-- categories and taxes read report_days (per company x report x UTC day x currency x key) for the whole UTC days
-- of a period and report_order_facts (what each paid order adds, with its time) for the edges; the customers report
-- reads each customer's first paid order from report_customer_firsts. Statement triggers keep them exact.
CREATE TABLE "report_customer_firsts" (
	"company_id" uuid NOT NULL,
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"first_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"company_id" uuid NOT NULL,
	"report" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"key1" text,
	"key2" text,
	"key3" text,
	"rate" integer,
	"title" jsonb,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"base_amount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"base_tax_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_days_key" UNIQUE NULLS NOT DISTINCT("company_id","report","day","currency","key1","key2","key3","rate")
);
--> statement-breakpoint
CREATE TABLE "report_order_facts" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"report" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"key1" text,
	"key2" text,
	"key3" text,
	"rate" integer,
	"title" jsonb,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"base_amount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"base_tax_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_customer_firsts_company_idx" ON "report_customer_firsts" USING btree ("company_id","first_at");--> statement-breakpoint
CREATE INDEX "report_order_facts_order_idx" ON "report_order_facts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "report_order_facts_company_at_idx" ON "report_order_facts" USING btree ("company_id","report","at");--> statement-breakpoint
-- The customers report reads the period's paid orders with an index-only scan (drizzle cannot declare INCLUDE, so
-- this index lives here only).
CREATE INDEX orders_report_paid_idx ON orders (company_id, created_at) INCLUDE (customer_id, currency, total_cents,
	base_total_cents) WHERE status IN ('processing', 'delivered');
--> statement-breakpoint
-- What each paid order adds to the item, category and tax reports, computed from orders and lines as the reports
-- service did per request: an item is (kind, course or product id, the English title when the line has neither),
-- a category the course's or product's category today, a tax (country, name, rate) from the lines when every line
-- has a rate, else the order's one rate over its whole total. Amounts as charged and in the shop currency at the
-- order's own rate, each line rounded on its own. Runs as the caller (row-level security applies).
CREATE VIEW report_order_facts_source WITH (security_invoker = true) AS
SELECT o.company_id, o.id AS order_id, 'item'::text AS report, o.created_at AS at, o.currency,
	CASE WHEN l.product_id IS NOT NULL THEN 'product' ELSE 'course' END AS key1,
	coalesce(l.course_id, l.product_id)::text AS key2,
	CASE WHEN l.course_id IS NULL AND l.product_id IS NULL THEN l.title->>'en' END AS key3,
	NULL::integer AS rate, (array_agg(l.title))[1] AS title, sum(l.quantity)::bigint AS quantity, 1 AS orders,
	sum(l.total_cents)::bigint AS amount_cents,
	sum(dashboard_line_base_cents(l.total_cents, o.base_total_cents, o.total_cents))::bigint AS base_amount_cents,
	sum(coalesce(l.tax_cents, 0))::bigint AS tax_cents,
	sum(dashboard_line_base_cents(coalesce(l.tax_cents, 0), o.base_total_cents, o.total_cents))::bigint AS base_tax_cents
FROM orders o JOIN order_lines l ON l.order_id = o.id
WHERE dashboard_is_sale(o.status)
GROUP BY o.id, 6, 7, 8
UNION ALL
SELECT o.company_id, o.id, 'category', o.created_at, o.currency, NULL, coalesce(c.category_id, p.category_id)::text,
	NULL, NULL, NULL, sum(l.quantity)::bigint, 1, sum(l.total_cents)::bigint,
	sum(dashboard_line_base_cents(l.total_cents, o.base_total_cents, o.total_cents))::bigint, 0, 0
FROM orders o JOIN order_lines l ON l.order_id = o.id
	LEFT JOIN courses c ON c.id = l.course_id LEFT JOIN products p ON p.id = l.product_id
WHERE dashboard_is_sale(o.status)
GROUP BY o.id, 7
UNION ALL
SELECT o.company_id, o.id, 'tax', o.created_at, o.currency, o.tax_country, coalesce(l.tax_name, 'VAT'), NULL,
	l.tax_rate_bp, NULL, 0, 1, sum(coalesce(l.tax_base_cents, 0))::bigint,
	sum(dashboard_line_base_cents(coalesce(l.tax_base_cents, 0), o.base_total_cents, o.total_cents))::bigint,
	sum(coalesce(l.tax_cents, 0))::bigint,
	sum(dashboard_line_base_cents(coalesce(l.tax_cents, 0), o.base_total_cents, o.total_cents))::bigint
FROM orders o JOIN order_lines l ON l.order_id = o.id
WHERE dashboard_is_sale(o.status)
	AND NOT EXISTS (SELECT 1 FROM order_lines n WHERE n.order_id = o.id AND n.tax_rate_bp IS NULL)
GROUP BY o.id, 7, l.tax_rate_bp
UNION ALL
SELECT o.company_id, o.id, 'tax', o.created_at, o.currency, o.tax_country, 'VAT', NULL, o.vat_rate_bp, NULL, 0, 1,
	(o.total_cents - o.vat_cents)::bigint,
	dashboard_line_base_cents(o.total_cents - o.vat_cents, o.base_total_cents, o.total_cents), o.vat_cents::bigint,
	dashboard_line_base_cents(o.vat_cents, o.base_total_cents, o.total_cents)
FROM orders o
WHERE dashboard_is_sale(o.status)
	AND (NOT EXISTS (SELECT 1 FROM order_lines n WHERE n.order_id = o.id)
		OR EXISTS (SELECT 1 FROM order_lines n WHERE n.order_id = o.id AND n.tax_rate_bp IS NULL));
--> statement-breakpoint
-- Recomputes what the orders `ids` add (after they or their lines changed): their facts are replaced and the
-- difference is added to report_days. Each order's advisory lock is taken first (in id order), so that two
-- transactions changing one order recompute it one after the other, the second seeing the first's work (each statement
-- here reads afresh); advisory rather than row locks, so that they cannot deadlock with the application's own row
-- locks. Keys that net to nothing write nothing.
CREATE FUNCTION report_refresh_orders(ids uuid[]) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	IF coalesce(cardinality(ids), 0) = 0 THEN
		RETURN;
	END IF;
	PERFORM pg_advisory_xact_lock(hashtextextended(i::text, 34)) FROM (SELECT DISTINCT unnest(ids) AS i ORDER BY 1) x;
	WITH gone AS (
		DELETE FROM report_order_facts WHERE order_id = ANY(ids) RETURNING *
	), added AS (
		INSERT INTO report_order_facts (company_id, order_id, report, at, currency, key1, key2, key3, rate, title,
			quantity, orders, amount_cents, base_amount_cents, tax_cents, base_tax_cents)
		SELECT company_id, order_id, report, at, currency, key1, key2, key3, rate, title, quantity, orders,
			amount_cents, base_amount_cents, tax_cents, base_tax_cents
		FROM report_order_facts_source WHERE order_id = ANY(ids)
		RETURNING *
	), changes AS (
		SELECT g.*, -1 AS sign FROM gone g UNION ALL SELECT a.*, 1 FROM added a
	)
	INSERT INTO report_days AS d (company_id, report, day, currency, key1, key2, key3, rate, title, quantity, orders,
		amount_cents, base_amount_cents, tax_cents, base_tax_cents)
	SELECT company_id, report, (at AT TIME ZONE 'UTC')::date, currency, key1, key2, key3, rate,
		(array_agg(title ORDER BY sign DESC))[1], sum(sign * quantity), sum(sign * orders), sum(sign * amount_cents),
		sum(sign * base_amount_cents), sum(sign * tax_cents), sum(sign * base_tax_cents)
	FROM changes
	GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
	HAVING sum(sign * quantity) <> 0 OR sum(sign * orders) <> 0 OR sum(sign * amount_cents) <> 0
		OR sum(sign * base_amount_cents) <> 0 OR sum(sign * tax_cents) <> 0 OR sum(sign * base_tax_cents) <> 0
	ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
	ON CONFLICT ON CONSTRAINT report_days_key DO UPDATE
	SET title = coalesce(excluded.title, d.title), quantity = d.quantity + excluded.quantity,
		orders = d.orders + excluded.orders, amount_cents = d.amount_cents + excluded.amount_cents,
		base_amount_cents = d.base_amount_cents + excluded.base_amount_cents,
		tax_cents = d.tax_cents + excluded.tax_cents, base_tax_cents = d.base_tax_cents + excluded.base_tax_cents;
END
$$;
--> statement-breakpoint
-- Recomputes the first paid order of the customers `ids` (their advisory locks first, like the orders above).
CREATE FUNCTION report_refresh_customers(ids uuid[]) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	IF coalesce(cardinality(ids), 0) = 0 THEN
		RETURN;
	END IF;
	PERFORM pg_advisory_xact_lock(hashtextextended(i::text, 34)) FROM (SELECT DISTINCT unnest(ids) AS i ORDER BY 1) x;
	DELETE FROM report_customer_firsts WHERE customer_id = ANY(ids);
	INSERT INTO report_customer_firsts (company_id, customer_id, first_at)
	SELECT company_id, customer_id, min(created_at) FROM orders
	WHERE customer_id = ANY(ids) AND dashboard_is_sale(status)
	GROUP BY company_id, customer_id;
END
$$;
--> statement-breakpoint
-- Orders: inserted or deleted paid ones, and updated ones whose paid state or a column the reports read changed.
CREATE FUNCTION report_orders_facts_changed() RETURNS trigger LANGUAGE plpgsql
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
				AND (dashboard_is_sale(o.status), o.customer_id, o.created_at)
				IS DISTINCT FROM (dashboard_is_sale(n.status), n.customer_id, n.created_at)
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
CREATE TRIGGER report_facts_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION report_orders_facts_changed();
--> statement-breakpoint
CREATE TRIGGER report_facts_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION report_orders_facts_changed();
--> statement-breakpoint
CREATE TRIGGER report_facts_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_orders
FOR EACH STATEMENT EXECUTE FUNCTION report_orders_facts_changed();
--> statement-breakpoint
-- Order lines: their orders are recomputed when paid (or counted before).
CREATE FUNCTION report_lines_changed() RETURNS trigger LANGUAGE plpgsql
AS $$
DECLARE
	ids uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		ids := ARRAY(SELECT DISTINCT order_id FROM new_lines);
	ELSIF TG_OP = 'UPDATE' THEN
		ids := ARRAY(SELECT order_id FROM new_lines UNION SELECT order_id FROM old_lines);
	ELSE
		ids := ARRAY(SELECT DISTINCT order_id FROM old_lines);
	END IF;
	PERFORM report_refresh_orders(ARRAY(
		SELECT i FROM unnest(ids) i
		WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = i AND dashboard_is_sale(o.status))
			OR EXISTS (SELECT 1 FROM report_order_facts f WHERE f.order_id = i)));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_facts_lines_inserted AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_lines
FOR EACH STATEMENT EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_facts_lines_updated AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
FOR EACH STATEMENT EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_facts_lines_deleted AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_lines
FOR EACH STATEMENT EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
-- A course or product moved to another category (or a product deleted): the orders with its lines are recomputed.
CREATE FUNCTION report_catalogue_changed() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_TABLE_NAME = 'courses' THEN
		PERFORM report_refresh_orders(ARRAY(
			SELECT DISTINCT l.order_id FROM order_lines l
			WHERE l.course_id IN (SELECT n.id FROM new_items n JOIN old_items o ON o.id = n.id
				WHERE n.category_id IS DISTINCT FROM o.category_id)));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM report_refresh_orders(ARRAY(
			SELECT DISTINCT l.order_id FROM order_lines l
			WHERE l.product_id IN (SELECT n.id FROM new_items n JOIN old_items o ON o.id = n.id
				WHERE n.category_id IS DISTINCT FROM o.category_id)));
	ELSE
		PERFORM report_refresh_orders(ARRAY(
			SELECT DISTINCT l.order_id FROM order_lines l WHERE l.product_id IN (SELECT id FROM old_items)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_facts_courses_updated AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
FOR EACH STATEMENT EXECUTE FUNCTION report_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER report_facts_products_updated AFTER UPDATE ON products REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
FOR EACH STATEMENT EXECUTE FUNCTION report_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER report_facts_products_deleted AFTER DELETE ON products REFERENCING OLD TABLE AS old_items
FOR EACH STATEMENT EXECUTE FUNCTION report_catalogue_changed();
--> statement-breakpoint
-- The rebuild (decision 037) now recomputes every report roll-up.
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
	DELETE FROM report_customer_firsts WHERE only_company IS NULL OR company_id = only_company;
	INSERT INTO report_customer_firsts (company_id, customer_id, first_at)
	SELECT company_id, customer_id, min(created_at) FROM orders
	WHERE (only_company IS NULL OR company_id = only_company) AND dashboard_is_sale(status) AND customer_id IS NOT NULL
	GROUP BY company_id, customer_id;
END
$$;
--> statement-breakpoint
SELECT report_rebuild_rollups();
--> statement-breakpoint
-- Row-level security as every company table (migration 0004; 0032 for the first roll-up).
DO $$
DECLARE
	t text;
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT ON report_order_facts_source TO course_market_tenant;
	FOREACH t IN ARRAY ARRAY['report_order_facts', 'report_days', 'report_customer_firsts'] LOOP
		EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO course_market_tenant', t);
		EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
		EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t);
		EXECUTE format('CREATE POLICY tenant_isolation ON %I AS PERMISSIVE FOR ALL TO course_market_tenant
			USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)
			WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)', t);
	END LOOP;
END
$$;
