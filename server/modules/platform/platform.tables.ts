import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "../../db/columns";

/**
 * The platform's operators: they create, list and suspend schools and invite each school's first
 * Super Admin. A realm of its own, separate from every school's staff; no school's request can read it
 * (the tenant role has no rights on these tables). Operators are added with `npm run platform:operator`.
 */
export const platformOperators = pgTable(
  "platform_operators",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("platform_operators_email_key").on(sql`lower(${t.email})`)],
);

/** An operator's sign-in: an opaque token, stored hashed, with expiry. */
export const platformSessions = pgTable(
  "platform_sessions",
  {
    id: id(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => platformOperators.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("platform_sessions_token_hash_key").on(t.tokenHash),
    index("platform_sessions_operator_idx").on(t.operatorId),
  ],
);
