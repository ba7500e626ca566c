import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as claimAction } from "~/routes/account/claim-purchases.server";
import { action as customerSignupAction } from "~/routes/account/customer-signup.server";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  type CheckoutTestApp,
  cookiesFrom,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { outboxMailsTo } from "../../../tests/support/outbox";
import { pageContext } from "../../../tests/support/page-context";
import { withTenant } from "../../db/tenant-scope";
import { invoices, orders } from "../orders/orders.tables";
import { customerClaims, customers } from "./customers.tables";

/**
 * Issue 16 item 5: signing up with a guest's email must not hand over the guest's orders, invoices,
 * courses or details. The account is a record of its own until the owner of the mailbox opens the
 * link mailed there, whichever way the sign-up came in (API, the sign-up page's form post in any
 * spelling of its URL, a `.data` post: they all run the same service).
 */
let t: CheckoutTestApp;
let course: string;

beforeAll(async () => {
  t = await createCheckoutTestApp({ PUBLIC_URL: "https://school.example.org" });
  course = await t.addCourse({ priceCents: 4900 });
});
afterAll(async () => {
  await t.close();
});

const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: nextYear, cvc: "123" };

/** A guest buys the course and pays: an order, an invoice, an enrolment on the guest's record. */
async function guestPurchase(email: string) {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/checkout",
    payload: {
      ...CHECKOUT_CONSENTS,
      courseIds: [course],
      guest: { name: "Gwen Guest", email },
    },
  });
  expect(placed.statusCode).toBe(201);
  const cookie = cookiesFrom(placed.headers["set-cookie"]);
  const paid = await t.app.inject({
    method: "POST",
    url: `/api/checkout/${placed.json().id}/pay`,
    payload: { card: goodCard },
    headers: { cookie },
  });
  expect(paid.statusCode).toBe(200);
  const [guest] = await t.database.db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  return { orderId: placed.json().id as string, guestId: guest!.id, guestCookie: cookie };
}

function claim(token: string) {
  return t.app.inject({ method: "POST", url: "/api/customer/claim-purchases", payload: { token } });
}

async function ownerOf(orderId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.customerId;
}

async function apiSignUp(email: string, name = "Mallory Taker") {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/customer/register",
    payload: { name, email, password: "taken-over-2024", acceptTerms: true },
  });
  return response;
}

/** Everything a signed-in customer can see of their own purchases and record. */
async function whatTheAccountSees(token: string, customerId: string) {
  const headers = { authorization: `Bearer ${token}` };
  const get = (url: string) => t.app.inject({ method: "GET", url, headers });
  const invoices = (await get("/api/invoices")).json();
  const courses = (await get("/api/customer-courses")).json();
  const exported = (await get("/api/customer/data-export")).json();
  const me = (await get(`/api/customer/${customerId}`)).json();
  return { invoices, courses, exported, me };
}

function invoiceCount(list: unknown): number {
  const value = list as { invoices?: unknown[]; items?: unknown[] } | unknown[];
  if (Array.isArray(value)) return value.length;
  return (value.invoices ?? value.items ?? []).length;
}

function courseCount(list: unknown): number {
  const value = list as { courses?: unknown[]; items?: unknown[] } | unknown[];
  if (Array.isArray(value)) return value.length;
  return (value.courses ?? value.items ?? []).length;
}

function claimTokenFrom(text: string): string {
  const match = /https:\/\/school\.example\.org\/user\/claim-purchases\/([\w-]+)/.exec(text);
  if (!match) throw new Error(`no claim link in:\n${text}`);
  return match[1]!;
}

/** The claim mails sent to the address so far (the guest's order confirmation is not one). */
async function mailsTo(email: string) {
  await t.app.services.jobQueue.drain();
  return (await outboxMailsTo(t.dataDir, email)).filter((mail) =>
    mail.text.includes("/user/claim-purchases/"),
  );
}

async function lastClaimTokenTo(email: string) {
  const mails = await mailsTo(email);
  if (mails.length === 0) throw new Error(`no claim mail to ${email}`);
  return claimTokenFrom(mails.at(-1)!.text);
}

describe("signing up with a guest's email", () => {
  it("gives the new account nothing of the guest's until the mailed link is opened (API)", async () => {
    const email = "gwen.guest.api@example.org";
    const { orderId, guestId, guestCookie } = await guestPurchase(email);

    const signedUp = await apiSignUp(email.toUpperCase());
    expect(signedUp.statusCode).toBe(201);
    const { token, customer } = signedUp.json();
    expect(customer.id).not.toBe(guestId);
    expect(customer.name).toBe("Mallory Taker");

    // The attack: nothing of the guest's is visible to the account.
    const before = await whatTheAccountSees(token, customer.id);
    expect(invoiceCount(before.invoices)).toBe(0);
    expect(courseCount(before.courses)).toBe(0);
    expect(JSON.stringify(before.exported)).not.toContain(orderId);
    expect(JSON.stringify(before.exported)).not.toContain("Gwen Guest");
    const order = await t.app.inject({
      method: "GET",
      url: `/api/orders/${orderId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(order.statusCode).toBe(404);
    const [invoiceRow] = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.orderId, orderId));
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/invoices/${invoiceRow!.id}/pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(404);
    // The guest keeps their own view.
    const guestView = await t.app.inject({
      method: "GET",
      url: `/api/orders/${orderId}`,
      headers: { cookie: guestCookie },
    });
    expect(guestView.statusCode).toBe(200);

    // The link went to the mailbox of the address, with the school's address, never a request header.
    const mails = await mailsTo(email.toUpperCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Add your earlier purchases");
    const claimToken = claimTokenFrom(mails[0]!.text);

    // A wrong token changes nothing.
    const wrong = await claim("not-the-token");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("This confirmation link is not valid.");

    // The happy path: the mailbox owner opens the link.
    const claimed = await claim(claimToken);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().message).toBe("Your earlier purchases are now in your account.");
    const after = await whatTheAccountSees(token, customer.id);
    expect(invoiceCount(after.invoices)).toBe(1);
    expect(courseCount(after.courses)).toBe(1);
    expect(JSON.stringify(after.exported)).toContain(orderId);
    const mine = await t.app.inject({
      method: "GET",
      url: `/api/orders/${orderId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.statusCode).toBe(200);
    // The guest record is gone (its guest sessions with it); the link works once.
    expect(await t.database.db.select().from(customers).where(eq(customers.id, guestId))).toEqual([]);
    const stale = await t.app.inject({
      method: "GET",
      url: `/api/orders/${orderId}`,
      headers: { cookie: guestCookie },
    });
    expect(stale.statusCode).toBe(404);
    const again = await claim(claimToken);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This confirmation link has already been used.");
  });

  it("sends no link for a new address, and signs up exactly as before", async () => {
    const email = "brand.new.claim@example.org";
    const signedUp = await apiSignUp(email);
    expect(signedUp.statusCode).toBe(201);
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await apiSignUp(email)).statusCode).toBe(409);
  });

  it("keeps a guest from buying into the address once it has an account", async () => {
    const email = "gwen.guest.again@example.org";
    await guestPurchase(email);
    expect((await apiSignUp(email)).statusCode).toBe(201);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      payload: { ...CHECKOUT_CONSENTS, courseIds: [course], guest: { name: "Gwen", email } },
    });
    expect(placed.statusCode).toBe(409);
    expect(placed.json().code).toBe("ACCOUNT_EXISTS");
  });

  it("refuses an expired link and mails a new one when the account signs in", async () => {
    const email = "gwen.guest.expired@example.org";
    await guestPurchase(email);
    const signedUp = await apiSignUp(email);
    const account = signedUp.json().customer.id as string;
    const first = await lastClaimTokenTo(email);
    await t.database.db
      .update(customerClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerClaims.accountId, account));
    const expired = await claim(first);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe("This confirmation link has expired. Sign in to receive a new one.");

    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      payload: { email, password: "taken-over-2024" },
    });
    expect(signedIn.statusCode).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const second = claimTokenFrom(mails[1]!.text);
    expect(second).not.toBe(first);
    // Signing in while a link is open sends no other.
    await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      payload: { email, password: "taken-over-2024" },
    });
    expect(await mailsTo(email)).toHaveLength(2);
    const claimed = await claim(second);
    expect(claimed.statusCode).toBe(200);
  });

  it("treats an imported customer's details the same way: phone and address stay apart until claimed", async () => {
    const email = "imported.claim@example.org";
    const staffMade = await t.app.services.customers.create(t.companyId, {
      name: "Ida Imported",
      email,
      phone: "+31 6 1234 5678",
      address: "Kerkstraat 1, Utrecht",
    });
    const signedUp = await apiSignUp(email);
    const { token, customer } = signedUp.json();
    const me = (await whatTheAccountSees(token, customer.id)).me;
    expect(me.phone).toBeNull();
    expect(me.address).toBeNull();
    const claimToken = await lastClaimTokenTo(email);
    const claimed = await claim(claimToken);
    expect(claimed.statusCode).toBe(200);
    const after = (await whatTheAccountSees(token, customer.id)).me;
    expect(after.phone).toBe("+31 6 1234 5678");
    expect(after.address).toBe("Kerkstraat 1, Utrecht");
    expect(await t.database.db.select().from(customers).where(eq(customers.id, staffMade.id))).toEqual([]);
  });
});

describe("the sign-up and claim pages run the same rules", () => {
  type PageAction = (args: never) => Promise<unknown>;

  /** A form post as React Router hands it to the route's action, whatever spelling of the URL reached it. */
  async function pagePost(action: PageAction, url: string, fields: Record<string, string>, params = {}) {
    const context = await pageContext(t, { origin: "https://school.example.org" });
    const request = new Request(`http://localhost${url}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    // As the web plugin runs it: inside the school's tenant scope.
    try {
      return await withTenant(context.company.id, () => action({ request, context, params } as never));
    } catch (thrown) {
      return thrown;
    }
  }

  it.each([
    [1, "/customer-signup"],
    [2, "/Customer-Signup"],
    [3, "/customer-signup/"],
    [4, "/CUSTOMER-SIGNUP.data"],
  ])(
    "a sign-up posted (%i) to %s gets a new account and a link, not the guest's record",
    async (n, spelling) => {
      const email = `gwen.page.${n}@example.org`;
      const { guestId, orderId } = await guestPurchase(email);
      const answer = await pagePost(customerSignupAction as PageAction, spelling, {
        name: "Page Taker",
        email,
        password: "taken-over-2024",
        acceptTerms: "on",
      });
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(302);
      const rows = await t.database.db
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, t.companyId), sql`lower(${customers.email}) = ${email}`));
      expect(rows).toHaveLength(2);
      const guest = rows.find((row) => row.id === guestId)!;
      const account = rows.find((row) => row.id !== guestId)!;
      expect(guest.passwordHash).toBeNull();
      expect(guest.name).toBe("Gwen Guest");
      expect(account.passwordHash).toBeTruthy();
      expect(await ownerOf(orderId)).toBe(guestId);

      // The claim page: opening it changes nothing; its button (a form post) moves the purchases.
      const claimToken = await lastClaimTokenTo(email);
      const wrong = await pagePost(claimAction as PageAction, "/user/claim-purchases/x", {}, { token: "x" });
      expect((wrong as { init?: { status?: number } }).init?.status).toBe(400);
      const done = await pagePost(
        claimAction as PageAction,
        `/User/Claim-Purchases/${claimToken}/`,
        {},
        { token: claimToken },
      );
      expect(done).toEqual({ ok: true, formError: null });
      expect(await ownerOf(orderId)).toBe(account.id);
    },
  );
});
