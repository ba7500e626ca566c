import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { attributes, lessons } from "~server/modules/catalog/catalog.tables";
import { emailTemplates, faqs, pages } from "~server/modules/content/content.tables";
import { courseReviews, lessonProgress } from "~server/modules/learning/learning.tables";
import { invoices, orderLines } from "~server/modules/orders/orders.tables";
import { roles } from "~server/modules/staff/staff.tables";
import { categories as seedCategories } from "~server/seed/content/categories";
import { courses as seedCourses } from "~server/seed/content/courses";
import {
  insertCategory,
  insertCoupon,
  insertCourse,
  insertCurrency,
  insertCustomer,
  insertHistoricOrder,
  insertLanguage,
} from "~server/seed/factories";
import { customerBearer } from "./learner-sessions";
import { createStaff, type TestStaff } from "./staff";
import type { TestApp } from "./test-app";

/** The rows and files of one school that the tenant isolation tests aim at. */
export interface SchoolHandles {
  companyId: string;
  /** Headers that pick this school (empty for the default one). */
  tenant: Record<string, string>;
  admin: TestStaff;
  /** Another staff member, with the Manager role. */
  staffMember: TestStaff;
  managerRoleId: string;
  learner: { id: string; headers: Record<string, string> };
  /** A customer without orders. */
  customerId: string;
  course: { id: string; lessonIds: string[]; freeLessonId: string };
  categoryId: string;
  attributeId: string;
  couponId: string;
  faqId: string;
  languageId: string;
  currencyId: string;
  order: { id: string; lineId: string; invoiceId: string };
  /** A pending order of the learner (can still be paid). */
  pendingOrderId: string;
  /** Uploaded files: the course image and category icon addresses, and the lesson video reference. */
  media: { courseImage: string; categoryIcon: string; video: string };
}

const png = (color: string) =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: color } })
    .png()
    .toBuffer();
const webm = () => Buffer.concat([Buffer.from("1a45dfa3", "hex"), Buffer.alloc(4096, 7)]);

/**
 * Gives a school the same shapes of data as every other: a course with lessons, a free preview and an
 * uploaded image and video, a category with an icon, an attribute, a coupon, an FAQ, a page, an email
 * template, a language and currency, staff, a learner with a paid order (invoice, enrolment, progress,
 * review) and a pending one, and a customer without orders. `tag` keeps emails and codes unique.
 */
export async function furnishSchool(
  t: TestApp,
  company: { id: string; slug: string; isDefault: boolean },
  tag: string,
): Promise<SchoolHandles> {
  const { db } = t.database;
  const companyId = company.id;
  const tenant: Record<string, string> = company.isDefault ? {} : { company: company.slug };
  const now = new Date();

  const template = seedCourses.find((course) => course.lessons.length >= 3 && course.lessons[0]!.freePreview);
  if (!template) throw new Error("the seed has no course with three lessons and a free preview");
  const categorySeed = seedCategories[0]!;
  const categoryId = await insertCategory(db, companyId, {
    ...categorySeed,
    slug: `isolation-${categorySeed.slug}`,
  });
  const courseId = await insertCourse(
    db,
    companyId,
    { ...template, slug: "isolation-course", totalSeats: null },
    { categoryId, now },
  );
  const lessonRows = await db
    .select({ id: lessons.id, freePreview: lessons.freePreview })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(lessons.position);
  const [attribute] = await db
    .insert(attributes)
    .values({
      companyId,
      title: { en: "Age group" },
      displayName: { en: "Age" },
      values: [{ id: "kids", label: { en: "Kids" } }],
    })
    .returning({ id: attributes.id });
  const couponId = await insertCoupon(db, companyId, {
    code: `ISO${tag}`,
    campaignName: { en: "Isolation", nl: "Isolatie" },
    discount: { type: "percentage", percent: 5 },
    startsAt: new Date(now.getTime() - 86_400_000),
    endsAt: new Date(now.getTime() + 30 * 86_400_000),
  });
  const [faq] = await db
    .insert(faqs)
    .values({ companyId, question: { en: `Question ${tag}?` }, answer: { en: `Answer ${tag}.` } })
    .returning({ id: faqs.id });
  await db
    .insert(pages)
    .values({
      companyId,
      slug: "about-us",
      title: { en: `About ${tag}` },
      body: { en: `<p>About ${tag}</p>` },
    })
    .onConflictDoNothing();
  await db
    .insert(emailTemplates)
    .values({
      companyId,
      event: "password-reset",
      subject: { en: `Reset ${tag}` },
      body: { en: "Hello {{name}}" },
      placeholders: ["name"],
    })
    .onConflictDoNothing();
  const languageId = await insertLanguage(db, companyId, {
    name: "Deutsch",
    isoCode: "de",
    languageCode: "de-DE",
  });
  const currencyId = await insertCurrency(db, companyId, {
    name: "Swiss franc",
    symbol: "CHF",
    isoCode: "CHF",
    exchangeRate: "0.95",
    enabled: false,
  });

  const admin = await createStaff(t, companyId, "Super Admin", { email: `admin.${tag}@isolation.example` });
  const staffMember = await createStaff(t, companyId, "Manager", {
    email: `manager.${tag}@isolation.example`,
  });
  const [manager] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`${roles.companyId} = ${companyId} and ${roles.name} = 'Manager'`);

  const learner = { name: `Learner ${tag}`, email: `learner.${tag}@isolation.example` };
  const learnerId = await insertCustomer(db, companyId, learner);
  const customerId = await insertCustomer(db, companyId, {
    name: `Customer ${tag}`,
    email: `customer.${tag}@isolation.example`,
  });
  const order = (status: "delivered" | "pending") =>
    insertHistoricOrder(db, companyId, {
      customer: { id: learnerId, ...learner },
      lines: [{ courseId, title: template.title, unitPriceCents: template.priceCents }],
      status,
      paymentMethod: "card",
      channel: "online",
      createdAt: now,
    });
  const orderId = await order("delivered");
  const pendingOrderId = await order("pending");
  const [line] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const [invoice] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
  await db.insert(lessonProgress).values({
    companyId,
    customerId: learnerId,
    courseId,
    lessonId: lessonRows[0]!.id,
    positionSeconds: 30,
  });
  await db
    .insert(courseReviews)
    .values({ companyId, courseId, customerId: learnerId, rating: 5, body: `Great ${tag}` });

  // Files go through the school's own admin API, as staff upload them.
  const upload = async (url: string, body: Buffer, type: string) => {
    const response = await t.app.inject({
      method: "POST",
      url,
      headers: { ...tenant, authorization: `Bearer ${admin.token}`, "content-type": type },
      payload: body,
    });
    if (response.statusCode !== 200)
      throw new Error(`upload ${url}: ${response.statusCode} ${response.body}`);
    return (response.json() as { url: string }).url;
  };
  const courseImage = await upload(`/api/admin/courses/${courseId}/image`, await png("#2a7"), "image/png");
  const categoryIcon = await upload(
    `/api/admin/categories/${categoryId}/icon`,
    await png("#a27"),
    "image/png",
  );
  const video = await upload(
    `/api/admin/courses/${courseId}/lessons/${lessonRows[1]!.id}/video`,
    webm(),
    "video/webm",
  );

  return {
    companyId,
    tenant,
    admin,
    staffMember,
    managerRoleId: manager!.id,
    learner: { id: learnerId, headers: { ...tenant, ...(await customerBearer(t, companyId, learnerId)) } },
    customerId,
    course: {
      id: courseId,
      lessonIds: lessonRows.map((row) => row.id),
      freeLessonId: lessonRows.find((row) => row.freePreview)!.id,
    },
    categoryId,
    attributeId: attribute!.id,
    couponId,
    faqId: faq!.id,
    languageId,
    currencyId,
    order: { id: orderId, lineId: line!.id, invoiceId: invoice!.id },
    pendingOrderId,
    media: { courseImage, categoryIcon, video },
  };
}

/** Every table that belongs to companies (it has company_id), by name. */
export async function tenantTables(t: TestApp): Promise<string[]> {
  const result = (await t.database.db.execute(sql`
    select c.relname as name from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
    where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace
    order by c.relname`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

/** A digest of each of the company's tables (every column of every row), read as the owner. */
export async function fingerprint(t: TestApp, companyId: string): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of await tenantTables(t)) {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
          from ${sql.identifier(table)} x where company_id = ${companyId}`,
    )) as unknown as { rows: { n: number; h: string }[] };
    digest[table] = `${result.rows[0]!.n}:${result.rows[0]!.h}`;
  }
  return digest;
}

/** Every id of the company's rows, in every table that has an id column. */
export async function rowIds(t: TestApp, companyId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const table of await tenantTables(t)) {
    const hasId = (await t.database.db.execute(
      sql`select 1 from information_schema.columns where table_schema = current_schema()
          and table_name = ${table} and column_name = 'id'`,
    )) as unknown as { rows: unknown[] };
    if (hasId.rows.length === 0) continue;
    const result = (await t.database.db.execute(
      sql`select id::text as id from ${sql.identifier(table)} where company_id = ${companyId}`,
    )) as unknown as { rows: { id: string }[] };
    for (const row of result.rows) ids.add(row.id);
  }
  return ids;
}
