import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { DEMO_LEARNER } from "../../seed/demo-people";
import { insertCompany, insertCustomer, insertHistoricOrder } from "../../seed/factories";
import { courses } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import type { InvoiceDocument, InvoiceList } from "./invoices.schemas";
import { invoices, orderInstalments, orders } from "./orders.tables";

let t: TestApp;
let companyId: string;
let learner: { id: string; token: string };
let otherLearnerToken: string;
/** An invoice of the demo learner with a two-instalment plan. */
let planInvoiceId: string;
/** An invoice of another customer of the same school. */
let neighbourInvoiceId: string;
/** An invoice of a customer of another school. */
let foreignInvoiceId: string;
let foreignToken: string;

const title = { en: "Bible Stories for Little Ones", nl: "Bijbelverhalen voor kleintjes" };

async function invoiceOf(orderId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { sessions, companies } = t.app.services;
  companyId = (await companies.resolve(undefined))!.id;

  const [demo] = await db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.email, DEMO_LEARNER.email)));
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.companyId, companyId))
    .limit(1);

  const planOrder = await insertHistoricOrder(db, companyId, {
    customer: demo!,
    lines: [{ courseId: course!.id, title, unitPriceCents: 12_000 }],
    status: "processing",
    paymentMethod: "card",
    channel: "online",
    createdAt: new Date(),
  });
  await db.update(orders).set({ language: "nl", instalmentCount: 2 }).where(eq(orders.id, planOrder));
  const now = Date.now();
  await db.insert(orderInstalments).values([
    { companyId, orderId: planOrder, sequence: 1, dueAt: new Date(now), amountCents: 6000, status: "paid" },
    { companyId, orderId: planOrder, sequence: 2, dueAt: new Date(now + 30 * 86_400_000), amountCents: 6000 },
  ]);
  planInvoiceId = await invoiceOf(planOrder);

  const neighbourId = await insertCustomer(db, companyId, {
    name: "Noor Neighbour",
    email: "noor@example.com",
  });
  neighbourInvoiceId = await invoiceOf(
    await insertHistoricOrder(db, companyId, {
      customer: { id: neighbourId, name: "Noor Neighbour", email: "noor@example.com" },
      lines: [{ courseId: course!.id, title, unitPriceCents: 5000 }],
      status: "delivered",
      paymentMethod: "card",
      channel: "online",
      createdAt: new Date(),
    }),
  );

  const other = await insertCompany(db, { slug: "harbour-school", name: "Harbour School" });
  const foreignId = await insertCustomer(db, other.id, { name: "Fenna Foreign", email: DEMO_LEARNER.email });
  foreignInvoiceId = await invoiceOf(
    await insertHistoricOrder(db, other.id, {
      customer: { id: foreignId, name: "Fenna Foreign", email: DEMO_LEARNER.email },
      lines: [{ courseId: course!.id, title, unitPriceCents: 5000 }],
      status: "delivered",
      paymentMethod: "card",
      channel: "online",
      createdAt: new Date(),
    }),
  );

  learner = {
    id: demo!.id,
    token: (await sessions.start({ companyId, realm: "customer", subjectId: demo!.id })).token,
  };
  otherLearnerToken = (await sessions.start({ companyId, realm: "customer", subjectId: neighbourId })).token;
  foreignToken = (await sessions.start({ companyId: other.id, realm: "customer", subjectId: foreignId }))
    .token;
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url,
    headers: token ? { authorization: `Bearer ${token}`, ...headers } : headers,
  });

describe("GET /api/invoices", () => {
  it("lists only the signed-in customer's invoices, newest first, with formatted numbers", async () => {
    const response = await get("/api/invoices", learner.token);
    expect(response.statusCode).toBe(200);
    const body = response.json() as InvoiceList;
    expect(body.totalDoc).toBeGreaterThanOrEqual(1);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(20);
    const ids = body.invoices.map((invoice) => invoice.id);
    expect(ids[0]).toBe(planInvoiceId);
    expect(ids).not.toContain(neighbourInvoiceId);
    expect(ids).not.toContain(foreignInvoiceId);
    for (const invoice of body.invoices) expect(invoice.number).toMatch(/^INV-\d{6}$/);
    const dates = body.invoices.map((invoice) => invoice.issuedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.invoices[0]).toMatchObject({ totalCents: 12_000, currency: "EUR", status: "processing" });

    // Every invoice in the list belongs to one of the learner's orders.
    const own = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.customerId, learner.id));
    expect(body.totalDoc).toBe(own.length);
  });

  it("pages with limit", async () => {
    const first = (await get("/api/invoices?limit=1&page=1", learner.token)).json() as InvoiceList;
    expect(first.invoices).toHaveLength(1);
    expect(first.pages).toBe(first.totalDoc);
    if (first.totalDoc > 1) {
      const second = (await get("/api/invoices?limit=1&page=2", learner.token)).json() as InvoiceList;
      expect(second.invoices[0]!.id).not.toBe(first.invoices[0]!.id);
    }
  });

  it("rejects bad paging and unknown parameters with 400", async () => {
    for (const query of ["?page=0", "?limit=101", "?page=abc", "?color=red"]) {
      const response = await get(`/api/invoices${query}`, learner.token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });

  it("needs a customer session (401)", async () => {
    const response = await get("/api/invoices");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });

  it("does not accept a session of another school (401)", async () => {
    const response = await get("/api/invoices", foreignToken);
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/invoices/{id}", () => {
  it("returns the customer's own invoice as a document", async () => {
    const response = await get(`/api/invoices/${planInvoiceId}`, learner.token);
    expect(response.statusCode).toBe(200);
    const invoice = response.json() as InvoiceDocument;
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice.customer.email).toBe(DEMO_LEARNER.email);
    expect(invoice.company).toMatchObject({ vatNumber: "NL004495445B01", addressLines: expect.any(Array) });
    expect(invoice.company.companyName).toMatch(/B\.V\.$/);
    // Lines in the order's language (Dutch here).
    expect(invoice.lines).toEqual([
      // An order from before per-line taxes: its lines have no rate, the invoice shows the order's one rate.
      { title: title.nl, unitPriceCents: 12_000, quantity: 1, totalCents: 12_000, taxRateBp: null },
    ]);
    expect(invoice.taxLines).toEqual([
      {
        name: "VAT",
        rateBp: invoice.vatRateBp,
        baseCents: 12_000 - invoice.vatCents,
        taxCents: invoice.vatCents,
      },
    ]);
    expect(invoice).toMatchObject({
      subtotalCents: 12_000,
      discountCents: 0,
      vatRateBp: 2100,
      vatCents: 2083,
      totalCents: 12_000,
      currency: "EUR",
      paymentMethod: "card",
    });
    expect(invoice.instalments.map((i) => [i.sequence, i.amountCents, i.status])).toEqual([
      [1, 6000, "paid"],
      [2, 6000, "scheduled"],
    ]);
  });

  it("answers 404 for another customer's invoice and for another school's invoice", async () => {
    for (const id of [neighbourInvoiceId, foreignInvoiceId, "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"]) {
      const response = await get(`/api/invoices/${id}`, learner.token);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ code: "INVOICE_NOT_FOUND" });
    }
    // The neighbour does see their own.
    expect((await get(`/api/invoices/${neighbourInvoiceId}`, otherLearnerToken)).statusCode).toBe(200);
  });

  it("rejects an id that is not a UUID with 400", async () => {
    const response = await get("/api/invoices/not-a-uuid", learner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("needs a customer session (401)", async () => {
    expect((await get(`/api/invoices/${planInvoiceId}`)).statusCode).toBe(401);
  });
});

describe("GET /api/invoices/{id}/pdf", () => {
  it("downloads the customer's own invoice as a PDF attachment", async () => {
    const list = (await get("/api/invoices", learner.token)).json() as InvoiceList;
    const number = list.invoices.find((invoice) => invoice.id === planInvoiceId)!.number;
    const response = await get(`/api/invoices/${planInvoiceId}/pdf?lng=nl`, learner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="invoice-${number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("answers 404 for someone else's invoice, 400 for a bad id, 401 without a session", async () => {
    expect((await get(`/api/invoices/${neighbourInvoiceId}/pdf`, learner.token)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${foreignInvoiceId}/pdf`, learner.token)).statusCode).toBe(404);
    expect((await get("/api/invoices/123/pdf", learner.token)).statusCode).toBe(400);
    expect((await get(`/api/invoices/${planInvoiceId}/pdf`)).statusCode).toBe(401);
  });
});

describe("invoices.getForOrder", () => {
  it("returns the invoice of a paid order and nothing for an order of another school", async () => {
    const [row] = await t.database.db
      .select({ orderId: invoices.orderId })
      .from(invoices)
      .where(eq(invoices.id, planInvoiceId));
    const invoice = await t.app.services.invoices.getForOrder(companyId, row!.orderId);
    expect(invoice?.id).toBe(planInvoiceId);
    const other = await t.app.services.companies.resolve("harbour-school");
    expect(await t.app.services.invoices.getForOrder(other!.id, row!.orderId)).toBeUndefined();
  });
});

describe("OpenAPI", () => {
  it("documents the invoice routes", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/invoices", "/api/invoices/{id}", "/api/invoices/{id}/pdf"]),
    );
  });
});
