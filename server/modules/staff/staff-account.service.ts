import { and, eq, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { AttemptLimits } from "../auth/attempt-limits";
import { createPasswordReset, type PasswordReset } from "../auth/password-reset";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { SessionService } from "../auth/sessions.service";
import type { ClientInfo } from "../auth/sign-in";
import { passwordResetMail } from "../customers/customer-mails";
import type { MailJob, MailJobs } from "../mail/mail-jobs";
import type { SettingsService } from "../settings/settings.service";
import type { ChangePasswordBody, ProfileBody } from "./staff.schemas";
import { staff } from "./staff.tables";
import type { StaffPrincipal } from "./staff-access";

export const CURRENT_PASSWORD_WRONG = "Your current password is not correct.";

/** Password reset links of the staff realm (the shared module, storing into `staff`). */
export function createStaffPasswordReset(
  db: Db,
  sessions: SessionService,
  attemptLimits: AttemptLimits,
): PasswordReset {
  return createPasswordReset(db, {
    sessions,
    attemptLimits,
    realm: "staff",
    async setPasswordHash(tx, companyId, staffId, passwordHash) {
      const [updated] = await tx
        .update(staff)
        .set({ passwordHash, updatedAt: new Date() })
        .where(and(eq(staff.id, staffId), eq(staff.companyId, companyId)))
        .returning({ id: staff.id });
      return Boolean(updated);
    },
  });
}

export interface StaffAccountDeps {
  sessions: SessionService;
  /** Forgot-password attempts are limited here, whatever URL reached them. */
  attemptLimits: AttemptLimits;
  audit: AuditService;
  /** The reset mail is a durable job: the answer never waits for it, so its timing tells nothing. */
  mailJobs: Pick<MailJobs, "enqueue" | "wake" | "register">;
  settings: SettingsService;
  passwordReset: PasswordReset;
}

export const STAFF_RESET_MAIL = "staff-password-reset";

interface StaffResetJob extends MailJob {
  kind: typeof STAFF_RESET_MAIL;
  staffId: string;
  language: Language;
  origin: string;
}

const actorOf = (principal: StaffPrincipal) => ({ id: principal.staffId, email: principal.email });

/** A staff member's own account: profile, password, forgotten password. */
export function createStaffAccountService(db: Db, deps: StaffAccountDeps) {
  deps.mailJobs.register<StaffResetJob>(STAFF_RESET_MAIL, async (job) => {
    const [row] = await db
      .select({ id: staff.id, email: staff.email, name: staff.name, status: staff.status })
      .from(staff)
      .where(and(eq(staff.companyId, job.companyId), eq(staff.id, job.staffId)));
    if (row?.status !== "active") return null;
    const token = await deps.passwordReset.issue(job.companyId, row.id);
    const store = await deps.settings.storeInfo(job.companyId);
    const link = new URL(`/reset-password/${encodeURIComponent(token)}`, job.origin).toString();
    return passwordResetMail({
      to: row.email,
      name: (row.name as Record<string, string>)[job.language] || row.name.en || row.email,
      shopName: store.shopName || "Course Market",
      link,
      language: job.language,
    });
  });

  return {
    /** Name (translatable) and image address; returns what the adminInfo cookie mirrors. */
    async updateProfile(companyId: string, principal: StaffPrincipal, input: ProfileBody) {
      return db.transaction(async (tx) => {
        const patch: Partial<typeof staff.$inferInsert> = { name: input.name };
        if (input.image !== undefined) patch.image = input.image || null;
        const [row] = await tx
          .update(staff)
          .set({ ...patch, updatedAt: new Date() })
          .where(and(eq(staff.companyId, companyId), eq(staff.id, principal.staffId)))
          .returning({ name: staff.name, email: staff.email, image: staff.image });
        if (!row) throw notFound("No such staff member exists.", "STAFF_NOT_FOUND");
        await deps.audit.record(tx, {
          companyId,
          staff: actorOf(principal),
          action: "update",
          entity: "staff",
          entityId: principal.staffId,
          summary: `${principal.email} updated their profile`,
          changes: {
            name: { from: principal.name, to: input.name },
            ...(input.image !== undefined ? { image: { from: principal.image, to: patch.image } } : {}),
          },
        });
        return { name: row.name as Record<string, string>, email: row.email, image: row.image };
      });
    },

    /** Checks the current password; the other sessions of the staff member end, this one continues. */
    async changePassword(companyId: string, principal: StaffPrincipal, input: ChangePasswordBody) {
      const [row] = await db
        .select({ passwordHash: staff.passwordHash })
        .from(staff)
        .where(and(eq(staff.companyId, companyId), eq(staff.id, principal.staffId)));
      const ok = row?.passwordHash ? await verifyPassword(row.passwordHash, input.currentPassword) : false;
      if (!ok) {
        throw badRequest(CURRENT_PASSWORD_WRONG, [
          { path: "currentPassword", message: CURRENT_PASSWORD_WRONG },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(staff)
          .set({ passwordHash, updatedAt: new Date() })
          .where(and(eq(staff.companyId, companyId), eq(staff.id, principal.staffId)));
        await deps.sessions.revokeAll("staff", principal.staffId, principal.sessionId, tx);
        await deps.audit.record(tx, {
          companyId,
          staff: actorOf(principal),
          action: "update",
          entity: "staff",
          entityId: principal.staffId,
          summary: `${principal.email} changed their password`,
        });
      });
    },

    /** Mails a reset link to an active staff member's address; the caller answers the same either way. */
    async requestPasswordReset(
      companyId: string,
      email: string,
      options: { origin: string; language: Language; client: ClientInfo },
    ): Promise<void> {
      await deps.attemptLimits.check("forgot-password", { companyId, ip: options.client.ip, email });
      const [row] = await db
        .select({ id: staff.id, email: staff.email, name: staff.name, status: staff.status })
        .from(staff)
        .where(and(eq(staff.companyId, companyId), sql`lower(${staff.email}) = ${email.toLowerCase()}`));
      if (row?.status !== "active") return;
      await deps.mailJobs.enqueue(db, {
        kind: STAFF_RESET_MAIL,
        companyId,
        staffId: row.id,
        language: options.language,
        origin: options.origin,
      } satisfies StaffResetJob);
      deps.mailJobs.wake();
    },

    resetPassword(
      companyId: string,
      input: { token: string; newPassword: string },
      client: ClientInfo,
    ): Promise<void> {
      return deps.passwordReset.reset(companyId, input, client);
    },
  };
}

export type StaffAccountService = ReturnType<typeof createStaffAccountService>;
