import { and, asc, count, countDistinct, desc, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUuid } from "../../lib/ids";
import type { Language } from "../../lib/language";
import { ReadCache } from "../../lib/read-cache";
import { type Translatable, translate, translateList } from "../../lib/translatable";
import { enrolments } from "../orders/orders.tables";
import type {
  CategoryList,
  CourseCard,
  CourseDetail,
  CourseList,
  CourseSort,
  StoreListCoursesQuery,
} from "./catalog.schemas";
import { categories, courses, lessons } from "./catalog.tables";

const cardColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  summary: courses.summary,
  image: courses.image,
  badge: courses.badge,
  ratingTotal: courses.ratingTotal,
  ratingCount: courses.ratingCount,
  videoCount: courses.videoCount,
  durationSeconds: courses.durationSeconds,
  level: courses.level,
  priceCents: courses.priceCents,
  salePriceCents: courses.salePriceCents,
  currency: courses.currency,
  totalSeats: courses.totalSeats,
  seatsSold: courses.seatsSold,
  categoryId: courses.categoryId,
  createdAt: courses.createdAt,
};
type CardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]["_"]["notNull"] extends true
    ? (typeof cardColumns)[K]["_"]["data"]
    : (typeof cardColumns)[K]["_"]["data"] | null;
};

const effectivePrice = sql`coalesce(${courses.salePriceCents}, ${courses.priceCents})`;

const ORDER_BY: Record<CourseSort, SQL[]> = {
  "price-asc": [asc(effectivePrice), asc(courses.id)],
  "price-desc": [desc(effectivePrice), asc(courses.id)],
  "date-asc": [asc(courses.createdAt), asc(courses.id)],
  "date-desc": [desc(courses.createdAt), desc(courses.id)],
};

/** `%` and `_` in user text are literal characters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function averageRating(total: number, reviews: number): number {
  return reviews > 0 ? Math.round((total * 10) / reviews) / 10 : 0;
}

interface CategoryNode {
  id: string;
  slug: string;
  parentId: string | null;
  name: Translatable;
  description: Translatable;
  icon: string | null;
  position: number;
  directCourses: number;
}

/**
 * The public catalogue: published categories and courses of one company, in one language.
 * Reads are cached per company and dropped by `invalidate(companyId)` after any catalogue write.
 */
export function createCatalogService(db: Db) {
  const cache = new ReadCache<unknown>();
  const cached = <T>(companyId: string, key: string, load: () => Promise<T>) =>
    cache.get(companyId, key, load) as Promise<T>;

  const categoryTree = (companyId: string) =>
    cached(companyId, "category-tree", async (): Promise<CategoryNode[]> => {
      const counts = db
        .select({ categoryId: courses.categoryId, total: count().as("total") })
        .from(courses)
        .where(and(eq(courses.companyId, companyId), eq(courses.published, true)))
        .groupBy(courses.categoryId)
        .as("counts");
      const rows = await db
        .select({
          id: categories.id,
          slug: categories.slug,
          parentId: categories.parentId,
          name: categories.name,
          description: categories.description,
          icon: categories.icon,
          position: categories.position,
          directCourses: sql<number>`coalesce(${counts.total}, 0)`.mapWith(Number),
        })
        .from(categories)
        .leftJoin(counts, eq(counts.categoryId, categories.id))
        .where(and(eq(categories.companyId, companyId), eq(categories.published, true)))
        .orderBy(asc(categories.position), asc(categories.slug));
      return rows as CategoryNode[];
    });

  /** A category and all its descendants. */
  function subtreeIds(nodes: CategoryNode[], rootId: string): string[] {
    const ids = [rootId];
    for (let i = 0; i < ids.length; i++) {
      for (const node of nodes) if (node.parentId === ids[i]) ids.push(node.id);
    }
    return ids;
  }

  function toCard(row: CardRow, nodes: CategoryNode[], language: Language): CourseCard {
    const category = row.categoryId ? nodes.find((node) => node.id === row.categoryId) : undefined;
    return {
      id: row.id,
      slug: row.slug,
      title: translate(row.title, language),
      summary: translate(row.summary, language),
      image: row.image,
      badge: row.badge,
      rating: averageRating(row.ratingTotal, row.ratingCount),
      ratingCount: row.ratingCount,
      videoCount: row.videoCount,
      durationSeconds: row.durationSeconds,
      level: row.level,
      priceCents: row.priceCents,
      salePriceCents: row.salePriceCents,
      currency: row.currency,
      totalSeats: row.totalSeats,
      seatsLeft: row.totalSeats === null ? null : Math.max(0, row.totalSeats - row.seatsSold),
      category: category
        ? { id: category.id, slug: category.slug, name: translate(category.name, language) }
        : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    async listCategories(companyId: string, language: Language): Promise<CategoryList> {
      return cached(companyId, `categories:${language}`, async () => {
        const nodes = await categoryTree(companyId);
        const list = nodes.map((node) => ({
          id: node.id,
          slug: node.slug,
          name: translate(node.name, language),
          description: translate(node.description, language),
          icon: node.icon,
          parentId: node.parentId,
          courseCount: subtreeIds(nodes, node.id).reduce(
            (sum, id) => sum + (nodes.find((n) => n.id === id)?.directCourses ?? 0),
            0,
          ),
        }));
        return { categories: list };
      });
    },

    /** One page of published courses; an unknown category gives an empty page, not an error. */
    async listCourses(
      companyId: string,
      query: StoreListCoursesQuery,
      language: Language,
    ): Promise<CourseList> {
      const key = `courses:${language}:${query.page}:${query.limit}:${query.category ?? ""}:${query.sort ?? ""}:${(query.searchText ?? "").toLowerCase()}`;
      return cached(companyId, key, async () => {
        const nodes = await categoryTree(companyId);
        const filters: (SQL | undefined)[] = [eq(courses.companyId, companyId), eq(courses.published, true)];
        if (query.category) {
          const wanted = query.category.toLowerCase();
          const match = nodes.find((node) => node.slug === wanted || node.id === wanted);
          if (!match) return { courses: [], totalDoc: 0, page: query.page, limit: query.limit, pages: 0 };
          filters.push(inArray(courses.categoryId, subtreeIds(nodes, match.id)));
        }
        const words = (query.searchText ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
        for (const word of words) filters.push(like(courses.searchText, `%${escapeLike(word)}%`));
        const where = and(...filters);

        const [rows, [total]] = await Promise.all([
          db
            .select(cardColumns)
            .from(courses)
            .where(where)
            .orderBy(...ORDER_BY[query.sort ?? "date-desc"])
            .limit(query.limit)
            .offset((query.page - 1) * query.limit),
          db.select({ value: count() }).from(courses).where(where),
        ]);
        const totalDoc = total?.value ?? 0;
        return {
          courses: rows.map((row) => toCard(row, nodes, language)),
          totalDoc,
          page: query.page,
          limit: query.limit,
          pages: Math.ceil(totalDoc / query.limit),
        };
      });
    },

    /** A published course by id or slug, with its lessons; undefined when there is none. */
    async getCourse(
      companyId: string,
      idOrSlug: string,
      language: Language,
    ): Promise<CourseDetail | undefined> {
      const key = idOrSlug.toLowerCase();
      return cached(companyId, `course:${language}:${key}`, async () => {
        const nodes = await categoryTree(companyId);
        const [row] = await db
          .select({
            ...cardColumns,
            description: courses.description,
            outcomes: courses.outcomes,
            audience: courses.audience,
            instructor: courses.instructor,
          })
          .from(courses)
          .where(
            and(
              eq(courses.companyId, companyId),
              eq(courses.published, true),
              isUuid(key) ? or(eq(courses.id, key), eq(courses.slug, key)) : eq(courses.slug, key),
            ),
          )
          .limit(1);
        if (!row) return undefined;
        const lessonRows = await db
          .select({
            id: lessons.id,
            position: lessons.position,
            title: lessons.title,
            durationSeconds: lessons.durationSeconds,
            freePreview: lessons.freePreview,
          })
          .from(lessons)
          .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, row.id)))
          .orderBy(asc(lessons.position));
        return {
          ...toCard(row, nodes, language),
          description: translate(row.description, language),
          outcomes: translateList(row.outcomes, language),
          audience: translate(row.audience, language),
          instructor: row.instructor,
          lessons: lessonRows.map((lesson) => ({ ...lesson, title: translate(lesson.title, language) })),
        };
      });
    },

    /** Figures for the storefront's promotional section. */
    async storefrontStats(companyId: string): Promise<{ students: number; courses: number }> {
      return cached(companyId, "stats", async () => {
        const [[students], [published]] = await Promise.all([
          db
            .select({ value: countDistinct(enrolments.customerId) })
            .from(enrolments)
            .where(eq(enrolments.companyId, companyId)),
          db
            .select({ value: count() })
            .from(courses)
            .where(and(eq(courses.companyId, companyId), eq(courses.published, true))),
        ]);
        return { students: students?.value ?? 0, courses: published?.value ?? 0 };
      });
    },

    /** Drops the cached catalogue of a company; call after every catalogue write. */
    invalidate(companyId: string) {
      cache.invalidate(companyId);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
