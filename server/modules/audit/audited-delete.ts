import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import type { AuditRecord, AuditService } from "./audit.service";

/** A company's table whose rows have a name the audit log can show. */
type NamedTable = PgTable & { id: PgColumn; companyId: PgColumn; name: PgColumn };

/**
 * Deletes the company's rows of `table` among `ids` and audits each, in one transaction; none
 * found: `notFound()` is thrown. Answers how many were deleted.
 */
export async function deleteAudited(
  db: Db,
  audit: AuditService,
  companyId: string,
  ids: string[],
  staff: AuditRecord["staff"],
  what: { table: NamedTable; entity: string; notFound: () => Error },
): Promise<number> {
  const { table } = what;
  return db.transaction(async (tx) => {
    const rows = (await tx
      .delete(table)
      .where(and(eq(table.companyId, companyId), inArray(table.id, ids)))
      .returning({ id: table.id, name: table.name })) as { id: string; name: string }[];
    if (rows.length === 0) throw what.notFound();
    for (const row of rows) {
      await audit.record(tx, {
        companyId,
        staff,
        action: "delete",
        entity: what.entity,
        entityId: row.id,
        summary: row.name,
      });
    }
    return rows.length;
  });
}
