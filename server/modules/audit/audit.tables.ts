import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companyId, id } from "../../db/columns";

/** Who changed what in the back office, and when. Written in the same transaction as the change. */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    companyId: companyId(),
    staffId: uuid("staff_id"),
    staffEmail: text("staff_email"),
    action: text("action", { enum: ["create", "update", "delete"] }).notNull(),
    /** The kind of record, e.g. "course", "coupon", "order". */
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    /** A short human summary, e.g. the record's title or the fields changed. */
    summary: text("summary").notNull().default(""),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_logs_company_created_idx").on(t.companyId, t.createdAt),
    index("audit_logs_entity_idx").on(t.companyId, t.entity, t.entityId),
  ],
);
