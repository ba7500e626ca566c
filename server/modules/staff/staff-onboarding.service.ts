import { and, desc, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import { SUPER_ADMIN_ROLE } from "~shared/permissions";
import type { Db, Queryable } from "../../db/client";
import { businessRule, conflict, forbidden, notFound } from "../../lib/errors";
import type { AuditRecord, AuditService } from "../audit/audit.service";
import { fieldChanges } from "../audit/audit-changes";
import type { AttemptLimits } from "../auth/attempt-limits";
import { hashPassword } from "../auth/passwords";
import type { SessionService } from "../auth/sessions.service";
import type { ClientInfo } from "../auth/sign-in";
import { hashToken, newToken } from "../auth/tokens";
import type { MailJob, MailJobs } from "../mail/mail-jobs";
import type { SettingsService } from "../settings/settings.service";
import type { AdminInviteStaff, Invitation, PendingInvitation, StaffSignupBody } from "./staff.schemas";
import { isUniqueViolation, STAFF_RULES, type StaffActor } from "./staff.service";
import { roles, staff, staffInvitations } from "./staff.tables";
import type { StaffSignedIn } from "./staff-auth.service";
import { invitationMail } from "./staff-mails";

/** An invitation link works for 7 days. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The settings group that opens `/signup` to anyone (closed unless an admin opens it). */
/** The settings group (edited on /store/store-settings) whose `staffSignupOpen` opens sign-up. */
export const STAFF_SIGNUP_SETTINGS = "store";
/** The role (by name) of accounts made through an open sign-up, unless the settings name another. */
export const OPEN_SIGNUP_DEFAULT_ROLE = "Security Guard";

export const ONBOARDING_MESSAGES = {
  closed:
    "Staff accounts can only be created with an invitation from an administrator. Please ask an administrator of the school to invite you.",
  invitationInvalid: "This invitation link is not valid. Please ask an administrator for a new invitation.",
  invitationExpired: "This invitation has expired. Please ask an administrator for a new invitation.",
  invitationUsed: "This invitation has already been used. Please sign in.",
  invitationRevoked:
    "This invitation has been withdrawn by an administrator. Please ask them if you should still join.",
  noPendingInvitation: "No such pending invitation exists: it was accepted, withdrawn or never made.",
  emailMismatch: "Please sign up with the email address the invitation was sent to.",
  alreadyStaff: "A staff member with this email address already exists.",
  pendingActivation:
    "Your account has been created. An administrator must activate it before you can sign in.",
} as const;

export interface SignupResult {
  /** Signed in straight away (invitation), or waiting for an admin to activate the account. */
  signedIn: StaffSignedIn | null;
}

export interface OnboardingDeps {
  sessions: SessionService;
  /** Sign-up attempts are limited here, whatever URL reached them. */
  attemptLimits: AttemptLimits;
  audit: AuditService;
  /** The invitation mail is a durable job enqueued with the invitation. */
  mailJobs: Pick<MailJobs, "enqueue" | "wake" | "register">;
  settings: SettingsService;
  log: { error(obj: object, msg: string): void };
}

/** Invitations by email and the staff sign-up (`/signup`) they lead to. */
export const STAFF_INVITATION_MAIL = "staff-invitation";

interface InvitationJob extends MailJob {
  kind: typeof STAFF_INVITATION_MAIL;
  invitationId: string;
  invitedBy: string;
  language: Language;
  origin: string;
}

export function createStaffOnboarding(db: Db, deps: OnboardingDeps) {
  /**
   * The invitation mail, composed when its job runs: it gives the invitation a new token (only its
   * hash is stored, so no token waits in the queue) and mails the link, while the invitation is open.
   */
  deps.mailJobs.register<InvitationJob>(STAFF_INVITATION_MAIL, async (job) => {
    const token = newToken();
    const [row] = await db
      .update(staffInvitations)
      .set({ tokenHash: hashToken(token) })
      .where(
        and(
          eq(staffInvitations.companyId, job.companyId),
          eq(staffInvitations.id, job.invitationId),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, new Date()),
        ),
      )
      .returning({
        email: staffInvitations.email,
        name: staffInvitations.name,
        roleId: staffInvitations.roleId,
      });
    if (!row) return null;
    const [role] = await db.select({ name: roles.name }).from(roles).where(eq(roles.id, row.roleId));
    const store = await deps.settings.storeInfo(job.companyId);
    return invitationMail({
      to: row.email,
      name: row.name,
      role: role?.name ?? "",
      shopName: store.shopName || "Course Market",
      invitedBy: job.invitedBy,
      link: new URL(`/signup?invitation=${encodeURIComponent(token)}`, job.origin).toString(),
      language: job.language,
    });
  });

  async function openSignup(companyId: string): Promise<{ open: boolean; role: string }> {
    const value = await deps.settings.read(companyId, STAFF_SIGNUP_SETTINGS);
    return {
      open: value.staffSignupOpen === true,
      role:
        typeof value.staffSignupRole === "string" && value.staffSignupRole
          ? value.staffSignupRole
          : OPEN_SIGNUP_DEFAULT_ROLE,
    };
  }

  /** The invitation behind a token, checked; throws the message the sign-up page shows. */
  async function validInvitation(companyId: string, token: string) {
    const [row] = await db
      .select({
        id: staffInvitations.id,
        email: staffInvitations.email,
        name: staffInvitations.name,
        roleId: staffInvitations.roleId,
        role: roles.name,
        expiresAt: staffInvitations.expiresAt,
        acceptedAt: staffInvitations.acceptedAt,
        revokedAt: staffInvitations.revokedAt,
      })
      .from(staffInvitations)
      .innerJoin(roles, eq(roles.id, staffInvitations.roleId))
      .where(
        and(eq(staffInvitations.companyId, companyId), eq(staffInvitations.tokenHash, hashToken(token))),
      );
    if (!row) throw businessRule(ONBOARDING_MESSAGES.invitationInvalid, "INVITATION_INVALID");
    if (row.acceptedAt) throw businessRule(ONBOARDING_MESSAGES.invitationUsed, "INVITATION_USED");
    if (row.revokedAt) throw businessRule(ONBOARDING_MESSAGES.invitationRevoked, "INVITATION_REVOKED");
    if (row.expiresAt.getTime() <= Date.now()) {
      throw businessRule(ONBOARDING_MESSAGES.invitationExpired, "INVITATION_EXPIRED");
    }
    return row;
  }

  /**
   * Stores an invitation (token hashed, 7 days) and, in the same transaction, the job that mails its
   * `/signup?invitation=` link (retried until the mail server takes it); a staff member's is audited.
   */
  async function storeInvitation(
    companyId: string,
    input: { email: string; name?: string | undefined },
    findRole: (tx: Queryable) => Promise<{ id: string; name: string }>,
    by: { actor: StaffActor | null; label: string },
    options: { origin: string; language: Language },
  ): Promise<Invitation> {
    const created = await db.transaction(async (tx) => {
      const role = await findRole(tx);
      const [existing] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.companyId, companyId), sql`lower(${staff.email}) = ${input.email}`));
      if (existing) throw conflict(ONBOARDING_MESSAGES.alreadyStaff, "EMAIL_TAKEN");
      const [row] = await tx
        .insert(staffInvitations)
        .values({
          companyId,
          email: input.email,
          name: input.name ?? "",
          roleId: role.id,
          // A placeholder until the mail job gives the invitation the token it mails.
          tokenHash: hashToken(newToken()),
          invitedBy: by.actor?.staffId ?? null,
          expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
        })
        .returning();
      if (by.actor) {
        await deps.audit.record(tx, {
          companyId,
          staff: { id: by.actor.staffId, email: by.actor.email },
          action: "create",
          entity: "staff_invitation",
          entityId: row!.id,
          summary: `${input.email} (${role.name})`,
          changes: { role: role.name },
        });
      }
      await deps.mailJobs.enqueue(tx, {
        kind: STAFF_INVITATION_MAIL,
        companyId,
        invitationId: row!.id,
        invitedBy: by.label,
        language: options.language,
        origin: options.origin,
      } satisfies InvitationJob);
      return { row: row!, role: role.name };
    });
    deps.mailJobs.wake();
    return {
      id: created.row.id,
      email: created.row.email,
      name: created.row.name,
      role: created.role,
      expiresAt: created.row.expiresAt.toISOString(),
    };
  }

  /** Open invitations (neither accepted nor withdrawn) of this company: `where` narrows them. */
  const open = (companyId: string, ...where: SQL[]) =>
    and(
      eq(staffInvitations.companyId, companyId),
      isNull(staffInvitations.acceptedAt),
      isNull(staffInvitations.revokedAt),
      ...where,
    );

  /** A staff member's change to an invitation, in the audit log. */
  const auditInvitation = (
    tx: Queryable,
    companyId: string,
    actor: StaffActor,
    id: string,
    entry: Pick<AuditRecord, "action" | "summary" | "changes">,
  ) =>
    deps.audit.record(tx, {
      companyId,
      staff: { id: actor.staffId, email: actor.email },
      entity: "staff_invitation",
      entityId: id,
      ...entry,
    });

  return {
    openSignup,

    /** Invitations waiting for an answer (expired ones too, so they can be sent again), newest first. */
    async pendingInvitations(companyId: string): Promise<PendingInvitation[]> {
      const rows = await db
        .select({
          id: staffInvitations.id,
          email: staffInvitations.email,
          name: staffInvitations.name,
          role: roles.name,
          expiresAt: staffInvitations.expiresAt,
          createdAt: staffInvitations.createdAt,
        })
        .from(staffInvitations)
        .innerJoin(roles, eq(roles.id, staffInvitations.roleId))
        .where(open(companyId))
        .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
      const now = Date.now();
      return rows.map((row) => ({
        ...row,
        expiresAt: row.expiresAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
        expired: row.expiresAt.getTime() <= now,
      }));
    },

    /**
     * Sends an open invitation again: the link mailed before stops working at once (a new token),
     * it runs 7 days from now, and the mail is a durable job enqueued with the change.
     */
    async resendInvitation(
      companyId: string,
      actor: StaffActor,
      id: string,
      options: { origin: string; language: Language },
    ): Promise<Invitation> {
      const sent = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ expiresAt: staffInvitations.expiresAt })
          .from(staffInvitations)
          .where(open(companyId, eq(staffInvitations.id, id)))
          .for("update");
        if (!before) throw notFound(ONBOARDING_MESSAGES.noPendingInvitation, "INVITATION_NOT_FOUND");
        const [row] = await tx
          .update(staffInvitations)
          .set({
            tokenHash: hashToken(newToken()),
            expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
          })
          .where(eq(staffInvitations.id, id))
          .returning();
        const [role] = await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, row!.roleId));
        await auditInvitation(tx, companyId, actor, id, {
          action: "update",
          summary: `${row!.email}: invitation sent again`,
          changes: fieldChanges(before, { expiresAt: row!.expiresAt }, ["expiresAt"]),
        });
        await deps.mailJobs.enqueue(tx, {
          kind: STAFF_INVITATION_MAIL,
          companyId,
          invitationId: id,
          invitedBy: actor.email,
          language: options.language,
          origin: options.origin,
        } satisfies InvitationJob);
        return { row: row!, role: role?.name ?? "" };
      });
      deps.mailJobs.wake();
      return {
        id: sent.row.id,
        email: sent.row.email,
        name: sent.row.name,
        role: sent.role,
        expiresAt: sent.row.expiresAt.toISOString(),
      };
    },

    /** Withdraws an open invitation: its link then answers that it was withdrawn. */
    async revokeInvitation(companyId: string, actor: StaffActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(staffInvitations)
          .set({ revokedAt: new Date() })
          .where(open(companyId, eq(staffInvitations.id, id)))
          .returning({ email: staffInvitations.email });
        if (!row) throw notFound(ONBOARDING_MESSAGES.noPendingInvitation, "INVITATION_NOT_FOUND");
        await auditInvitation(tx, companyId, actor, id, {
          action: "delete",
          summary: `${row.email}: invitation withdrawn`,
        });
      });
    },

    /** What the sign-up page shows for an invitation link. */
    async invitation(companyId: string, token: string): Promise<Invitation> {
      const row = await validInvitation(companyId, token);
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * Stores an invitation (token hashed, 7 days) and, in the same transaction, the job that mails
     * its `/signup?invitation=` link (retried until the mail server takes it).
     */
    async invite(
      companyId: string,
      actor: StaffActor,
      input: AdminInviteStaff,
      options: { origin: string; language: Language },
    ): Promise<Invitation> {
      const findRole = async (tx: Queryable) => {
        const [role] = await tx
          .select({ id: roles.id, name: roles.name })
          .from(roles)
          .where(and(eq(roles.companyId, companyId), eq(roles.id, input.roleId)));
        if (!role) throw businessRule(STAFF_RULES.noSuchRole, "ROLE_NOT_FOUND");
        if (role.name === SUPER_ADMIN_ROLE && actor.role !== SUPER_ADMIN_ROLE) {
          throw forbidden(STAFF_RULES.superAdminOnly);
        }
        return role;
      };
      return storeInvitation(companyId, input, findRole, { actor, label: actor.email }, options);
    },

    /**
     * A platform operator invites a school's Super Admin (its first one: the school has no staff to
     * invite anyone yet).
     */
    async inviteFirstSuperAdmin(
      companyId: string,
      input: { email: string; name?: string | undefined },
      options: { origin: string; language: Language; invitedBy: string },
    ): Promise<Invitation> {
      const findRole = async (tx: Queryable) => {
        const [role] = await tx
          .select({ id: roles.id, name: roles.name })
          .from(roles)
          .where(and(eq(roles.companyId, companyId), eq(roles.name, SUPER_ADMIN_ROLE)));
        if (!role) throw businessRule(STAFF_RULES.noSuchRole, "ROLE_NOT_FOUND");
        return role;
      };
      const by = { actor: null, label: options.invitedBy };
      return storeInvitation(
        companyId,
        { ...input, email: input.email.toLowerCase() },
        findRole,
        by,
        options,
      );
    },

    /**
     * `/signup`: with a valid invitation the account gets the invited role and is signed in; without
     * one only when the settings open sign-up, and then it waits (inactive) for an admin.
     */
    async signup(companyId: string, input: StaffSignupBody, client: ClientInfo): Promise<SignupResult> {
      await deps.attemptLimits.check("sign-up", { companyId, ip: client.ip, email: input.email });
      const invitation = input.invitation ? await validInvitation(companyId, input.invitation) : null;
      if (invitation && invitation.email.toLowerCase() !== input.email) {
        throw businessRule(ONBOARDING_MESSAGES.emailMismatch, "INVITATION_EMAIL_MISMATCH");
      }
      const open = invitation ? null : await openSignup(companyId);
      if (open && !open.open) throw forbidden(ONBOARDING_MESSAGES.closed);
      const passwordHash = await hashPassword(input.password);
      try {
        const created = await db.transaction(async (tx) => {
          let roleId: string;
          let roleName: string;
          if (invitation) {
            const [accepted] = await tx
              .update(staffInvitations)
              .set({ acceptedAt: new Date() })
              .where(
                and(
                  eq(staffInvitations.id, invitation.id),
                  isNull(staffInvitations.acceptedAt),
                  isNull(staffInvitations.revokedAt),
                  gt(staffInvitations.expiresAt, new Date()),
                ),
              )
              .returning({ id: staffInvitations.id });
            if (!accepted) throw businessRule(ONBOARDING_MESSAGES.invitationUsed, "INVITATION_USED");
            roleId = invitation.roleId;
            roleName = invitation.role;
          } else {
            const [role] = await tx
              .select({ id: roles.id, name: roles.name })
              .from(roles)
              .where(and(eq(roles.companyId, companyId), eq(roles.name, open!.role)));
            if (!role) throw businessRule(STAFF_RULES.noSuchRole, "ROLE_NOT_FOUND");
            roleId = role.id;
            roleName = role.name;
          }
          const status = invitation ? "active" : "inactive";
          const [row] = await tx
            .insert(staff)
            .values({ companyId, name: { en: input.name }, email: input.email, passwordHash, roleId, status })
            .returning();
          await deps.audit.record(tx, {
            companyId,
            staff: { id: row!.id, email: row!.email },
            action: "create",
            entity: "staff",
            entityId: row!.id,
            summary: `${row!.email} (${roleName}) signed up${invitation ? " with an invitation" : ""}`,
            changes: { role: roleName, status },
          });
          return { row: row!, roleName };
        });
        if (!invitation) return { signedIn: null };
        const session = await deps.sessions.start({
          companyId,
          realm: "staff",
          subjectId: created.row.id,
          userAgent: client.userAgent,
          ip: client.ip,
        });
        const [role] = await db
          .select({ permissions: roles.permissions })
          .from(roles)
          .where(eq(roles.id, created.row.roleId));
        return {
          signedIn: {
            session,
            staff: {
              id: created.row.id,
              name: created.row.name as Record<string, string>,
              email: created.row.email,
              image: created.row.image,
              role: created.roleName,
              permissions: role?.permissions ?? {},
            },
          },
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(ONBOARDING_MESSAGES.alreadyStaff, "EMAIL_TAKEN");
        throw error;
      }
    },
  };
}

export type StaffOnboarding = ReturnType<typeof createStaffOnboarding>;
