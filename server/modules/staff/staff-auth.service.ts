import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError, unauthorized } from "../../lib/errors";
import type { AttemptLimits } from "../auth/attempt-limits";
import type { SessionService, StartedSession } from "../auth/sessions.service";
import { type ClientInfo, createPasswordCheck, INVALID_CREDENTIALS, type SignInBody } from "../auth/sign-in";
import { roles, staff } from "./staff.tables";
import type { StaffPrincipal } from "./staff-access";
import type { StaffProfile } from "./staff-auth.schemas";

export const INACTIVE_STAFF = "This staff account is inactive. Please ask an administrator to activate it.";

export interface StaffSignedIn {
  session: StartedSession;
  staff: StaffProfile;
}

/** What the UI shows of a signed-in staff member (never the session id). */
export const profileOf = (principal: StaffPrincipal): StaffProfile => ({
  id: principal.staffId,
  name: principal.name,
  email: principal.email,
  image: principal.image,
  role: principal.role,
  permissions: principal.permissions,
});

/** The readable `adminInfo` cookie: name (with an `en` key), email and image only. */
export const adminInfoOf = (profile: Pick<StaffProfile, "name" | "email" | "image">) => ({
  name: { ...profile.name, en: profile.name.en ?? "" },
  email: profile.email,
  image: profile.image,
});

/** Staff sign-in and sign-out (the staff realm of sessions). */
export function createStaffAuthService(
  db: Db,
  deps: { sessions: SessionService; attemptLimits: AttemptLimits },
) {
  const passwordMatches = createPasswordCheck();

  return {
    /**
     * A new session for an active staff member with this email and password. Unknown emails and wrong
     * passwords fail alike (401); an inactive account with the right password gets 403.
     */
    async login(companyId: string, input: SignInBody, client: ClientInfo): Promise<StaffSignedIn> {
      const attempt = { companyId, ip: client.ip, email: input.email };
      await deps.attemptLimits.check("sign-in", attempt);
      const [row] = await db
        .select({
          id: staff.id,
          email: staff.email,
          name: staff.name,
          image: staff.image,
          status: staff.status,
          passwordHash: staff.passwordHash,
          role: roles.name,
          permissions: roles.permissions,
        })
        .from(staff)
        .innerJoin(roles, eq(roles.id, staff.roleId))
        .where(
          and(eq(staff.companyId, companyId), sql`lower(${staff.email}) = ${input.email.toLowerCase()}`),
        );
      // The password is checked even without a row (against a decoy hash): a miss costs as much as a hit.
      const matches = await passwordMatches(row?.passwordHash, input.password);
      if (!row || !matches) {
        await deps.attemptLimits.failed("sign-in", attempt);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      if (row.status !== "active") throw new AppError(403, "ACCOUNT_INACTIVE", INACTIVE_STAFF);
      const session = await deps.sessions.start({
        companyId,
        realm: "staff",
        subjectId: row.id,
        userAgent: client.userAgent,
        ip: client.ip,
      });
      return {
        session,
        staff: {
          id: row.id,
          name: row.name as Record<string, string>,
          email: row.email,
          image: row.image,
          role: row.role,
          permissions: row.permissions,
        },
      };
    },

    async logout(sessionId: string): Promise<void> {
      await deps.sessions.revoke(sessionId);
    },
  };
}

export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
