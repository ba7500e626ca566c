import { createRequire } from "node:module";
import { TENANT_ROLE } from "./tenant-scope";

// pg-boss is loaded when its schema is missing or the queue starts, not on every import (cold start).
const require = createRequire(import.meta.url);

/** The schema the durable job queue (pg-boss) keeps its tables in. */
export const JOB_SCHEMA = "pgboss";

/** Whether the job queue's tables exist yet. */
export const JOB_SCHEMA_INSTALLED_SQL = `select to_regclass('${JOB_SCHEMA}.version') is not null as "installed"`;

/** pg-boss's own SQL that creates its schema (one transaction, under its advisory lock). */
export function jobSchemaSql(): string {
  const PgBoss = require("pg-boss") as typeof import("pg-boss");
  return PgBoss.getConstructionPlans(JOB_SCHEMA);
}

/**
 * Requests run as the tenant role (row-level security): a job enqueued in a request's transaction is
 * inserted as that role, which may add jobs and read the queue definitions, nothing more. The
 * queue's own work (fetching, completing, maintenance) runs as the owner.
 */
export const JOB_SCHEMA_GRANTS_SQL = `DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${TENANT_ROLE}' AND pg_has_role(current_user, oid, 'MEMBER')) THEN
    GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${TENANT_ROLE};
    GRANT SELECT ON ${JOB_SCHEMA}.queue TO ${TENANT_ROLE};
    GRANT SELECT, INSERT ON ${JOB_SCHEMA}.job TO ${TENANT_ROLE};
  END IF;
END
$$`;
