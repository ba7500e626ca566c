import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { PermissionLevel } from "~shared/permissions";
import { companyId, id, timestamps, translatable } from "../../db/columns";

/** A staff role and what it may do per back-office area. */
export const roles = pgTable(
  "roles",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    permissions: jsonb("permissions").$type<Record<string, PermissionLevel>>().notNull().default({}),
    system: boolean("system").notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex("roles_company_name_key").on(t.companyId, t.name)],
);

export const staff = pgTable(
  "staff",
  {
    id: id(),
    companyId: companyId(),
    name: translatable("name"),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id),
    image: text("image"),
    phone: text("phone"),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    /** The point-of-sale PIN (4–8 digits), hashed like a password; null: none set, no POS sign-in. */
    pinHash: text("pin_hash"),
    /** Whether the staff member may work the point of sale, apart from the shop status. */
    posStatus: text("pos_status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("staff_company_email_key").on(t.companyId, sql`lower(${t.email})`),
    index("staff_role_idx").on(t.roleId),
  ],
);

/** An admin's invitation to join the back office: the link carries the token (stored hashed). */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: id(),
    companyId: companyId(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** An admin withdrew it: its link then says so. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("staff_invitations_token_hash_key").on(t.tokenHash),
    index("staff_invitations_company_email_idx").on(t.companyId, t.email),
  ],
);
