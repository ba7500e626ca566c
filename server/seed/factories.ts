import { inArray, sql } from "drizzle-orm";
import { DEFAULT_ROLES } from "~shared/permissions";
import type { Queryable } from "../db/client";
import { uuidv7 } from "../lib/ids";
import { categories, courses, lessons } from "../modules/catalog/catalog.tables";
import { companies } from "../modules/companies/companies.tables";
import { createConversion } from "../modules/currency/exchange";
import { customers } from "../modules/customers/customers.tables";
import { currencies, languages } from "../modules/international/international.tables";
import { demoLessonVideo } from "../modules/media/media-store";
import { nextCounter, takeCounterValues } from "../modules/orders/counters";
import { numberPrinter } from "../modules/orders/invoice-issue";
import {
  coupons,
  enrolments,
  invoices,
  type OrderStatus,
  orderLines,
  orders,
  type PaymentMethod,
  payments,
} from "../modules/orders/orders.tables";
import { priceOrder } from "../modules/orders/pricing";
import { settings } from "../modules/settings/settings.tables";
import { roles } from "../modules/staff/staff.tables";
import type { SeedCategory, SeedCourse } from "./content/types";

/** Rows the seed and the tests both create, written the same way in both. */

export const DEFAULT_VAT_RATE_BP = 2100;

export async function insertCompany(
  db: Queryable,
  input: { slug: string; name: string; isDefault?: boolean },
): Promise<{ id: string; slug: string; name: string }> {
  const [company] = await db
    .insert(companies)
    .values({ slug: input.slug, name: input.name, isDefault: input.isDefault ?? false })
    .returning({ id: companies.id, slug: companies.slug, name: companies.name });
  if (!company) throw new Error("company was not created");
  await db.insert(roles).values(
    DEFAULT_ROLES.map((role) => ({
      companyId: company.id,
      name: role.name,
      permissions: role.permissions,
      system: true,
    })),
  );
  await db.insert(settings).values([
    {
      companyId: company.id,
      name: "global",
      value: {
        shopName: input.name,
        companyName: `${input.name} B.V.`,
        vatNumber: "NL004495445B01",
        addressLine1: "Lindengracht 112",
        addressLine2: "1015 KK Amsterdam",
        addressLine3: "The Netherlands",
        contactPhone: "+31 20 555 0142",
        contactPhone2: "+31 6 5550 1427",
        email: "hello@school.example.com",
        website: "https://school.example.com",
        defaultLanguage: "",
        currency: "EUR",
        timeZone: "Europe/Amsterdam",
        dateFormat: "DD/MM/YYYY",
        receiptFooter: "Thank you for learning with us.",
      },
    },
    {
      companyId: company.id,
      name: "tax",
      value: { country: "NL", vatRateBp: DEFAULT_VAT_RATE_BP, pricesIncludeVat: true },
    },
    {
      companyId: company.id,
      name: "invoice",
      value: { startValue: 1, leadingZeros: true, length: 6, prefix: "INV-" },
    },
  ]);
  return company;
}

export async function insertCategory(
  db: Queryable,
  companyId: string,
  category: SeedCategory,
  options: { parentId?: string | null; position?: number } = {},
): Promise<string> {
  const [id] = await insertCategories(db, companyId, [{ category, ...options }]);
  return id!;
}

/** Several categories in one statement; ids in the order given. A parent may come in the same call. */
export async function insertCategories(
  db: Queryable,
  companyId: string,
  items: { category: SeedCategory; parentId?: string | null; position?: number; id?: string }[],
): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = items.map(({ category, parentId, position, id }) => ({
    id: id ?? uuidv7(),
    companyId,
    slug: category.slug,
    name: category.name,
    description: category.description,
    icon: category.icon,
    parentId: parentId ?? null,
    position: position ?? 0,
  }));
  await db.insert(categories).values(rows);
  return rows.map((row) => row.id);
}

export async function insertCourse(
  db: Queryable,
  companyId: string,
  course: SeedCourse,
  options: { categoryId: string | null; now?: Date; published?: boolean },
): Promise<string> {
  const [id] = await insertCourses(db, companyId, [{ course, ...options }]);
  return id!;
}

/** Several courses and all their lessons in two statements; ids in the order given. */
export async function insertCourses(
  db: Queryable,
  companyId: string,
  items: { course: SeedCourse; categoryId: string | null; now?: Date; published?: boolean }[],
): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = items.map(({ course, categoryId, now = new Date(), published }) => {
    const addedAt = new Date(now.getTime() - course.addedDaysAgo * 86_400_000);
    return {
      id: uuidv7(),
      companyId,
      categoryId,
      slug: course.slug,
      title: course.title,
      summary: course.summary,
      description: course.description,
      outcomes: course.outcomes,
      audience: course.audience,
      level: course.level,
      instructor: course.instructor,
      image: `/images/courses/${course.slug}.svg`,
      badge: course.badge,
      ratingTotal: Math.round(course.rating * course.ratingCount),
      ratingCount: course.ratingCount,
      videoCount: course.lessons.length,
      durationSeconds: course.lessons.reduce((sum, lesson) => sum + lesson.durationSeconds, 0),
      priceCents: course.priceCents,
      salePriceCents: course.salePriceCents,
      currency: "EUR",
      totalSeats: course.totalSeats,
      published: published ?? true,
      createdAt: addedAt,
      updatedAt: addedAt,
    };
  });
  await db.insert(courses).values(rows);
  const lessonRows = items.flatMap(({ course }, courseIndex) =>
    course.lessons.map((lesson, index) => ({
      companyId,
      courseId: rows[courseIndex]!.id,
      position: index + 1,
      title: lesson.title,
      durationSeconds: lesson.durationSeconds,
      videoUrl: demoLessonVideo(index),
      freePreview: lesson.freePreview,
    })),
  );
  if (lessonRows.length > 0) await db.insert(lessons).values(lessonRows);
  return rows.map((row) => row.id);
}

export interface CustomerInput {
  name: string;
  email: string;
  phone?: string;
  passwordHash?: string | null;
  createdAt?: Date;
}

export async function insertCustomer(
  db: Queryable,
  companyId: string,
  input: CustomerInput,
): Promise<string> {
  const [id] = await insertCustomers(db, companyId, [input]);
  return id!;
}

/** Several customers in one statement; ids in the order given. */
export async function insertCustomers(
  db: Queryable,
  companyId: string,
  inputs: CustomerInput[],
): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => ({
    id: uuidv7(),
    companyId,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    passwordHash: input.passwordHash ?? null,
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
  }));
  await db.insert(customers).values(rows);
  return rows.map((row) => row.id);
}

export { nextCounter };

export interface HistoricOrderInput {
  customer: { id: string; name: string; email: string };
  lines: { courseId: string; title: SeedCourse["title"]; unitPriceCents: number }[];
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  channel: "online" | "pos";
  /** The cash drawer session a point-of-sale order was taken in. */
  posSessionId?: string;
  createdAt: Date;
  vatRateBp?: number;
  /** Bought in another currency than the shop's (EUR): line prices are in it, at `rate` per euro. */
  currency?: { code: string; rate: string };
}

/**
 * An order as checkout leaves it: lines, payment, invoice and enrolments for a paid order,
 * with order and invoice numbers from the company's counters.
 */
export async function insertHistoricOrder(
  db: Queryable,
  companyId: string,
  input: HistoricOrderInput,
): Promise<string> {
  const [id] = await insertHistoricOrders(db, companyId, [input]);
  return id!;
}

/**
 * Several orders as {@link insertHistoricOrder} writes them, numbered in the order given, with one
 * statement per table: what the seed uses for its order history.
 */
export async function insertHistoricOrders(
  db: Queryable,
  companyId: string,
  inputs: HistoricOrderInput[],
): Promise<string[]> {
  if (inputs.length === 0) return [];
  const isPaid = (input: HistoricOrderInput) => input.status === "processing" || input.status === "delivered";
  const paidCount = inputs.filter(isPaid).length;
  const firstNumber = await takeCounterValues(db, companyId, "order", inputs.length);
  let nextInvoice = paidCount > 0 ? await takeCounterValues(db, companyId, "invoice", paidCount) : 0;
  const printInvoiceNumber = await numberPrinter(db, companyId, "invoice");

  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const enrolmentRows: (typeof enrolments.$inferInsert)[] = [];
  const seatsSold = new Map<string, number>();
  for (const [index, input] of inputs.entries()) {
    const id = uuidv7();
    const totals = priceOrder(
      input.lines.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: 1 })),
      input.vatRateBp ?? DEFAULT_VAT_RATE_BP,
    );
    const conversion = createConversion("EUR", input.currency?.code ?? "EUR", input.currency?.rate ?? "1");
    orderRows.push({
      id,
      companyId,
      number: firstNumber + index,
      customerId: input.customer.id,
      customerName: input.customer.name,
      customerEmail: input.customer.email,
      status: input.status,
      paymentMethod: input.paymentMethod,
      channel: input.channel,
      posSessionId: input.posSessionId ?? null,
      currency: conversion.currency,
      exchangeRate: conversion.rate,
      ...totals,
      baseTotalCents: conversion.toBase(totals.totalCents),
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    });
    for (const line of input.lines) {
      lineRows.push({
        companyId,
        orderId: id,
        courseId: line.courseId,
        title: line.title,
        unitPriceCents: line.unitPriceCents,
        quantity: 1,
        totalCents: line.unitPriceCents,
      });
    }
    if (!isPaid(input)) continue;
    paymentRows.push({
      companyId,
      orderId: id,
      provider: input.channel === "pos" ? "pos" : "demo",
      providerReference: `seed_${id}`,
      status: "succeeded",
      amountCents: totals.totalCents,
      currency: conversion.currency,
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    });
    const invoiceNumber = nextInvoice++;
    invoiceRows.push({
      companyId,
      orderId: id,
      number: invoiceNumber,
      printedNumber: printInvoiceNumber(invoiceNumber),
      issuedAt: input.createdAt,
    });
    for (const line of input.lines) {
      enrolmentRows.push({
        companyId,
        customerId: input.customer.id,
        courseId: line.courseId,
        orderId: id,
        createdAt: input.createdAt,
        updatedAt: input.createdAt,
      });
      seatsSold.set(line.courseId, (seatsSold.get(line.courseId) ?? 0) + 1);
    }
  }

  await db.insert(orders).values(orderRows);
  await db.insert(orderLines).values(lineRows);
  if (paymentRows.length > 0) {
    await db.insert(payments).values(paymentRows);
    await db.insert(invoices).values(invoiceRows);
    await db.insert(enrolments).values(enrolmentRows).onConflictDoNothing();
  }
  // One update per distinct number of seats sold (a handful), not one per order.
  const bySold = new Map<number, string[]>();
  for (const [courseId, sold] of seatsSold) bySold.set(sold, [...(bySold.get(sold) ?? []), courseId]);
  for (const [sold, courseIds] of bySold) {
    await db
      .update(courses)
      .set({ seatsSold: sql`${courses.seatsSold} + ${sold}` })
      .where(inArray(courses.id, courseIds));
  }
  return orderRows.map((row) => row.id!);
}

export interface CouponInput {
  code: string;
  campaignName: { en: string; nl: string };
  discount: { type: "percentage"; percent: number } | { type: "fixed"; cents: number };
  minimumAmountCents?: number;
  startsAt: Date;
  endsAt: Date;
  published?: boolean;
}

/** A coupon campaign; codes are matched without regard to case. */
export async function insertCoupon(db: Queryable, companyId: string, input: CouponInput): Promise<string> {
  const [row] = await db
    .insert(coupons)
    .values({
      companyId,
      code: input.code,
      campaignName: input.campaignName,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      discountType: input.discount.type,
      discountValue: input.discount.type === "percentage" ? input.discount.percent : input.discount.cents,
      minimumAmountCents: input.minimumAmountCents ?? 0,
      published: input.published ?? true,
    })
    .returning({ id: coupons.id });
  if (!row) throw new Error("coupon was not created");
  return row.id;
}

export async function insertLanguage(
  db: Queryable,
  companyId: string,
  input: { name: string; isoCode: string; languageCode: string; flag?: string | null; published?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(languages)
    .values({ companyId, ...input, flag: input.flag ?? null, published: input.published ?? true })
    .returning({ id: languages.id });
  if (!row) throw new Error("language was not created");
  return row.id;
}

export async function insertCurrency(
  db: Queryable,
  companyId: string,
  input: { name: string; symbol: string; isoCode: string; exchangeRate: string; enabled?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(currencies)
    .values({ companyId, ...input, enabled: input.enabled ?? true })
    .returning({ id: currencies.id });
  if (!row) throw new Error("currency was not created");
  return row.id;
}
