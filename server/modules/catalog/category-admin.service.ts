import { and, asc, count, eq, like } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { badRequest, conflict, notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { Uploads } from "../media/uploads";
import type { CatalogService } from "./catalog.service";
import { categories, courses } from "./catalog.tables";
import type {
  AdminCategory,
  AdminCategoryInput,
  AdminCategoryTree,
  AdminListCategoriesQuery,
  AdminUpdateCategory,
} from "./catalog-admin.schemas";
import type { Actor } from "./course-admin.service";
import { firstFreeSlug, slugify } from "./slug";

export const CATEGORY_IN_USE =
  "This category still has courses or sub-categories. Move or delete them first, then delete the category.";

const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

type CategoryRow = typeof categories.$inferSelect;

/**
 * Categories in the back office: a tree through parent_id (no cycles), slugs unique per company.
 * Deleting is refused (409) while a category still holds courses or sub-categories: nothing is
 * silently re-parented.
 */
export function createCategoryAdminService(
  db: Db,
  deps: { audit: AuditService; catalog: CatalogService; uploads: Uploads },
) {
  const { audit, catalog, uploads } = deps;

  async function write<T>(companyId: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    catalog.invalidate(companyId);
    return result;
  }

  async function allRows(tx: Queryable, companyId: string): Promise<CategoryRow[]> {
    return tx
      .select()
      .from(categories)
      .where(eq(categories.companyId, companyId))
      .orderBy(asc(categories.position), asc(categories.slug));
  }

  async function findRow(tx: Queryable, companyId: string, id: string): Promise<CategoryRow> {
    const [row] = await tx
      .select()
      .from(categories)
      .where(and(eq(categories.companyId, companyId), eq(categories.id, id)));
    if (!row) throw notFound(`No category "${id}" exists.`, "CATEGORY_NOT_FOUND");
    return row;
  }

  async function chooseSlug(
    tx: Queryable,
    companyId: string,
    wanted: string | undefined,
    name: string,
    ownId?: string,
  ) {
    if (wanted) {
      const [other] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.companyId, companyId), eq(categories.slug, wanted)));
      if (other && other.id !== ownId) {
        throw conflict("Another category already uses this slug. Choose a different one.", "SLUG_TAKEN");
      }
      return wanted;
    }
    const base = slugify(name, "category");
    const taken = await tx
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(and(eq(categories.companyId, companyId), like(categories.slug, `${base}%`)));
    return firstFreeSlug(base, new Set(taken.filter((row) => row.id !== ownId).map((row) => row.slug)));
  }

  /** The parent must exist in this company and must not be the category itself or one of its descendants. */
  function checkParent(rows: CategoryRow[], parentId: string | null | undefined, ownId?: string) {
    if (!parentId) return;
    if (!rows.some((row) => row.id === parentId))
      throw fieldError("parentId", "Choose one of your categories as parent.");
    if (!ownId) return;
    for (let at: string | null = parentId; at; at = rows.find((row) => row.id === at)?.parentId ?? null) {
      if (at === ownId) {
        throw fieldError(
          "parentId",
          "A category cannot be its own parent or sit under one of its sub-categories.",
        );
      }
    }
  }

  /** Depth-first order with depths; orphans (parent outside the list) become roots. */
  function asTree(rows: CategoryRow[], courseCounts: Map<string, number>): AdminCategory[] {
    const ids = new Set(rows.map((row) => row.id));
    const children = new Map<string | null, CategoryRow[]>();
    for (const row of rows) {
      const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
      children.set(parent, [...(children.get(parent) ?? []), row]);
    }
    const out: AdminCategory[] = [];
    const visit = (parent: string | null, depth: number) => {
      for (const row of children.get(parent) ?? []) {
        out.push({
          id: row.id,
          slug: row.slug,
          name: row.name,
          description: row.description,
          icon: row.icon,
          parentId: row.parentId,
          position: row.position,
          published: row.published,
          depth,
          courseCount: courseCounts.get(row.id) ?? 0,
          childCount: children.get(row.id)?.length ?? 0,
          updatedAt: row.updatedAt.toISOString(),
        });
        visit(row.id, depth + 1);
      }
    };
    visit(null, 0);
    return out;
  }

  async function tree(companyId: string): Promise<AdminCategory[]> {
    const [rows, counts] = await Promise.all([
      allRows(db, companyId),
      db
        .select({ id: courses.categoryId, value: count() })
        .from(courses)
        .where(eq(courses.companyId, companyId))
        .groupBy(courses.categoryId),
    ]);
    return asTree(rows, new Map(counts.filter((row) => row.id).map((row) => [row.id!, row.value])));
  }

  return {
    /** Every category as a tree; a search or filter keeps matches and the parents they hang under. */
    async list(companyId: string, query: AdminListCategoriesQuery): Promise<AdminCategoryTree> {
      const all = await tree(companyId);
      const text = query.searchText?.toLowerCase();
      const matches = (item: AdminCategory) =>
        (!text ||
          item.slug.includes(text) ||
          Object.values(item.name).some((name) => name?.toLowerCase().includes(text))) &&
        (!query.published || item.published === (query.published === "true"));
      if (!text && !query.published) return { items: all };
      const keep = new Set<string>();
      for (const item of all.filter(matches)) {
        for (
          let at: string | null = item.id;
          at && !keep.has(at);
          at = all.find((c) => c.id === at)?.parentId ?? null
        ) {
          keep.add(at);
        }
      }
      return { items: all.filter((item) => keep.has(item.id)) };
    },

    async get(companyId: string, id: string): Promise<AdminCategory> {
      const item = (await tree(companyId)).find((category) => category.id === id);
      if (!item) throw notFound(`No category "${id}" exists.`, "CATEGORY_NOT_FOUND");
      return item;
    },

    async create(companyId: string, actor: Actor, input: AdminCategoryInput): Promise<AdminCategory> {
      const id = await write(companyId, async (tx) => {
        checkParent(await allRows(tx, companyId), input.parentId);
        const [row] = await tx
          .insert(categories)
          .values({
            companyId,
            slug: await chooseSlug(tx, companyId, input.slug, input.name.en),
            name: input.name,
            description: input.description ?? { en: "" },
            icon: input.icon || null,
            parentId: input.parentId ?? null,
            position: input.position ?? 0,
            published: input.published ?? true,
          })
          .returning({ id: categories.id });
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "category",
          entityId: row!.id,
          summary: input.name.en,
        });
        return row!.id;
      });
      return this.get(companyId, id);
    },

    async update(
      companyId: string,
      actor: Actor,
      id: string,
      input: AdminUpdateCategory,
    ): Promise<AdminCategory> {
      let oldIcon: string | null = null;
      await write(companyId, async (tx) => {
        const rows = await allRows(tx, companyId);
        const before = rows.find((row) => row.id === id);
        if (!before) throw notFound(`No category "${id}" exists.`, "CATEGORY_NOT_FOUND");
        checkParent(rows, input.parentId, id);
        const name = input.name ?? before.name;
        const { slug: wanted, icon, ...rest } = input;
        const next = {
          ...rest,
          ...(wanted !== undefined ? { slug: await chooseSlug(tx, companyId, wanted, name.en, id) } : {}),
          ...(icon !== undefined ? { icon: icon || null } : {}),
          updatedAt: new Date(),
        };
        if (next.icon !== undefined && next.icon !== before.icon) oldIcon = before.icon;
        await tx.update(categories).set(next).where(eq(categories.id, id));
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [key, to] of Object.entries(next)) {
          const from = before[key as keyof CategoryRow];
          if (key !== "updatedAt" && JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
        }
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "category",
          entityId: id,
          summary: name.en,
          changes,
        });
      });
      await uploads.remove(oldIcon);
      return this.get(companyId, id);
    },

    async remove(companyId: string, actor: Actor, id: string): Promise<void> {
      const icon = await write(companyId, async (tx) => {
        const row = await findRow(tx, companyId, id);
        const [[children], [used]] = await Promise.all([
          tx
            .select({ value: count() })
            .from(categories)
            .where(and(eq(categories.companyId, companyId), eq(categories.parentId, id))),
          tx
            .select({ value: count() })
            .from(courses)
            .where(and(eq(courses.companyId, companyId), eq(courses.categoryId, id))),
        ]);
        if ((children?.value ?? 0) + (used?.value ?? 0) > 0) {
          throw conflict(CATEGORY_IN_USE, "CATEGORY_IN_USE");
        }
        await tx.delete(categories).where(eq(categories.id, id));
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "delete",
          entity: "category",
          entityId: id,
          summary: row.name.en,
        });
        return row.icon;
      });
      await uploads.remove(icon);
    },

    /** Stores an uploaded icon image (checked by content, resized) and makes it the category's icon. */
    /**
     * A new category with an uploaded icon: the image is checked and stored first, so a bad image
     * creates nothing (and says why) instead of a category without its icon.
     */
    async createWithIcon(
      companyId: string,
      actor: Actor,
      input: AdminCategoryInput,
      bytes: Buffer,
    ): Promise<AdminCategory> {
      const url = await uploads.storeImage(bytes, "icon");
      return this.create(companyId, actor, { ...input, icon: url }).catch(async (error: unknown) => {
        await uploads.remove(url);
        throw error;
      });
    },

    async setIcon(companyId: string, actor: Actor, id: string, bytes: Buffer): Promise<{ url: string }> {
      await findRow(db, companyId, id);
      const url = await uploads.storeImage(bytes, "icon");
      await this.update(companyId, actor, id, { icon: url }).catch(async (error: unknown) => {
        await uploads.remove(url);
        throw error;
      });
      return { url };
    },
  };
}

export type CategoryAdminService = ReturnType<typeof createCategoryAdminService>;
