import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import type { Queryable } from "../../db/client";
import { badRequest, conflict } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { ClientInfo } from "../auth/sign-in";
import type { MailJob } from "../mail/mail-jobs";
import { passwordResetMail } from "./customer-mails";
import { type CustomerSteps, findByEmail, requireCustomer } from "./customer-records";
import { customers } from "./customers.tables";

/** Stores a customer's new password hash (for the reset links); false when the customer is gone. */
export async function setCustomerPasswordHash(
  tx: Queryable,
  companyId: string,
  customerId: string,
  passwordHash: string,
): Promise<boolean> {
  // A passwordless record (guest or import) whose email has meanwhile become an account's stays
  // passwordless: the account claims it through its own link.
  const [taken] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        sql`lower(${customers.email}) = (select lower(email) from customers where id = ${customerId})`,
        isNotNull(customers.passwordHash),
        ne(customers.id, customerId),
      ),
    );
  if (taken) return false;
  const [updated] = await tx
    .update(customers)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)))
    .returning({ id: customers.id });
  return Boolean(updated);
}

export const CUSTOMER_RESET_MAIL = "customer-password-reset";

interface CustomerResetJob extends MailJob {
  kind: typeof CUSTOMER_RESET_MAIL;
  customerId: string;
  language: Language;
  /** The site address the link points to, as the request's route chose it. */
  origin: string;
}

/** The reset mail, composed when its job runs: the token is issued then, so none waits in the queue. */
export function registerCustomerResetMail(deps: CustomerSteps): void {
  deps.mailJobs.register<CustomerResetJob>(CUSTOMER_RESET_MAIL, async (job) => {
    const [row] = await deps.db
      .select({ id: customers.id, email: customers.email, name: customers.name })
      .from(customers)
      .where(and(eq(customers.companyId, job.companyId), eq(customers.id, job.customerId)));
    if (!row) return null;
    const token = await deps.passwordReset.issue(job.companyId, row.id);
    const store = await deps.settings.storeInfo(job.companyId);
    const link = new URL(`/user/reset-password/${encodeURIComponent(token)}`, job.origin).toString();
    const template = await deps.emailTemplates?.resolve(job.companyId, "password-reset", job.language);
    return passwordResetMail({
      to: row.email,
      name: row.name,
      shopName: store.shopName || "Course Market",
      link,
      language: job.language,
      template,
    });
  });
}

/**
 * Promises a single-use reset link when the email belongs to a customer: a mail job, whose worker
 * issues the token when it sends. The caller answers the same either way.
 */
export async function requestPasswordReset(
  deps: CustomerSteps,
  companyId: string,
  email: string,
  options: { origin: string; language: Language; client: ClientInfo },
): Promise<void> {
  await deps.attemptLimits.check("forgot-password", { companyId, ip: options.client.ip, email });
  const row = await findByEmail(deps.db, companyId, email);
  if (!row) return;
  await deps.mailJobs.enqueue(deps.db, {
    kind: CUSTOMER_RESET_MAIL,
    companyId,
    customerId: row.id,
    language: options.language,
    origin: options.origin,
  } satisfies CustomerResetJob);
  deps.mailJobs.wake();
}

/** Sets the new password, uses up the token and ends every session of the customer. */
export function resetPassword(
  deps: Pick<CustomerSteps, "passwordReset">,
  companyId: string,
  input: { token: string; newPassword: string },
  client: ClientInfo,
): Promise<void> {
  return deps.passwordReset.reset(companyId, input, client);
}

export const CURRENT_PASSWORD_WRONG = "Your current password is not correct.";
export const CURRENT_PASSWORD_MISSING = "Please enter your current password";
export const PASSWORD_EMAIL_TAKEN =
  "An account with this email address already has a password. Sign in to it; the link we mailed there adds these purchases.";

/**
 * For a signed-in customer: other sessions end, this one continues. A customer who never had a
 * password (a guest who signed in with a mailed link) sets one without a current password, and the
 * record becomes an ordinary account.
 */
export async function changePassword(
  deps: Pick<CustomerSteps, "db" | "sessions">,
  companyId: string,
  principal: { customerId: string; sessionId: string },
  input: { currentPassword?: string | undefined; newPassword: string },
): Promise<void> {
  const row = await requireCustomer(deps.db, companyId, principal.customerId);
  if (row.passwordHash) {
    if (!input.currentPassword) {
      throw badRequest(CURRENT_PASSWORD_MISSING, [
        { path: "currentPassword", message: CURRENT_PASSWORD_MISSING },
      ]);
    }
    if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
      throw badRequest(CURRENT_PASSWORD_WRONG, [
        { path: "currentPassword", message: CURRENT_PASSWORD_WRONG },
      ]);
    }
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    if (row.passwordHash) {
      await tx
        .update(customers)
        .set({ passwordHash, updatedAt: new Date() })
        .where(and(eq(customers.id, row.id), eq(customers.companyId, companyId)));
    } else if (!(await setCustomerPasswordHash(tx, companyId, row.id, passwordHash))) {
      throw conflict(PASSWORD_EMAIL_TAKEN, "EMAIL_TAKEN");
    }
    await deps.sessions.revokeAll("customer", row.id, principal.sessionId, tx);
  });
}
