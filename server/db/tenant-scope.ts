import { AsyncLocalStorage } from "node:async_hooks";
import { isUuid } from "../lib/ids";

/**
 * The tenant scope: while code runs inside `withTenant(companyId, …)`, the database layer sends its
 * queries as the role {@link TENANT_ROLE} with `app.company_id` set, and PostgreSQL's row-level
 * security lets them see and write only that company's rows (the second wall; the first is the
 * `company_id` condition every query has). The tenancy plugin enters the scope for each request once
 * its company is known.
 *
 * Outside any scope queries run as the table owner, which the policies do not restrict. That is where
 * work that must cross companies runs:
 * - company resolution (`companies.resolve`, before the scope is entered; `companies` has no policy),
 * - the Stripe webhook (`tenant: false`: the company comes from the payment it names),
 * - health checks and other `tenant: false` routes,
 * - migrations, the seed, backups and restores, and scripts,
 * - anything a test does with the database directly.
 * Request code that ever needs the owner again calls {@link runUnscoped} explicitly.
 */
const scope = new AsyncLocalStorage<string | null>();

/** The NOLOGIN role the policies apply to (migration 0004). Roles are per server, so the name is fixed. */
export const TENANT_ROLE = "course_market_tenant";

/** The company id checked last: nearly every request is for the same few companies (decision 036). */
let lastChecked = "";

/** Runs `fn` (and everything it starts) inside the company's scope. */
export function withTenant<T>(companyId: string, fn: () => T): T {
  if (companyId !== lastChecked) {
    if (!isUuid(companyId)) throw new Error(`Not a company id: ${companyId}`);
    lastChecked = companyId;
  }
  return scope.run(companyId, fn);
}

/** Runs `fn` as the table owner, outside any tenant's scope: for work that must cross companies. */
export function runUnscoped<T>(fn: () => T): T {
  return scope.run(null, fn);
}

/** The company whose scope the caller runs in, or null outside any scope. */
export function currentTenant(): string | null {
  return scope.getStore() ?? null;
}

/**
 * The SQL (simple protocol, several statements) that puts a connection's session into the state for
 * `companyId`, or back to the owner for null. Session-level settings made outside a transaction: a
 * later rollback does not undo them.
 */
export function sessionStateSql(companyId: string | null): string {
  if (companyId === null) return "reset role; reset app.company_id";
  if (!isUuid(companyId)) throw new Error(`Not a company id: ${companyId}`);
  return `set role ${TENANT_ROLE}; set app.company_id = '${companyId}'`;
}

/** Whether the database has the second wall up and this connection may use it. */
export const TENANT_WALL_SQL = `select exists (
  select 1 from pg_policies
  where schemaname = current_schema() and policyname = 'tenant_isolation'
) and exists (
  select 1 from pg_roles where rolname = '${TENANT_ROLE}' and pg_has_role(current_user, oid, 'MEMBER')
) as "up"`;
