import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { conflict, notFound } from "../../lib/errors";
import { containsPattern, type ListPage, listPage, pageOffset } from "../../lib/list-query";
import { categories, courses, lessons } from "./catalog.tables";
import type {
  AdminBulkCourses,
  AdminCourse,
  AdminCourseInput,
  AdminCourseRow,
  AdminListCoursesQuery,
  AdminUpdateCourse,
} from "./catalog-admin.schemas";
import {
  COURSE_HAS_ORDERS,
  checkAttributeValues,
  checkCategory,
  checkMoneyAndSeats,
  chooseSlug,
  hasOrders,
} from "./course-checks";
import {
  type Actor,
  type CourseAdminDeps,
  type CourseRow,
  findCourse,
  getCourse,
  lessonFileRows,
  writeCatalog,
} from "./course-records";

const SORTS = {
  title: sql`lower(${courses.title}->>'en')`,
  price: sql`coalesce(${courses.salePriceCents}, ${courses.priceCents})`,
  updatedAt: courses.updatedAt,
  createdAt: courses.createdAt,
} as const;

export async function listCourses(
  deps: Pick<CourseAdminDeps, "db">,
  companyId: string,
  query: AdminListCoursesQuery,
): Promise<ListPage<AdminCourseRow>> {
  const { db } = deps;
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
}

export async function createCourse(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  input: AdminCourseInput,
): Promise<AdminCourse> {
  const salePriceCents = input.salePriceCents ?? null;
  const totalSeats = input.totalSeats ?? null;
  checkMoneyAndSeats({ priceCents: input.priceCents, salePriceCents, totalSeats, seatsSold: 0 });
  const { currency } = await deps.settings.storeInfo(companyId);
  const id = await writeCatalog(deps, companyId, async (tx) => {
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
        taxClass: input.taxClass ?? "digital_services",
        attributeValues: attributeValues ?? {},
        published: input.published ?? false,
      })
      .returning({ id: courses.id });
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: "create",
      entity: "course",
      entityId: row!.id,
      summary: input.title.en,
    });
    return row!.id;
  });
  return getCourse(deps, companyId, id);
}

export async function updateCourse(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  id: string,
  input: AdminUpdateCourse,
): Promise<AdminCourse> {
  await writeCatalog(deps, companyId, async (tx) => {
    const before = await findCourse(tx, companyId, id);
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
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: "update",
      entity: "course",
      entityId: id,
      summary: title.en,
      changes,
    });
  });
  return getCourse(deps, companyId, id);
}

/** Deletes a course that nobody bought; one with orders or learners is refused (409). */
export async function removeCourse(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  id: string,
): Promise<void> {
  const removed = await writeCatalog(deps, companyId, async (tx) => {
    const row = await findCourse(tx, companyId, id);
    if (await hasOrders(tx, companyId, [id])) throw conflict(COURSE_HAS_ORDERS, "COURSE_HAS_ORDERS");
    const stored = await storedFilesOf(tx, companyId, [id]);
    await tx.delete(courses).where(and(eq(courses.companyId, companyId), eq(courses.id, id)));
    await deps.audit.record(tx, {
      companyId,
      staff: actor,
      action: "delete",
      entity: "course",
      entityId: id,
      summary: row.title.en,
    });
    return stored;
  });
  await Promise.all(removed.map((reference) => deps.uploads.remove(reference)));
}

/** The stored files of courses: their images, lesson videos, resources and captions. */
async function storedFilesOf(
  tx: Queryable,
  companyId: string,
  courseIds: string[],
): Promise<Array<string | null>> {
  const images = await tx
    .select({ image: courses.image })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), inArray(courses.id, courseIds)));
  const videos = await tx
    .select({ id: lessons.id, videoUrl: lessons.videoUrl })
    .from(lessons)
    .where(and(eq(lessons.companyId, companyId), inArray(lessons.courseId, courseIds)));
  const files = await lessonFileRows(
    tx,
    companyId,
    videos.map((lesson) => lesson.id),
  );
  return [
    ...images.map((row) => row.image),
    ...videos.map((lesson) => lesson.videoUrl),
    ...files.map((file) => file.storageKey),
  ];
}

/** Publishes, unpublishes or deletes several courses at once (all or nothing). */
export async function bulkCourses(
  deps: CourseAdminDeps,
  companyId: string,
  actor: Actor,
  { action, ids }: AdminBulkCourses,
): Promise<{ updated: number }> {
  const unique = [...new Set(ids)];
  let stored: Array<string | null> = [];
  const result = await writeCatalog(deps, companyId, async (tx) => {
    const rows = await tx
      .select({ id: courses.id, title: courses.title, published: courses.published })
      .from(courses)
      .where(and(eq(courses.companyId, companyId), inArray(courses.id, unique)));
    if (rows.length !== unique.length)
      throw notFound("Some of these courses do not exist.", "COURSE_NOT_FOUND");
    if (action === "delete") {
      if (await hasOrders(tx, companyId, unique)) throw conflict(COURSE_HAS_ORDERS, "COURSE_HAS_ORDERS");
      stored = await storedFilesOf(tx, companyId, unique);
      await tx.delete(courses).where(and(eq(courses.companyId, companyId), inArray(courses.id, unique)));
    } else {
      await tx
        .update(courses)
        .set({ published: action === "publish", updatedAt: new Date() })
        .where(and(eq(courses.companyId, companyId), inArray(courses.id, unique)));
    }
    for (const row of rows) {
      await deps.audit.record(tx, {
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
  // The deleted courses' files go once the deletion is committed (as for a single course).
  await Promise.all(stored.map((reference) => deps.uploads.remove(reference)));
  return result;
}
