import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../../../tests/support/golden-database";
import { createStaff } from "../../../tests/support/staff";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { insertCompany } from "../../seed/factories";
import { INVALID_CREDENTIALS } from "../auth/sign-in";
import { staff } from "./staff.tables";
import { INACTIVE_STAFF } from "./staff-auth.service";

let t: TestApp;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await t.app.services.companies.resolve(undefined))!.id;
});
afterAll(() => t.close());

const login = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/admin/login", payload: body as object, headers });

const cookiesOf = (response: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((response.headers["set-cookie"] as string | string[] | undefined) ?? []);

describe("POST /api/admin/login", () => {
  it("signs the admin in: token, profile with role and permissions, session and info cookies", async () => {
    const response = await login(TEST_ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.staff).toMatchObject({
      email: TEST_ADMIN.email,
      name: { en: "School Administrator" },
      role: "Super Admin",
      permissions: { catalog: "write", staff: "write" },
    });
    const cookies = cookiesOf(response);
    const session = cookies.find((cookie) => cookie.startsWith("admin_session="));
    expect(session).toContain(body.token);
    expect(session).toMatch(/HttpOnly/i);
    const info = cookies.find((cookie) => cookie.startsWith("adminInfo="));
    expect(info).not.toMatch(/HttpOnly/i);
    const value = JSON.parse(decodeURIComponent(info!.split(";")[0]!.slice("adminInfo=".length)));
    expect(value).toEqual({
      name: expect.objectContaining({ en: "School Administrator" }),
      email: TEST_ADMIN.email,
      image: null,
    });
  });

  it("matches the email case-insensitively and starts a new session every time", async () => {
    const first = (await login({ ...TEST_ADMIN, email: TEST_ADMIN.email.toUpperCase() })).json();
    const second = (await login(TEST_ADMIN)).json();
    expect(first.token).not.toBe(second.token);
    for (const token of [first.token, second.token]) {
      const me = await t.app.inject({
        method: "GET",
        url: "/api/admin/me",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(200);
    }
  });

  it("answers a wrong password and an unknown email alike with 401", async () => {
    const wrong = await login({ email: TEST_ADMIN.email, password: "not-the-password" });
    const unknown = await login({ email: "nobody@example.org", password: "whatever-1" });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: INVALID_CREDENTIALS, code: "UNAUTHORIZED" });
      expect(cookiesOf(response)).toEqual([]);
    }
  });

  it("does not let a customer's credentials sign in as staff", async () => {
    const response = await login({ email: "learner@example.com", password: "learn-with-joy-2024" });
    expect(response.statusCode).toBe(401);
  });

  it("rejects invalid input with 400", async () => {
    for (const body of [
      {},
      { email: "not-an-email", password: "x" },
      { ...TEST_ADMIN, extra: 1 },
      { email: TEST_ADMIN.email, password: "" },
    ]) {
      const response = await login(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("VALIDATION_ERROR");
    }
  });

  it("refuses an inactive staff member (403) and a right password of another company's staff (401)", async () => {
    const inactive = await createStaff(t, companyId, "Manager", { status: "inactive" });
    const response = await login({ email: inactive.email, password: inactive.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: INACTIVE_STAFF, code: "ACCOUNT_INACTIVE" });

    const other = await insertCompany(t.database.db, { slug: `other-${Date.now()}`, name: "Other School" });
    const elsewhere = await login(TEST_ADMIN, { company: other.slug });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe("GET /api/admin/me", () => {
  it("returns the signed-in staff member from the cookie", async () => {
    const { token } = (await login(TEST_ADMIN)).json();
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/me",
      cookies: { admin_session: token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().staff).toMatchObject({ email: TEST_ADMIN.email, role: "Super Admin" });
  });

  it("is 401 without a staff session, and with a customer session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/me" })).statusCode).toBe(401);
    const customer = await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      payload: { email: "learner@example.com", password: "learn-with-joy-2024" },
    });
    const token = customer.json().token as string;
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it("is 401 once the staff member is made inactive", async () => {
    const member = await createStaff(t, companyId, "Cashier");
    const { db } = t.database;
    await db.update(staff).set({ status: "inactive" }).where(eq(staff.id, member.id));
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/me",
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("POST /api/admin/logout", () => {
  it("ends the session and clears the admin cookies", async () => {
    const { token } = (await login(TEST_ADMIN)).json();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/logout",
      cookies: { admin_session: token },
    });
    expect(response.statusCode).toBe(200);
    const cookies = cookiesOf(response);
    expect(cookies.some((cookie) => /^admin_session=;/.test(cookie))).toBe(true);
    expect(cookies.some((cookie) => /^adminInfo=;/.test(cookie))).toBe(true);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/admin/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it("answers 200 without a session too", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/admin/logout" });
    expect(response.statusCode).toBe(200);
  });
});

describe("unknown /api/admin routes", () => {
  it("answer 404 JSON", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/admin/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "ROUTE_NOT_FOUND" });
  });
});
