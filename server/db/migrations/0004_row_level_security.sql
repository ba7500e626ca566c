-- Row-level security, the second wall of tenant isolation (docs/decisions/006-row-level-security.md).
-- Requests run their queries as the NOLOGIN role course_market_tenant with app.company_id set; every
-- table with a company_id column lets that role see and write only the rows of that company. The table
-- owner (migrations, seed, backups, cross-tenant lookups) is not subject to the policies (no FORCE).
-- Roles belong to the whole server: another database may have made the role already. A user that may
-- not create or be granted roles gets a NOTICE and the app runs with the first wall only (it says so
-- at start); after a privileged user ran `CREATE ROLE course_market_tenant NOLOGIN; GRANT
-- course_market_tenant TO <app user>`, running this file again as the app user puts the wall up.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'course_market_tenant') THEN
    BEGIN
      CREATE ROLE course_market_tenant NOLOGIN;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN
        NULL;
      WHEN insufficient_privilege THEN
        RAISE NOTICE 'row-level security skipped: % may not create the role course_market_tenant', current_user;
        RETURN;
    END;
  END IF;
  IF NOT pg_has_role(current_user, 'course_market_tenant', 'MEMBER') THEN
    BEGIN
      EXECUTE format('GRANT course_market_tenant TO %I', current_user);
    EXCEPTION
      WHEN insufficient_privilege OR invalid_grant_operation THEN
        RAISE NOTICE 'row-level security skipped: % may not be granted the role course_market_tenant', current_user;
    END;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  tenant_table record;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_roles
    WHERE rolname = 'course_market_tenant' AND pg_has_role(current_user, oid, 'MEMBER')
  ) THEN
    RETURN;
  END IF;
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO course_market_tenant', current_schema());
  EXECUTE format(
    'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO course_market_tenant',
    current_schema()
  );
  EXECUTE format(
    'ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO course_market_tenant',
    current_schema()
  );
  -- Companies are read by everyone and written only by the owner.
  REVOKE INSERT, UPDATE, DELETE ON companies FROM course_market_tenant;
  FOR tenant_table IN
    SELECT c.relname
    FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped
    WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace
    ORDER BY c.relname
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table.relname);
    EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', tenant_table.relname);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I AS PERMISSIVE FOR ALL TO course_market_tenant '
      'USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid) '
      'WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      tenant_table.relname
    );
  END LOOP;
END
$$;
