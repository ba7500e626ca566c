CREATE TABLE "catalog_counts" (
	"company_id" uuid NOT NULL,
	"category_key" uuid NOT NULL,
	"courses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_counts_pkey" PRIMARY KEY("company_id","category_key")
);
--> statement-breakpoint
CREATE INDEX "courses_list_date_idx" ON "courses" USING btree ("company_id","created_at","id") WHERE "courses"."published";--> statement-breakpoint
CREATE INDEX "courses_list_price_idx" ON "courses" USING btree ("company_id",coalesce("sale_price_cents", "price_cents"),"id") WHERE "courses"."published";--> statement-breakpoint
CREATE INDEX "courses_list_category_date_idx" ON "courses" USING btree ("company_id","category_id","created_at","id") WHERE "courses"."published";--> statement-breakpoint
CREATE INDEX "courses_list_category_price_idx" ON "courses" USING btree ("company_id","category_id",coalesce("sale_price_cents", "price_cents"),"id") WHERE "courses"."published";--> statement-breakpoint
-- Kept totals (issue 23, docs/decisions/013-catalog-miss-path.md): published courses per company and category
-- (the nil uuid for courses without one), kept exact by statement-level triggers on courses, so a list's total and
-- the categories' course counts are read from a handful of rows instead of counted over the catalogue per request.
-- One aggregated upsert per statement: a bulk insert costs one pass, an update that leaves published and
-- category_id alone (a seat sold, a price) nets to nothing and writes nothing.
CREATE FUNCTION catalog_courses_changed() RETURNS trigger LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO catalog_counts AS kept (company_id, category_key, courses)
		SELECT n.company_id, coalesce(n.category_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)::int
		FROM new_courses n WHERE n.published
		GROUP BY 1, 2
		ON CONFLICT (company_id, category_key) DO UPDATE SET courses = kept.courses + excluded.courses;
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO catalog_counts AS kept (company_id, category_key, courses)
		SELECT company_id, category_key, sum(delta)::int FROM (
			SELECT n.company_id, coalesce(n.category_id, '00000000-0000-0000-0000-000000000000'::uuid) AS category_key, 1 AS delta
			FROM new_courses n JOIN old_courses o ON o.id = n.id
			WHERE n.published AND (o.published, o.category_id, o.company_id) IS DISTINCT FROM (true, n.category_id, n.company_id)
			UNION ALL
			SELECT o.company_id, coalesce(o.category_id, '00000000-0000-0000-0000-000000000000'::uuid), -1
			FROM old_courses o JOIN new_courses n ON n.id = o.id
			WHERE o.published AND (n.published, n.category_id, n.company_id) IS DISTINCT FROM (true, o.category_id, o.company_id)
		) changes
		GROUP BY 1, 2
		HAVING sum(delta) <> 0
		ON CONFLICT (company_id, category_key) DO UPDATE SET courses = kept.courses + excluded.courses;
	ELSE
		INSERT INTO catalog_counts AS kept (company_id, category_key, courses)
		SELECT o.company_id, coalesce(o.category_id, '00000000-0000-0000-0000-000000000000'::uuid), -count(*)::int
		FROM old_courses o WHERE o.published
		GROUP BY 1, 2
		ON CONFLICT (company_id, category_key) DO UPDATE SET courses = kept.courses + excluded.courses;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER catalog_courses_inserted AFTER INSERT ON courses REFERENCING NEW TABLE AS new_courses
FOR EACH STATEMENT EXECUTE FUNCTION catalog_courses_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_courses_updated AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_courses NEW TABLE AS new_courses
FOR EACH STATEMENT EXECUTE FUNCTION catalog_courses_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_courses_deleted AFTER DELETE ON courses REFERENCING OLD TABLE AS old_courses
FOR EACH STATEMENT EXECUTE FUNCTION catalog_courses_changed();
--> statement-breakpoint
INSERT INTO catalog_counts (company_id, category_key, courses)
SELECT company_id, coalesce(category_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)::int
FROM courses WHERE published GROUP BY 1, 2;
--> statement-breakpoint
-- Row-level security on the new table, as migration 0004 does for every company_id table. The trigger functions
-- run as the caller, so inside a request they write only the counts of that company's courses.
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM pg_roles
		WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
	) THEN
		RETURN;
	END IF;
	GRANT SELECT, INSERT, UPDATE, DELETE ON catalog_counts TO course_market_tenant;
	ALTER TABLE catalog_counts ENABLE ROW LEVEL SECURITY;
	DROP POLICY IF EXISTS tenant_isolation ON catalog_counts;
	CREATE POLICY tenant_isolation ON catalog_counts AS PERMISSIVE FOR ALL TO course_market_tenant
		USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
		WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
END
$$;
