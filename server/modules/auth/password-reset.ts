import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { badRequest } from "../../lib/errors";
import type { AttemptLimits } from "./attempt-limits";
import { hashPassword } from "./passwords";
import type { SessionService } from "./sessions.service";
import { passwordResetTokens } from "./sessions.tables";
import type { ClientInfo } from "./sign-in";
import { hashToken, newToken } from "./tokens";

/** A reset link works for one hour. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export const RESET_MESSAGES = {
  invalid: "This password reset link is not valid. Please request a new one.",
  expired: "This password reset link has expired. Please request a new one.",
  used: "This password reset link has already been used. Please request a new one.",
} as const;

/** The answer to a forgotten-password request, whether or not the email belongs to an account. */
export const FORGOT_PASSWORD_ANSWER =
  "If an account exists for this email address, we have sent a link to reset the password.";

export type ResetRealm = "customer" | "staff";

/**
 * Single-use password reset links of one realm (customers or staff). The realm's own service finds
 * the account and mails the link; this module issues tokens and consumes them, setting the new
 * password through `setPasswordHash` and ending every session of the account.
 */
export function createPasswordReset(
  db: Db,
  deps: {
    sessions: SessionService;
    attemptLimits: AttemptLimits;
    realm: ResetRealm;
    /** Stores the new hash for the account; false when it no longer exists in the company. */
    setPasswordHash: (tx: Queryable, companyId: string, subjectId: string, hash: string) => Promise<boolean>;
  },
) {
  const { realm } = deps;
  return {
    /** A new token for the account (only its hash is stored), valid for one hour. */
    async issue(companyId: string, subjectId: string): Promise<string> {
      const token = newToken();
      await db.insert(passwordResetTokens).values({
        companyId,
        realm,
        subjectId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
      });
      return token;
    },

    /** Sets the new password, uses up the token and ends every session of the account. */
    async reset(
      companyId: string,
      input: { token: string; newPassword: string },
      client: ClientInfo,
    ): Promise<void> {
      await deps.attemptLimits.check("reset-password", { companyId, ip: client.ip });
      const [found] = await db
        .select()
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(input.token)),
            eq(passwordResetTokens.companyId, companyId),
            eq(passwordResetTokens.realm, realm),
          ),
        );
      if (!found) throw badRequest(RESET_MESSAGES.invalid);
      if (found.usedAt) throw badRequest(RESET_MESSAGES.used);
      if (found.expiresAt.getTime() <= Date.now()) throw badRequest(RESET_MESSAGES.expired);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        // Conditional on still unused: of two concurrent resets with one token, one wins.
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetTokens.id, found.id),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, new Date()),
            ),
          )
          .returning({ id: passwordResetTokens.id });
        if (!used) throw badRequest(RESET_MESSAGES.used);
        if (!(await deps.setPasswordHash(tx, companyId, found.subjectId, passwordHash))) {
          throw badRequest(RESET_MESSAGES.invalid);
        }
        await deps.sessions.revokeAll(realm, found.subjectId, undefined, tx);
      });
    },

    /** Forgets the account's tokens (when the account is deleted). */
    async forget(tx: Queryable, subjectId: string): Promise<void> {
      await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.realm, realm), eq(passwordResetTokens.subjectId, subjectId)));
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
