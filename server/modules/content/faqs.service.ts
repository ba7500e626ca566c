import { and, asc, count, desc, eq, gt, lt, max, or, type SQL, sql } from "drizzle-orm";
import { type Translatable, translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";
import { containsPattern, listPage, pageOffset } from "../../lib/list-query";
import type { AuditService } from "../audit/audit.service";
import type { StaffActor } from "../settings/settings-admin.service";
import type { AdminListFaqsQuery, Faq, FaqInput } from "./content.schemas";
import { faqs } from "./content.tables";

type Row = typeof faqs.$inferSelect;

const toFaq = (row: Row): Faq => ({
  id: row.id,
  question: row.question as Record<string, string>,
  answer: row.answer as Record<string, string>,
  position: row.position,
  published: row.published,
  updatedAt: row.updatedAt.toISOString(),
});

const NOT_FOUND = (id: string) => notFound(`No question "${id}" exists.`, "FAQ_NOT_FOUND");

/** Questions and answers: ordered by position, edited in the back office, shown when published. */
export function createFaqsService(db: Db, deps: { audit: AuditService }) {
  const { audit } = deps;
  const byId = (companyId: string, id: string) => and(eq(faqs.companyId, companyId), eq(faqs.id, id));

  return {
    async list(companyId: string, query: AdminListFaqsQuery) {
      const conditions: SQL[] = [eq(faqs.companyId, companyId)];
      if (query.published) conditions.push(eq(faqs.published, query.published === "true"));
      if (query.searchText) {
        const pattern = containsPattern(query.searchText);
        conditions.push(
          or(sql`${faqs.question}::text ilike ${pattern}`, sql`${faqs.answer}::text ilike ${pattern}`)!,
        );
      }
      const where = and(...conditions);
      const direction = query.order === "desc" ? desc : asc;
      const sort =
        query.sort === "question"
          ? sql`${faqs.question}->>'en'`
          : query.sort === "updatedAt"
            ? faqs.updatedAt
            : faqs.position;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(faqs)
          .where(where)
          .orderBy(direction(sort), asc(faqs.position), asc(faqs.id))
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(faqs).where(where),
      ]);
      return listPage(rows.map(toFaq), total?.value ?? 0, query);
    },

    async get(companyId: string, id: string): Promise<Faq> {
      const [row] = await db.select().from(faqs).where(byId(companyId, id));
      if (!row) throw NOT_FOUND(id);
      return toFaq(row);
    },

    /** Published questions in `language` (English fallback), in order: for the storefront's help page. */
    async published(companyId: string, language: string) {
      const rows = await db
        .select()
        .from(faqs)
        .where(and(eq(faqs.companyId, companyId), eq(faqs.published, true)))
        .orderBy(asc(faqs.position), asc(faqs.id));
      return rows
        .map((row) => ({
          id: row.id,
          question: translate(row.question, language),
          answer: translate(row.answer, language),
        }))
        .filter((row) => row.question && row.answer);
    },

    async create(companyId: string, input: FaqInput, actor: StaffActor): Promise<Faq> {
      return db.transaction(async (tx) => {
        const [last] = await tx
          .select({ value: max(faqs.position) })
          .from(faqs)
          .where(eq(faqs.companyId, companyId));
        const [row] = await tx
          .insert(faqs)
          .values({
            companyId,
            question: input.question as Translatable,
            answer: input.answer as Translatable,
            published: input.published,
            position: (last?.value ?? 0) + 1,
          })
          .returning();
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "faq",
          entityId: row!.id,
          summary: input.question.en,
        });
        return toFaq(row!);
      });
    },

    async update(companyId: string, id: string, input: FaqInput, actor: StaffActor): Promise<Faq> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(faqs).where(byId(companyId, id));
        if (!before) throw NOT_FOUND(id);
        const [row] = await tx
          .update(faqs)
          .set({
            question: input.question as Translatable,
            answer: input.answer as Translatable,
            published: input.published,
          })
          .where(byId(companyId, id))
          .returning();
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "faq",
          entityId: id,
          summary: input.question.en,
          changes:
            before.published !== input.published
              ? { published: { from: before.published, to: input.published } }
              : null,
        });
        return toFaq(row!);
      });
    },

    /** Swaps the question with its neighbour above or below. */
    async move(companyId: string, id: string, direction: "up" | "down", actor: StaffActor): Promise<Faq> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(faqs).where(byId(companyId, id));
        if (!row) throw NOT_FOUND(id);
        const [neighbour] = await tx
          .select()
          .from(faqs)
          .where(
            and(
              eq(faqs.companyId, companyId),
              direction === "up" ? lt(faqs.position, row.position) : gt(faqs.position, row.position),
            ),
          )
          .orderBy(direction === "up" ? desc(faqs.position) : asc(faqs.position))
          .limit(1);
        if (!neighbour) return toFaq(row);
        await tx.update(faqs).set({ position: neighbour.position }).where(byId(companyId, row.id));
        await tx.update(faqs).set({ position: row.position }).where(byId(companyId, neighbour.id));
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "faq",
          entityId: id,
          summary: `${row.question.en} moved ${direction}`,
          changes: { position: { from: row.position, to: neighbour.position } },
        });
        return toFaq({ ...row, position: neighbour.position });
      });
    },

    async remove(companyId: string, ids: string[], actor: StaffActor): Promise<number> {
      return db.transaction(async (tx) => {
        let removed = 0;
        for (const id of ids) {
          const [row] = await tx.delete(faqs).where(byId(companyId, id)).returning();
          if (!row) continue;
          removed += 1;
          await audit.record(tx, {
            companyId,
            staff: actor,
            action: "delete",
            entity: "faq",
            entityId: id,
            summary: row.question.en,
          });
        }
        if (removed === 0) throw NOT_FOUND(ids.join(", "));
        return removed;
      });
    },
  };
}

export type FaqsService = ReturnType<typeof createFaqsService>;
