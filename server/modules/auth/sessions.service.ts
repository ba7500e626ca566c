import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { customers } from "../customers/customers.tables";
import { sessions } from "./sessions.tables";
import { hashToken, newToken } from "./tokens";

export type SessionRealm = (typeof sessions.$inferSelect)["realm"];

/** How long a session lives after sign-in, per realm. */
export const SESSION_LIFETIME_MS: Record<SessionRealm, number> = {
  customer: 30 * 24 * 60 * 60 * 1000,
  guest: 30 * 24 * 60 * 60 * 1000,
  staff: 12 * 60 * 60 * 1000,
};

/** last_used_at is written at most this often per session, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface StartedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export interface ActiveSession {
  id: string;
  companyId: string;
  realm: SessionRealm;
  subjectId: string | null;
  /** The learner profile a parent is "learning as" (unchecked: customerFor checks it). */
  learnerId?: string | null;
  expiresAt: Date;
}

/** The signed-in customer as pages and routes see them. */
export interface CustomerPrincipal {
  sessionId: string;
  customerId: string;
  name: string;
  email: string;
  image: string | null;
  /**
   * Who learns in this session: the customer, or the learner profile (child) the parent switched
   * to (issue 22). Progress, quizzes, certificates and course access go by this id.
   */
  learnerId: string;
  /** The child's name while learning as a child (null: learning as oneself). */
  learnerName: string | null;
}

export interface StartSessionInput {
  companyId: string;
  realm: SessionRealm;
  subjectId: string | null;
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** Opaque, hashed, expiring sessions for customers, guests and staff. */
export function createSessionService(db: Db) {
  return {
    async start(input: StartSessionInput, tx: Queryable = db): Promise<StartedSession> {
      const token = newToken();
      const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS[input.realm]);
      const [row] = await tx
        .insert(sessions)
        .values({
          companyId: input.companyId,
          realm: input.realm,
          subjectId: input.subjectId,
          tokenHash: hashToken(token),
          userAgent: input.userAgent?.slice(0, 300) ?? null,
          ip: input.ip ?? null,
          expiresAt,
        })
        .returning({ id: sessions.id });
      return { token, sessionId: row!.id, expiresAt };
    },

    /** The live session behind a token, or null when unknown, expired or revoked. */
    async resolve(token: string): Promise<ActiveSession | null> {
      if (!token || token.length > 200) return null;
      const now = new Date();
      const [row] = await db
        .select({
          id: sessions.id,
          companyId: sessions.companyId,
          realm: sessions.realm,
          subjectId: sessions.subjectId,
          learnerId: sessions.learnerId,
          expiresAt: sessions.expiresAt,
          lastUsedAt: sessions.lastUsedAt,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        );
      if (!row) return null;
      if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.id));
      }
      return {
        id: row.id,
        companyId: row.companyId,
        realm: row.realm,
        subjectId: row.subjectId,
        learnerId: row.learnerId,
        expiresAt: row.expiresAt,
      };
    },

    /** The customer behind a customer session (null when the account is gone). */
    async customerFor(session: ActiveSession): Promise<CustomerPrincipal | null> {
      if (session.realm !== "customer" || !session.subjectId) return null;
      const [row] = await db
        .select({ id: customers.id, name: customers.name, email: customers.email, image: customers.image })
        .from(customers)
        .where(and(eq(customers.id, session.subjectId), eq(customers.companyId, session.companyId)));
      if (!row) return null;
      const principal = {
        sessionId: session.id,
        customerId: row.id,
        name: row.name,
        email: row.email,
        image: row.image,
      };
      // Learning as a child only while that child is still this account's own learner profile.
      const child = session.learnerId
        ? (
            await db
              .select({ id: customers.id, name: customers.name })
              .from(customers)
              .where(
                and(
                  eq(customers.id, session.learnerId),
                  eq(customers.parentId, row.id),
                  eq(customers.companyId, session.companyId),
                ),
              )
          )[0]
        : undefined;
      return child
        ? { ...principal, learnerId: child.id, learnerName: child.name }
        : { ...principal, learnerId: row.id, learnerName: null };
    },

    /** A parent switches its session to learn as one of its learner profiles (null: as itself). */
    async setLearner(sessionId: string, learnerId: string | null, tx: Queryable = db) {
      await tx.update(sessions).set({ learnerId }).where(eq(sessions.id, sessionId));
    },

    /** Links a guest session to the customer record its checkout created (guest checkout by email). */
    async attachGuestCustomer(sessionId: string, customerId: string, tx: Queryable = db) {
      await tx
        .update(sessions)
        .set({ subjectId: customerId })
        .where(and(eq(sessions.id, sessionId), eq(sessions.realm, "guest"), isNull(sessions.revokedAt)));
    },

    async revoke(sessionId: string, tx: Queryable = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every session of one person, except `keepSessionId` (after a password change). */
    async revokeAll(realm: SessionRealm, subjectId: string, keepSessionId?: string, tx: Queryable = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.realm, realm),
            eq(sessions.subjectId, subjectId),
            isNull(sessions.revokedAt),
            keepSessionId ? ne(sessions.id, keepSessionId) : sql`true`,
          ),
        );
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
