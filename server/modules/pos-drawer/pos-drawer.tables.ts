import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, id } from "../../db/columns";

/**
 * A cash drawer session on a named register ("Front desk", "Café"): opened by a staff member with
 * a float, closed with the cash counted. One open session per register (decision 038).
 */
export const posDrawerSessions = pgTable(
  "pos_drawer_sessions",
  {
    id: id(),
    companyId: companyId(),
    register: text("register").notNull(),
    currency: text("currency").notNull(),
    openingFloatCents: integer("opening_float_cents").notNull(),
    openedBy: uuid("opened_by"),
    openedByEmail: text("opened_by_email").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid("closed_by"),
    closedByEmail: text("closed_by_email"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** At closing: the cash the drawer should hold, and what was counted. */
    expectedCents: integer("expected_cents"),
    countedCents: integer("counted_cents"),
    closingNote: text("closing_note"),
  },
  (t) => [
    uniqueIndex("pos_drawer_sessions_open_register_key")
      .on(t.companyId, sql`lower(${t.register})`)
      .where(sql`${t.closedAt} is null`),
    index("pos_drawer_sessions_company_opened_idx").on(t.companyId, t.openedAt),
    check("pos_drawer_sessions_float_not_negative", sql`${t.openingFloatCents} >= 0`),
  ],
);

export const DRAWER_MOVEMENT_KINDS = ["in", "out"] as const;
export type DrawerMovementKind = (typeof DRAWER_MOVEMENT_KINDS)[number];

/** Cash put into or taken out of the drawer during a session (change, a bank run), with the reason. */
export const posDrawerMovements = pgTable(
  "pos_drawer_movements",
  {
    id: id(),
    companyId: companyId(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => posDrawerSessions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: DRAWER_MOVEMENT_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    staffId: uuid("staff_id"),
    staffEmail: text("staff_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("pos_drawer_movements_session_idx").on(t.sessionId),
    check("pos_drawer_movements_amount_positive", sql`${t.amountCents} > 0`),
  ],
);
