import { and, eq } from "drizzle-orm";
import type { PermissionLevel } from "~shared/permissions";
import { allows } from "~shared/permissions";
import type { Db } from "../../db/client";
import type { ActiveSession } from "../auth/sessions.service";
import { roles, staff } from "./staff.tables";

/** A signed-in, active staff member and what their role allows. */
export interface StaffPrincipal {
  sessionId: string;
  staffId: string;
  email: string;
  name: Record<string, string>;
  image: string | null;
  role: string;
  permissions: Record<string, PermissionLevel>;
}

export { allows };

export function createStaffAccessService(db: Db) {
  return {
    /** The staff member behind a staff session; null when the account is gone or inactive. */
    async principalFor(session: ActiveSession): Promise<StaffPrincipal | null> {
      if (session.realm !== "staff" || !session.subjectId) return null;
      const [row] = await db
        .select({
          id: staff.id,
          email: staff.email,
          name: staff.name,
          image: staff.image,
          status: staff.status,
          role: roles.name,
          permissions: roles.permissions,
        })
        .from(staff)
        .innerJoin(roles, eq(roles.id, staff.roleId))
        .where(and(eq(staff.id, session.subjectId), eq(staff.companyId, session.companyId)));
      if (row?.status !== "active") return null;
      return {
        sessionId: session.id,
        staffId: row.id,
        email: row.email,
        name: row.name as Record<string, string>,
        image: row.image,
        role: row.role,
        permissions: row.permissions,
      };
    },
  };
}
