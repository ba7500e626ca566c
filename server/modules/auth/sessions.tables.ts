import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, id } from "../../db/columns";

/** Opaque session tokens, stored as SHA-256 hashes, for customers, staff and guests. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    companyId: companyId(),
    realm: text("realm", { enum: ["customer", "staff", "guest"] }).notNull(),
    subjectId: uuid("subject_id"),
    /**
     * A parent account "learning as" one of its learner profiles (issue 22): the learning routes act
     * for this child. Checked against the child's parent on every request (sessions.service).
     */
    learnerId: uuid("learner_id"),
    tokenHash: text("token_hash").notNull(),
    /** A staff session on a shared point-of-sale device: the cashier who identified by PIN (null: none). */
    posCashierId: uuid("pos_cashier_id"),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_subject_idx").on(t.realm, t.subjectId),
  ],
);

/** Single-use password reset tokens (stored as SHA-256 hashes), valid for one hour. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    companyId: companyId(),
    realm: text("realm", { enum: ["customer", "staff"] }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_token_hash_key").on(t.tokenHash),
    index("password_reset_tokens_subject_idx").on(t.realm, t.subjectId),
  ],
);
