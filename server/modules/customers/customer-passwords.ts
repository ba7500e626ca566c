import { and, eq } from "drizzle-orm";
import type { Language } from "~shared/language";
import type { Queryable } from "../../db/client";
import { badRequest } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../auth/passwords";
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
  const [updated] = await tx
    .update(customers)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)))
    .returning({ id: customers.id });
  return Boolean(updated);
}

/**
 * Mails a single-use reset link when the email belongs to a customer, after the answer (in the
 * background). The caller answers the same either way; a mail failure is logged, never shown.
 */
export async function requestPasswordReset(
  deps: CustomerSteps,
  companyId: string,
  email: string,
  options: { origin: string; language: Language },
): Promise<void> {
  const row = await findByEmail(deps.db, companyId, email);
  if (!row) return;
  deps.background.run("customer password reset mail", async () => {
    const token = await deps.passwordReset.issue(companyId, row.id);
    const store = await deps.settings.storeInfo(companyId);
    const link = new URL(`/user/reset-password/${encodeURIComponent(token)}`, options.origin).toString();
    try {
      const template = await deps.emailTemplates?.resolve(companyId, "password-reset", options.language);
      await deps.mailer.send(
        passwordResetMail({
          to: row.email,
          name: row.name,
          shopName: store.shopName || "Course Market",
          link,
          language: options.language,
          template,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, customerId: row.id }, "password reset mail could not be sent");
    }
  });
}

/** Sets the new password, uses up the token and ends every session of the customer. */
export function resetPassword(
  deps: Pick<CustomerSteps, "passwordReset">,
  companyId: string,
  input: { token: string; newPassword: string },
): Promise<void> {
  return deps.passwordReset.reset(companyId, input);
}

/** For a signed-in customer: other sessions end, this one continues. */
export async function changePassword(
  deps: Pick<CustomerSteps, "db" | "sessions">,
  companyId: string,
  principal: { customerId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const row = await requireCustomer(deps.db, companyId, principal.customerId);
  const ok = row.passwordHash ? await verifyPassword(row.passwordHash, input.currentPassword) : false;
  if (!ok) {
    throw badRequest("Your current password is not correct.", [
      { path: "currentPassword", message: "Your current password is not correct." },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(customers.id, row.id), eq(customers.companyId, companyId)));
    await deps.sessions.revokeAll("customer", row.id, principal.sessionId, tx);
  });
}
