import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { businessRule, conflict, notFound } from "../../lib/errors";
import { pageOffset } from "../../lib/list-query";
import type { AuditService } from "../audit/audit.service";
import type { SettingsService } from "../settings/settings.service";
import type {
  CloseDrawerBody,
  DrawerListQuery,
  DrawerMovementBody,
  DrawerSession,
  DrawerSessionDetail,
  DrawerSessionList,
  OpenDrawerBody,
} from "./pos-drawer.schemas";
import { posDrawerMovements, posDrawerSessions } from "./pos-drawer.tables";
import { zReport } from "./z-report";

export const REGISTER_OPEN_MESSAGE = "This register already has an open drawer session: close it first.";
export const SESSION_CLOSED_MESSAGE = "This drawer session is closed.";
export const CASH_SHORT_MESSAGE = "The drawer does not hold that much cash.";

type SessionRow = typeof posDrawerSessions.$inferSelect;
interface Actor {
  id: string;
  email: string;
}

const sessionNotFound = () => notFound("No such drawer session exists.", "DRAWER_SESSION_NOT_FOUND");

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === "23505";
}

/**
 * The open session of a register (null: none), for the point of sale to stamp its orders with
 * (`orders.pos_session_id`). Pass the sale's transaction.
 */
export async function openSessionOf(
  tx: Queryable,
  companyId: string,
  register: string,
): Promise<{ id: string } | null> {
  const [row] = await tx
    .select({ id: posDrawerSessions.id })
    .from(posDrawerSessions)
    .where(
      and(
        eq(posDrawerSessions.companyId, companyId),
        sql`lower(${posDrawerSessions.register}) = lower(${register})`,
        isNull(posDrawerSessions.closedAt),
      ),
    );
  return row ?? null;
}

/** The registers with an open session, by name. */
export async function openRegisters(db: Queryable, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ register: posDrawerSessions.register })
    .from(posDrawerSessions)
    .where(and(eq(posDrawerSessions.companyId, companyId), isNull(posDrawerSessions.closedAt)))
    .orderBy(posDrawerSessions.register);
  return rows.map((row) => row.register);
}

/** Cash drawer sessions: open with a float, cash in and out, close with a count, the Z-report. */
export function createDrawerService(
  db: Db,
  deps: {
    settings: Pick<SettingsService, "storeInfo">;
    audit: Pick<AuditService, "record">;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());

  async function toSession(session: SessionRow, expected?: number): Promise<DrawerSession> {
    const expectedCents =
      session.expectedCents ?? expected ?? (await zReport(db, session.companyId, session)).cash.expectedCents;
    return {
      id: session.id,
      register: session.register,
      currency: session.currency,
      status: session.closedAt ? "closed" : "open",
      openingFloatCents: session.openingFloatCents,
      openedByEmail: session.openedByEmail,
      openedAt: session.openedAt.toISOString(),
      closedByEmail: session.closedByEmail,
      closedAt: session.closedAt?.toISOString() ?? null,
      expectedCents,
      countedCents: session.countedCents,
      differenceCents: session.countedCents === null ? null : session.countedCents - expectedCents,
      closingNote: session.closingNote,
    };
  }

  async function find(tx: Queryable, companyId: string, id: string, lock = false): Promise<SessionRow> {
    const query = tx
      .select()
      .from(posDrawerSessions)
      .where(and(eq(posDrawerSessions.companyId, companyId), eq(posDrawerSessions.id, id)));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw sessionNotFound();
    return row;
  }

  async function get(companyId: string, id: string): Promise<DrawerSessionDetail> {
    const session = await find(db, companyId, id);
    const [report, movements] = await Promise.all([
      zReport(db, companyId, session),
      db
        .select()
        .from(posDrawerMovements)
        .where(and(eq(posDrawerMovements.companyId, companyId), eq(posDrawerMovements.sessionId, id)))
        .orderBy(posDrawerMovements.createdAt, posDrawerMovements.id),
    ]);
    return {
      ...(await toSession(session, report.cash.expectedCents)),
      movements: movements.map((row) => ({
        id: row.id,
        kind: row.kind,
        amountCents: row.amountCents,
        reason: row.reason,
        staffEmail: row.staffEmail,
        createdAt: row.createdAt.toISOString(),
      })),
      zReport: report,
    };
  }

  return {
    get,

    async list(companyId: string, query: DrawerListQuery): Promise<DrawerSessionList> {
      const where = eq(posDrawerSessions.companyId, companyId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(posDrawerSessions)
          .where(where)
          .orderBy(sql`${posDrawerSessions.closedAt} is null desc`, desc(posDrawerSessions.openedAt))
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ n: count() }).from(posDrawerSessions).where(where),
      ]);
      const sessions: DrawerSession[] = [];
      for (const row of rows) sessions.push(await toSession(row));
      return { sessions, total: total?.n ?? 0, page: query.page, limit: query.limit };
    },

    async open(companyId: string, body: OpenDrawerBody, staff: Actor): Promise<DrawerSessionDetail> {
      const currency = (await deps.settings.storeInfo(companyId)).currency;
      let id = "";
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(posDrawerSessions)
            .values({
              companyId,
              register: body.register,
              currency,
              openingFloatCents: body.openingFloatCents,
              openedBy: staff.id,
              openedByEmail: staff.email,
              openedAt: now(),
            })
            .returning({ id: posDrawerSessions.id });
          id = row!.id;
          await deps.audit.record(tx, {
            companyId,
            staff,
            action: "create",
            entity: "pos_drawer",
            entityId: id,
            summary: `Drawer opened on ${body.register} with a float of ${body.openingFloatCents} cents`,
            changes: { register: body.register, openingFloatCents: body.openingFloatCents },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(REGISTER_OPEN_MESSAGE, "DRAWER_ALREADY_OPEN");
        throw error;
      }
      return get(companyId, id);
    },

    async move(
      companyId: string,
      id: string,
      body: DrawerMovementBody,
      staff: Actor,
    ): Promise<DrawerSessionDetail> {
      await db.transaction(async (tx) => {
        const session = await find(tx, companyId, id, true);
        if (session.closedAt) throw businessRule(SESSION_CLOSED_MESSAGE, "DRAWER_SESSION_CLOSED");
        if (body.kind === "out") {
          const expected = (await zReport(tx, companyId, session)).cash.expectedCents;
          if (body.amountCents > expected) {
            throw businessRule(CASH_SHORT_MESSAGE, "DRAWER_CASH_SHORT", { expectedCents: expected });
          }
        }
        await tx.insert(posDrawerMovements).values({
          companyId,
          sessionId: id,
          kind: body.kind,
          amountCents: body.amountCents,
          reason: body.reason,
          staffId: staff.id,
          staffEmail: staff.email,
          createdAt: now(),
        });
        await deps.audit.record(tx, {
          companyId,
          staff,
          action: "update",
          entity: "pos_drawer",
          entityId: id,
          summary: `Cash ${body.kind} on ${session.register}: ${body.amountCents} cents (${body.reason})`,
          changes: { kind: body.kind, amountCents: body.amountCents, reason: body.reason },
        });
      });
      return get(companyId, id);
    },

    async close(
      companyId: string,
      id: string,
      body: CloseDrawerBody,
      staff: Actor,
    ): Promise<DrawerSessionDetail> {
      await db.transaction(async (tx) => {
        const session = await find(tx, companyId, id, true);
        if (session.closedAt) throw businessRule(SESSION_CLOSED_MESSAGE, "DRAWER_SESSION_CLOSED");
        const expectedCents = (await zReport(tx, companyId, session)).cash.expectedCents;
        await tx
          .update(posDrawerSessions)
          .set({
            closedAt: now(),
            closedBy: staff.id,
            closedByEmail: staff.email,
            expectedCents,
            countedCents: body.countedCents,
            closingNote: body.note || null,
          })
          .where(eq(posDrawerSessions.id, id));
        await deps.audit.record(tx, {
          companyId,
          staff,
          action: "update",
          entity: "pos_drawer",
          entityId: id,
          summary: `Drawer closed on ${session.register}: expected ${expectedCents}, counted ${body.countedCents} cents`,
          changes: {
            expectedCents,
            countedCents: body.countedCents,
            differenceCents: body.countedCents - expectedCents,
          },
        });
      });
      return get(companyId, id);
    },
  };
}

export type DrawerService = ReturnType<typeof createDrawerService>;
