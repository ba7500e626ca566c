import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { notFound } from "../../lib/errors";
import { containsPattern, type ListPage, listPage, pageOffset } from "../../lib/list-query";
import type { AuditService } from "../audit/audit.service";
import type { CatalogService } from "./catalog.service";
import { attributes, courses } from "./catalog.tables";
import type {
  AdminAttribute,
  AdminAttributeInput,
  AdminListAttributesQuery,
  AdminUpdateAttribute,
} from "./catalog-admin.schemas";
import type { Actor } from "./course-admin.service";

type AttributeRow = typeof attributes.$inferSelect;

const toAttribute = (row: AttributeRow): AdminAttribute => ({
  id: row.id,
  title: row.title,
  displayName: row.displayName,
  optionType: row.optionType,
  values: row.values,
  published: row.published,
  updatedAt: row.updatedAt.toISOString(),
});

/** Values keep their ids when sent back with them; new ones get a fresh id. */
const withIds = (values: AdminAttributeInput["values"]) =>
  values.map((value) => ({ id: value.id ?? randomUUID(), label: value.label }));

/**
 * Course attributes (title, display name, option type, values). Removing a value or the whole
 * attribute also removes it from every course that had it picked.
 */
export function createAttributeAdminService(db: Db, deps: { audit: AuditService; catalog: CatalogService }) {
  const { audit, catalog } = deps;

  async function write<T>(companyId: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    catalog.invalidate(companyId);
    return result;
  }

  async function findRow(tx: Queryable, companyId: string, id: string): Promise<AttributeRow> {
    const [row] = await tx
      .select()
      .from(attributes)
      .where(and(eq(attributes.companyId, companyId), eq(attributes.id, id)));
    if (!row) throw notFound(`No attribute "${id}" exists.`, "ATTRIBUTE_NOT_FOUND");
    return row;
  }

  /** Drops an attribute's picks from courses, keeping only `keep` value ids (none: the whole key). */
  async function prunePicks(tx: Queryable, companyId: string, attributeId: string, keep: string[]) {
    const path = `{${attributeId}}`;
    const hasKey = sql`jsonb_exists(${courses.attributeValues}, ${attributeId})`;
    const keepList = sql`array[${sql.join(
      keep.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]`;
    const kept = sql`coalesce((select jsonb_agg(value) from jsonb_array_elements_text(${courses.attributeValues} -> ${attributeId}) as value where value = any(${keepList})), '[]'::jsonb)`;
    await tx
      .update(courses)
      .set({
        attributeValues:
          keep.length === 0
            ? sql`${courses.attributeValues} - ${attributeId}`
            : sql`jsonb_set(${courses.attributeValues}, ${path}::text[], ${kept})`,
      })
      .where(and(eq(courses.companyId, companyId), hasKey));
  }

  return {
    async list(companyId: string, query: AdminListAttributesQuery): Promise<ListPage<AdminAttribute>> {
      const conditions: SQL[] = [eq(attributes.companyId, companyId)];
      if (query.published) conditions.push(eq(attributes.published, query.published === "true"));
      if (query.searchText) {
        conditions.push(
          sql`(${attributes.title}::text || ' ' || ${attributes.displayName}::text) ilike ${containsPattern(query.searchText)}`,
        );
      }
      const where = and(...conditions);
      const direction = query.order === "asc" ? asc : desc;
      const order =
        query.sort === "title"
          ? [direction(sql`lower(${attributes.title}->>'en')`), asc(attributes.id)]
          : [direction(attributes.updatedAt), desc(attributes.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(attributes)
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(attributes).where(where),
      ]);
      return listPage(rows.map(toAttribute), total?.value ?? 0, query);
    },

    /** Published attributes, for picking values on a course. */
    async published(companyId: string): Promise<AdminAttribute[]> {
      const rows = await db
        .select()
        .from(attributes)
        .where(and(eq(attributes.companyId, companyId), eq(attributes.published, true)))
        .orderBy(asc(sql`lower(${attributes.title}->>'en')`));
      return rows.map(toAttribute);
    },

    async get(companyId: string, id: string): Promise<AdminAttribute> {
      return toAttribute(await findRow(db, companyId, id));
    },

    async create(companyId: string, actor: Actor, input: AdminAttributeInput): Promise<AdminAttribute> {
      return write(companyId, async (tx) => {
        const [row] = await tx
          .insert(attributes)
          .values({
            companyId,
            title: input.title,
            displayName: input.displayName,
            optionType: input.optionType,
            values: withIds(input.values),
            published: input.published ?? true,
          })
          .returning();
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "attribute",
          entityId: row!.id,
          summary: input.title.en,
        });
        return toAttribute(row!);
      });
    },

    async update(
      companyId: string,
      actor: Actor,
      id: string,
      input: AdminUpdateAttribute,
    ): Promise<AdminAttribute> {
      return write(companyId, async (tx) => {
        const before = await findRow(tx, companyId, id);
        const { values, ...rest } = input;
        const next = { ...rest, ...(values ? { values: withIds(values) } : {}), updatedAt: new Date() };
        const [row] = await tx.update(attributes).set(next).where(eq(attributes.id, id)).returning();
        if (next.values) {
          await prunePicks(
            tx,
            companyId,
            id,
            next.values.map((value) => value.id),
          );
        }
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [key, to] of Object.entries(next)) {
          const from = before[key as keyof AttributeRow];
          if (key !== "updatedAt" && JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
        }
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "attribute",
          entityId: id,
          summary: (input.title ?? before.title).en,
          changes,
        });
        return toAttribute(row!);
      });
    },

    async remove(companyId: string, actor: Actor, id: string): Promise<void> {
      await write(companyId, async (tx) => {
        const row = await findRow(tx, companyId, id);
        await prunePicks(tx, companyId, id, []);
        await tx.delete(attributes).where(eq(attributes.id, id));
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "delete",
          entity: "attribute",
          entityId: id,
          summary: row.title.en,
        });
      });
    },
  };
}

export type AttributeAdminService = ReturnType<typeof createAttributeAdminService>;
