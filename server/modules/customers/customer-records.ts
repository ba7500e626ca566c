import { and, count, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { conflict, notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { AttemptLimits } from "../auth/attempt-limits";
import type { PasswordReset } from "../auth/password-reset";
import type { SessionService } from "../auth/sessions.service";
import type { EmailTemplatesService } from "../content/email-templates.service";
import type { MailJobs } from "../mail/mail-jobs";
import { enrolments } from "../orders/orders.tables";
import type { createSettingsService } from "../settings/settings.service";
import type { Customer } from "./customers.schemas";
import { customers } from "./customers.tables";

/** The staff member making a back-office change (recorded in the audit log). */
export interface StaffActor {
  id: string;
  email: string;
}

export interface CustomerServiceDeps {
  sessions: SessionService;
  /** Sign-in, sign-up and password attempts are limited here, whatever URL reached them. */
  attemptLimits: AttemptLimits;
  audit: AuditService;
  /** The reset mail is a durable job: the answer never waits for it, so its timing tells nothing. */
  mailJobs: Pick<MailJobs, "enqueue" | "wake" | "register">;
  settings: ReturnType<typeof createSettingsService>;
  /** The school's saved mail wording; without it the built-in text is sent. */
  emailTemplates?: Pick<EmailTemplatesService, "resolve">;
  log: { error(obj: object, msg: string): void };
}

/** What the customer steps (accounts, passwords, profile, admin) share: the service's deps and helpers. */
export interface CustomerSteps extends CustomerServiceDeps {
  db: Db;
  /** Verifies a password against a hash, or a decoy hash when there is none: a miss costs as much as a hit. */
  passwordMatches(hash: string | null | undefined, password: string): Promise<boolean>;
  /** Single-use reset links of the customer realm. */
  passwordReset: PasswordReset;
}

export type CustomerRow = typeof customers.$inferSelect;

export const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  image: row.image,
  hasPassword: row.passwordHash !== null,
  createdAt: row.createdAt.toISOString(),
});

/** Postgres unique violation on the company+email index. */
export function isDuplicateEmail(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === "23505";
}

export const duplicateEmail = () =>
  conflict("A customer with this email address already exists.", "EMAIL_TAKEN");

/** An audit entry about a customer, when a staff member made the change. */
export function recordChange(
  deps: Pick<CustomerSteps, "audit">,
  tx: Queryable,
  companyId: string,
  actor: StaffActor | null | undefined,
  entry: {
    action: "create" | "update" | "delete";
    entityId: string | null;
    summary: string;
    changes?: Record<string, unknown>;
  },
): Promise<void> {
  return actor
    ? deps.audit.record(tx, { companyId, staff: actor, entity: "customer", ...entry })
    : Promise.resolve();
}

/**
 * The customer with this email in the company, in any case: the account when there is one, else the
 * passwordless record (a guest checkout's or an import's). Both may exist until the account claims
 * the record through the link mailed to the address.
 */
export async function findByEmail(
  tx: Queryable,
  companyId: string,
  email: string,
): Promise<CustomerRow | undefined> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), sql`lower(${customers.email}) = ${email.toLowerCase()}`))
    .orderBy(sql`${customers.passwordHash} is null`)
    .limit(1);
  return row;
}

/** Refuses an email another customer record of the company has (an account or a guest's). */
export async function assertEmailFree(
  tx: Queryable,
  companyId: string,
  email: string,
  exceptId?: string,
): Promise<void> {
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), sql`lower(${customers.email}) = ${email.toLowerCase()}`));
  if (rows.some((row) => row.id !== exceptId)) throw duplicateEmail();
}

export async function findCustomer(
  tx: Queryable,
  companyId: string,
  id: string,
): Promise<CustomerRow | undefined> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
  return row;
}

export async function requireCustomer(tx: Queryable, companyId: string, id: string): Promise<CustomerRow> {
  const row = await findCustomer(tx, companyId, id);
  if (!row) throw notFound("No such customer exists.", "CUSTOMER_NOT_FOUND");
  return row;
}

/** How many courses the customer is enrolled in. */
export async function countEnrolments(tx: Queryable, companyId: string, customerId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(enrolments)
    .where(and(eq(enrolments.companyId, companyId), eq(enrolments.customerId, customerId)));
  return row?.value ?? 0;
}
