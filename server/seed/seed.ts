import { and, eq, gte, sql } from "drizzle-orm";
import { SUPER_ADMIN_ROLE } from "~shared/permissions";
import type { Db, Tx } from "../db/client";
import { uuidv7 } from "../lib/ids";
import { seededRandom } from "../lib/random";
import { generatePassword, hashPassword } from "../modules/auth/passwords";
import { courses as courseTable } from "../modules/catalog/catalog.tables";
import { companies } from "../modules/companies/companies.tables";
import type { BlobStore } from "../modules/media/blob-store";
import type { OrderStatus, PaymentMethod } from "../modules/orders/orders.tables";
import { roles, staff } from "../modules/staff/staff.tables";
import { categories as seedCategories } from "./content/categories";
import { courses as seedCourses } from "./content/courses";
import type { SeedCourse } from "./content/types";
import { insertDefaultFaqs } from "./default-faqs";
import { DEMO_LEARNER, demoCustomers } from "./demo-people";
import {
  type CustomerInput,
  type HistoricOrderInput,
  insertCategories,
  insertCompany,
  insertCoupon,
  insertCourses,
  insertCurrency,
  insertCustomers,
  insertHistoricOrders,
  insertLanguage,
} from "./factories";
import { seedDemoLearner, seedReviews } from "./learning";
import { seedProducts } from "./products";
import { seedShipping } from "./shipping";

export const DEFAULT_COMPANY = { slug: "wellspring", name: "Wellspring Academy" };
export const DEFAULT_ADMIN_EMAIL = "admin@example.com";

/** Serialises seeding across instances that start together on one PostgreSQL. */
const SEED_LOCK_KEY = 727_274_002;

export interface SeedOptions {
  adminEmail?: string;
  adminPassword?: string;
  /** The moment the demo history is relative to; defaults to now. */
  now?: Date;
  /** Leave out the demo orders (tests that count orders themselves). */
  withOrders?: boolean;
  /** The media store, for the demo shop's downloadable file (without it that product stays unpublished). */
  blobs?: BlobStore;
}

export interface SeedResult {
  seeded: boolean;
  adminEmail?: string;
  /** Set only when no ADMIN_PASSWORD was given: shown once, never stored in clear. */
  generatedAdminPassword?: string;
}

/** Fills an empty database with the default company and its demo catalogue. Does nothing on a database with data. */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const [existing] = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing) return { seeded: false };

  const adminEmail = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generatedAdminPassword = options.adminPassword ? undefined : generatePassword();
  // argon2 runs on libuv's threads: hash while the transaction writes the catalogue, await when needed.
  const hashes = Promise.all([
    hashPassword(options.adminPassword ?? (generatedAdminPassword as string)),
    hashPassword(DEMO_LEARNER.password),
  ]);
  hashes.catch(() => undefined); // awaited below; a failure there fails the seed

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [raced] = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (raced) return { seeded: false };

    const now = options.now ?? new Date();
    const company = await insertCompany(tx, { ...DEFAULT_COMPANY, isDefault: true });

    await insertLanguage(tx, company.id, {
      name: "English",
      isoCode: "en",
      languageCode: "en-GB",
      flag: "🇬🇧",
    });
    await insertLanguage(tx, company.id, {
      name: "Nederlands",
      isoCode: "nl",
      languageCode: "nl-NL",
      flag: "🇳🇱",
    });
    await insertCurrency(tx, company.id, { name: "Euro", symbol: "€", isoCode: "EUR", exchangeRate: "1" });
    await insertCurrency(tx, company.id, {
      name: "US Dollar",
      symbol: "$",
      isoCode: "USD",
      exchangeRate: "1.08",
    });
    await insertCurrency(tx, company.id, {
      name: "Pound Sterling",
      symbol: "£",
      isoCode: "GBP",
      exchangeRate: "0.85",
    });

    // Parents first, so that positions follow the same order as before; ids are made here, so one
    // statement holds both levels.
    const ordered = [
      ...seedCategories.filter((c) => !c.parentSlug),
      ...seedCategories.filter((c) => c.parentSlug),
    ];
    const categoryIds = new Map(ordered.map((category) => [category.slug, uuidv7()]));
    await insertCategories(
      tx,
      company.id,
      ordered.map((category, position) => ({
        category,
        id: categoryIds.get(category.slug),
        parentId: category.parentSlug ? categoryIds.get(category.parentSlug) : null,
        position,
      })),
    );

    const courseIdList = await insertCourses(
      tx,
      company.id,
      seedCourses.map((course) => ({
        course,
        categoryId: categoryIds.get(course.categorySlug) ?? null,
        now,
      })),
    );
    const courseIds = new Map(seedCourses.map((course, index) => [course.slug, courseIdList[index]!]));

    // Courses from €100 may be paid in three monthly instalments.
    await tx
      .update(courseTable)
      .set({ instalmentCount: 3 })
      .where(and(eq(courseTable.companyId, company.id), gte(courseTable.priceCents, 10_000)));
    await seedCoupons(tx, company.id, now);
    await seedProducts(tx, company.id, categoryIds, now, options.blobs);
    await seedShipping(tx, company.id);
    await insertDefaultFaqs(tx, company.id);

    const [superAdmin] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, SUPER_ADMIN_ROLE));
    const [adminHash, learnerHash] = await hashes;
    await tx.insert(staff).values({
      companyId: company.id,
      name: { en: "School Administrator", nl: "Schoolbeheerder" },
      email: adminEmail,
      passwordHash: adminHash,
      roleId: superAdmin!.id,
    });

    const random = seededRandom(20_240_601);
    const customerInputs: CustomerInput[] = [
      ...demoCustomers.map((person) => ({
        ...person,
        createdAt: new Date(now.getTime() - random.int(61, 400) * 86_400_000),
      })),
      {
        name: DEMO_LEARNER.name,
        email: DEMO_LEARNER.email,
        passwordHash: learnerHash,
        createdAt: new Date(now.getTime() - 90 * 86_400_000),
      },
    ];
    const customerIds = await insertCustomers(tx, company.id, customerInputs);
    const people = customerInputs.map((person, index) => ({
      id: customerIds[index]!,
      name: person.name,
      email: person.email,
      phone: person.phone ?? "",
    }));

    if (options.withOrders !== false) {
      await seedOrderHistory(tx, company.id, people, courseIds, now);
      await seedDemoLearner(tx, company.id, people.at(-1)!, courseIds, seedCourses, now);
    }
    await seedReviews(tx, company.id, people.slice(0, demoCustomers.length), courseIds, seedCourses, now);
    return { seeded: true, adminEmail, generatedAdminPassword };
  });
}

/** Demo coupons: a welcome discount, a fixed amount off larger orders, and one that has ended. */
async function seedCoupons(tx: Tx, companyId: string, now: Date) {
  const day = 86_400_000;
  const yearAgo = new Date(now.getTime() - 365 * day);
  const inAYear = new Date(now.getTime() + 365 * day);
  await insertCoupon(tx, companyId, {
    code: "WELCOME10",
    campaignName: { en: "Welcome discount", nl: "Welkomstkorting" },
    discount: { type: "percentage", percent: 10 },
    startsAt: yearAgo,
    endsAt: inAYear,
  });
  await insertCoupon(tx, companyId, {
    code: "FAMILY15",
    campaignName: { en: "€15 off family orders", nl: "€15 korting voor gezinnen" },
    discount: { type: "fixed", cents: 1500 },
    minimumAmountCents: 10_000,
    startsAt: yearAgo,
    endsAt: inAYear,
  });
  await insertCoupon(tx, companyId, {
    code: "SPRING2024",
    campaignName: { en: "Spring 2024", nl: "Voorjaar 2024" },
    discount: { type: "percentage", percent: 20 },
    startsAt: yearAgo,
    endsAt: new Date(now.getTime() - 30 * day),
  });
}

/** About fifty orders over the last sixty days, so the dashboard has something to show. */
async function seedOrderHistory(
  tx: Tx,
  companyId: string,
  people: { id: string; name: string; email: string }[],
  courseIds: Map<string, string>,
  now: Date,
) {
  const random = seededRandom(42);
  const owned = new Set<string>();
  const seatsLeft = new Map(seedCourses.map((c) => [c.slug, c.totalSeats ?? Number.POSITIVE_INFINITY]));
  const statuses: OrderStatus[] = [
    "delivered",
    "delivered",
    "delivered",
    "delivered",
    "processing",
    "pending",
    "cancel",
  ];
  const methods: PaymentMethod[] = ["card", "card", "card", "card", "stripe", "credit", "cash"];
  const history: { at: Date; customer: (typeof people)[number]; picks: SeedCourse[] }[] = [];

  for (let i = 0; i < 52; i++) {
    const customer = random.pick(people);
    const wanted = random.next() < 0.25 ? 2 : 1;
    const picks: SeedCourse[] = [];
    for (let attempt = 0; attempt < 10 && picks.length < wanted; attempt++) {
      const course = random.pick(seedCourses);
      const key = `${customer.id}:${course.slug}`;
      if (owned.has(key) || picks.includes(course) || (seatsLeft.get(course.slug) ?? 0) < 1) continue;
      picks.push(course);
    }
    if (picks.length === 0) continue;
    const daysAgo = random.int(0, 59);
    const at = new Date(now.getTime() - daysAgo * 86_400_000 - random.int(0, 10 * 3600) * 1000);
    history.push({ at, customer, picks });
  }
  history.sort((a, b) => a.at.getTime() - b.at.getTime());

  const orders: HistoricOrderInput[] = [];
  for (const { at, customer, picks } of history) {
    const status = random.pick(statuses);
    const paid = status === "delivered" || status === "processing";
    if (paid) {
      for (const course of picks) {
        owned.add(`${customer.id}:${course.slug}`);
        seatsLeft.set(course.slug, (seatsLeft.get(course.slug) ?? 0) - 1);
      }
    }
    const channel = random.next() < 0.15 ? "pos" : "online";
    orders.push({
      customer,
      status,
      channel,
      paymentMethod: channel === "pos" ? random.pick(["cash", "card"] as const) : random.pick(methods),
      createdAt: at,
      lines: picks.map((course) => ({
        courseId: courseIds.get(course.slug)!,
        title: course.title,
        unitPriceCents: course.salePriceCents ?? course.priceCents,
      })),
    });
  }
  await insertHistoricOrders(tx, companyId, orders);
}
