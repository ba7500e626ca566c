-- Dashboard roll-ups (issue 7, docs/decisions/009-dashboard-rollups.md): the dashboard's sums and counts are
-- read from small summary tables that triggers on orders and order_lines keep exact, instead of aggregating a
-- million orders per request.
--   dashboard_order_hours    per company × UTC hour × status × slot: orders and their base_total_cents
--                            (the service adds hours up into the company's local days and months)
--   dashboard_order_totals   per company × status × channel × payment method × slot: all-time orders and sums
--   dashboard_course_sales   per company × course: quantity and line count of paid orders' lines (top sellers)
--   dashboard_course_revenue per company × course × order currency: those lines' totals as charged and in the
--                            shop currency at the order's own rate (the shop currency is a setting: the service
--                            picks the charged total when the order's currency is the shop's)
-- Slots (hash of the order id, 0–15) spread concurrent checkouts of the same hour over sixteen rows, so they do not
-- queue on one row lock; readers sum the slots. "Paid" (processing, delivered) is dashboard_is_sale() here and
-- PAID_STATUSES in dashboard.service.ts: change both and call dashboard_rebuild_rollups().
CREATE TABLE "dashboard_order_hours" (
	"company_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"base_total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_order_hours_pkey" PRIMARY KEY("company_id","status","hour","slot")
);
--> statement-breakpoint
CREATE TABLE "dashboard_order_totals" (
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"channel" text NOT NULL,
	"payment_method" text NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"base_total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_order_totals_pkey" PRIMARY KEY("company_id","status","channel","payment_method","slot")
);
--> statement-breakpoint
CREATE TABLE "dashboard_course_sales" (
	"company_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"sold" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_course_sales_pkey" PRIMARY KEY("company_id","course_id")
);
--> statement-breakpoint
CREATE INDEX "dashboard_course_sales_top_idx" ON "dashboard_course_sales" ("company_id","sold" DESC) WHERE "lines" > 0;
--> statement-breakpoint
CREATE TABLE "dashboard_course_revenue" (
	"company_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"line_cents" bigint DEFAULT 0 NOT NULL,
	"base_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_course_revenue_pkey" PRIMARY KEY("company_id","course_id","currency")
);
--> statement-breakpoint
CREATE FUNCTION dashboard_is_sale(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT status IN ('processing', 'delivered') $$;
--> statement-breakpoint
CREATE FUNCTION dashboard_slot(order_id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (hashtext(order_id::text) & 15)::smallint $$;
--> statement-breakpoint
-- A line in the shop currency at its order's own conversion (base total / total), as the dashboard always did.
CREATE FUNCTION dashboard_line_base_cents(line_cents bigint, order_base_cents bigint, order_total_cents bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT coalesce(round(line_cents::numeric * order_base_cents / nullif(order_total_cents, 0)), 0)::bigint $$;
--> statement-breakpoint
CREATE TYPE dashboard_order_change AS (
	company_id uuid, id uuid, created_at timestamptz, status text, channel text, payment_method text,
	base_total_cents bigint, sign integer
);
--> statement-breakpoint
CREATE TYPE dashboard_line_change AS (
	company_id uuid, course_id uuid, currency text, quantity bigint, line_cents bigint, base_cents bigint, sign integer
);
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) orders. Rows are locked in key order, so two transactions never wait on
-- each other's rows crosswise; groups that net to nothing (an update that changed no figure) write nothing.
CREATE FUNCTION dashboard_apply_order_changes(changes dashboard_order_change[]) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	IF coalesce(cardinality(changes), 0) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO dashboard_order_hours AS r (company_id, hour, status, slot, orders, base_total_cents)
	SELECT c.company_id, date_trunc('hour', c.created_at, 'UTC'), c.status, dashboard_slot(c.id), sum(c.sign),
		sum(c.sign * c.base_total_cents)
	FROM unnest(changes) c
	GROUP BY 1, 2, 3, 4
	HAVING sum(c.sign) <> 0 OR sum(c.sign * c.base_total_cents) <> 0
	ORDER BY 1, 3, 2, 4
	ON CONFLICT (company_id, status, hour, slot) DO UPDATE
	SET orders = r.orders + excluded.orders, base_total_cents = r.base_total_cents + excluded.base_total_cents;

	INSERT INTO dashboard_order_totals AS r (company_id, status, channel, payment_method, slot, orders, base_total_cents)
	SELECT c.company_id, c.status, c.channel, c.payment_method, dashboard_slot(c.id), sum(c.sign),
		sum(c.sign * c.base_total_cents)
	FROM unnest(changes) c
	GROUP BY 1, 2, 3, 4, 5
	HAVING sum(c.sign) <> 0 OR sum(c.sign * c.base_total_cents) <> 0
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT (company_id, status, channel, payment_method, slot) DO UPDATE
	SET orders = r.orders + excluded.orders, base_total_cents = r.base_total_cents + excluded.base_total_cents;
END
$$;
--> statement-breakpoint
-- Adds or takes away lines of paid orders (the callers pass only those).
CREATE FUNCTION dashboard_apply_line_changes(changes dashboard_line_change[]) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	IF coalesce(cardinality(changes), 0) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO dashboard_course_sales AS r (company_id, course_id, sold, lines)
	SELECT c.company_id, c.course_id, sum(c.sign * c.quantity), sum(c.sign)
	FROM unnest(changes) c
	WHERE c.course_id IS NOT NULL
	GROUP BY 1, 2
	HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0
	ORDER BY 1, 2
	ON CONFLICT (company_id, course_id) DO UPDATE SET sold = r.sold + excluded.sold, lines = r.lines + excluded.lines;

	INSERT INTO dashboard_course_revenue AS r (company_id, course_id, currency, line_cents, base_cents)
	SELECT c.company_id, c.course_id, c.currency, sum(c.sign * c.line_cents), sum(c.sign * c.base_cents)
	FROM unnest(changes) c
	WHERE c.course_id IS NOT NULL
	GROUP BY 1, 2, 3
	HAVING sum(c.sign) <> 0 OR sum(c.sign * c.line_cents) <> 0 OR sum(c.sign * c.base_cents) <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT (company_id, course_id, currency) DO UPDATE
	SET line_cents = r.line_cents + excluded.line_cents, base_cents = r.base_cents + excluded.base_cents;
END
$$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: one aggregated write per statement, so a bulk insert or a
-- bulk status change costs one pass, and a checkout's single row costs two small upserts.
CREATE FUNCTION dashboard_orders_changed() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM dashboard_apply_order_changes(ARRAY(
			SELECT ROW(n.company_id, n.id, n.created_at, n.status, n.channel, n.payment_method, n.base_total_cents, 1)::dashboard_order_change
			FROM new_orders n));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM dashboard_apply_order_changes(ARRAY(
			SELECT ROW(n.company_id, n.id, n.created_at, n.status, n.channel, n.payment_method, n.base_total_cents, 1)::dashboard_order_change
			FROM new_orders n JOIN old_orders o ON o.id = n.id
			WHERE (n.company_id, n.created_at, n.status, n.channel, n.payment_method, n.base_total_cents)
				IS DISTINCT FROM (o.company_id, o.created_at, o.status, o.channel, o.payment_method, o.base_total_cents)
			UNION ALL
			SELECT ROW(o.company_id, o.id, o.created_at, o.status, o.channel, o.payment_method, o.base_total_cents, -1)::dashboard_order_change
			FROM old_orders o JOIN new_orders n ON n.id = o.id
			WHERE (n.company_id, n.created_at, n.status, n.channel, n.payment_method, n.base_total_cents)
				IS DISTINCT FROM (o.company_id, o.created_at, o.status, o.channel, o.payment_method, o.base_total_cents)));
		-- An order that becomes paid (or stops being paid, or changes its amounts) moves its lines.
		PERFORM dashboard_apply_line_changes(ARRAY(
			SELECT ROW(l.company_id, l.course_id, n.currency, l.quantity, l.total_cents,
				dashboard_line_base_cents(l.total_cents, n.base_total_cents, n.total_cents), 1)::dashboard_line_change
			FROM new_orders n JOIN old_orders o ON o.id = n.id JOIN order_lines l ON l.order_id = n.id
			WHERE dashboard_is_sale(n.status)
				AND (dashboard_is_sale(o.status), o.currency, o.base_total_cents, o.total_cents)
					IS DISTINCT FROM (true, n.currency, n.base_total_cents, n.total_cents)
			UNION ALL
			SELECT ROW(l.company_id, l.course_id, o.currency, l.quantity, l.total_cents,
				dashboard_line_base_cents(l.total_cents, o.base_total_cents, o.total_cents), -1)::dashboard_line_change
			FROM old_orders o JOIN new_orders n ON n.id = o.id JOIN order_lines l ON l.order_id = n.id
			WHERE dashboard_is_sale(o.status)
				AND (dashboard_is_sale(n.status), n.currency, n.base_total_cents, n.total_cents)
					IS DISTINCT FROM (true, o.currency, o.base_total_cents, o.total_cents)));
	ELSE
		PERFORM dashboard_apply_order_changes(ARRAY(
			SELECT ROW(o.company_id, o.id, o.created_at, o.status, o.channel, o.payment_method, o.base_total_cents, -1)::dashboard_order_change
			FROM old_orders o));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted order's lines go with it (ON DELETE CASCADE), after the order is gone: its paid lines are taken away
-- here, before, while both are there; the cascaded line deletes then find no order and change nothing.
CREATE FUNCTION dashboard_order_deleting() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	IF dashboard_is_sale(OLD.status) THEN
		PERFORM dashboard_apply_line_changes(ARRAY(
			SELECT ROW(l.company_id, l.course_id, OLD.currency, l.quantity, l.total_cents,
				dashboard_line_base_cents(l.total_cents, OLD.base_total_cents, OLD.total_cents), -1)::dashboard_line_change
			FROM order_lines l WHERE l.order_id = OLD.id));
	END IF;
	RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_order_lines_changed() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM dashboard_apply_line_changes(ARRAY(
			SELECT ROW(l.company_id, l.course_id, o.currency, l.quantity, l.total_cents,
				dashboard_line_base_cents(l.total_cents, o.base_total_cents, o.total_cents), 1)::dashboard_line_change
			FROM new_lines l JOIN orders o ON o.id = l.order_id
			WHERE dashboard_is_sale(o.status)));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM dashboard_apply_line_changes(ARRAY(
			SELECT ROW(l.company_id, l.course_id, o.currency, l.quantity, l.total_cents,
				dashboard_line_base_cents(l.total_cents, o.base_total_cents, o.total_cents), 1)::dashboard_line_change
			FROM new_lines l JOIN orders o ON o.id = l.order_id
			WHERE dashboard_is_sale(o.status)
			UNION ALL
			SELECT ROW(l.company_id, l.course_id, o.currency, l.quantity, l.total_cents,
				dashboard_line_base_cents(l.total_cents, o.base_total_cents, o.total_cents), -1)::dashboard_line_change
			FROM old_lines l JOIN orders o ON o.id = l.order_id
			WHERE dashboard_is_sale(o.status)));
	ELSE
		PERFORM dashboard_apply_line_changes(ARRAY(
			SELECT ROW(l.company_id, l.course_id, o.currency, l.quantity, l.total_cents,
				dashboard_line_base_cents(l.total_cents, o.base_total_cents, o.total_cents), -1)::dashboard_line_change
			FROM old_lines l JOIN orders o ON o.id = l.order_id
			WHERE dashboard_is_sale(o.status)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_orders
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_deleting BEFORE DELETE ON orders
FOR EACH ROW EXECUTE FUNCTION dashboard_order_deleting();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_lines_inserted AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_lines
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_lines_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_lines_updated AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_lines_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_lines_deleted AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_lines
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_lines_changed();
--> statement-breakpoint
-- Recomputes the roll-ups from orders and order_lines: of one company, or of all (null). For repairs, after a
-- bulk load made with the triggers off (session_replication_role = replica), or after changing dashboard_is_sale.
-- Run it as the table owner (outside a tenant's scope); it locks orders and order_lines against writes meanwhile.
CREATE FUNCTION dashboard_rebuild_rollups(only_company uuid DEFAULT NULL) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	LOCK TABLE orders, order_lines IN SHARE MODE;
	DELETE FROM dashboard_order_hours WHERE only_company IS NULL OR company_id = only_company;
	DELETE FROM dashboard_order_totals WHERE only_company IS NULL OR company_id = only_company;
	DELETE FROM dashboard_course_sales WHERE only_company IS NULL OR company_id = only_company;
	DELETE FROM dashboard_course_revenue WHERE only_company IS NULL OR company_id = only_company;
	INSERT INTO dashboard_order_hours (company_id, hour, status, slot, orders, base_total_cents)
	SELECT company_id, date_trunc('hour', created_at, 'UTC'), status, dashboard_slot(id), count(*), sum(base_total_cents)
	FROM orders WHERE only_company IS NULL OR company_id = only_company
	GROUP BY 1, 2, 3, 4
	ORDER BY 2, 1, 3, 4;
	INSERT INTO dashboard_order_totals (company_id, status, channel, payment_method, slot, orders, base_total_cents)
	SELECT company_id, status, channel, payment_method, dashboard_slot(id), count(*), sum(base_total_cents)
	FROM orders WHERE only_company IS NULL OR company_id = only_company
	GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO dashboard_course_sales (company_id, course_id, sold, lines)
	SELECT l.company_id, l.course_id, sum(l.quantity), count(*)
	FROM order_lines l JOIN orders o ON o.id = l.order_id
	WHERE (only_company IS NULL OR l.company_id = only_company) AND l.course_id IS NOT NULL AND dashboard_is_sale(o.status)
	GROUP BY 1, 2;
	INSERT INTO dashboard_course_revenue (company_id, course_id, currency, line_cents, base_cents)
	SELECT l.company_id, l.course_id, o.currency, sum(l.total_cents),
		sum(dashboard_line_base_cents(l.total_cents, o.base_total_cents, o.total_cents))
	FROM order_lines l JOIN orders o ON o.id = l.order_id
	WHERE (only_company IS NULL OR l.company_id = only_company) AND l.course_id IS NOT NULL AND dashboard_is_sale(o.status)
	GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
SELECT dashboard_rebuild_rollups();
--> statement-breakpoint
-- Row-level security on the new tables, as migration 0004 does for every company_id table (and, like there,
-- without FORCE: the owner keeps seeing every company). The trigger functions run as the caller, so inside a
-- request they read and write only that company's roll-up rows, which are the rows of the order it changes.
DO $$
DECLARE
	tenant_table text;
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	FOREACH tenant_table IN ARRAY ARRAY['dashboard_order_hours', 'dashboard_order_totals', 'dashboard_course_sales',
		'dashboard_course_revenue']
	LOOP
		EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO course_market_tenant', tenant_table);
		EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table);
		EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', tenant_table);
		EXECUTE format(
			'CREATE POLICY tenant_isolation ON %I AS PERMISSIVE FOR ALL TO course_market_tenant '
			'USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) '
			'WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
			tenant_table
		);
	END LOOP;
END
$$;
