import { and, asc, count, eq } from "drizzle-orm";
import { AREAS, DEFAULT_ROLES, type PermissionMatrix, SUPER_ADMIN_ROLE } from "~shared/permissions";
import type { Db } from "../../db/client";
import { businessRule, notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { Role, UpdateRoleBody } from "./staff.schemas";
import type { StaffActor } from "./staff.service";
import { roles, staff } from "./staff.tables";

export const ROLE_RULES = {
  superAdminLocked: "The Super Admin role always has full access: its permissions cannot be lowered.",
  notFound: "This role does not exist.",
} as const;

/** Every area, with what the stored permissions say (missing areas are "none"). */
const matrixOf = (permissions: Record<string, string>): PermissionMatrix =>
  Object.fromEntries(
    AREAS.map((area) => [
      area,
      permissions[area] === "read" || permissions[area] === "write" ? permissions[area] : "none",
    ]),
  ) as PermissionMatrix;

/** Roles in the order the product lists them (Super Admin first), then others by name. */
const ORDER = new Map(DEFAULT_ROLES.map((role, index) => [role.name, index]));

/** The roles and their permission matrix (which areas each role may read or change). */
export function createRoleService(db: Db, deps: { audit: AuditService }) {
  return {
    async list(companyId: string): Promise<Role[]> {
      const [rows, counts] = await Promise.all([
        db.select().from(roles).where(eq(roles.companyId, companyId)).orderBy(asc(roles.name)),
        db
          .select({ roleId: staff.roleId, value: count() })
          .from(staff)
          .where(eq(staff.companyId, companyId))
          .groupBy(staff.roleId),
      ]);
      const staffCount = new Map(counts.map((row) => [row.roleId, row.value]));
      return rows
        .map((row) => ({
          id: row.id,
          name: row.name,
          permissions: matrixOf(row.permissions),
          locked: row.name === SUPER_ADMIN_ROLE,
          staffCount: staffCount.get(row.id) ?? 0,
        }))
        .sort(
          (a, b) => (ORDER.get(a.name) ?? 99) - (ORDER.get(b.name) ?? 99) || a.name.localeCompare(b.name),
        );
    },

    /** Replaces a role's matrix; the Super Admin role keeps write access everywhere. */
    async update(companyId: string, actor: StaffActor, id: string, input: UpdateRoleBody): Promise<Role> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(roles)
          .where(and(eq(roles.companyId, companyId), eq(roles.id, id)))
          .for("update");
        if (!current) throw notFound(ROLE_RULES.notFound, "ROLE_NOT_FOUND");
        const locked = current.name === SUPER_ADMIN_ROLE;
        if (locked && AREAS.some((area) => input.permissions[area] !== "write")) {
          throw businessRule(ROLE_RULES.superAdminLocked, "SUPER_ADMIN_LOCKED");
        }
        const before = matrixOf(current.permissions);
        const changes = Object.fromEntries(
          AREAS.filter((area) => before[area] !== input.permissions[area]).map((area) => [
            area,
            { from: before[area], to: input.permissions[area] },
          ]),
        );
        if (Object.keys(changes).length > 0) {
          await tx
            .update(roles)
            .set({ permissions: input.permissions, updatedAt: new Date() })
            .where(and(eq(roles.companyId, companyId), eq(roles.id, id)));
          await deps.audit.record(tx, {
            companyId,
            staff: { id: actor.staffId, email: actor.email },
            action: "update",
            entity: "role",
            entityId: id,
            summary: `${current.name} permissions`,
            changes,
          });
        }
        const [staffCount] = await tx
          .select({ value: count() })
          .from(staff)
          .where(and(eq(staff.companyId, companyId), eq(staff.roleId, id)));
        return {
          id,
          name: current.name,
          permissions: { ...input.permissions },
          locked,
          staffCount: staffCount?.value ?? 0,
        };
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
