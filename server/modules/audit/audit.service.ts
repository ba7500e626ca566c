import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { AuditAction } from "~shared/audit-actions";
import type { Db, Queryable } from "../../db/client";
import { containsPattern, listPage, pageOffset } from "../../lib/list-query";
import type { AdminListAuditQuery, AuditEntry, AuditList } from "./audit.schemas";
import { auditLogs } from "./audit.tables";

/** One back-office change, recorded in the transaction that makes it. */
export interface AuditRecord {
  companyId: string;
  /** Who did it; null for changes made by the system. */
  staff: { id: string; email: string } | null;
  action: AuditAction;
  /** The kind of record, e.g. "course", "coupon", "order". */
  entity: string;
  entityId: string | null;
  /** A short human summary, e.g. the record's title. */
  summary: string;
  /** What changed, e.g. `{ status: { from: "pending", to: "processing" } }`. Never secrets. */
  changes?: Record<string, unknown> | null;
}

type Row = typeof auditLogs.$inferSelect;

const toEntry = (row: Row): AuditEntry => ({
  id: row.id,
  staff: row.staffEmail ? { id: row.staffId, email: row.staffEmail } : null,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  summary: row.summary,
  changes: row.changes ?? null,
  createdAt: row.createdAt.toISOString(),
});

const SORT_COLUMNS = {
  createdAt: auditLogs.createdAt,
  entity: auditLogs.entity,
  action: auditLogs.action,
  staffEmail: auditLogs.staffEmail,
} as const;

/** Who changed what in the back office, and when. */
export function createAuditService(db: Db) {
  return {
    /** Writes one entry with the caller's transaction, so the entry exists exactly when the change does. */
    async record(tx: Queryable, entry: AuditRecord): Promise<void> {
      await tx.insert(auditLogs).values({
        companyId: entry.companyId,
        staffId: entry.staff?.id ?? null,
        staffEmail: entry.staff?.email ?? null,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        summary: entry.summary.slice(0, 500),
        changes: entry.changes ?? null,
      });
    },

    /** Every entry about one record, oldest first (e.g. an order's status history). */
    async forRecord(companyId: string, entity: string, entityId: string): Promise<AuditEntry[]> {
      const rows = await db
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.companyId, companyId),
            eq(auditLogs.entity, entity),
            eq(auditLogs.entityId, entityId),
          ),
        )
        .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
      return rows.map(toEntry);
    },

    /** Newest first unless sorted otherwise; search matches the summary, entity and staff email. */
    async list(companyId: string, query: AdminListAuditQuery): Promise<AuditList> {
      const conditions: SQL[] = [eq(auditLogs.companyId, companyId)];
      if (query.entity) conditions.push(eq(auditLogs.entity, query.entity));
      if (query.action) conditions.push(eq(auditLogs.action, query.action));
      if (query.searchText) {
        const pattern = containsPattern(query.searchText);
        conditions.push(
          or(
            ilike(auditLogs.summary, pattern),
            ilike(auditLogs.entity, pattern),
            ilike(auditLogs.staffEmail, pattern),
            ilike(auditLogs.entityId, pattern),
          )!,
        );
      }
      const where = and(...conditions);
      const direction = query.order === "asc" ? asc : desc;
      const sortColumn = SORT_COLUMNS[query.sort ?? "createdAt"];
      const [rows, [total], entities] = await Promise.all([
        db
          .select()
          .from(auditLogs)
          .where(where)
          .orderBy(direction(sortColumn), direction(auditLogs.createdAt), desc(auditLogs.id))
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(auditLogs).where(where),
        db
          .selectDistinct({ entity: auditLogs.entity })
          .from(auditLogs)
          .where(eq(auditLogs.companyId, companyId))
          .orderBy(asc(auditLogs.entity)),
      ]);
      return {
        ...listPage(rows.map(toEntry), total?.value ?? 0, query),
        entities: entities.map((row) => row.entity),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
