import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import { SUPER_ADMIN_ROLE } from "~shared/permissions";
import type { Db, Queryable } from "../../db/client";
import { businessRule, conflict, forbidden, notFound } from "../../lib/errors";
import { containsPattern, type ListPage, listPage, pageOffset } from "../../lib/list-query";
import type { AuditService } from "../audit/audit.service";
import type { PasswordReset } from "../auth/password-reset";
import { hashPassword } from "../auth/passwords";
import type { SessionService } from "../auth/sessions.service";
import type { AdminCreateStaff, AdminListStaffQuery, AdminUpdateStaff, StaffMember } from "./staff.schemas";
import { roles, staff } from "./staff.tables";

/** Who is making a change: for the audit log and the self rules. */
export interface StaffActor {
  staffId: string;
  email: string;
  role: string;
}

export const STAFF_RULES = {
  deleteSelf: "You cannot delete your own account.",
  deactivateSelf: "You cannot deactivate your own account.",
  changeOwnRole: "You cannot change your own role.",
  lastSuperAdmin: "This is the last active Super Admin: the school needs at least one.",
  superAdminOnly: "Only a Super Admin can give, change or remove the Super Admin role.",
  emailTaken: "A staff member with this email address already exists.",
  noSuchRole: "This role does not exist.",
  notFound: "No such staff member exists.",
} as const;

const memberColumns = {
  id: staff.id,
  name: staff.name,
  email: staff.email,
  phone: staff.phone,
  image: staff.image,
  roleId: staff.roleId,
  role: roles.name,
  status: staff.status,
  posStatus: staff.posStatus,
  hasPin: sql<boolean>`${staff.pinHash} is not null`,
  joinedAt: staff.joinedAt,
};

type MemberRow = {
  id: string;
  name: Record<string, string | undefined>;
  email: string;
  phone: string | null;
  image: string | null;
  roleId: string;
  role: string;
  status: "active" | "inactive";
  posStatus: "active" | "inactive";
  hasPin: boolean;
  joinedAt: Date;
};

export const toMember = (row: MemberRow): StaffMember => ({
  ...row,
  name: Object.fromEntries(Object.entries(row.name).filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >,
  joinedAt: row.joinedAt.toISOString(),
});

const SORTS = {
  name: sql`lower(${staff.name}->>'en')`,
  email: sql`lower(${staff.email})`,
  joinedAt: staff.joinedAt,
  role: roles.name,
  status: staff.status,
} as const;

/** Postgres unique violation (the company+email index). */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === "23505";
}

export interface StaffServiceDeps {
  sessions: SessionService;
  audit: AuditService;
  passwordReset: PasswordReset;
}

/** The school's staff list: who works in the back office, in which role, and the rules around it. */
export function createStaffService(db: Db, deps: StaffServiceDeps) {
  const { audit, sessions } = deps;

  async function member(tx: Queryable, companyId: string, id: string): Promise<MemberRow | undefined> {
    const [row] = await tx
      .select(memberColumns)
      .from(staff)
      .innerJoin(roles, eq(roles.id, staff.roleId))
      .where(and(eq(staff.companyId, companyId), eq(staff.id, id)));
    return row as MemberRow | undefined;
  }

  async function requireMember(tx: Queryable, companyId: string, id: string): Promise<MemberRow> {
    const row = await member(tx, companyId, id);
    if (!row) throw notFound(STAFF_RULES.notFound, "STAFF_NOT_FOUND");
    return row;
  }

  async function requireRole(tx: Queryable, companyId: string, roleId: string) {
    const [role] = await tx
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)));
    if (!role) throw businessRule(STAFF_RULES.noSuchRole, "ROLE_NOT_FOUND");
    return role;
  }

  /** Active Super Admins other than `exceptId`, counted under a lock so two removals cannot race. */
  async function otherActiveSuperAdmins(tx: Queryable, companyId: string, exceptId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`super-admins:${companyId}`}))`);
    const [row] = await tx
      .select({ value: count() })
      .from(staff)
      .innerJoin(roles, eq(roles.id, staff.roleId))
      .where(
        and(
          eq(staff.companyId, companyId),
          eq(roles.name, SUPER_ADMIN_ROLE),
          eq(staff.status, "active"),
          ne(staff.id, exceptId),
        ),
      );
    return row?.value ?? 0;
  }

  const actorOf = (actor: StaffActor) => ({ id: actor.staffId, email: actor.email });

  return {
    async list(companyId: string, query: AdminListStaffQuery): Promise<ListPage<StaffMember>> {
      const conditions: SQL[] = [eq(staff.companyId, companyId)];
      if (query.roleId) conditions.push(eq(staff.roleId, query.roleId));
      if (query.status) conditions.push(eq(staff.status, query.status));
      if (query.searchText) {
        const pattern = containsPattern(query.searchText);
        conditions.push(
          or(
            sql`${staff.name}::text ilike ${pattern}`,
            ilike(staff.email, pattern),
            ilike(staff.phone, pattern),
          )!,
        );
      }
      const where = and(...conditions);
      const direction = query.order === "desc" ? desc : asc;
      const sort = query.sort ? direction(SORTS[query.sort]) : desc(staff.joinedAt);
      const [rows, [total]] = await Promise.all([
        db
          .select(memberColumns)
          .from(staff)
          .innerJoin(roles, eq(roles.id, staff.roleId))
          .where(where)
          .orderBy(sort, asc(staff.id))
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(staff).innerJoin(roles, eq(roles.id, staff.roleId)).where(where),
      ]);
      return listPage((rows as MemberRow[]).map(toMember), total?.value ?? 0, query);
    },

    async get(companyId: string, id: string): Promise<StaffMember> {
      return toMember(await requireMember(db, companyId, id));
    },

    /** A staff account made directly by an admin (with a password they pass on). */
    async create(companyId: string, actor: StaffActor, input: AdminCreateStaff): Promise<StaffMember> {
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const role = await requireRole(tx, companyId, input.roleId);
          if (role.name === SUPER_ADMIN_ROLE && actor.role !== SUPER_ADMIN_ROLE) {
            throw forbidden(STAFF_RULES.superAdminOnly);
          }
          const [created] = await tx
            .insert(staff)
            .values({
              companyId,
              name: input.name,
              email: input.email,
              passwordHash,
              roleId: role.id,
              phone: input.phone || null,
              status: input.status ?? "active",
            })
            .returning({ id: staff.id });
          await audit.record(tx, {
            companyId,
            staff: actorOf(actor),
            action: "create",
            entity: "staff",
            entityId: created!.id,
            summary: `${input.email} (${role.name})`,
            changes: { role: role.name, status: input.status ?? "active" },
          });
          return toMember(await requireMember(tx, companyId, created!.id));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(STAFF_RULES.emailTaken, "EMAIL_TAKEN");
        throw error;
      }
    },

    /**
     * Role, status, contact number or name. Nobody changes their own role or deactivates
     * themselves; the last active Super Admin stays one. Deactivation ends the member's sessions.
     */
    async update(
      companyId: string,
      actor: StaffActor,
      id: string,
      input: AdminUpdateStaff,
    ): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const current = await requireMember(tx, companyId, id);
        const self = current.id === actor.staffId;
        const role = input.roleId ? await requireRole(tx, companyId, input.roleId) : null;
        const roleChanges = role !== null && role.id !== current.roleId;
        const deactivates = input.status === "inactive" && current.status === "active";
        if (self && roleChanges) throw businessRule(STAFF_RULES.changeOwnRole, "SELF_ROLE");
        if (self && deactivates) throw businessRule(STAFF_RULES.deactivateSelf, "SELF_DEACTIVATE");
        const touchesSuperAdmin =
          (roleChanges && (role.name === SUPER_ADMIN_ROLE || current.role === SUPER_ADMIN_ROLE)) ||
          (current.role === SUPER_ADMIN_ROLE &&
            input.status !== undefined &&
            input.status !== current.status);
        if (touchesSuperAdmin && actor.role !== SUPER_ADMIN_ROLE) throw forbidden(STAFF_RULES.superAdminOnly);
        const losesSuperAdmin =
          current.role === SUPER_ADMIN_ROLE && current.status === "active" && (roleChanges || deactivates);
        if (losesSuperAdmin && (await otherActiveSuperAdmins(tx, companyId, id)) === 0) {
          throw businessRule(STAFF_RULES.lastSuperAdmin, "LAST_SUPER_ADMIN");
        }

        const changes: Record<string, { from: unknown; to: unknown }> = {};
        const patch: Partial<typeof staff.$inferInsert> = {};
        if (roleChanges) {
          patch.roleId = role.id;
          changes.role = { from: current.role, to: role.name };
        }
        if (input.status !== undefined && input.status !== current.status) {
          patch.status = input.status;
          changes.status = { from: current.status, to: input.status };
        }
        if (input.posStatus !== undefined && input.posStatus !== current.posStatus) {
          patch.posStatus = input.posStatus;
          changes.posStatus = { from: current.posStatus, to: input.posStatus };
        }
        if (input.phone !== undefined && (input.phone || null) !== current.phone) {
          patch.phone = input.phone || null;
          changes.phone = { from: current.phone, to: patch.phone };
        }
        if (input.name !== undefined && JSON.stringify(input.name) !== JSON.stringify(current.name)) {
          patch.name = input.name;
          changes.name = { from: current.name, to: input.name };
        }
        if (Object.keys(patch).length === 0) return toMember(current);
        await tx
          .update(staff)
          .set({ ...patch, updatedAt: new Date() })
          .where(and(eq(staff.companyId, companyId), eq(staff.id, id)));
        if (deactivates) await sessions.revokeAll("staff", id, undefined, tx);
        await audit.record(tx, {
          companyId,
          staff: actorOf(actor),
          action: "update",
          entity: "staff",
          entityId: id,
          summary: current.email,
          changes,
        });
        return toMember(await requireMember(tx, companyId, id));
      });
    },

    /** Removes a staff account: never one's own, never the last active Super Admin. */
    async remove(companyId: string, actor: StaffActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await requireMember(tx, companyId, id);
        if (current.id === actor.staffId) throw businessRule(STAFF_RULES.deleteSelf, "SELF_DELETE");
        if (current.role === SUPER_ADMIN_ROLE) {
          if (actor.role !== SUPER_ADMIN_ROLE) throw forbidden(STAFF_RULES.superAdminOnly);
          if (current.status === "active" && (await otherActiveSuperAdmins(tx, companyId, id)) === 0) {
            throw businessRule(STAFF_RULES.lastSuperAdmin, "LAST_SUPER_ADMIN");
          }
        }
        await sessions.revokeAll("staff", id, undefined, tx);
        await deps.passwordReset.forget(tx, id);
        await tx.delete(staff).where(and(eq(staff.companyId, companyId), eq(staff.id, id)));
        await audit.record(tx, {
          companyId,
          staff: actorOf(actor),
          action: "delete",
          entity: "staff",
          entityId: id,
          summary: `${current.email} (${current.role})`,
        });
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
