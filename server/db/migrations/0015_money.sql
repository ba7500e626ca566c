-- Money that adds up (issue 24, docs/decisions/017-money.md): refunds get rows with their own time, payments the time
-- the money came in, and the dashboard counts sales as money received minus money refunded, by the hour it moved,
-- from two roll-ups that triggers keep exact (like migration 0007):
--   dashboard_money_hours   per company × UTC hour × slot: received and refunded, in the shop currency
--   dashboard_money_totals  per company × payment method of the order × slot: the same, all time
-- An amount is converted at its order's own rate (base total / total, as dashboard_line_base_cents does for lines).
CREATE TABLE "dashboard_money_hours" (
	"company_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"slot" smallint NOT NULL,
	"received_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_money_hours_pkey" PRIMARY KEY("company_id","hour","slot")
);
--> statement-breakpoint
CREATE TABLE "dashboard_money_totals" (
	"company_id" uuid NOT NULL,
	"payment_method" text NOT NULL,
	"slot" smallint NOT NULL,
	"received_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_money_totals_pkey" PRIMARY KEY("company_id","payment_method","slot")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_company_created_idx" ON "refunds" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_company_received_idx" ON "payments" USING btree ("company_id","received_at");--> statement-breakpoint
-- The money already received: a payment recorded as succeeded (or refunded since) came in when it was recorded.
UPDATE payments SET received_at = created_at WHERE status IN ('succeeded', 'refunded');
--> statement-breakpoint
-- The refunds already made, one row per payment, at the payment's last change (the best time on record).
INSERT INTO refunds (company_id, order_id, kind, amount_cents, currency, reason, created_at)
SELECT p.company_id, p.order_id,
	CASE
		WHEN p.details->>'reason' IS NOT NULL AND p.status = 'refunded' AND o.status <> 'cancel'
			AND NOT EXISTS (SELECT 1 FROM order_returns r WHERE r.order_id = p.order_id) THEN 'duplicate'
		WHEN o.status = 'cancel' THEN 'cancel'
		WHEN EXISTS (SELECT 1 FROM order_returns r WHERE r.order_id = p.order_id) THEN 'return'
		ELSE 'partial'
	END,
	CASE WHEN p.status = 'refunded' THEN p.amount_cents ELSE (p.details->>'refundedCents')::int END,
	p.currency, p.details->>'reason', p.updated_at
FROM payments p JOIN orders o ON o.id = p.order_id
WHERE p.status = 'refunded' OR coalesce((p.details->>'refundedCents')::int, 0) > 0;
--> statement-breakpoint
-- A payment that succeeds is received then (the writer may give the time); one that is not received has none.
CREATE FUNCTION payments_received_at() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	IF NEW.status IN ('succeeded', 'refunded') THEN
		IF NEW.received_at IS NULL THEN
			NEW.received_at := CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END;
		END IF;
	ELSE
		NEW.received_at := NULL;
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_received_at BEFORE INSERT OR UPDATE ON payments
FOR EACH ROW EXECUTE FUNCTION payments_received_at();
--> statement-breakpoint
CREATE TYPE dashboard_money_change AS (
	company_id uuid, order_id uuid, at timestamptz, payment_method text, received_cents bigint, refunded_cents bigint
);
--> statement-breakpoint
-- Adds signed amounts (negative to take away), rows locked in key order; groups that net to nothing write nothing.
CREATE FUNCTION dashboard_apply_money_changes(changes dashboard_money_change[]) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	IF coalesce(cardinality(changes), 0) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO dashboard_money_hours AS r (company_id, hour, slot, received_cents, refunded_cents)
	SELECT c.company_id, date_trunc('hour', c.at, 'UTC'), dashboard_slot(c.order_id), sum(c.received_cents),
		sum(c.refunded_cents)
	FROM unnest(changes) c
	GROUP BY 1, 2, 3
	HAVING sum(c.received_cents) <> 0 OR sum(c.refunded_cents) <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT (company_id, hour, slot) DO UPDATE
	SET received_cents = r.received_cents + excluded.received_cents,
		refunded_cents = r.refunded_cents + excluded.refunded_cents;

	INSERT INTO dashboard_money_totals AS r (company_id, payment_method, slot, received_cents, refunded_cents)
	SELECT c.company_id, c.payment_method, dashboard_slot(c.order_id), sum(c.received_cents), sum(c.refunded_cents)
	FROM unnest(changes) c
	GROUP BY 1, 2, 3
	HAVING sum(c.received_cents) <> 0 OR sum(c.refunded_cents) <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT (company_id, payment_method, slot) DO UPDATE
	SET received_cents = r.received_cents + excluded.received_cents,
		refunded_cents = r.refunded_cents + excluded.refunded_cents;
END
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_payments_changed() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM dashboard_apply_money_changes(ARRAY(
			SELECT ROW(p.company_id, p.order_id, p.received_at, o.payment_method,
				dashboard_line_base_cents(p.amount_cents, o.base_total_cents, o.total_cents), 0)::dashboard_money_change
			FROM new_payments p JOIN orders o ON o.id = p.order_id
			WHERE p.received_at IS NOT NULL));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM dashboard_apply_money_changes(ARRAY(
			SELECT ROW(p.company_id, p.order_id, p.received_at, o.payment_method,
				dashboard_line_base_cents(p.amount_cents, o.base_total_cents, o.total_cents), 0)::dashboard_money_change
			FROM new_payments p JOIN old_payments q ON q.id = p.id JOIN orders o ON o.id = p.order_id
			WHERE p.received_at IS NOT NULL
				AND (p.company_id, p.order_id, p.received_at, p.amount_cents)
					IS DISTINCT FROM (q.company_id, q.order_id, q.received_at, q.amount_cents)
			UNION ALL
			SELECT ROW(q.company_id, q.order_id, q.received_at, o.payment_method,
				-dashboard_line_base_cents(q.amount_cents, o.base_total_cents, o.total_cents), 0)::dashboard_money_change
			FROM old_payments q JOIN new_payments p ON p.id = q.id JOIN orders o ON o.id = q.order_id
			WHERE q.received_at IS NOT NULL
				AND (p.company_id, p.order_id, p.received_at, p.amount_cents)
					IS DISTINCT FROM (q.company_id, q.order_id, q.received_at, q.amount_cents)));
	ELSE
		PERFORM dashboard_apply_money_changes(ARRAY(
			SELECT ROW(q.company_id, q.order_id, q.received_at, o.payment_method,
				-dashboard_line_base_cents(q.amount_cents, o.base_total_cents, o.total_cents), 0)::dashboard_money_change
			FROM old_payments q JOIN orders o ON o.id = q.order_id
			WHERE q.received_at IS NOT NULL));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_refunds_changed() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM dashboard_apply_money_changes(ARRAY(
			SELECT ROW(r.company_id, r.order_id, r.created_at, o.payment_method, 0,
				dashboard_line_base_cents(r.amount_cents, o.base_total_cents, o.total_cents))::dashboard_money_change
			FROM new_refunds r JOIN orders o ON o.id = r.order_id));
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		PERFORM dashboard_apply_money_changes(ARRAY(
			SELECT ROW(r.company_id, r.order_id, r.created_at, o.payment_method, 0,
				-dashboard_line_base_cents(r.amount_cents, o.base_total_cents, o.total_cents))::dashboard_money_change
			FROM old_refunds r JOIN orders o ON o.id = r.order_id));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order whose payment method or amounts change (rare: staff corrections) moves its money between methods, or
-- converts it again at its new rate.
CREATE FUNCTION dashboard_orders_money_changed() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	PERFORM dashboard_apply_money_changes(ARRAY(
		WITH changed AS (
			SELECT n.id, n.payment_method AS new_method, n.base_total_cents AS new_base, n.total_cents AS new_total,
				o.payment_method AS old_method, o.base_total_cents AS old_base, o.total_cents AS old_total
			FROM new_orders n JOIN old_orders o ON o.id = n.id
			WHERE (n.payment_method, n.base_total_cents, n.total_cents)
				IS DISTINCT FROM (o.payment_method, o.base_total_cents, o.total_cents)
		),
		moved AS (
			SELECT p.company_id, p.order_id, p.received_at AS at, p.amount_cents, true AS received
			FROM payments p JOIN changed c ON c.id = p.order_id WHERE p.received_at IS NOT NULL
			UNION ALL
			SELECT r.company_id, r.order_id, r.created_at, r.amount_cents, false
			FROM refunds r JOIN changed c ON c.id = r.order_id
		)
		SELECT ROW(m.company_id, m.order_id, m.at, side.method,
			CASE WHEN m.received THEN side.sign * dashboard_line_base_cents(m.amount_cents, side.base, side.total) ELSE 0 END,
			CASE WHEN m.received THEN 0 ELSE side.sign * dashboard_line_base_cents(m.amount_cents, side.base, side.total) END
		)::dashboard_money_change
		FROM moved m JOIN changed c ON c.id = m.order_id
		CROSS JOIN LATERAL (VALUES (c.new_method, c.new_base, c.new_total, 1), (c.old_method, c.old_base, c.old_total, -1))
			AS side(method, base, total, sign)));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_payments_inserted AFTER INSERT ON payments REFERENCING NEW TABLE AS new_payments
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_payments_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_payments_updated AFTER UPDATE ON payments
REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_payments_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_payments_deleted AFTER DELETE ON payments REFERENCING OLD TABLE AS old_payments
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_payments_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_refunds_inserted AFTER INSERT ON refunds REFERENCING NEW TABLE AS new_refunds
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_refunds_updated AFTER UPDATE ON refunds
REFERENCING OLD TABLE AS old_refunds NEW TABLE AS new_refunds
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_refunds_deleted AFTER DELETE ON refunds REFERENCING OLD TABLE AS old_refunds
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_money_updated AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_money_changed();
--> statement-breakpoint
-- The rebuild of migration 0007 now also recomputes the money roll-ups (from payments and refunds).
CREATE OR REPLACE FUNCTION dashboard_rebuild_rollups(only_company uuid DEFAULT NULL) RETURNS void LANGUAGE plpgsql
AS $$
BEGIN
	LOCK TABLE orders, order_lines, payments, refunds IN SHARE MODE;
	DELETE FROM dashboard_order_hours WHERE only_company IS NULL OR company_id = only_company;
	DELETE FROM dashboard_order_totals WHERE only_company IS NULL OR company_id = only_company;
	DELETE FROM dashboard_course_sales WHERE only_company IS NULL OR company_id = only_company;
	DELETE FROM dashboard_course_revenue WHERE only_company IS NULL OR company_id = only_company;
	DELETE FROM dashboard_money_hours WHERE only_company IS NULL OR company_id = only_company;
	DELETE FROM dashboard_money_totals WHERE only_company IS NULL OR company_id = only_company;
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
	PERFORM dashboard_apply_money_changes(ARRAY(
		SELECT ROW(p.company_id, p.order_id, p.received_at, o.payment_method,
			dashboard_line_base_cents(p.amount_cents, o.base_total_cents, o.total_cents), 0)::dashboard_money_change
		FROM payments p JOIN orders o ON o.id = p.order_id
		WHERE (only_company IS NULL OR p.company_id = only_company) AND p.received_at IS NOT NULL
		UNION ALL
		SELECT ROW(r.company_id, r.order_id, r.created_at, o.payment_method, 0,
			dashboard_line_base_cents(r.amount_cents, o.base_total_cents, o.total_cents))::dashboard_money_change
		FROM refunds r JOIN orders o ON o.id = r.order_id
		WHERE only_company IS NULL OR r.company_id = only_company));
END
$$;
--> statement-breakpoint
SELECT dashboard_rebuild_rollups();
--> statement-breakpoint
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
	FOREACH tenant_table IN ARRAY ARRAY['refunds', 'dashboard_money_hours', 'dashboard_money_totals']
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
