import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../../../tests/support/golden-database";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { sessions } from "./sessions.tables";
import { hashToken } from "./tokens";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LEARNER = { email: "learner@example.com", password: "learn-with-joy-2024" };

async function signIn(body: { email: string; password: string }, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url: "/api/customer/login", payload: body, headers });
}

const me = (token: string) =>
  t.app.inject({
    method: "GET",
    url: "/api/customer-courses",
    headers: { authorization: `Bearer ${token}` },
  });

describe("customer sessions", () => {
  it("starts a new session on every sign-in and ends the one the visitor came with", async () => {
    const guest = await t.app.inject({ method: "POST", url: "/api/customer/guest" });
    const guestToken = guest.json().token as string;
    const first = await signIn(LEARNER, { cookie: `session=${guestToken}` });
    const second = await signIn(LEARNER);
    expect(first.statusCode).toBe(200);
    const [a, b] = [first.json().token as string, second.json().token as string];
    expect(a).not.toBe(b);
    const [guestRow] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(guestToken)));
    expect(guestRow!.revokedAt).not.toBeNull();
    expect((await me(a)).statusCode).toBe(200);
  });

  it("stores only a hash of the token and refuses it once expired", async () => {
    const token = (await signIn(LEARNER)).json().token as string;
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row!.id));
    expect((await me(token)).statusCode).toBe(401);
  });

  it("ends the session on sign-out: the token no longer works", async () => {
    const token = (await signIn(LEARNER)).json().token as string;
    const out = await t.app.inject({
      method: "POST",
      url: "/api/customer/logout",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("answers an unknown email exactly like a wrong password (no account enumeration)", async () => {
    const unknown = await signIn({ email: "nobody-at-all@example.org", password: "whatever-1234" });
    const wrong = await signIn({ email: LEARNER.email, password: "whatever-1234" });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe("staff sessions", () => {
  it("answers an unknown staff email exactly like a wrong password, and rotates on sign-in", async () => {
    const login = (password: string, email = TEST_ADMIN.email) =>
      t.app.inject({ method: "POST", url: "/api/admin/login", payload: { email, password } });
    const unknown = await login("whatever-1234", "no-such-staff@example.org");
    const wrong = await login("whatever-1234");
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    const first = (await login(TEST_ADMIN.password)).json().token as string;
    const second = (await login(TEST_ADMIN.password)).json().token as string;
    expect(first).not.toBe(second);
  });
});
