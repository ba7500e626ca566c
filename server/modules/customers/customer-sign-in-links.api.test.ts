import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as requestLinkAction } from "~/routes/account/sign-in-link.server";
import { action as useLinkAction } from "~/routes/account/use-sign-in-link.server";
import { CHECKOUT_CONSENTS } from "../../../tests/support/checkout-consents";
import {
  type CheckoutTestApp,
  cookiesFrom,
  createCheckoutTestApp,
} from "../../../tests/support/checkout-fixtures";
import { lastMailTo, outboxMailsTo } from "../../../tests/support/outbox";
import { pageContext } from "../../../tests/support/page-context";
import { insertCompany } from "../../seed/factories";
import { courses } from "../catalog/catalog.tables";
import { customerSignInLinks, customers } from "./customers.tables";

/**
 * Issue 22, "an honest checkout": a guest who paid learns at once. The confirmation mail carries a
 * magic sign-in link (single use, stored hashed, 24 hours); the sign-in page mails one on request
 * (one hour), limited like the other sign-in actions whatever URL reaches it; setting a password later
 * makes the guest's record an ordinary account.
 */
let t: CheckoutTestApp;
let course: string;
let courseSlug: string;

beforeAll(async () => {
  t = await createCheckoutTestApp({ PUBLIC_URL: "https://school.example.org" });
  course = await t.addCourse({ priceCents: 3900 });
  const [row] = await t.database.db
    .select({ slug: courses.slug })
    .from(courses)
    .where(eq(courses.id, course));
  courseSlug = row!.slug;
  await insertCompany(t.database.db, { slug: "other-link-school", name: "Other Link School" });
});
afterAll(async () => {
  await t.close();
});

const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: nextYear, cvc: "123" };
const LINK = /https:\/\/school\.example\.org\/user\/sign-in-link\/([\w-]+)(\?next=[^\s"<]+)?/;
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A guest buys the course and pays; returns the mailed link's token and the guest's record id. */
async function guestPurchase(email: string) {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/checkout",
    payload: { ...CHECKOUT_CONSENTS, courseIds: [course], guest: { name: "Gus Guest", email } },
  });
  expect(placed.statusCode).toBe(201);
  const paid = await t.app.inject({
    method: "POST",
    url: `/api/checkout/${placed.json().id}/pay`,
    payload: { card: goodCard },
    headers: { cookie: cookiesFrom(placed.headers["set-cookie"]) },
  });
  expect(paid.statusCode).toBe(200);
  await t.app.services.jobQueue.drain();
  const mail = await lastMailTo(t.dataDir, email);
  const link = LINK.exec(mail.text);
  expect(link, "the confirmation mail has a sign-in link").not.toBeNull();
  const [guest] = await t.database.db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  return { token: link![1]!, next: link![2] ?? "", mail: mail.text, guestId: guest!.id };
}

const signInWith = (token: string, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/customer/sign-in-link/use",
    payload: { token },
    remoteAddress: options.ip ?? "198.51.100.200",
    headers: options.headers ?? {},
  });

const askLink = (email: string, ip = "198.51.100.201", lng = "en") =>
  t.app.inject({
    method: "POST",
    url: `/api/customer/sign-in-link?lng=${lng}`,
    payload: { email },
    remoteAddress: ip,
  });

/** A page's form post as React Router hands it to the route's action (any URL spelling runs this action). */
async function pagePost(
  action: (args: never) => Promise<unknown>,
  url: string,
  fields: Record<string, string>,
  ip: string,
  params: Record<string, string> = {},
): Promise<number> {
  const context = await pageContext(t, { client: { ip, userAgent: "test" } });
  const request = new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  let result: unknown;
  try {
    result = await action({ request, context, params } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return result.status;
  const value = result as { type?: string; init?: ResponseInit | null } | null;
  if (value?.type === "DataWithResponseInit") return value.init?.status ?? 200;
  if (result instanceof Error) throw result;
  return 200;
}

describe("the purchase's sign-in link", () => {
  it("is mailed with the confirmation, links to the course, and signs the guest in once", async () => {
    const email = `magic-${Date.now()}@example.org`;
    const { token, next, mail, guestId } = await guestPurchase(email);
    expect(next).toBe(`?next=%2Fcourse-video%2F${courseSlug}`);
    expect(mail).toContain(`https://school.example.org/course-video/${courseSlug}`);
    expect(mail).toContain("this link signs you in without a password");

    // Stored hashed, for a day.
    const rows = await t.database.db
      .select()
      .from(customerSignInLinks)
      .where(eq(customerSignInLinks.customerId, guestId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.purpose).toBe("purchase");
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(23.9 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600_000 + 1000);

    const used = await signInWith(token);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ role: "customer", customer: { id: guestId, email } });
    expect(String(used.headers["set-cookie"])).toMatch(/session=/);
    const courses = await t.app.inject({
      method: "GET",
      url: "/api/customer-courses",
      headers: { authorization: `Bearer ${used.json().token}` },
    });
    expect(courses.statusCode).toBe(200);
    expect(JSON.stringify(courses.json())).toContain(course);

    const again = await signInWith(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This sign-in link has already been used. Please ask for a new one.");
  });

  it("refuses an expired link, an unknown one, and a link of another school", async () => {
    const { token, guestId } = await guestPurchase(`expiring-${Date.now()}@example.org`);

    const otherSchool = await signInWith(token, { headers: { company: "other-link-school" } });
    expect(otherSchool.statusCode).toBe(400);
    expect(otherSchool.json().message).toBe("This sign-in link is not valid. Please ask for a new one.");

    await t.database.db
      .update(customerSignInLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerSignInLinks.customerId, guestId));
    const expired = await signInWith(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe("This sign-in link has expired. Please ask for a new one.");
    expect(expired.headers["set-cookie"]).toBeUndefined();

    const unknown = await signInWith("x".repeat(43));
    expect(unknown.statusCode).toBe(400);
    const empty = await signInWith("   ");
    expect(empty.statusCode).toBe(400);
    const dutch = await t.app.inject({
      method: "POST",
      url: "/api/customer/sign-in-link/use?lng=nl",
      payload: { token: "nope" },
    });
    expect(dutch.json().message).toBe("Deze inloglink is niet geldig. Vraag een nieuwe aan.");
  });

  it("lets the guest set a first password without a current one: an ordinary account from then on", async () => {
    const email = `becomes-account-${Date.now()}@example.org`;
    const { token } = await guestPurchase(email);
    const signedIn = (await signInWith(token)).json();
    const headers = { authorization: `Bearer ${signedIn.token}` };

    const set = await t.app.inject({
      method: "POST",
      url: "/api/customer/change-password",
      headers,
      payload: { newPassword: "first-own-password" },
    });
    expect(set.statusCode).toBe(200);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      payload: { email, password: "first-own-password" },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().customer.id).toBe(signedIn.customer.id);

    // Now a current password is needed, as for every account.
    const without = await t.app.inject({
      method: "POST",
      url: "/api/customer/change-password",
      headers,
      payload: { newPassword: "second-own-password" },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe("Please enter your current password");
  });

  it("keeps a guest's record passwordless once an account has its email (the claim link joins them)", async () => {
    const email = `claimed-later-${Date.now()}@example.org`;
    const { token } = await guestPurchase(email);
    const signedIn = (await signInWith(token)).json();
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/customer/register",
      payload: { name: "Later Account", email, password: "account-password-1", acceptTerms: true },
    });
    expect(registered.statusCode).toBe(201);
    const set = await t.app.inject({
      method: "POST",
      url: "/api/customer/change-password",
      headers: { authorization: `Bearer ${signedIn.token}` },
      payload: { newPassword: "guest-password-1" },
    });
    expect(set.statusCode).toBe(409);
    expect(set.json().message).toMatch(/^An account with this email address already has a password\./);
  });
});

describe("a sign-in link asked for on the sign-in page", () => {
  it("is mailed for a known email only, works for one hour and goes where the visitor was heading", async () => {
    const email = `asks-link-${Date.now()}@example.org`;
    await guestPurchase(email);
    const before = (await outboxMailsTo(t.dataDir, email)).length;

    const unknown = await askLink(`nobody-${Date.now()}@example.org`);
    const known = await t.app.inject({
      method: "POST",
      url: "/api/customer/sign-in-link",
      payload: { email: email.toUpperCase(), next: "/user-invoice" },
      remoteAddress: "198.51.100.202",
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await t.app.services.jobQueue.drain();
    const mails = await outboxMailsTo(t.dataDir, email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!.text;
    expect(mail).toContain("Your sign-in link for");
    expect(mail).toContain("expires after one hour");
    const link = LINK.exec(mail)!;
    expect(link[2]).toBe("?next=%2Fuser-invoice");
    const [row] = await t.database.db
      .select()
      .from(customerSignInLinks)
      .where(eq(customerSignInLinks.tokenHash, sha256(link[1]!)));
    expect(row!.purpose).toBe("request");
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(3600_000 + 1000);
    expect((await signInWith(link[1]!)).statusCode).toBe(200);

    // Another host's address is never a place to go.
    await t.app.inject({
      method: "POST",
      url: "/api/customer/sign-in-link",
      payload: { email, next: "//evil.example.com/" },
      remoteAddress: "198.51.100.203",
    });
    await t.app.services.jobQueue.drain();
    const last = (await outboxMailsTo(t.dataDir, email)).at(-1)!.text;
    expect(LINK.exec(last)![2]).toBeUndefined();
  });

  it("signs in through the page's button and goes on to `next`; a used link answers on the page", async () => {
    const { token } = await guestPurchase(`page-link-${Date.now()}@example.org`);
    const url = `/user/sign-in-link/${token}?next=%2Fcourse-video%2F${courseSlug}`;
    const context = await pageContext(t, { client: { ip: "198.51.100.210", userAgent: "test" } });
    const response = (await useLinkAction({
      request: new Request(`http://localhost${url}`, { method: "POST" }),
      context,
      params: { token },
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/course-video/${courseSlug}`);
    expect(response.headers.get("set-cookie")).toMatch(/session=/);
    expect(await pagePost(useLinkAction, url, {}, "198.51.100.211", { token })).toBe(400);
  });
});

describe("attempt limits on sign-in links", () => {
  it("mails at most 5 links an hour per address, over the API and the page in any spelling", async () => {
    const email = `limited-${Date.now()}@example.org`;
    await guestPurchase(email);
    const spellings = ["/user/sign-in-link", "/User/Sign-In-Link/", "/user/sign-in-link.data"];
    for (const [i, url] of spellings.entries()) {
      expect(await pagePost(requestLinkAction, url, { email }, `203.0.113.${40 + i}`)).toBe(200);
    }
    expect((await askLink(email, "203.0.113.50")).statusCode).toBe(200);
    expect((await askLink(email, "203.0.113.51")).statusCode).toBe(200);
    const refused = await askLink(email, "203.0.113.52");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await pagePost(requestLinkAction, "/USER/SIGN-IN-LINK", { email }, "203.0.113.53")).toBe(429);
  });

  it("lets one address try at most 50 links an hour, over the API and the page in any spelling", async () => {
    const ip = "203.0.113.90";
    for (let i = 0; i < 50; i++) {
      const token = `guess-${i}`;
      const status =
        i % 2 === 0
          ? (await signInWith(token, { ip })).statusCode
          : await pagePost(
              useLinkAction,
              i % 4 === 1 ? `/User/Sign-In-Link/${token}/` : `/user/sign-in-link/${token}.data`,
              {},
              ip,
              { token },
            );
      expect(status).toBe(400);
    }
    const { token } = await guestPurchase(`after-guessing-${Date.now()}@example.org`);
    expect((await signInWith(token, { ip })).statusCode).toBe(429);
    expect(await pagePost(useLinkAction, `/user/sign-in-link/${token}`, {}, ip, { token })).toBe(429);
    // The link itself is not used up by the refusals: from elsewhere it still works.
    expect((await signInWith(token, { ip: "203.0.113.91" })).statusCode).toBe(200);
  }, 120_000);
});

describe("deleting an account that never had a password", () => {
  it("is confirmed with the email address", async () => {
    const email = `delete-passwordless-${Date.now()}@example.org`;
    const { token, guestId } = await guestPurchase(email);
    const signedIn = (await signInWith(token)).json();
    const headers = { authorization: `Bearer ${signedIn.token}` };
    await askLink(email, "198.51.100.230");
    await t.app.services.jobQueue.drain();
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/customer/delete-account",
      headers,
      payload: { password: "someone-else@example.org" },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await t.app.inject({
      method: "POST",
      url: "/api/customer/delete-account",
      headers,
      payload: { password: email.toUpperCase() },
    });
    expect(right.statusCode).toBe(200);
    // The record stays as the anonymous buyer of the orders; no link opens it any more.
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, guestId));
    expect(row!.email).not.toBe(email);
    expect(
      await t.database.db
        .select()
        .from(customerSignInLinks)
        .where(eq(customerSignInLinks.customerId, guestId)),
    ).toHaveLength(0);
  });
});
