import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { DEMO_LEARNER } from "../../seed/demo-people";
import { insertCompany, insertCustomer, insertHistoricOrder } from "../../seed/factories";
import { courses } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import type { CustomerOrderList } from "./customer-orders.schemas";
import { orders, refunds } from "./orders.tables";

let t: TestApp;
let companyId: string;
let token: string;
let neighbourToken: string;
let foreignToken: string;
const ids: Record<"pending" | "expired" | "cod" | "cancelled" | "paid" | "refunded", string> = {
  pending: "",
  expired: "",
  cod: "",
  cancelled: "",
  paid: "",
  refunded: "",
};
let neighbourOrder: string;
let foreignOrder: string;

const title = { en: "Psalms in Song", nl: "Psalmen zingen" };
const DAY = 86_400_000;

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
  const order = (
    customer: { id: string; name: string; email: string },
    status: "pending" | "processing" | "delivered" | "cancel",
    paymentMethod: "card" | "cod",
    minutesAgo: number,
    company = companyId,
  ) =>
    insertHistoricOrder(db, company, {
      customer,
      lines: [{ courseId: course!.id, title, unitPriceCents: 4000 }],
      status,
      paymentMethod,
      channel: "online",
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });

  ids.pending = await order(demo!, "pending", "card", 1);
  await db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() + DAY) })
    .where(eq(orders.id, ids.pending));
  ids.expired = await order(demo!, "pending", "card", 2);
  await db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(orders.id, ids.expired));
  ids.cod = await order(demo!, "pending", "cod", 3);
  ids.cancelled = await order(demo!, "cancel", "card", 4);
  ids.paid = await order(demo!, "delivered", "card", 5);
  ids.refunded = await order(demo!, "processing", "card", 6);
  const [refundedRow] = await db.select().from(orders).where(eq(orders.id, ids.refunded));
  await db.insert(refunds).values({
    companyId,
    orderId: ids.refunded,
    kind: "partial",
    amountCents: 1000,
    currency: refundedRow!.currency,
  });

  const neighbour = { name: "Noor Neighbour", email: "noor.orders@example.com" };
  const neighbourId = await insertCustomer(db, companyId, neighbour);
  neighbourOrder = await order({ id: neighbourId, ...neighbour }, "pending", "card", 1);

  const other = await insertCompany(db, { slug: "orders-harbour", name: "Harbour School" });
  const foreign = { name: "Fenna Foreign", email: DEMO_LEARNER.email };
  const foreignId = await insertCustomer(db, other.id, foreign);
  foreignOrder = await order({ id: foreignId, ...foreign }, "pending", "card", 1, other.id);

  const start = (company: string, subjectId: string) =>
    sessions.start({ companyId: company, realm: "customer", subjectId }).then((session) => session.token);
  token = await start(companyId, demo!.id);
  neighbourToken = await start(companyId, neighbourId);
  foreignToken = await start(other.id, foreignId);
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, bearer?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url,
    headers: bearer ? { authorization: `Bearer ${bearer}`, ...headers } : headers,
  });

describe("GET /api/customer/orders", () => {
  it("lists every order of the signed-in customer, pending and cancelled too, with payment state and 'pay now'", async () => {
    const response = await get("/api/customer/orders?limit=100", token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as CustomerOrderList;
    const byId = new Map(body.orders.map((row) => [row.id, row]));
    for (const id of Object.values(ids)) expect(byId.has(id)).toBe(true);
    expect(byId.get(ids.pending)).toMatchObject({
      status: "pending",
      paymentStatus: "unpaid",
      payable: true,
      currency: "EUR",
      items: [{ title: "Psalms in Song", quantity: 1 }],
    });
    expect(byId.get(ids.pending)!.totalCents).toBeGreaterThan(0);
    // Past its hold, paid on delivery, cancelled or paid: nothing to pay online.
    expect(byId.get(ids.expired)).toMatchObject({ paymentStatus: "unpaid", payable: false });
    expect(byId.get(ids.cod)).toMatchObject({ paymentStatus: "unpaid", payable: false });
    expect(byId.get(ids.cancelled)).toMatchObject({
      status: "cancel",
      paymentStatus: "unpaid",
      payable: false,
    });
    expect(byId.get(ids.paid)).toMatchObject({ status: "delivered", paymentStatus: "paid", payable: false });
    expect(byId.get(ids.refunded)).toMatchObject({ paymentStatus: "partially-refunded", payable: false });
    // Newest first.
    const placed = body.orders.map((row) => Date.parse(row.createdAt));
    expect([...placed].sort((a, b) => b - a)).toEqual(placed);
    expect(body.totalDoc).toBe(body.orders.length);
  });

  it("never shows another customer's orders, nor another school's", async () => {
    const own = (await get("/api/customer/orders?limit=100", token)).json() as CustomerOrderList;
    expect(own.orders.map((row) => row.id)).not.toContain(neighbourOrder);
    expect(own.orders.map((row) => row.id)).not.toContain(foreignOrder);

    const neighbour = (await get("/api/customer/orders", neighbourToken)).json() as CustomerOrderList;
    expect(neighbour.orders.map((row) => row.id)).toEqual([neighbourOrder]);

    const foreign = await get("/api/customer/orders", foreignToken, { company: "orders-harbour" });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect((foreign.json() as CustomerOrderList).orders.map((row) => row.id)).toEqual([foreignOrder]);
    // A session of one school is not one of another: the default school's orders stay out of reach.
    const crossed = await get("/api/customer/orders", foreignToken);
    expect(crossed.statusCode).toBe(401);
  });

  it("titles items in the request's language and pages the list", async () => {
    const dutch = (await get("/api/customer/orders?limit=100&lng=nl", token)).json() as CustomerOrderList;
    expect(dutch.orders.find((row) => row.id === ids.pending)!.items[0]!.title).toBe("Psalmen zingen");
    const first = (await get("/api/customer/orders?limit=2", token)).json() as CustomerOrderList;
    expect(first.orders).toHaveLength(2);
    expect(first.pages).toBe(Math.ceil(first.totalDoc / 2));
    const second = (await get("/api/customer/orders?limit=2&page=2", token)).json() as CustomerOrderList;
    expect(second.orders[0]!.id).not.toBe(first.orders[0]!.id);
  });

  it("asks for a customer session and refuses a bad page with a clear message", async () => {
    expect((await get("/api/customer/orders")).statusCode).toBe(401);
    const bad = await get("/api/customer/orders?limit=1000", token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("limit");
  });
});
