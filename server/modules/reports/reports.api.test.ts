import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatFullMoney } from "~shared/money";
import { ORDER_STATUSES, PAYMENT_METHODS } from "~shared/order-enums";
import { REPORT_ITEMS_PAGE_SIZE, REPORT_NAMES, type ReportName } from "~shared/reports";
import { testCourse } from "../../../tests/support/checkout-fixtures";
import { pdfText } from "../../../tests/support/pdf-text";
import { createStaff, type TestStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import type { Db } from "../../db/client";
import { insertCategory, insertCompany, insertCourse, insertCustomer } from "../../seed/factories";
import { orderLines, orderReturns, orders, REFUND_KINDS, refunds } from "../orders/orders.tables";
import { products } from "../products/products.tables";
import type { Reports } from "./reports.schemas";
import { renderReportPdf } from "./reports-pdf";

/**
 * Every figure of the reports against an oracle: plain SQL over the seeded orders, written apart from
 * the service (the period as local calendar dates, each order converted once in a CTE, the tax rows
 * of an order chosen in SQL per order), for two time zones and two shop currencies, orders in two
 * currencies, and each grouping. The school is its own company, so the demo data does not interfere.
 */
let t: TestApp;
let db: Db;
let company: { id: string; slug: string };
let admin: TestStaff;
const DAY = 86_400_000;
const NOW = new Date();

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const rand = random(21);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function report(query: string, language = "en") {
  return t.app.inject({
    method: "GET",
    url: `/api/admin/reports${query}`,
    headers: { company: company.slug, authorization: `Bearer ${admin.token}`, "accept-language": language },
  });
}

async function reportOk(query: string): Promise<Reports> {
  const response = await report(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const localDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    at,
  );
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  company = await insertCompany(db, { slug: `reports-${Date.now()}`, name: "Report School" });
  admin = await createStaff(t, company.id, "Admin");
  const categoryIds = [
    await insertCategory(db, company.id, {
      slug: "maths",
      name: { en: "Maths", nl: "Wiskunde" },
      description: { en: "", nl: "" },
      icon: "calculator",
    }),
    await insertCategory(db, company.id, {
      slug: "music",
      name: { en: "Music", nl: "Muziek" },
      description: { en: "", nl: "" },
      icon: "music",
    }),
  ];
  const courseIds = [
    await insertCourse(db, company.id, testCourse({ title: { en: "Algebra", nl: "Algebra NL" } }), {
      categoryId: categoryIds[0]!,
    }),
    await insertCourse(db, company.id, testCourse({ title: { en: "Piano", nl: "Piano" } }), {
      categoryId: categoryIds[1]!,
    }),
    await insertCourse(db, company.id, testCourse({ title: { en: "Free study", nl: "Vrije studie" } }), {
      categoryId: null,
    }),
  ];
  const [product] = await db
    .insert(products)
    .values({
      companyId: company.id,
      type: "physical",
      slug: "workbook",
      title: { en: "Workbook", nl: "Werkboek" },
      description: { en: "", nl: "" },
      priceCents: 1500,
      categoryId: categoryIds[0]!,
    })
    .returning({ id: products.id });
  const customers = await Promise.all(
    ["Ann", "Bob", "Cas", "Dee", "Eve"].map(async (name) => ({
      id: await insertCustomer(db, company.id, {
        name,
        email: `${name.toLowerCase()}.${Date.now()}@example.org`,
      }),
      name,
    })),
  );

  // 160 orders over 80 days back (and a few a little ahead), some right around midnights.
  const times = [
    ...Array.from({ length: 150 }, () => new Date(NOW.getTime() - rand() * 80 * DAY)),
    ...Array.from({ length: 10 }, () => new Date(NOW.getTime() + rand() * 2 * 3_600_000)),
  ];
  const currencies = [
    { code: "EUR", rate: 1 },
    { code: "USD", rate: 1.0843 },
  ];
  let number = 0;
  for (const at of times) {
    const customer = pick(customers);
    const currency = pick(currencies);
    const lineCount = pick([0, 1, 1, 2, 3]);
    const lines = Array.from({ length: lineCount }, () => {
      const isProduct = rand() < 0.25;
      const quantity = 1 + Math.floor(rand() * 3);
      const unit = pick([999, 1500, 2499, 10_000]);
      return {
        courseId: isProduct ? null : rand() < 0.1 ? null : pick(courseIds),
        productId: isProduct ? product!.id : null,
        title: { en: isProduct ? "Workbook (old)" : "Removed course" },
        unitPriceCents: unit,
        quantity,
        totalCents: unit * quantity,
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0) || pick([0, 5000]);
    const discount = pick([0, 0, 500, Math.floor(subtotal / 2)]);
    const total = Math.max(0, subtotal - discount);
    const legacy = rand() < 0.3;
    const rateBp = pick([2100, 900, 0]);
    const vat = Math.round((total * rateBp) / (10_000 + rateBp));
    const [order] = await db
      .insert(orders)
      .values({
        companyId: company.id,
        number: ++number,
        customerId: customer.id,
        customerName: customer.name,
        customerEmail: `${customer.name}@example.org`,
        status: pick(ORDER_STATUSES),
        paymentMethod: pick(PAYMENT_METHODS),
        channel: pick(["online", "online", "pos"] as const),
        currency: currency.code,
        exchangeRate: String(currency.rate),
        baseTotalCents: Math.round(total / currency.rate),
        subtotalCents: subtotal,
        discountCents: discount,
        vatRateBp: rateBp,
        vatCents: vat,
        taxCountry: legacy ? null : pick(["NL", "BE", "DE"]),
        totalCents: total,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: orders.id });
    if (lines.length > 0) {
      await db.insert(orderLines).values(
        lines.map((line, index) => {
          const taxed = !legacy && !(index === 1 && rand() < 0.2);
          const lineRate = pick([2100, 900, 600]);
          const lineTax = Math.round((line.totalCents * lineRate) / (10_000 + lineRate));
          return {
            companyId: company.id,
            orderId: order!.id,
            ...line,
            ...(taxed
              ? {
                  taxName: lineRate === 2100 ? "VAT high" : "VAT low",
                  taxRateBp: lineRate,
                  taxBaseCents: line.totalCents - lineTax,
                  taxCents: lineTax,
                }
              : {}),
          };
        }),
      );
    }
    if (rand() < 0.3) {
      const refundAt = new Date(Math.min(NOW.getTime(), at.getTime() + rand() * 10 * DAY));
      await db.insert(refunds).values({
        companyId: company.id,
        orderId: order!.id,
        kind: pick(REFUND_KINDS),
        amountCents: Math.floor(total * rand()),
        currency: currency.code,
        createdAt: refundAt,
      });
      if (rand() < 0.5 && lines.length > 0) {
        await db.insert(orderReturns).values({
          companyId: company.id,
          orderId: order!.id,
          lineIds: lines.slice(0, 1 + Math.floor(rand() * lines.length)).map(() => crypto.randomUUID()),
          restocked: rand() < 0.5,
          refundCents: Math.floor(total * rand()),
          createdAt: refundAt,
        });
      }
    }
  }
});
afterAll(() => t?.close());

/** The oracle: each report by plain SQL, in the shape the API answers. */
async function oracle(timeZone: string, currency: string, from: string, to: string, groupBy: string) {
  const inRange = (column: SQL) =>
    sql`(${column} at time zone ${timeZone})::date between ${from}::date and ${to}::date`;
  const conv = (amount: SQL) => sql`case when currency = ${currency} then (${amount})::numeric
    else coalesce(round((${amount})::numeric * base_total_cents / nullif(total_cents, 0)), 0) end`;
  const paid = sql`select id, customer_id, created_at, payment_method, channel, tax_country, vat_rate_bp, currency,
      base_total_cents, total_cents,
      ${conv(sql`subtotal_cents`)} as gross, ${conv(sql`discount_cents`)} as discount, ${conv(sql`vat_cents`)} as vat,
      ${conv(sql`total_cents`)} as total, ${conv(sql`total_cents - vat_cents`)} as untaxed
    from orders where company_id = ${company.id} and status in ('processing', 'delivered') and ${inRange(sql`created_at`)}`;
  const lineConv = (amount: SQL) => sql`case when o.currency = ${currency} then (${amount})::numeric
    else coalesce(round((${amount})::numeric * o.base_total_cents / nullif(o.total_cents, 0)), 0) end`;

  const sales = await rows<{
    period: string;
    orders: number;
    gross: string;
    discount: string;
    tax: string;
    total: string;
  }>(
    sql`with o as (${paid})
      select to_char(date_trunc(${groupBy}, (created_at at time zone ${timeZone})::date::timestamp), 'YYYY-MM-DD') as period,
        count(*)::int as orders, sum(gross)::text as gross, sum(discount)::text as discount, sum(vat)::text as tax,
        sum(total)::text as total
      from o group by 1 order by 1`,
  );
  const items = await rows<{
    kind: string;
    id: string | null;
    title: unknown;
    quantity: string;
    orders: number;
    gross: string;
    tax: string;
  }>(
    sql`with o as (${paid})
      select case when l.product_id is null then 'course' else 'product' end as kind,
        coalesce(l.course_id::text, l.product_id::text) as id,
        min(coalesce(c.title->>'en', p.title->>'en', l.title->>'en')) as title,
        sum(l.quantity)::text as quantity, count(distinct l.order_id)::int as orders,
        sum(${lineConv(sql`l.total_cents`)})::text as gross, sum(${lineConv(sql`coalesce(l.tax_cents, 0)`)})::text as tax
      from order_lines l join o on o.id = l.order_id
      left join courses c on c.id = l.course_id left join products p on p.id = l.product_id
      group by 1, 2, case when coalesce(l.course_id, l.product_id) is null then l.title->>'en' end`,
  );
  const cats = await rows<{ name: string | null; quantity: string; orders: number; gross: string }>(
    sql`with o as (${paid})
      select g.name->>'en' as name, sum(l.quantity)::text as quantity, count(distinct l.order_id)::int as orders,
        sum(${lineConv(sql`l.total_cents`)})::text as gross
      from order_lines l join o on o.id = l.order_id
      left join courses c on c.id = l.course_id left join products p on p.id = l.product_id
      left join categories g on g.id = coalesce(c.category_id, p.category_id)
      group by g.id, g.name`,
  );
  const methods = await rows<{ method: string; orders: number; total: string }>(
    sql`with o as (${paid}) select payment_method as method, count(*)::int as orders, sum(total)::text as total from o group by 1`,
  );
  const channels = await rows<{ channel: string; orders: number; total: string }>(
    sql`with o as (${paid}) select channel, count(*)::int as orders, sum(total)::text as total from o group by 1`,
  );
  const refundKinds = await rows<{ kind: string; refunds: number; orders: number; amount: string }>(
    sql`select r.kind, count(*)::int as refunds, count(distinct r.order_id)::int as orders,
        sum(${lineConv(sql`r.amount_cents`)})::text as amount
      from refunds r join orders o on o.id = r.order_id
      where r.company_id = ${company.id} and ${inRange(sql`r.created_at`)} group by 1`,
  );
  const [returned] = await rows<{ returns: number; lines: number; restocked: number; amount: string }>(
    sql`select count(*)::int as returns, coalesce(sum(jsonb_array_length(x.line_ids)), 0)::int as lines,
        sum(case when x.restocked then 1 else 0 end)::int as restocked,
        coalesce(sum(${lineConv(sql`x.refund_cents`)}), 0)::text as amount
      from order_returns x join orders o on o.id = x.order_id
      where x.company_id = ${company.id} and ${inRange(sql`x.created_at`)}`,
  );
  const taxes = await rows<{
    country: string | null;
    name: string;
    rate: number;
    orders: number;
    base: string;
    tax: string;
  }>(
    sql`with o as (${paid}),
      counted as (select o.id, count(l.id) as lines, count(l.tax_rate_bp) as taxed
        from o left join order_lines l on l.order_id = o.id group by o.id),
      tax_rows as (
        select o.id, o.tax_country as country, coalesce(l.tax_name, 'VAT') as name, l.tax_rate_bp as rate,
          ${lineConv(sql`l.tax_base_cents`)} as base, ${lineConv(sql`l.tax_cents`)} as tax
        from o join counted k on k.id = o.id join order_lines l on l.order_id = o.id
        where k.lines > 0 and k.lines = k.taxed
        union all
        select o.id, o.tax_country, 'VAT', o.vat_rate_bp, o.untaxed, o.vat
        from o join counted k on k.id = o.id where k.lines = 0 or k.lines <> k.taxed
      )
      select country, name, rate::int as rate, count(distinct id)::int as orders, sum(base)::text as base,
        sum(tax)::text as tax
      from tax_rows group by 1, 2, 3`,
  );
  const customers = await rows<{ type: string; customers: number; orders: number; total: string }>(
    sql`with o as (${paid}),
      earlier as (select distinct customer_id from orders
        where company_id = ${company.id} and status in ('processing', 'delivered')
          and (created_at at time zone ${timeZone})::date < ${from}::date)
      select case when customer_id in (select customer_id from earlier) then 'returning' else 'new' end as type,
        count(distinct customer_id)::int as customers, count(*)::int as orders, sum(total)::text as total
      from o group by 1`,
  );
  return { sales, items, cats, methods, channels, refundKinds, returned: returned!, taxes, customers };
}

const sortBy = <T>(list: T[], key: (item: T) => string) =>
  [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

async function compare(timeZone: string, currency: string, from: string, to: string, groupBy: string) {
  const global = await t.app.services.settings.read(company.id, "global");
  await t.app.services.settings.write(company.id, "global", { ...global, timeZone, currency });
  const got = await reportOk(`?from=${from}&to=${to}&groupBy=${groupBy}`);
  const want = await oracle(timeZone, currency, from, to, groupBy);
  const label = `${timeZone} ${currency} ${from}..${to} by ${groupBy}`;
  expect({ timeZone: got.timeZone, currency: got.currency, from: got.from, to: got.to }, label).toEqual({
    timeZone,
    currency,
    from,
    to,
  });

  // Sales over time: the oracle's non-empty periods, and zeros for the others.
  const wanted = new Map(want.sales.map((row) => [row.period, row]));
  for (const period of got.sales.periods) {
    const row = wanted.get(period.period);
    expect(period, `${label} ${period.period}`).toEqual({
      period: period.period,
      orders: row?.orders ?? 0,
      grossCents: Number(row?.gross ?? 0),
      discountCents: Number(row?.discount ?? 0),
      taxCents: Number(row?.tax ?? 0),
      netCents: Number(row?.total ?? 0) - Number(row?.tax ?? 0),
      totalCents: Number(row?.total ?? 0),
    });
  }
  expect(
    want.sales.every((row) => got.sales.periods.some((period) => period.period === row.period)),
    label,
  ).toBe(true);
  const sum = (key: "gross" | "discount" | "tax" | "total") =>
    want.sales.reduce((total, row) => total + Number(row[key]), 0);
  expect(got.sales.totals, label).toEqual({
    orders: want.sales.reduce((total, row) => total + row.orders, 0),
    grossCents: sum("gross"),
    discountCents: sum("discount"),
    taxCents: sum("tax"),
    netCents: sum("total") - sum("tax"),
    totalCents: sum("total"),
  });
  expect(got.sales.totals.orders, `${label}: the range has sales`).toBeGreaterThan(0);

  const itemKey = (row: { kind: string; id: string | null; title: unknown }) =>
    `${row.kind}|${row.id}|${row.title}`;
  expect(sortBy(got.items, itemKey), label).toEqual(
    sortBy(
      want.items.map((row) => ({
        kind: row.kind,
        id: row.id,
        title: row.title,
        quantity: Number(row.quantity),
        orders: row.orders,
        grossCents: Number(row.gross),
        taxCents: Number(row.tax),
      })),
      itemKey,
    ),
  );
  // The items are one page (the test's are fewer than a page), most revenue first; the totals are every item's.
  expect(got.items.length, label).toBeLessThanOrEqual(REPORT_ITEMS_PAGE_SIZE);
  expect(
    got.items.map((row) => row.grossCents),
    label,
  ).toEqual([...got.items.map((row) => row.grossCents)].sort((a, b) => b - a));
  const itemSum = (key: "quantity" | "gross" | "tax") =>
    want.items.reduce((total, row) => total + Number(row[key]), 0);
  expect(got.itemTotals, label).toEqual({
    page: 1,
    pageSize: REPORT_ITEMS_PAGE_SIZE,
    sort: "revenue",
    items: want.items.length,
    quantity: itemSum("quantity"),
    grossCents: itemSum("gross"),
    taxCents: itemSum("tax"),
  });
  expect(
    sortBy(
      got.categories.map(({ id: _id, ...row }) => row),
      (row) => row.name,
    ),
    label,
  ).toEqual(
    sortBy(
      want.cats.map((row) => ({
        name: row.name ?? "",
        quantity: Number(row.quantity),
        orders: row.orders,
        grossCents: Number(row.gross),
      })),
      (row) => row.name,
    ),
  );
  expect(
    sortBy(got.paymentMethods, (row) => row.method),
    label,
  ).toEqual(
    sortBy(
      want.methods.map((row) => ({ method: row.method, orders: row.orders, totalCents: Number(row.total) })),
      (row) => row.method,
    ),
  );
  expect(got.channels, label).toEqual(
    ["online", "pos"].map((channel) => {
      const row = want.channels.find((entry) => entry.channel === channel);
      return { channel, orders: row?.orders ?? 0, totalCents: Number(row?.total ?? 0) };
    }),
  );
  expect(
    sortBy(got.refunds.kinds, (row) => row.kind),
    label,
  ).toEqual(
    sortBy(
      want.refundKinds.map((row) => ({
        kind: row.kind,
        refunds: row.refunds,
        orders: row.orders,
        amountCents: Number(row.amount),
      })),
      (row) => row.kind,
    ),
  );
  expect(got.refunds.totalCents, label).toBe(
    want.refundKinds.reduce((total, row) => total + Number(row.amount), 0),
  );
  expect(got.refunds.returns, label).toEqual({
    returns: want.returned.returns,
    lines: want.returned.lines,
    restocked: want.returned.restocked,
    refundCents: Number(want.returned.amount),
  });
  const taxKey = (row: { country: string | null; name: string; rateBp: number }) =>
    `${row.country}|${row.name}|${row.rateBp}`;
  expect(sortBy(got.taxes, taxKey), label).toEqual(
    sortBy(
      want.taxes.map((row) => ({
        country: row.country,
        name: row.name,
        rateBp: row.rate,
        orders: row.orders,
        baseCents: Number(row.base),
        taxCents: Number(row.tax),
      })),
      taxKey,
    ),
  );
  expect(got.customers, label).toEqual(
    ["new", "returning"].map((type) => {
      const row = want.customers.find((entry) => entry.type === type);
      return {
        type,
        customers: row?.customers ?? 0,
        orders: row?.orders ?? 0,
        totalCents: Number(row?.total ?? 0),
      };
    }),
  );
  return got;
}

describe("GET /api/admin/reports", () => {
  it("equals the oracle in two time zones, two shop currencies and every grouping", async () => {
    for (const [timeZone, currency] of [
      ["Europe/Amsterdam", "EUR"],
      ["America/New_York", "USD"],
    ] as const) {
      const today = localDay(NOW, timeZone);
      await compare(timeZone, currency, shift(today, -29), today, "day");
      await compare(timeZone, currency, shift(today, -60), shift(today, -10), "week");
      await compare(timeZone, currency, shift(today, -79), today, "month");
    }
  });

  it("defaults to the last 30 days by day, and fills empty days with zeros", async () => {
    const global = await t.app.services.settings.read(company.id, "global");
    await t.app.services.settings.write(company.id, "global", {
      ...global,
      timeZone: "Europe/Amsterdam",
      currency: "EUR",
    });
    const got = await reportOk("");
    const today = localDay(NOW, "Europe/Amsterdam");
    expect({ from: got.from, to: got.to, groupBy: got.groupBy }).toEqual({
      from: shift(today, -29),
      to: today,
      groupBy: "day",
    });
    expect(got.sales.periods.map((row) => row.period)).toEqual(
      Array.from({ length: 30 }, (_, index) => shift(today, index - 29)),
    );
    // A period far in the past has no sales: every report is empty or zero.
    const empty = await reportOk("?from=2001-01-01&to=2001-03-31&groupBy=month");
    expect(empty.sales.periods).toEqual(
      ["2001-01-01", "2001-02-01", "2001-03-01"].map((period) => ({
        period,
        orders: 0,
        grossCents: 0,
        discountCents: 0,
        taxCents: 0,
        netCents: 0,
        totalCents: 0,
      })),
    );
    expect([empty.items, empty.categories, empty.paymentMethods, empty.taxes, empty.refunds.kinds]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
  });

  it("names courses, products and categories in the request's language", async () => {
    const response = await report(
      `?from=${shift(localDay(NOW, "UTC"), -79)}&to=${localDay(NOW, "UTC")}`,
      "nl",
    );
    expect(response.statusCode, response.body).toBe(200);
    const got = response.json() as Reports;
    expect(got.items.map((row) => row.title)).toEqual(expect.arrayContaining(["Algebra NL", "Werkboek"]));
    expect(got.categories.map((row) => row.name)).toEqual(expect.arrayContaining(["Wiskunde", "Muziek"]));
  });

  it("pages the items by revenue or quantity, with every item's totals, and the PDF sums the rest", async () => {
    const global = await t.app.services.settings.read(company.id, "global");
    await t.app.services.settings.write(company.id, "global", {
      ...global,
      timeZone: "UTC",
      currency: "EUR",
    });
    const today = localDay(NOW, "UTC");
    const from = shift(today, -79);
    const want = await oracle("UTC", "EUR", from, today, "day");
    const key = (row: { kind: string; id: string | null }) => `${row.kind}|${row.id ?? ""}`;
    const expected = (sort: "revenue" | "quantity") =>
      [...want.items]
        .sort((a, b) =>
          sort === "revenue"
            ? Number(b.gross) - Number(a.gross) || Number(b.quantity) - Number(a.quantity)
            : Number(b.quantity) - Number(a.quantity) || Number(b.gross) - Number(a.gross),
        )
        .map((row) => ({ key: key(row), gross: Number(row.gross), quantity: Number(row.quantity) }));
    expect(want.items.length).toBeGreaterThan(3);
    for (const sort of ["revenue", "quantity"] as const) {
      const query = { from, to: today, groupBy: "day" as const, page: 1, sort };
      const pages: Reports["items"] = [];
      for (let page = 1; page <= Math.ceil(want.items.length / 2); page++) {
        const got = await t.app.services.reports.reports(company.id, "en", query, "items", {
          items: { page, size: 2 },
        });
        expect(got.itemTotals).toMatchObject({ page, pageSize: 2, sort, items: want.items.length });
        expect(got.items.length).toBe(page * 2 <= want.items.length ? 2 : want.items.length % 2 || 2);
        pages.push(...got.items);
      }
      // Ties may come in either order; the figures come in the oracle's order, and every item once.
      expect(pages.map((row) => ({ gross: row.grossCents, quantity: row.quantity }))).toEqual(
        expected(sort).map(({ gross, quantity }) => ({ gross, quantity })),
      );
      expect(new Set(pages.map(key)).size).toBe(want.items.length);
      // The API's pages: past the last one, no items but the same totals.
      const beyond = await reportOk(`?from=${from}&to=${today}&sort=${sort}&page=2`);
      expect(beyond.items).toEqual([]);
      expect(beyond.itemTotals).toMatchObject({ page: 2, sort, items: want.items.length });
    }

    const top = await t.app.services.reports.reports(
      company.id,
      "en",
      { from, to: today, groupBy: "day", page: 1, sort: "revenue" },
      "items",
      { items: { page: 1, size: 2 } },
    );
    const text = pdfText(
      await renderReportPdf(top, "items", "en", { shopName: "Shop", compress: false }),
    ).replace(/[\u202f\u2009]/g, " ");
    const rest = top.itemTotals.grossCents - top.items.reduce((sum, row) => sum + row.grossCents, 0);
    expect(text).toContain(`All other items (${want.items.length - 2})`);
    expect(text).toContain(formatFullMoney(rest, "EUR", "en").replace(/[\u202f\u2009]/g, " "));
    expect(text).toContain(
      formatFullMoney(top.itemTotals.grossCents, "EUR", "en").replace(/[\u202f\u2009]/g, " "),
    );
    expect(text).toContain("The CSV export lists every item.");
  });

  it("refuses a bad page or order of the items", async () => {
    for (const [query, message] of [
      ["?page=0", "page must be a whole number from 1"],
      ["?page=abc", "page must be a whole number from 1"],
      ["?sort=title", "sort must be one of revenue, quantity"],
    ] as const) {
      const response = await report(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(message);
    }
  });

  it("refuses a bad period with a clear message", async () => {
    const cases: [string, string][] = [
      [
        "?from=2026-03-10&to=2026-03-01",
        "querystring.from: The start date must be on or before the end date.",
      ],
      ["?from=2024-01-01&to=2025-01-02", "querystring.to: A report covers at most 366 days."],
      ["?from=2026-02-30&to=2026-03-01", "querystring.from: from is not a valid date"],
      ["?from=10-03-2026&to=2026-03-01", "querystring.from: from must be a date as YYYY-MM-DD"],
      ["?from=2026-03-01", "querystring.to: Give both dates of the period, or neither."],
      ["?groupBy=year", "querystring.groupBy: groupBy must be one of day, week, month"],
    ];
    for (const [query, message] of cases) {
      const response = await report(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
    // A year of 366 days is allowed.
    expect((await report("?from=2024-01-01&to=2024-12-31")).statusCode).toBe(200);
    const dutch = await report("?from=2026-03-10&to=2026-03-01", "nl");
    expect(dutch.json().message).toBe("querystring.from: De begindatum moet op of vóór de einddatum liggen.");
  });

  it("is for staff who may read the dashboard", async () => {
    const anonymous = await t.app.inject({ url: "/api/admin/reports", headers: { company: company.slug } });
    expect(anonymous.statusCode).toBe(401);
    const driver = await createStaff(t, company.id, "Driver");
    const refused = await t.app.inject({
      url: "/api/admin/reports",
      headers: { company: company.slug, authorization: `Bearer ${driver.token}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("one report read alone (an export)", () => {
  it("has the figures of the whole answer, for every report and both item readings", async () => {
    const today = localDay(NOW, "UTC");
    for (const from of [shift(today, -29), shift(today, -79)]) {
      const query = { from, to: today, groupBy: "week" as const, page: 1, sort: "revenue" as const };
      const all = await t.app.services.reports.reports(company.id, "en", query);
      const part = {
        sales: "sales",
        items: "items",
        categories: "categories",
        "payment-methods": "paymentMethods",
        channels: "channels",
        refunds: "refunds",
        taxes: "taxes",
        customers: "customers",
      } as const satisfies Record<ReportName, keyof Reports>;
      for (const name of REPORT_NAMES) {
        const alone = await t.app.services.reports.reports(company.id, "en", query, name);
        expect(alone[part[name]], `${name} from ${from}`).toEqual(all[part[name]]);
      }
      expect(all.paymentMethods.length).toBeGreaterThan(1);
      expect(all.sales.totals.orders).toBeGreaterThan(0);
    }
  });
});

describe("GET /api/admin/reports/{report}/pdf", () => {
  const pdf = (name: string, query: string, language = "en") =>
    t.app.inject({
      method: "GET",
      url: `/api/admin/reports/${name}/pdf${query}`,
      headers: { company: company.slug, authorization: `Bearer ${admin.token}`, "accept-language": language },
    });

  it("prints the same figures as the report, for the same period, in English and Dutch", async () => {
    const today = localDay(NOW, "UTC");
    const range = `?from=${shift(today, -79)}&to=${today}&groupBy=month`;
    const figures = await reportOk(range);
    const money = (cents: number, language = "en") =>
      formatFullMoney(cents, figures.currency, language).replace(/[\u202f\u2009]/g, " ");

    const sales = await pdf("sales", range);
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.headers["content-type"]).toBe("application/pdf");
    expect(sales.headers["content-disposition"]).toBe(
      `attachment; filename="sales-${figures.from}-${figures.to}.pdf"`,
    );
    const salesText = pdfText(sales.rawPayload);
    expect(salesText).toContain("Sales over time");
    expect(figures.sales.totals.totalCents).toBeGreaterThan(0);
    for (const cents of [
      figures.sales.totals.totalCents,
      figures.sales.totals.taxCents,
      figures.sales.totals.netCents,
      ...figures.sales.periods.map((row) => row.totalCents),
    ]) {
      expect(salesText).toContain(money(cents));
    }

    const taxes = pdfText((await pdf("taxes", range)).rawPayload);
    expect(taxes).toContain("Taxes collected by country and rate");
    for (const row of figures.taxes) {
      expect(taxes).toContain(money(row.taxCents));
      expect(taxes).toContain(money(row.baseCents));
    }

    const items = pdfText((await pdf("items", range, "nl")).rawPayload);
    expect(items).toContain("Verkopen per cursus en product");
    expect(items).toContain("Algebra NL");
    for (const row of figures.items) expect(items).toContain(money(row.grossCents, "nl"));
  });

  it("refuses an unknown report or a bad period, and is for staff who may read the dashboard", async () => {
    const unknown = await pdf("everything", "");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("report must be one of sales");
    expect((await pdf("sales", "?from=2026-03-10&to=2026-03-01")).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      url: "/api/admin/reports/sales/pdf",
      headers: { company: company.slug },
    });
    expect(anonymous.statusCode).toBe(401);
    const driver = await createStaff(t, company.id, "Driver");
    const refused = await t.app.inject({
      url: "/api/admin/reports/sales/pdf",
      headers: { company: company.slug, authorization: `Bearer ${driver.token}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("the reports' roll-ups (decision 037)", () => {
  const rollups = async () => ({
    days: await rows(
      sql`select report, day::text, currency, key1, key2, key3, rate, quantity::text, orders, amount_cents::text,
        base_amount_cents::text, tax_cents::text, base_tax_cents::text
      from report_days where company_id = ${company.id} and orders <> 0
      order by report, day, currency, key1 nulls first, key2 nulls first, key3 nulls first, rate nulls first`,
    ),
    facts: await rows(
      sql`select order_id, report, at, currency, key1, key2, key3, rate, quantity::text, orders, amount_cents::text,
        base_amount_cents::text, tax_cents::text, base_tax_cents::text
      from report_order_facts where company_id = ${company.id}
      order by order_id, report, key1 nulls first, key2 nulls first, key3 nulls first, rate nulls first`,
    ),
    customerOrders: await rows(
      sql`select order_id, customer_id, at, prev_at, first_at, currency, total_cents::text, base_total_cents::text
      from report_customer_orders where company_id = ${company.id} order by 1`,
    ),
  });

  it("stay equal to the oracle and to a rebuild after orders, lines and the catalogue change", async () => {
    const scope = sql`company_id = ${company.id}`;
    // Orders paid, cancelled, moved across midnights, to another customer, currency or tax country, in bulk.
    await db.execute(sql`update orders set status = case when status in ('processing', 'delivered') then 'cancel'
      else 'delivered' end where ${scope} and number % 7 = 0`);
    await db.execute(sql`update orders set created_at = created_at - interval '13 hours 30 minutes'
      where ${scope} and number % 5 = 0`);
    await db.execute(sql`update orders set customer_id = (select customer_id from orders where ${scope} and number = 1),
      tax_country = 'FR' where ${scope} and number % 11 = 0`);
    await db.execute(sql`update orders set currency = 'USD', base_total_cents = round(total_cents / 1.0843)
      where ${scope} and number % 13 = 0 and currency = 'EUR'`);
    // Lines changed, removed, added (some without a tax rate: the order then counts its one rate).
    await db.execute(sql`update order_lines set quantity = quantity + 1, total_cents = total_cents + unit_price_cents
      where order_id in (select id from orders where ${scope} and number % 3 = 0)`);
    await db.execute(sql`delete from order_lines where id in (select l.id from order_lines l join orders o
      on o.id = l.order_id where o.company_id = ${company.id} and o.number % 4 = 0)`);
    await db.execute(sql`insert into order_lines (company_id, order_id, course_id, title, unit_price_cents, quantity,
        total_cents, tax_name, tax_rate_bp, tax_base_cents, tax_cents)
      select company_id, id, null, ${JSON.stringify({ en: "Added line" })}::jsonb, 700, 2, 1400,
        case when number % 2 = 0 then 'VAT low' end, case when number % 2 = 0 then 900 end,
        case when number % 2 = 0 then 1284 end, case when number % 2 = 0 then 116 end
      from orders where ${scope} and number % 6 = 1`);
    // A course to another category, a product deleted.
    await db.execute(sql`update courses set category_id = (select id from categories where ${scope} and slug = 'music')
      where ${scope} and id in (select course_id from order_lines where ${scope} and course_id is not null limit 1)`);
    await db.execute(sql`delete from products where ${scope} and slug = 'workbook'`);
    // Orders without refunds or returns deleted.
    await db.execute(sql`delete from orders where ${scope} and number % 17 = 0
      and id not in (select order_id from refunds) and id not in (select order_id from order_returns)`);

    for (const [timeZone, currency] of [
      ["Europe/Amsterdam", "EUR"],
      ["America/New_York", "USD"],
      ["Asia/Kolkata", "EUR"],
    ] as const) {
      const today = localDay(NOW, timeZone);
      await compare(timeZone, currency, shift(today, -29), today, "day");
      await compare(timeZone, currency, shift(today, -79), shift(today, -3), "month");
    }

    const kept = await rollups();
    await db.execute(sql`select report_rebuild_rollups(${company.id})`);
    expect(await rollups()).toEqual(kept);
    expect(kept.days.length).toBeGreaterThan(0);
  });

  it("stay exact when transactions change one order, its lines and its customer's orders at once", async () => {
    const [target] = await rows<{ id: string; sibling: string }>(
      sql`select o.id, (select s.id from orders s where s.customer_id = o.customer_id and s.id <> o.id
          and s.status in ('processing', 'delivered') limit 1) as sibling
        from orders o where o.company_id = ${company.id} and o.status in ('processing', 'delivered')
          and exists (select 1 from order_lines l where l.order_id = o.id)
          and exists (select 1 from orders s where s.customer_id = o.customer_id and s.id <> o.id
            and s.status in ('processing', 'delivered'))
        order by o.number limit 1`,
    );
    // On PostgreSQL each transaction has its own connection and they overlap (PGlite runs them in turn):
    // an order's lines, its status and its customer's other order, each one row per statement.
    await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        db.transaction(async (tx) => {
          if (i % 3 === 0)
            await tx.execute(sql`update order_lines set quantity = quantity + 1,
              total_cents = total_cents + unit_price_cents where order_id = ${target!.id}`);
          else if (i % 3 === 1)
            await tx.execute(sql`update orders set created_at = created_at - interval '1 hour'
              where id = ${target!.sibling}`);
          else
            await tx.execute(sql`update orders set status = case when status = 'cancel' then 'delivered' else 'cancel' end
              where id = ${target!.id}`);
          await tx.execute(sql`select pg_sleep(0.05)`);
        }),
      ),
    );
    const kept = await rollups();
    await db.execute(sql`select report_rebuild_rollups(${company.id})`);
    expect(await rollups()).toEqual(kept);
  });
});
