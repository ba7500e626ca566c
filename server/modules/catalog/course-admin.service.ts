import type { Readable } from "node:stream";
import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { containsPattern, type ListPage, listPage, pageOffset } from "../../lib/list-query";
import type { AuditService } from "../audit/audit.service";
import type { Uploads } from "../media/uploads";
import { enrolments, orderLines } from "../orders/orders.tables";
import type { SettingsService } from "../settings/settings.service";
import type { CatalogService } from "./catalog.service";
import { attributes, categories, courses, lessons } from "./catalog.tables";
import type {
  AdminBulkCourses,
  AdminCourse,
  AdminCourseInput,
  AdminCourseRow,
  AdminLesson,
  AdminLessonInput,
  AdminListCoursesQuery,
  AdminUpdateCourse,
  AdminUpdateLesson,
} from "./catalog-admin.schemas";
import { firstFreeSlug, slugify } from "./slug";

/** Who makes a back-office change (for the audit log). */
export interface Actor {
  id: string;
  email: string;
}

export const COURSE_HAS_ORDERS =
  "This course has orders or enrolled learners, so it cannot be deleted. Unpublish it instead.";

const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

const SORTS = {
  title: sql`lower(${courses.title}->>'en')`,
  price: sql`coalesce(${courses.salePriceCents}, ${courses.priceCents})`,
  updatedAt: courses.updatedAt,
  createdAt: courses.createdAt,
} as const;

type CourseRow = typeof courses.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;

const toLesson = (row: LessonRow): AdminLesson => ({
  id: row.id,
  position: row.position,
  title: row.title,
  durationSeconds: row.durationSeconds,
  videoUrl: row.videoUrl,
  freePreview: row.freePreview,
});

const toCourse = (row: CourseRow, lessonRows: LessonRow[]): AdminCourse => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  description: row.description,
  outcomes: row.outcomes,
  categoryId: row.categoryId,
  level: row.level,
  instructor: row.instructor,
  image: row.image,
  badge: row.badge,
  priceCents: row.priceCents,
  salePriceCents: row.salePriceCents,
  currency: row.currency,
  totalSeats: row.totalSeats,
  seatsSold: row.seatsSold,
  instalmentCount: row.instalmentCount,
  attributeValues: row.attributeValues,
  published: row.published,
  lessons: lessonRows.map(toLesson),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Courses and their lessons in the back office. Every write is audited in its own transaction and
 * drops the storefront's cached catalogue of the company afterwards, so changes (an unpublished
 * course above all) show at once.
 */
export function createCourseAdminService(
  db: Db,
  deps: { audit: AuditService; catalog: CatalogService; uploads: Uploads; settings: SettingsService },
) {
  const { audit, catalog, uploads, settings } = deps;

  async function findRow(tx: Queryable, companyId: string, id: string): Promise<CourseRow> {
    const [row] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.companyId, companyId), eq(courses.id, id)))
      .limit(1);
    if (!row) throw notFound(`No course "${id}" exists.`, "COURSE_NOT_FOUND");
    return row;
  }

  async function lessonRows(tx: Queryable, companyId: string, courseId: string) {
    return tx
      .select()
      .from(lessons)
      .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId)))
      .orderBy(asc(lessons.position), asc(lessons.createdAt));
  }

  /** A free slug: the one asked for (409 when another course has it) or one made from the title. */
  async function chooseSlug(
    tx: Queryable,
    companyId: string,
    wanted: string | undefined,
    title: string,
    ownId?: string,
  ): Promise<string> {
    if (wanted) {
      const [other] = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.companyId, companyId), eq(courses.slug, wanted)))
        .limit(1);
      if (other && other.id !== ownId) {
        throw conflict("Another course already uses this slug. Choose a different one.", "SLUG_TAKEN");
      }
      return wanted;
    }
    const base = slugify(title, "course");
    const taken = await tx
      .select({ slug: courses.slug, id: courses.id })
      .from(courses)
      .where(and(eq(courses.companyId, companyId), like(courses.slug, `${base}%`)));
    return firstFreeSlug(base, new Set(taken.filter((row) => row.id !== ownId).map((row) => row.slug)));
  }

  async function checkCategory(tx: Queryable, companyId: string, categoryId: string | null | undefined) {
    if (!categoryId) return;
    const [row] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.companyId, companyId), eq(categories.id, categoryId)));
    if (!row) throw fieldError("categoryId", "Choose one of your categories.");
  }

  /** Only values of this company's published attributes may be picked. */
  async function checkAttributeValues(
    tx: Queryable,
    companyId: string,
    picked: Record<string, string[]> | undefined,
  ): Promise<Record<string, string[]> | undefined> {
    if (!picked) return undefined;
    const chosen = Object.entries(picked).filter(([, values]) => values.length > 0);
    if (chosen.length === 0) return {};
    const rows = await tx
      .select({ id: attributes.id, values: attributes.values })
      .from(attributes)
      .where(
        and(
          eq(attributes.companyId, companyId),
          eq(attributes.published, true),
          inArray(
            attributes.id,
            chosen.map(([id]) => id),
          ),
        ),
      );
    const result: Record<string, string[]> = {};
    for (const [attributeId, valueIds] of chosen) {
      const attribute = rows.find((row) => row.id === attributeId);
      const known = new Set(attribute?.values.map((value) => value.id));
      if (!attribute || valueIds.some((id) => !known.has(id))) {
        throw fieldError("attributeValues", "Choose values of published attributes only.");
      }
      result[attributeId] = [...new Set(valueIds)];
    }
    return result;
  }

  function checkMoneyAndSeats(next: {
    priceCents: number;
    salePriceCents: number | null;
    totalSeats: number | null;
    seatsSold: number;
  }) {
    if (next.salePriceCents !== null && next.salePriceCents >= next.priceCents) {
      throw fieldError("salePriceCents", "The sale price must be lower than the price.");
    }
    if (next.totalSeats !== null && next.totalSeats < next.seatsSold) {
      throw fieldError(
        "totalSeats",
        `Total seats cannot be lower than the ${next.seatsSold} seats already sold.`,
      );
    }
  }

  /** Refreshes the lesson count and total duration the course cards show. */
  async function refreshLessonTotals(tx: Queryable, companyId: string, courseId: string) {
    const [totals] = await tx
      .select({
        lessons: count(),
        seconds: sql<number>`coalesce(sum(${lessons.durationSeconds}), 0)`.mapWith(Number),
      })
      .from(lessons)
      .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId)));
    await tx
      .update(courses)
      .set({ videoCount: totals?.lessons ?? 0, durationSeconds: totals?.seconds ?? 0, updatedAt: new Date() })
      .where(and(eq(courses.companyId, companyId), eq(courses.id, courseId)));
  }

  async function hasOrders(tx: Queryable, companyId: string, ids: string[]): Promise<boolean> {
    const [lines] = await tx
      .select({ value: count() })
      .from(orderLines)
      .where(and(eq(orderLines.companyId, companyId), inArray(orderLines.courseId, ids)));
    const [enrolled] = await tx
      .select({ value: count() })
      .from(enrolments)
      .where(and(eq(enrolments.companyId, companyId), inArray(enrolments.courseId, ids)));
    return (lines?.value ?? 0) + (enrolled?.value ?? 0) > 0;
  }

  async function get(companyId: string, id: string): Promise<AdminCourse> {
    const row = await findRow(db, companyId, id);
    return toCourse(row, await lessonRows(db, companyId, id));
  }

  /** Runs a write in a transaction, then drops the cached storefront catalogue. */
  async function write<T>(companyId: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    catalog.invalidate(companyId);
    return result;
  }

  return {
    get,

    async list(companyId: string, query: AdminListCoursesQuery): Promise<ListPage<AdminCourseRow>> {
      const conditions: SQL[] = [eq(courses.companyId, companyId)];
      if (query.category) conditions.push(eq(courses.categoryId, query.category));
      if (query.published) conditions.push(eq(courses.published, query.published === "true"));
      if (query.searchText) {
        const pattern = containsPattern(query.searchText.toLowerCase());
        conditions.push(or(like(courses.searchText, pattern), ilike(courses.slug, pattern))!);
      }
      const where = and(...conditions);
      const direction = query.order === "asc" ? asc : desc;
      const order = query.sort
        ? [direction(SORTS[query.sort]), asc(courses.id)]
        : [desc(courses.updatedAt), desc(courses.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: courses.id,
            slug: courses.slug,
            title: courses.title,
            image: courses.image,
            categoryId: courses.categoryId,
            categoryName: categories.name,
            priceCents: courses.priceCents,
            salePriceCents: courses.salePriceCents,
            currency: courses.currency,
            totalSeats: courses.totalSeats,
            seatsSold: courses.seatsSold,
            published: courses.published,
            updatedAt: courses.updatedAt,
          })
          .from(courses)
          .leftJoin(categories, eq(categories.id, courses.categoryId))
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ value: count() }).from(courses).where(where),
      ]);
      const items = rows.map(({ categoryId, categoryName, updatedAt, ...row }) => ({
        ...row,
        category: categoryId && categoryName ? { id: categoryId, name: categoryName } : null,
        updatedAt: updatedAt.toISOString(),
      }));
      return listPage(items, total?.value ?? 0, query);
    },

    async create(companyId: string, actor: Actor, input: AdminCourseInput): Promise<AdminCourse> {
      const salePriceCents = input.salePriceCents ?? null;
      const totalSeats = input.totalSeats ?? null;
      checkMoneyAndSeats({ priceCents: input.priceCents, salePriceCents, totalSeats, seatsSold: 0 });
      const { currency } = await settings.storeInfo(companyId);
      const id = await write(companyId, async (tx) => {
        await checkCategory(tx, companyId, input.categoryId);
        const attributeValues = await checkAttributeValues(tx, companyId, input.attributeValues);
        const slug = await chooseSlug(tx, companyId, input.slug, input.title.en);
        const [row] = await tx
          .insert(courses)
          .values({
            companyId,
            slug,
            title: input.title,
            summary: input.summary ?? { en: "" },
            description: input.description ?? { en: "" },
            outcomes: input.outcomes ?? { en: [] },
            categoryId: input.categoryId ?? null,
            level: input.level ?? "beginner",
            instructor: input.instructor || null,
            badge: input.badge ?? null,
            priceCents: input.priceCents,
            salePriceCents,
            currency,
            totalSeats,
            instalmentCount: input.instalmentCount ?? null,
            attributeValues: attributeValues ?? {},
            published: input.published ?? false,
          })
          .returning({ id: courses.id });
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "course",
          entityId: row!.id,
          summary: input.title.en,
        });
        return row!.id;
      });
      return get(companyId, id);
    },

    async update(
      companyId: string,
      actor: Actor,
      id: string,
      input: AdminUpdateCourse,
    ): Promise<AdminCourse> {
      await write(companyId, async (tx) => {
        const before = await findRow(tx, companyId, id);
        checkMoneyAndSeats({
          priceCents: input.priceCents ?? before.priceCents,
          salePriceCents: input.salePriceCents !== undefined ? input.salePriceCents : before.salePriceCents,
          totalSeats: input.totalSeats !== undefined ? input.totalSeats : before.totalSeats,
          seatsSold: before.seatsSold,
        });
        await checkCategory(tx, companyId, input.categoryId);
        const attributeValues = await checkAttributeValues(tx, companyId, input.attributeValues);
        const title = input.title ?? before.title;
        const slug =
          input.slug !== undefined ? await chooseSlug(tx, companyId, input.slug, title.en, id) : before.slug;
        const { slug: _slug, attributeValues: _values, instructor, ...rest } = input;
        const next = {
          ...rest,
          slug,
          ...(instructor !== undefined ? { instructor: instructor || null } : {}),
          ...(attributeValues !== undefined ? { attributeValues } : {}),
          updatedAt: new Date(),
        };
        await tx
          .update(courses)
          .set(next)
          .where(and(eq(courses.companyId, companyId), eq(courses.id, id)));
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of Object.keys(next) as (keyof typeof next & keyof CourseRow)[]) {
          if (key === "updatedAt") continue;
          const from = before[key];
          const to = next[key];
          if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
        }
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "course",
          entityId: id,
          summary: title.en,
          changes,
        });
      });
      return get(companyId, id);
    },

    /** Deletes a course that nobody bought; one with orders or learners is refused (409). */
    async remove(companyId: string, actor: Actor, id: string): Promise<void> {
      const removed = await write(companyId, async (tx) => {
        const row = await findRow(tx, companyId, id);
        if (await hasOrders(tx, companyId, [id])) throw conflict(COURSE_HAS_ORDERS, "COURSE_HAS_ORDERS");
        const videos = await lessonRows(tx, companyId, id);
        await tx.delete(courses).where(and(eq(courses.companyId, companyId), eq(courses.id, id)));
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "delete",
          entity: "course",
          entityId: id,
          summary: row.title.en,
        });
        return [row.image, ...videos.map((lesson) => lesson.videoUrl)];
      });
      await Promise.all(removed.map((reference) => uploads.remove(reference)));
    },

    /** Publishes, unpublishes or deletes several courses at once (all or nothing). */
    async bulk(
      companyId: string,
      actor: Actor,
      { action, ids }: AdminBulkCourses,
    ): Promise<{ updated: number }> {
      const unique = [...new Set(ids)];
      return write(companyId, async (tx) => {
        const rows = await tx
          .select({ id: courses.id, title: courses.title, published: courses.published })
          .from(courses)
          .where(and(eq(courses.companyId, companyId), inArray(courses.id, unique)));
        if (rows.length !== unique.length)
          throw notFound("Some of these courses do not exist.", "COURSE_NOT_FOUND");
        if (action === "delete") {
          if (await hasOrders(tx, companyId, unique)) throw conflict(COURSE_HAS_ORDERS, "COURSE_HAS_ORDERS");
          await tx.delete(courses).where(and(eq(courses.companyId, companyId), inArray(courses.id, unique)));
        } else {
          await tx
            .update(courses)
            .set({ published: action === "publish", updatedAt: new Date() })
            .where(and(eq(courses.companyId, companyId), inArray(courses.id, unique)));
        }
        for (const row of rows) {
          await audit.record(tx, {
            companyId,
            staff: actor,
            action: action === "delete" ? "delete" : "update",
            entity: "course",
            entityId: row.id,
            summary: row.title.en,
            ...(action === "delete"
              ? {}
              : { changes: { published: { from: row.published, to: action === "publish" } } }),
          });
        }
        return { updated: rows.length };
      });
    },

    /** Stores a new cover image (checked by content, resized) and replaces the old one. */
    async setImage(companyId: string, actor: Actor, id: string, bytes: Buffer): Promise<{ url: string }> {
      await findRow(db, companyId, id);
      const url = await uploads.storeImage(bytes, "cover");
      const old = await write(companyId, async (tx) => {
        const row = await findRow(tx, companyId, id);
        await tx.update(courses).set({ image: url, updatedAt: new Date() }).where(eq(courses.id, id));
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "course",
          entityId: id,
          summary: row.title.en,
          changes: { image: { from: row.image, to: url } },
        });
        return row.image;
      }).catch(async (error) => {
        await uploads.remove(url);
        throw error;
      });
      await uploads.remove(old);
      return { url };
    },

    async addLesson(
      companyId: string,
      actor: Actor,
      courseId: string,
      input: AdminLessonInput,
    ): Promise<AdminLesson> {
      return write(companyId, async (tx) => {
        const course = await findRow(tx, companyId, courseId);
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${lessons.position}), 0)`.mapWith(Number) })
          .from(lessons)
          .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId)));
        const [row] = await tx
          .insert(lessons)
          .values({
            companyId,
            courseId,
            position: (last?.position ?? 0) + 1,
            title: input.title,
            durationSeconds: input.durationSeconds,
            freePreview: input.freePreview ?? false,
            videoUrl: input.videoUrl ?? null,
          })
          .returning();
        await refreshLessonTotals(tx, companyId, courseId);
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "create",
          entity: "lesson",
          entityId: row!.id,
          summary: `${course.title.en}: ${input.title.en}`,
        });
        return toLesson(row!);
      });
    },

    async updateLesson(
      companyId: string,
      actor: Actor,
      courseId: string,
      lessonId: string,
      input: AdminUpdateLesson,
    ): Promise<AdminLesson> {
      let replaced: string | null = null;
      const lesson = await write(companyId, async (tx) => {
        const before = await findLesson(tx, companyId, courseId, lessonId);
        if (input.videoUrl !== undefined && input.videoUrl !== before.videoUrl) replaced = before.videoUrl;
        const [row] = await tx
          .update(lessons)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(lessons.id, lessonId))
          .returning();
        await refreshLessonTotals(tx, companyId, courseId);
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "lesson",
          entityId: lessonId,
          summary: (input.title ?? before.title).en,
          changes: Object.fromEntries(
            Object.entries(input).map(([key, to]) => [key, { from: before[key as keyof LessonRow], to }]),
          ),
        });
        return toLesson(row!);
      });
      await uploads.remove(replaced);
      return lesson;
    },

    async removeLesson(companyId: string, actor: Actor, courseId: string, lessonId: string): Promise<void> {
      const video = await write(companyId, async (tx) => {
        const before = await findLesson(tx, companyId, courseId, lessonId);
        await tx.delete(lessons).where(eq(lessons.id, lessonId));
        await refreshLessonTotals(tx, companyId, courseId);
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "delete",
          entity: "lesson",
          entityId: lessonId,
          summary: before.title.en,
        });
        return before.videoUrl;
      });
      await uploads.remove(video);
    },

    /** Puts the lessons in the given order; `ids` must name every lesson of the course once. */
    async reorderLessons(
      companyId: string,
      actor: Actor,
      courseId: string,
      ids: string[],
    ): Promise<AdminLesson[]> {
      return write(companyId, async (tx) => {
        const course = await findRow(tx, companyId, courseId);
        const current = await lessonRows(tx, companyId, courseId);
        const known = new Set(current.map((lesson) => lesson.id));
        if (
          ids.length !== current.length ||
          new Set(ids).size !== ids.length ||
          ids.some((id) => !known.has(id))
        ) {
          throw badRequest("Send every lesson of the course exactly once, in the new order.");
        }
        for (const [index, id] of ids.entries()) {
          await tx
            .update(lessons)
            .set({ position: index + 1 })
            .where(eq(lessons.id, id));
        }
        await audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "course",
          entityId: courseId,
          summary: `${course.title.en}: lessons reordered`,
          changes: { lessons: { from: current.map((lesson) => lesson.id), to: ids } },
        });
        return (await lessonRows(tx, companyId, courseId)).map(toLesson);
      });
    },

    /** Streams an uploaded WebM/MP4 to disk and makes it the lesson's video. */
    async setLessonVideo(
      companyId: string,
      actor: Actor,
      courseId: string,
      lessonId: string,
      body: Readable,
    ): Promise<{ url: string }> {
      await findLesson(db, companyId, courseId, lessonId);
      const reference = await uploads.storeVideo(body);
      await this.updateLesson(companyId, actor, courseId, lessonId, { videoUrl: reference }).catch(
        async (error: unknown) => {
          await uploads.remove(reference);
          throw error;
        },
      );
      return { url: reference };
    },
  };

  async function findLesson(tx: Queryable, companyId: string, courseId: string, lessonId: string) {
    const [row] = await tx
      .select()
      .from(lessons)
      .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId), eq(lessons.id, lessonId)));
    if (!row) throw notFound(`No lesson "${lessonId}" in this course.`, "LESSON_NOT_FOUND");
    return row;
  }
}

export type CourseAdminService = ReturnType<typeof createCourseAdminService>;
