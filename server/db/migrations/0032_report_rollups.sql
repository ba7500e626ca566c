-- Reports roll-up (issue 21, docs/decisions/037-report-rollups.md): paid orders (processing, delivered, as
-- dashboard_is_sale) per company × UTC hour of placing × currency × channel × payment method, with their amounts
-- as charged and in the shop currency at the order's own rate (base_*: round(amount × base_total / total), each
-- order rounded on its own, as the reports service converts). Sales over time, payment methods and channels read
-- it instead of a year of orders. A statement trigger on orders keeps it exact (one grouped upsert per statement);
-- report_rebuild_rollups() recomputes it (after a bulk load with the trigger off, or to repair).
CREATE TABLE "report_order_hours" (
	"company_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"channel" text NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"base_subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"base_discount_cents" bigint DEFAULT 0 NOT NULL,
	"base_vat_cents" bigint DEFAULT 0 NOT NULL,
	"base_total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_order_hours_pkey" PRIMARY KEY("company_id","hour","currency","channel","payment_method")
);
--> statement-breakpoint
CREATE TYPE report_order_change AS (
	company_id uuid, created_at timestamptz, currency text, channel text, payment_method text,
	subtotal_cents bigint, discount_cents bigint, vat_cents bigint, total_cents bigint, base_total_cents bigint,
	sign integer
);
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) paid orders (the callers pass only those). Rows are locked in key order;
-- groups that net to nothing write nothing.
CREATE FUNCTION report_apply_order_changes(changes report_order_change[]) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	IF coalesce(cardinality(changes), 0) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO report_order_hours AS r (company_id, hour, currency, channel, payment_method, orders, subtotal_cents,
		discount_cents, vat_cents, total_cents, base_subtotal_cents, base_discount_cents, base_vat_cents, base_total_cents)
	SELECT c.company_id, date_trunc('hour', c.created_at, 'UTC'), c.currency, c.channel, c.payment_method, sum(c.sign),
		sum(c.sign * c.subtotal_cents), sum(c.sign * c.discount_cents), sum(c.sign * c.vat_cents),
		sum(c.sign * c.total_cents),
		sum(c.sign * dashboard_line_base_cents(c.subtotal_cents, c.base_total_cents, c.total_cents)),
		sum(c.sign * dashboard_line_base_cents(c.discount_cents, c.base_total_cents, c.total_cents)),
		sum(c.sign * dashboard_line_base_cents(c.vat_cents, c.base_total_cents, c.total_cents)),
		sum(c.sign * dashboard_line_base_cents(c.total_cents, c.base_total_cents, c.total_cents))
	FROM unnest(changes) c
	GROUP BY 1, 2, 3, 4, 5
	HAVING sum(c.sign) <> 0 OR sum(c.sign * c.subtotal_cents) <> 0 OR sum(c.sign * c.discount_cents) <> 0
		OR sum(c.sign * c.vat_cents) <> 0 OR sum(c.sign * c.total_cents) <> 0 OR sum(c.sign * c.base_total_cents) <> 0
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT (company_id, hour, currency, channel, payment_method) DO UPDATE
	SET orders = r.orders + excluded.orders, subtotal_cents = r.subtotal_cents + excluded.subtotal_cents,
		discount_cents = r.discount_cents + excluded.discount_cents, vat_cents = r.vat_cents + excluded.vat_cents,
		total_cents = r.total_cents + excluded.total_cents,
		base_subtotal_cents = r.base_subtotal_cents + excluded.base_subtotal_cents,
		base_discount_cents = r.base_discount_cents + excluded.base_discount_cents,
		base_vat_cents = r.base_vat_cents + excluded.base_vat_cents,
		base_total_cents = r.base_total_cents + excluded.base_total_cents;
END
$$;
--> statement-breakpoint
-- Inserted paid orders count; an update moves an order whose paid state or counted columns changed (the old row
-- out when it was paid, the new one in when it is); deleted paid orders go.
CREATE FUNCTION report_orders_changed() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM report_apply_order_changes(ARRAY(
			SELECT ROW(n.company_id, n.created_at, n.currency, n.channel, n.payment_method, n.subtotal_cents,
				n.discount_cents, n.vat_cents, n.total_cents, n.base_total_cents, 1)::report_order_change
			FROM new_orders n WHERE dashboard_is_sale(n.status)));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM report_apply_order_changes(ARRAY(
			SELECT ROW(n.company_id, n.created_at, n.currency, n.channel, n.payment_method, n.subtotal_cents,
				n.discount_cents, n.vat_cents, n.total_cents, n.base_total_cents, 1)::report_order_change
			FROM new_orders n JOIN old_orders o ON o.id = n.id
			WHERE dashboard_is_sale(n.status)
				AND (dashboard_is_sale(o.status), o.company_id, o.created_at, o.currency, o.channel, o.payment_method,
					o.subtotal_cents, o.discount_cents, o.vat_cents, o.total_cents, o.base_total_cents)
				IS DISTINCT FROM (true, n.company_id, n.created_at, n.currency, n.channel, n.payment_method,
					n.subtotal_cents, n.discount_cents, n.vat_cents, n.total_cents, n.base_total_cents)
			UNION ALL
			SELECT ROW(o.company_id, o.created_at, o.currency, o.channel, o.payment_method, o.subtotal_cents,
				o.discount_cents, o.vat_cents, o.total_cents, o.base_total_cents, -1)::report_order_change
			FROM old_orders o JOIN new_orders n ON n.id = o.id
			WHERE dashboard_is_sale(o.status)
				AND (dashboard_is_sale(n.status), n.company_id, n.created_at, n.currency, n.channel, n.payment_method,
					n.subtotal_cents, n.discount_cents, n.vat_cents, n.total_cents, n.base_total_cents)
				IS DISTINCT FROM (true, o.company_id, o.created_at, o.currency, o.channel, o.payment_method,
					o.subtotal_cents, o.discount_cents, o.vat_cents, o.total_cents, o.base_total_cents)));
	ELSE
		PERFORM report_apply_order_changes(ARRAY(
			SELECT ROW(o.company_id, o.created_at, o.currency, o.channel, o.payment_method, o.subtotal_cents,
				o.discount_cents, o.vat_cents, o.total_cents, o.base_total_cents, -1)::report_order_change
			FROM old_orders o WHERE dashboard_is_sale(o.status)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER report_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
CREATE TRIGGER report_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
CREATE TRIGGER report_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_orders
FOR EACH STATEMENT EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
-- Recomputes the roll-up from orders: of one company, or of all (null). Run it as the table owner; it locks orders
-- against writes meanwhile.
CREATE FUNCTION report_rebuild_rollups(only_company uuid DEFAULT NULL) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	LOCK TABLE orders IN SHARE MODE;
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
END
$$;
--> statement-breakpoint
SELECT report_rebuild_rollups();
--> statement-breakpoint
-- Row-level security as migration 0004 does for every company_id table (without FORCE: the owner sees every
-- company). The trigger function runs as the caller, so a request writes only its own company's rows.
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON report_order_hours TO course_market_tenant;
	ALTER TABLE report_order_hours ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON report_order_hours;
	CREATE POLICY tenant_isolation ON report_order_hours AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
