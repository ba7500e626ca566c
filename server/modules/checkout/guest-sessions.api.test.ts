import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitorOrder } from "~/features/cart/visitor-order.server";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  bearer,
  type CheckoutTestApp,
  cookiesFrom,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { pageContext } from "../../../tests/support/page-context";
import { createStaff } from "../../../tests/support/staff";
import { orders } from "../orders/orders.tables";

/**
 * Issue 16, beside item 5: a guest checkout with someone else's email (a victim who also bought as a
 * guest) uses the victim's passwordless customer record, but the attacker's guest session must see
 * only what that session itself ordered: not the victim's downloads, orders, course ownership or
 * pending orders, whichever route or page asks.
 */
let t: CheckoutTestApp;
let course: string;
let otherCourse: string;
let pack: string;
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" };
const VICTIM = "vera.victim@example.com";

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely
type Json = any;

async function call(method: "GET" | "POST", url: string, cookie?: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const json = String(response.headers["content-type"] ?? "").includes("json");
  return { status: response.statusCode, body: (json ? response.json() : null) as Json, raw: response };
}

/** An anonymous visitor checks out as a guest with `email`: the order and the new guest session's cookie. */
async function guestCheckout(email: string, cart: { courseIds?: string[]; items?: unknown[] }) {
  const placed = await call("POST", "/api/checkout", undefined, {
    ...CHECKOUT_CONSENTS,
    ...cart,
    guest: { name: "Someone", email },
  });
  expect(placed.status).toBe(201);
  return { orderId: placed.body.id as string, cookie: cookiesFrom(placed.raw.headers["set-cookie"]) };
}

/** What the payment and thank-you pages answer this browser for `?order=orderId` (they share one loader step). */
async function pageOrderStatus(cookie: string, orderId: string): Promise<number> {
  const token = /(?:^|; )session=([^;]+)/.exec(cookie)?.[1] ?? "";
  const visitorSession = await t.app.services.sessions.resolve(token);
  expect(visitorSession?.realm).toBe("guest");
  const request = new Request(`http://localhost/thank-you?order=${orderId}`);
  try {
    await visitorOrder(await pageContext(t, { visitorSession }), request);
    return 200;
  } catch (thrown) {
    return (thrown as { init?: ResponseInit | null }).init?.status ?? 500;
  }
}

beforeAll(async () => {
  t = await createCheckoutTestApp();
  const admin = await createStaff(t, t.companyId, "Admin");
  course = await t.addCourse({ priceCents: 4900 });
  otherCourse = await t.addCourse({ priceCents: 1900 });
  const created = await t.app.inject({
    method: "POST",
    url: "/api/admin/products",
    headers: bearer(admin.token),
    payload: { type: "digital", title: { en: "Private workbook" }, priceCents: 700 },
  });
  expect(created.statusCode).toBe(201);
  pack = created.json().id;
  const upload = await t.app.inject({
    method: "POST",
    url: `/api/admin/products/${pack}/file?name=workbook.pdf`,
    headers: { ...bearer(admin.token), "content-type": "application/pdf" },
    payload: Buffer.from("%PDF-1.4 the victim's workbook"),
  });
  expect(upload.statusCode).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe("a guest session sees only the orders it placed", () => {
  it("a checkout with a victim guest's email shows the attacker none of the victim's purchases", async () => {
    // The victim buys the course and the workbook as a guest and pays; later opens another order.
    const victim = await guestCheckout(VICTIM, { courseIds: [course], items: [{ productId: pack }] });
    expect(
      (await call("POST", `/api/checkout/${victim.orderId}/pay`, victim.cookie, { card: CARD })).status,
    ).toBe(200);
    const victimDownloads = (await call("GET", "/api/downloads", victim.cookie)).body.items;
    expect(victimDownloads).toMatchObject([{ title: "Private workbook", fileName: "workbook.pdf" }]);
    const pending = await call("POST", "/api/checkout", victim.cookie, {
      ...CHECKOUT_CONSENTS,
      courseIds: [otherCourse],
    });
    expect(pending.status).toBe(201);

    // The attacker checks out with the victim's address from a fresh browser.
    const attacker = await guestCheckout(VICTIM.toUpperCase(), { courseIds: [otherCourse] });
    const [victimRow, attackerRow] = (await Promise.all(
      [victim.orderId, attacker.orderId].map(async (id) => {
        const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
        return row!;
      }),
    )) as [typeof orders.$inferSelect, typeof orders.$inferSelect];
    // Same passwordless customer record: the address is one guest's.
    expect(attackerRow.customerId).toBe(victimRow.customerId);

    // None of the victim's downloads, orders or files.
    expect((await call("GET", "/api/downloads", attacker.cookie)).body).toEqual({ items: [] });
    expect((await call("GET", `/api/downloads/${victimDownloads[0].id}/file`, attacker.cookie)).status).toBe(
      404,
    );
    for (const orderId of [victim.orderId, pending.body.id]) {
      const read = await call("GET", `/api/orders/${orderId}`, attacker.cookie);
      expect(read.status).toBe(404);
      expect(read.body.message).toBe("This order does not exist.");
      expect(
        (await call("POST", `/api/checkout/${orderId}/pay`, attacker.cookie, { card: CARD })).status,
      ).toBe(404);
      // The payment and thank-you pages' loaders: a 404 page.
      expect(await pageOrderStatus(attacker.cookie, orderId)).toBe(404);
    }
    // Nor which courses the victim owns.
    const quote = await call("POST", "/api/checkout/quote", attacker.cookie, { courseIds: [course] });
    expect(quote.status).toBe(200);
    expect(quote.body.lines).toMatchObject([{ courseId: course, owned: false }]);
    // Account-only lists stay closed to a guest session.
    for (const url of ["/api/invoices", "/api/customer-courses"]) {
      expect((await call("GET", url, attacker.cookie)).status).toBe(401);
    }
    // The attacker's checkout did not cancel the victim's open order.
    const [victimPending] = await t.database.db.select().from(orders).where(eq(orders.id, pending.body.id));
    expect(victimPending!.status).toBe("pending");

    // The attacker sees their own order; the victim still sees theirs, and not the attacker's.
    expect((await call("GET", `/api/orders/${attacker.orderId}`, attacker.cookie)).status).toBe(200);
    expect((await call("GET", `/api/orders/${victim.orderId}`, victim.cookie)).status).toBe(200);
    expect((await call("GET", `/api/orders/${pending.body.id}`, victim.cookie)).status).toBe(200);
    expect((await call("GET", `/api/orders/${attacker.orderId}`, victim.cookie)).status).toBe(404);
    expect((await call("GET", "/api/downloads", victim.cookie)).body.items).toHaveLength(1);
    expect(await pageOrderStatus(victim.cookie, victim.orderId)).toBe(200);
  });

  it("a guest session that checks out again with another email keeps seeing only its own orders", async () => {
    const first = await guestCheckout("first.guest@example.com", { courseIds: [otherCourse] });
    const victim = await guestCheckout("second.guest@example.com", { courseIds: [otherCourse] });
    // The first session now buys with the second guest's address: its new order follows that record.
    const again = await call("POST", "/api/checkout", first.cookie, {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
      guest: { name: "Someone", email: "second.guest@example.com" },
    });
    expect(again.status).toBe(201);
    expect((await call("GET", `/api/orders/${again.body.id}`, first.cookie)).status).toBe(200);
    expect((await call("GET", `/api/orders/${victim.orderId}`, first.cookie)).status).toBe(404);
    expect((await call("GET", `/api/orders/${again.body.id}`, victim.cookie)).status).toBe(404);
  });

  it("a replayed Idempotency-Key from a fresh browser gets the order and its new session sees it", async () => {
    const key = `guest-replay-${Date.now()}`;
    const body = {
      ...CHECKOUT_CONSENTS,
      courseIds: [otherCourse],
      guest: { name: "Rae", email: "rae@example.com" },
    };
    const headers = { "idempotency-key": key };
    const first = await t.app.inject({ method: "POST", url: "/api/checkout", headers, payload: body });
    expect(first.statusCode).toBe(201);
    // The answer was lost: the client sends the same request again, without the cookie it never got.
    const replay = await t.app.inject({ method: "POST", url: "/api/checkout", headers, payload: body });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(first.json().id);
    const cookie = cookiesFrom(replay.headers["set-cookie"]);
    expect((await call("GET", `/api/orders/${first.json().id}`, cookie)).status).toBe(200);
  });
});
