import { z } from "zod";
import { AUDIT_ACTIONS } from "~shared/audit-actions";
import { AdminListQuery, listPageSchema } from "../../lib/list-query";

export const AUDIT_SORTS = ["createdAt", "entity", "action", "staffEmail"] as const;

export const AdminListAuditQuery = AdminListQuery.extend({
  sort: z.enum(AUDIT_SORTS, { message: `sort must be one of ${AUDIT_SORTS.join(", ")}` }).optional(),
  entity: z.string().trim().max(60, "The entity must have at most 60 characters").optional(),
  action: z.enum(AUDIT_ACTIONS, { message: "action must be create, update or delete" }).optional(),
});
export type AdminListAuditQuery = z.output<typeof AdminListAuditQuery>;

export const AuditEntry = z
  .object({
    id: z.string(),
    staff: z.object({ id: z.string().nullable(), email: z.string() }).nullable(),
    action: z.enum(AUDIT_ACTIONS),
    entity: z.string().describe('The kind of record, e.g. "course"'),
    entityId: z.string().nullable(),
    summary: z.string(),
    changes: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string().describe("ISO 8601"),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.output<typeof AuditEntry>;

export const AuditList = listPageSchema(AuditEntry).extend({
  entities: z.array(z.string()).describe("Every entity kind present in the log, for the filter"),
});
export type AuditList = z.output<typeof AuditList>;
