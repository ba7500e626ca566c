import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { DEMO_LEARNER } from "../../seed/demo-people";
import { insertCustomer } from "../../seed/factories";
import { passwordResetTokens } from "../auth/sessions.tables";
import { hashToken, newToken } from "../auth/tokens";
import { enrolments, orders } from "../orders/orders.tables";
import { roles, staff } from "../staff/staff.tables";
import type { Customer, CustomerList, CustomerOrderList, CustomerSignIn } from "./customers.schemas";
import { customers } from "./customers.tables";

let t: TestApp;
let companyId: string;
let adminToken: string;
let driverToken: string;
let accountantToken: string;

type Method = "GET" | "POST" | "PUT" | "DELETE";

async function call(method: Method, url: string, options: { token?: string; body?: unknown } = {}) {
  const response = await t.app.inject({
    method,
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: response.statusCode, body: response.json(), cookies: response.headers["set-cookie"] };
}

async function staffToken(roleName: string, email: string): Promise<string> {
  const { db } = t.database;
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.name, roleName)));
  const [row] = await db
    .insert(staff)
    .values({ companyId, name: { en: roleName }, email, roleId: role!.id })
    .returning({ id: staff.id });
  return (await t.app.services.sessions.start({ companyId, realm: "staff", subjectId: row!.id })).token;
}

let counter = 0;
const uniqueEmail = (prefix = "learner") => `${prefix}.${Date.now()}.${++counter}@example.org`;

async function register(overrides: Record<string, unknown> = {}) {
  const body = {
    name: "Ada Learner",
    email: uniqueEmail(),
    password: "long-enough-1",
    acceptTerms: true,
    ...overrides,
  };
  const result = await call("POST", "/api/customer/register", { body });
  return { ...result, body: result.body as CustomerSignIn, input: body };
}

/** A seeded customer who has bought courses. */
async function customerWithEnrolments(): Promise<string> {
  const [row] = await t.database.db
    .select({ id: enrolments.customerId })
    .from(enrolments)
    .where(eq(enrolments.companyId, companyId))
    .limit(1);
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.app.services.companies.resolve(undefined);
  companyId = company!.id;
  const [admin] = await t.database.db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.companyId, companyId), eq(staff.email, "admin@example.com")));
  adminToken = (await t.app.services.sessions.start({ companyId, realm: "staff", subjectId: admin!.id }))
    .token;
  driverToken = await staffToken("Driver", "driver@example.com");
  accountantToken = await staffToken("Accountant", "accountant@example.com");
});

afterAll(async () => {
  await t.close();
});

describe("POST /api/customer/register", () => {
  it("creates the account, signs in and sets the session and userInfo cookies", async () => {
    const { status, body, cookies, input } = await register({ email: "  New.Person@Example.ORG " });
    expect(status).toBe(201);
    expect(body.token).toBeTruthy();
    expect(body.role).toBe("customer");
    expect(body.customer).toMatchObject({ name: input.name, email: "new.person@example.org", image: null });
    const list = ([] as string[]).concat(cookies ?? []);
    expect(list.some((c) => c.startsWith("session=") && c.includes("HttpOnly"))).toBe(true);
    const info = list.find((c) => c.startsWith("userInfo="))!;
    expect(info).not.toContain("HttpOnly");
    expect(decodeURIComponent(info)).toContain('"role":"customer"');
    expect(decodeURIComponent(info)).not.toContain(body.token);

    const me = await call("GET", `/api/customer/${body.customer.id}`, { token: body.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("new.person@example.org");
  });

  it("requires the terms to be accepted", async () => {
    const { status, body } = await register({ acceptTerms: false });
    expect(status).toBe(400);
    expect((body as unknown as { message: string }).message).toContain("terms and conditions");
    const missing = await call("POST", "/api/customer/register", {
      body: { name: "A", email: uniqueEmail(), password: "long-enough-1" },
    });
    expect(missing.status).toBe(400);
  });

  it("rejects short or missing passwords with the spec's messages", async () => {
    const short = await register({ password: "short" });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((short.body as unknown as { message: string }).message).toContain(
      "Password must have at least 8 characters",
    );
    const empty = await register({ password: "" });
    expect((empty.body as unknown as { message: string }).message).toContain("You must specify a password");
  });

  it("rejects a bad email, unknown fields and a taken email", async () => {
    expect((await register({ email: "not-an-email" })).status).toBe(400);
    expect((await register({ role: "admin" })).status).toBe(400);
    const taken = await register({ email: DEMO_LEARNER.email.toUpperCase() });
    expect(taken.status).toBe(409);
  });

  it("does not hand a customer row without a password to a sign-up (its orders stay apart until claimed)", async () => {
    const email = uniqueEmail("guest");
    const id = await insertCustomer(t.database.db, companyId, { name: "Guest Buyer", email });
    await t.database.db.insert(orders).values({
      companyId,
      number: 900_001,
      customerId: id,
      customerName: "Guest Buyer",
      customerEmail: email,
      paymentMethod: "card",
      currency: "EUR",
      subtotalCents: 1000,
      vatRateBp: 2100,
      vatCents: 174,
      totalCents: 1000,
    });
    const { status, body } = await register({ email, name: "Guest Now Learner" });
    expect(status).toBe(201);
    expect(body.customer.id).not.toBe(id);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row!.passwordHash).toBeNull();
    expect(row!.name).toBe("Guest Buyer");
  });
});

describe("POST /api/customer/login", () => {
  it("signs in with a new session each time", async () => {
    const body = { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password };
    const first = await call("POST", "/api/customer/login", { body });
    const second = await call("POST", "/api/customer/login", { body });
    expect(first.status).toBe(200);
    expect(first.body.customer.email).toBe(DEMO_LEARNER.email);
    expect(second.body.token).not.toBe(first.body.token);
    expect(([] as string[]).concat(first.cookies ?? []).some((c) => c.startsWith("session="))).toBe(true);
  });

  it("answers the same for a wrong password and an unknown email", async () => {
    const wrong = await call("POST", "/api/customer/login", {
      body: { email: DEMO_LEARNER.email, password: "not-the-password" },
    });
    const unknown = await call("POST", "/api/customer/login", {
      body: { email: "nobody@example.org", password: "not-the-password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe("Invalid email or password.");
  });

  it("does not sign in a customer row without a password", async () => {
    const email = uniqueEmail("imported");
    await insertCustomer(t.database.db, companyId, { name: "Imported", email });
    const result = await call("POST", "/api/customer/login", {
      body: { email, password: "anything-at-all" },
    });
    expect(result.status).toBe(401);
  });

  it("validates the body", async () => {
    expect((await call("POST", "/api/customer/login", { body: { email: "x@example.org" } })).status).toBe(
      400,
    );
    expect(
      (await call("POST", "/api/customer/login", { body: { email: "bad", password: "x" } })).status,
    ).toBe(400);
  });
});

describe("POST /api/customer/logout and /api/customer/guest", () => {
  it("ends the session and clears the cookies", async () => {
    const { body } = await register();
    const out = await call("POST", "/api/customer/logout", { token: body.token });
    expect(out.status).toBe(200);
    expect(([] as string[]).concat(out.cookies ?? []).some((c) => c.startsWith("session=;"))).toBe(true);
    const after = await call("GET", `/api/customer/${body.customer.id}`, { token: body.token });
    expect(after.status).toBe(401);
  });

  it("answers 200 without a session too", async () => {
    expect((await call("POST", "/api/customer/logout")).status).toBe(200);
  });

  it("starts a guest session with the guestInfo cookie", async () => {
    const guest = await call("POST", "/api/customer/guest");
    expect(guest.status).toBe(201);
    expect(guest.body.role).toBe("guest");
    const list = ([] as string[]).concat(guest.cookies ?? []);
    expect(decodeURIComponent(list.find((c) => c.startsWith("guestInfo="))!)).toContain('"role":"guest"');
    // A guest is no customer and no staff.
    expect(
      (
        await call("POST", "/api/customer/change-password", {
          token: guest.body.token,
          body: { currentPassword: "x", newPassword: "long-enough-2" },
        })
      ).status,
    ).toBe(401);
    expect((await call("GET", "/api/customer", { token: guest.body.token })).status).toBe(401);
    expect((await call("POST", "/api/customer/logout", { token: guest.body.token })).status).toBe(200);
  });
});

describe("PUT /api/customer/forget-password and /api/customer/reset-password", () => {
  it("answers the same for a known and an unknown email", async () => {
    const known = await call("PUT", "/api/customer/forget-password", { body: { email: DEMO_LEARNER.email } });
    const unknown = await call("PUT", "/api/customer/forget-password", {
      body: { email: "who@example.org" },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect((await call("PUT", "/api/customer/forget-password", { body: { email: "nope" } })).status).toBe(
      400,
    );
    expect((await call("PUT", "/api/customer/forget-password", { body: {} })).status).toBe(400);
  });

  async function tokenFor(customerId: string, expiresInMs = 60_000, usedAt: Date | null = null) {
    const token = newToken();
    await t.database.db.insert(passwordResetTokens).values({
      companyId,
      realm: "customer",
      subjectId: customerId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + expiresInMs),
      usedAt,
    });
    return token;
  }

  it("stores only a hash of the token, valid for one hour", async () => {
    const { body } = await register();
    await call("PUT", "/api/customer/forget-password", { body: { email: body.customer.email } });
    await t.app.services.jobQueue.drain();
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.subjectId, body.customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(5_000);
  });

  it("sets the new password once and ends every session", async () => {
    const { body, input } = await register();
    const token = await tokenFor(body.customer.id);
    const reset = await call("PUT", "/api/customer/reset-password", {
      body: { token, newPassword: "brand-new-pass" },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe("Your password has been successfully changed");
    expect((await call("GET", `/api/customer/${body.customer.id}`, { token: body.token })).status).toBe(401);
    const again = await call("PUT", "/api/customer/reset-password", {
      body: { token, newPassword: "other-new-pass" },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain("already been used");
    const oldLogin = await call("POST", "/api/customer/login", {
      body: { email: input.email, password: input.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call("POST", "/api/customer/login", {
      body: { email: input.email, password: "brand-new-pass" },
    });
    expect(newLogin.status).toBe(200);
  });

  it("rejects expired, unknown and used tokens and short passwords", async () => {
    const { body } = await register();
    const expired = await tokenFor(body.customer.id, -1000);
    const expiredAnswer = await call("PUT", "/api/customer/reset-password", {
      body: { token: expired, newPassword: "brand-new-pass" },
    });
    expect(expiredAnswer.status).toBe(400);
    expect(expiredAnswer.body.message).toContain("expired");
    const unknown = await call("PUT", "/api/customer/reset-password", {
      body: { token: newToken(), newPassword: "brand-new-pass" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("not valid");
    const used = await tokenFor(body.customer.id, 60_000, new Date());
    expect(
      (
        await call("PUT", "/api/customer/reset-password", {
          body: { token: used, newPassword: "brand-new-pass" },
        })
      ).status,
    ).toBe(400);
    const valid = await tokenFor(body.customer.id);
    const short = await call("PUT", "/api/customer/reset-password", {
      body: { token: valid, newPassword: "short" },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain("Password must have at least 8 characters");
    const missing = await call("PUT", "/api/customer/reset-password", { body: { token: valid } });
    expect(missing.body.message).toContain("You must specify a password");
    // The valid token was not spent by the rejected attempts.
    expect(
      (
        await call("PUT", "/api/customer/reset-password", {
          body: { token: valid, newPassword: "brand-new-pass" },
        })
      ).status,
    ).toBe(200);
  });

  it("does not accept a token of another company", async () => {
    const { body } = await register();
    const token = await tokenFor(body.customer.id);
    const other = await t.app.inject({
      method: "PUT",
      url: "/api/customer/reset-password",
      headers: { company: "no-such-school" },
      payload: { token, newPassword: "brand-new-pass" },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe("POST /api/customer/change-password", () => {
  it("changes the password; other sessions end, this one continues", async () => {
    const { body, input } = await register();
    const other = await call("POST", "/api/customer/login", {
      body: { email: input.email, password: input.password },
    });
    const changed = await call("POST", "/api/customer/change-password", {
      token: body.token,
      body: { currentPassword: input.password, newPassword: "changed-pass-1" },
    });
    expect(changed.status).toBe(200);
    expect((await call("GET", `/api/customer/${body.customer.id}`, { token: body.token })).status).toBe(200);
    expect((await call("GET", `/api/customer/${body.customer.id}`, { token: other.body.token })).status).toBe(
      401,
    );
  });

  it("rejects a wrong current password, a short new one and no session", async () => {
    const { body, input } = await register();
    const wrong = await call("POST", "/api/customer/change-password", {
      token: body.token,
      body: { currentPassword: "wrong-password", newPassword: "changed-pass-1" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Your current password is not correct.");
    const short = await call("POST", "/api/customer/change-password", {
      token: body.token,
      body: { currentPassword: input.password, newPassword: "short" },
    });
    expect(short.status).toBe(400);
    const none = await call("POST", "/api/customer/change-password", {
      body: { currentPassword: input.password, newPassword: "changed-pass-1" },
    });
    expect(none.status).toBe(401);
  });
});

describe("GET /api/customer", () => {
  it("lists customers for staff, 20 per page by default, with search", async () => {
    const all = await call("GET", "/api/customer", { token: adminToken });
    expect(all.status).toBe(200);
    const list = all.body as CustomerList;
    expect(list.limit).toBe(20);
    expect(list.totalDoc).toBeGreaterThanOrEqual(15);
    const found = await call("GET", `/api/customer?searchText=${encodeURIComponent("Vermeer")}`, {
      token: accountantToken,
    });
    expect((found.body as CustomerList).customers.map((c) => c.email)).toEqual([DEMO_LEARNER.email]);
    const byPhone = await call("GET", `/api/customer?searchText=${encodeURIComponent("+44 7700 900123")}`, {
      token: adminToken,
    });
    expect((byPhone.body as CustomerList).customers.map((c) => c.name)).toEqual(["Samuel Brooks"]);
    const wildcard = await call("GET", "/api/customer?searchText=%25", { token: adminToken });
    expect((wildcard.body as CustomerList).totalDoc).toBe(0);
    const page = await call("GET", "/api/customer?limit=5&page=2", { token: adminToken });
    expect((page.body as CustomerList).customers).toHaveLength(5);
  });

  it("validates the query", async () => {
    expect((await call("GET", "/api/customer?limit=101", { token: adminToken })).status).toBe(400);
    expect((await call("GET", "/api/customer?page=0", { token: adminToken })).status).toBe(400);
    expect((await call("GET", "/api/customer?sort=joined", { token: adminToken })).status).toBe(400);
  });

  it("needs staff allowed to read customers", async () => {
    expect((await call("GET", "/api/customer")).status).toBe(401);
    const { body } = await register();
    expect((await call("GET", "/api/customer", { token: body.token })).status).toBe(403);
    expect((await call("GET", "/api/customer", { token: driverToken })).status).toBe(403);
  });
});

describe("POST /api/customer/create", () => {
  it("creates a customer for staff", async () => {
    const email = uniqueEmail("created");
    const created = await call("POST", "/api/customer/create", {
      token: adminToken,
      body: { name: "Made By Staff", email: email.toUpperCase(), phone: "+31 6 1111 2222" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, hasPassword: false, phone: "+31 6 1111 2222" });
    const duplicate = await call("POST", "/api/customer/create", {
      token: adminToken,
      body: { name: "Again", email },
    });
    expect(duplicate.status).toBe(409);
  });

  it("validates and checks permissions", async () => {
    expect(
      (await call("POST", "/api/customer/create", { token: adminToken, body: { name: "" } })).status,
    ).toBe(400);
    const body = { name: "X", email: uniqueEmail() };
    expect((await call("POST", "/api/customer/create", { body })).status).toBe(401);
    expect((await call("POST", "/api/customer/create", { token: accountantToken, body })).status).toBe(403);
    expect((await call("POST", "/api/customer/create", { token: driverToken, body })).status).toBe(403);
  });
});

describe("POST /api/customer/add/all", () => {
  const count = async () => (await t.database.db.select({ id: customers.id }).from(customers)).length;

  it("imports a whole list", async () => {
    const list = [
      { name: "Import One", email: uniqueEmail("import") },
      { name: "Import Two", email: uniqueEmail("import"), phone: "+31 20 555 0000", address: "Damrak 1" },
    ];
    const result = await call("POST", "/api/customer/add/all", { token: adminToken, body: list });
    expect(result.status).toBe(201);
    expect(result.body.count).toBe(2);
  });

  it("writes nothing when one entry is invalid", async () => {
    const before = await count();
    const result = await call("POST", "/api/customer/add/all", {
      token: adminToken,
      body: [
        { name: "Fine", email: uniqueEmail("import") },
        { name: "Broken", email: "not-an-email" },
      ],
    });
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body.details)).toContain("body.1.email");
    expect(await count()).toBe(before);
  });

  it("writes nothing when an email repeats in the list or already exists", async () => {
    const before = await count();
    const twice = uniqueEmail("twice");
    const inList = await call("POST", "/api/customer/add/all", {
      token: adminToken,
      body: [
        { name: "A", email: twice },
        { name: "B", email: twice.toUpperCase() },
      ],
    });
    expect(inList.status).toBe(400);
    expect(inList.body.details).toEqual([expect.objectContaining({ index: 1, email: twice })]);
    const existing = await call("POST", "/api/customer/add/all", {
      token: adminToken,
      body: [
        { name: "New", email: uniqueEmail("import") },
        { name: "Known", email: DEMO_LEARNER.email },
      ],
    });
    expect(existing.status).toBe(400);
    expect(existing.body.details).toEqual([expect.objectContaining({ index: 1, email: DEMO_LEARNER.email })]);
    expect(await count()).toBe(before);
  });

  it("rejects an empty list and checks permissions", async () => {
    expect((await call("POST", "/api/customer/add/all", { token: adminToken, body: [] })).status).toBe(400);
    const body = [{ name: "X", email: uniqueEmail() }];
    expect((await call("POST", "/api/customer/add/all", { body })).status).toBe(401);
    expect((await call("POST", "/api/customer/add/all", { token: driverToken, body })).status).toBe(403);
    const { body: customer } = await register();
    expect((await call("POST", "/api/customer/add/all", { token: customer.token, body })).status).toBe(403);
  });
});

describe("GET|PUT|DELETE /api/customer/{id}", () => {
  it("lets a customer read and update only their own record", async () => {
    const me = await register();
    const other = await register();
    const own = await call("PUT", `/api/customer/${me.body.customer.id}`, {
      token: me.body.token,
      body: { name: "Renamed Learner", phone: "+31 6 0000 0000" },
    });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe("Renamed Learner");
    expect(([] as string[]).concat(own.cookies ?? []).some((c) => c.startsWith("userInfo="))).toBe(true);
    const theirs = await call("GET", `/api/customer/${other.body.customer.id}`, { token: me.body.token });
    expect(theirs.status).toBe(404);
    const unknown = await call("GET", "/api/customer/0190a000-0000-7000-8000-000000000000", {
      token: me.body.token,
    });
    expect(unknown.body).toEqual(theirs.body);
    expect(
      (
        await call("PUT", `/api/customer/${other.body.customer.id}`, {
          token: me.body.token,
          body: { name: "X" },
        })
      ).status,
    ).toBe(404);
  });

  it("lets staff read and update any customer, and refuses a taken email", async () => {
    const { body } = await register();
    expect((await call("GET", `/api/customer/${body.customer.id}`, { token: accountantToken })).status).toBe(
      200,
    );
    const updated = await call("PUT", `/api/customer/${body.customer.id}`, {
      token: adminToken,
      body: { address: "Keizersgracht 1", image: "https://images.example.org/me.png" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      address: "Keizersgracht 1",
      image: "https://images.example.org/me.png",
    });
    const cleared = await call("PUT", `/api/customer/${body.customer.id}`, {
      token: adminToken,
      body: { image: "" },
    });
    expect(cleared.body.image).toBeNull();
    const taken = await call("PUT", `/api/customer/${body.customer.id}`, {
      token: adminToken,
      body: { email: DEMO_LEARNER.email },
    });
    expect(taken.status).toBe(409);
  });

  it("validates ids and bodies and checks permissions", async () => {
    const { body } = await register();
    expect((await call("GET", "/api/customer/not-a-uuid", { token: adminToken })).status).toBe(400);
    expect(
      (
        await call("PUT", `/api/customer/${body.customer.id}`, {
          token: adminToken,
          body: { image: "javascript:x" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call("PUT", `/api/customer/${body.customer.id}`, { token: body.token, body: { password: "x" } }))
        .status,
    ).toBe(400);
    expect((await call("GET", `/api/customer/${body.customer.id}`)).status).toBe(401);
    expect((await call("GET", `/api/customer/${body.customer.id}`, { token: driverToken })).status).toBe(403);
    expect(
      (
        await call("PUT", `/api/customer/${body.customer.id}`, {
          token: accountantToken,
          body: { name: "X" },
        })
      ).status,
    ).toBe(403);
  });

  it("deletes a customer without orders (staff write only)", async () => {
    const { body } = await register();
    expect((await call("DELETE", `/api/customer/${body.customer.id}`, { token: body.token })).status).toBe(
      403,
    );
    expect((await call("DELETE", `/api/customer/${body.customer.id}`, { token: driverToken })).status).toBe(
      403,
    );
    expect((await call("DELETE", `/api/customer/${body.customer.id}`)).status).toBe(401);
    const deleted = await call("DELETE", `/api/customer/${body.customer.id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect((await call("GET", `/api/customer/${body.customer.id}`, { token: adminToken })).status).toBe(404);
    expect((await call("DELETE", `/api/customer/${body.customer.id}`, { token: adminToken })).status).toBe(
      404,
    );
  });

  it("refuses to delete a customer with orders", async () => {
    const buyer = await customerWithEnrolments();
    const result = await call("DELETE", `/api/customer/${buyer}`, { token: adminToken });
    expect(result.status).toBe(409);
    expect(result.body.message).toContain("cannot be deleted");
    expect((await call("GET", `/api/customer/${buyer}`, { token: adminToken })).status).toBe(200);
  });
});

describe("PUT /api/customer/student-update/{id}", () => {
  it("updates the learner's own profile", async () => {
    const { body } = await register();
    const result = await call("PUT", `/api/customer/student-update/${body.customer.id}`, {
      token: body.token,
      body: {
        name: "Student Name",
        phone: "+31 6 9999 0000",
        image: "/images/avatar.png",
        address: "Utrecht",
      },
    });
    expect(result.status).toBe(200);
    expect(result.body as Customer).toMatchObject({ name: "Student Name", image: "/images/avatar.png" });
    expect(
      (
        await call("PUT", `/api/customer/student-update/${body.customer.id}`, {
          token: adminToken,
          body: { name: "By Staff" },
        })
      ).status,
    ).toBe(200);
  });

  it("validates and checks permissions", async () => {
    const me = await register();
    const other = await register();
    const url = `/api/customer/student-update/${other.body.customer.id}`;
    expect((await call("PUT", url, { token: me.body.token, body: { name: "X" } })).status).toBe(404);
    expect((await call("PUT", url, { body: { name: "X" } })).status).toBe(401);
    expect((await call("PUT", url, { token: driverToken, body: { name: "X" } })).status).toBe(403);
    expect(
      (await call("PUT", url, { token: other.body.token, body: { email: "x@example.org" } })).status,
    ).toBe(400);
    expect((await call("PUT", url, { token: other.body.token, body: { name: "" } })).status).toBe(400);
  });
});

describe("POST /api/customer/filter/{id}", () => {
  it("lists the customer's orders with filters", async () => {
    const url = `/api/customer/filter/${await customerWithEnrolments()}`;
    const all = await call("POST", url, { token: adminToken, body: {} });
    expect(all.status).toBe(200);
    const list = all.body as CustomerOrderList;
    expect(list.totalDoc).toBeGreaterThan(0);
    const status = list.orders[0]!.status;
    const filtered = (await call("POST", url, { token: adminToken, body: { status } }))
      .body as CustomerOrderList;
    expect(filtered.orders.every((order) => order.status === status)).toBe(true);
    const future = (await call("POST", url, { token: adminToken, body: { startDate: "2999-01-01" } }))
      .body as CustomerOrderList;
    expect(future.totalDoc).toBe(0);
    const day = list.orders[0]!.createdAt.slice(0, 10);
    const sameDay = (
      await call("POST", url, { token: accountantToken, body: { startDate: day, endDate: day } })
    ).body as CustomerOrderList;
    expect(sameDay.orders.map((order) => order.id)).toContain(list.orders[0]!.id);
  });

  it("validates and checks permissions", async () => {
    const { body } = await register();
    const url = `/api/customer/filter/${body.customer.id}`;
    expect((await call("POST", url, { token: adminToken, body: { status: "lost" } })).status).toBe(400);
    expect(
      (
        await call("POST", url, {
          token: adminToken,
          body: { startDate: "2024-02-02", endDate: "2024-01-01" },
        })
      ).status,
    ).toBe(400);
    expect((await call("POST", url, { token: adminToken, body: { startDate: "yesterday" } })).status).toBe(
      400,
    );
    expect(
      (
        await call("POST", "/api/customer/filter/0190a000-0000-7000-8000-000000000000", {
          token: adminToken,
          body: {},
        })
      ).status,
    ).toBe(404);
    expect((await call("POST", url, { body: {} })).status).toBe(401);
    expect((await call("POST", url, { token: body.token, body: {} })).status).toBe(403);
    expect((await call("POST", url, { token: driverToken, body: {} })).status).toBe(403);
  });
});

describe("audit of the staff's customer writes", () => {
  it("records create, import, update and delete with the staff member; not a customer's own edits", async () => {
    const created = await call("POST", "/api/customer/create", {
      token: adminToken,
      body: { name: "Audit Person", email: uniqueEmail("audit") },
    });
    expect(created.status).toBe(201);
    const id = (created.body as Customer).id;
    expect(
      (await call("PUT", `/api/customer/${id}`, { token: adminToken, body: { phone: "+31 6 1234" } })).status,
    ).toBe(200);
    expect(
      (
        await call("POST", "/api/customer/add/all", {
          token: adminToken,
          body: [{ name: "Imported One", email: uniqueEmail("import") }],
        })
      ).status,
    ).toBe(201);
    expect((await call("DELETE", `/api/customer/${id}`, { token: adminToken })).status).toBe(200);

    const log = await call("GET", "/api/admin/audit-log?entity=customer&limit=100", { token: adminToken });
    const entries = log.body.items as {
      action: string;
      entityId: string | null;
      summary: string;
      staff: unknown;
    }[];
    const mine = entries.filter((entry) => entry.entityId === id).map((entry) => entry.action);
    expect(mine.sort()).toEqual(["create", "delete", "update"]);
    expect(entries.some((entry) => entry.summary === "Imported 1 customers")).toBe(true);
    expect(entries.every((entry) => entry.staff !== null)).toBe(true);

    const own = await register();
    const before = (await call("GET", "/api/admin/audit-log?entity=customer", { token: adminToken })).body
      .total;
    await call("PUT", `/api/customer/${own.body.customer.id}`, {
      token: own.body.token,
      body: { name: "Myself" },
    });
    expect(
      (await call("GET", "/api/admin/audit-log?entity=customer", { token: adminToken })).body.total,
    ).toBe(before);
  });

  it("lists each customer's order count and sorts by it", async () => {
    const { body } = await call("GET", "/api/customer?sort=orderCount&order=desc", { token: adminToken });
    const list = body as CustomerList;
    expect(list.customers[0]!.orderCount).toBeGreaterThan(0);
    const counts = list.customers.map((customer) => customer.orderCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await call("GET", "/api/customer?sort=password", { token: adminToken })).status).toBe(400);
  });
});
