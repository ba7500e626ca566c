import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetPasswordAction } from "~/features/accounts/reset-password-action.server";
import { action as customerSigninAction } from "~/routes/account/customer-signin.server";
import { action as customerSignupAction } from "~/routes/account/customer-signup.server";
import { action as customerForgotAction } from "~/routes/account/forgot-password.server";
import { action as staffForgotAction } from "~/routes/admin/forgot-password.server";
import { action as staffLoginAction } from "~/routes/admin/login.server";
import { TEST_ADMIN } from "../../../tests/support/golden-database";
import { pageContext } from "../../../tests/support/page-context";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { memoryRateLimitStore, redisRateLimitStore } from "../../lib/rate-limit-store";

const LEARNER = { email: "learner@example.com", password: "learn-with-joy-2024" };
const TOO_MANY = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type PageAction = (args: never) => Promise<unknown>;

/**
 * A page's form post as React Router hands it to the route's action, from one client address.
 * The page router matches paths case-insensitively, with or without a trailing slash, `.data`,
 * percent-encoded…: whatever the spelling, this action is what runs, so the limit lives in it.
 */
async function pagePost(action: PageAction, url: string, fields: Record<string, string>, ip: string) {
  const context = await pageContext(t, { client: { ip, userAgent: "test" } });
  const request = new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  try {
    const result = await action({ request, context, params: {} } as never);
    return statusOf(result);
  } catch (thrown) {
    return statusOf(thrown);
  }
}

/** The status of what an action returned or threw (a Response, a `data()` result or a plain object). */
function statusOf(result: unknown): { status: number; message?: string; retryAfter?: string | null } {
  if (result instanceof Response) return { status: result.status };
  const value = result as { type?: string; init?: ResponseInit | null; data?: { message?: string } } | null;
  if (value?.type === "DataWithResponseInit") {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      ...(value.data?.message ? { message: value.data.message } : {}),
      retryAfter: headers.get("retry-after"),
    };
  }
  if (result instanceof Error) throw result;
  return { status: 200 };
}

const api = (method: "POST" | "PUT", url: string, payload: object, ip: string) =>
  t.app.inject({ method, url, remoteAddress: ip, payload });

describe("attempt limits guard the action, whatever URL reaches it", () => {
  it("locks a customer after 10 failed sign-ins spread over the sign-in page (any spelling) and the API", async () => {
    const wrong = { email: LEARNER.email, password: "wrong-password-123" };
    const spellings = ["/customer-signin", "/Customer-Signin", "/customer-signin/", "/CUSTOMER-SIGNIN.data"];
    for (const [i, url] of spellings.entries()) {
      expect((await pagePost(customerSigninAction, url, wrong, `203.0.113.${i}`)).status).toBe(401);
    }
    for (let i = spellings.length; i < 10; i++) {
      expect((await api("POST", "/api/customer/login", wrong, `203.0.113.${i}`)).statusCode).toBe(401);
    }

    // Now the right password is refused through the API and the page alike.
    const refused = await api("POST", "/api/customer/login", LEARNER, "198.51.100.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(TOO_MANY) });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const page = await pagePost(customerSigninAction, "/Customer-Signin/", LEARNER, "198.51.100.2");
    expect(page.status).toBe(429);
    expect(page.message).toMatch(TOO_MANY);
    expect(Number(page.retryAfter)).toBeGreaterThan(0);
  });

  it("locks an account after 10 failed sign-ins through the page alone (the API then refuses too)", async () => {
    const wrong = { email: TEST_ADMIN.email, password: "wrong-password-123" };
    for (let i = 0; i < 10; i++) {
      const url = i % 2 === 0 ? "/Login" : "/login/";
      expect((await pagePost(staffLoginAction, url, wrong, `192.0.2.${i}`)).status).toBe(401);
    }
    const right = { email: TEST_ADMIN.email, password: TEST_ADMIN.password };
    expect((await pagePost(staffLoginAction, "/LOGIN", right, "192.0.2.99")).status).toBe(429);
    expect((await api("POST", "/api/admin/login", right, "192.0.2.98")).statusCode).toBe(429);
  });

  it("counts sign-ins per client address, whichever account they try", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 100; i++) {
      const body = { email: `nobody-${i}@example.com`, password: "not-an-account-1" };
      const response =
        i % 2 === 0
          ? await api("POST", "/api/customer/login", body, ip)
          : { statusCode: (await pagePost(customerSigninAction, "/customer-signin/", body, ip)).status };
      expect(response.statusCode).toBe(401);
    }
    const next = await pagePost(
      customerSigninAction,
      "/Customer-Signin",
      { email: "x@example.com", password: "whatever-1" },
      ip,
    );
    expect(next.status).toBe(429);
  }, 120_000);

  it("does not count successful sign-ins against the account", async () => {
    const account = { email: "signs-in-often@example.com", password: "often-right-2024" };
    const registered = await api(
      "POST",
      "/api/customer/register",
      { name: "Often", ...account, acceptTerms: true },
      "198.51.100.19",
    );
    expect(registered.statusCode).toBe(201);
    for (let i = 0; i < 12; i++) {
      const status =
        i % 2 === 0
          ? (await api("POST", "/api/customer/login", account, "198.51.100.20")).statusCode
          : (await pagePost(customerSigninAction, "/Customer-Signin", account, "198.51.100.20")).status;
      expect([200, 302]).toContain(status);
    }
  });

  it("limits forgot-password per account to 5 an hour across the pages and the API", async () => {
    const email = "someone-rate-limited@example.com";
    const asks = [
      () => pagePost(customerForgotAction, "/User/Forgot-Password", { email }, "198.51.100.30"),
      () => pagePost(customerForgotAction, "/user/forgot-password/", { email }, "198.51.100.31"),
      async () => ({
        status: (await api("PUT", "/api/customer/forget-password", { email }, "198.51.100.33")).statusCode,
      }),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await asks[i % asks.length]!()).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);

    const staffAsk = () =>
      pagePost(
        staffForgotAction,
        "/Forgot-Password",
        { email: "staff-limited@example.com" },
        "198.51.100.35",
      );
    for (let i = 0; i < 5; i++) expect((await staffAsk()).status).toBe(200);
    expect((await staffAsk()).status).toBe(429);
    const staffApi = await api(
      "PUT",
      "/api/admin/forget-password",
      { email: "staff-limited@example.com" },
      "198.51.100.36",
    );
    expect(staffApi.statusCode).toBe(429);
  });

  it("limits sign-ups per client address across /Customer-Signup and the API", async () => {
    const ip = "192.0.2.44";
    const signUp = async (i: number) => {
      const fields = { name: "Limit", email: `limit-${i}@example.com`, password: "sign-up-pass-2024" };
      if (i % 2 === 0)
        return (
          await pagePost(customerSignupAction, "/Customer-Signup/", { ...fields, acceptTerms: "on" }, ip)
        ).status;
      return (await api("POST", "/api/customer/register", { ...fields, acceptTerms: true }, ip)).statusCode;
    };
    for (let i = 0; i < 50; i++) expect([201, 302]).toContain(await signUp(i));
    expect(await signUp(50)).toBe(429);
    expect(await signUp(51)).toBe(429);
  }, 120_000);
});

describe("reset-password attempts", () => {
  /** The reset page's action (both realms run this one), posted from `ip` with a link's `token`. */
  async function resetPage(realm: "customer" | "staff", token: string, ip: string) {
    const context = await pageContext(t, { client: { ip, userAgent: "test" } });
    const request = new Request(`http://localhost/User/Reset-Password/${token}/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ newPassword: "brand-new-pass-1", confirmPassword: "brand-new-pass-1" }),
    });
    const { services, company } = context;
    const reset =
      realm === "customer"
        ? (input: { token: string; newPassword: string }) =>
            services.customers.resetPassword(company.id, input, { ip, userAgent: "test" })
        : (input: { token: string; newPassword: string }) =>
            services.staffAccount.resetPassword(company.id, input, { ip, userAgent: "test" });
    try {
      return statusOf(await resetPasswordAction(request, "en", token, reset));
    } catch (thrown) {
      return statusOf(thrown);
    }
  }

  it("limits guessed reset tokens per client address across the pages, both realms and the API", async () => {
    const ip = "192.0.2.80";
    const body = (i: number) => ({ token: `guessed-token-${i}`, newPassword: "brand-new-pass-1" });
    for (let i = 0; i < 50; i++) {
      const status =
        i % 3 === 0
          ? (await api("PUT", "/api/customer/reset-password", body(i), ip)).statusCode
          : i % 3 === 1
            ? (await resetPage("customer", `guessed-token-${i}`, ip)).status
            : (await api("PUT", "/api/admin/reset-password", body(i), ip)).statusCode;
      expect(status).toBe(400);
    }
    const page = await resetPage("staff", "guessed-token-50", ip);
    expect(page.status).toBe(429);
    expect(page.message).toMatch(TOO_MANY);
    expect((await api("PUT", "/api/customer/reset-password", body(51), ip)).statusCode).toBe(429);
    expect((await api("PUT", "/api/admin/reset-password", body(52), ip)).statusCode).toBe(429);
    // Another client address is not held up.
    expect((await api("PUT", "/api/customer/reset-password", body(53), "192.0.2.81")).statusCode).toBe(400);
  }, 120_000);
});

describe("rate limit stores", () => {
  it("counts per key in fixed windows in memory", async () => {
    let now = 1_000;
    const store = memoryRateLimitStore(() => now);
    expect((await store.hit("k", 100)).count).toBe(1);
    expect((await store.hit("k", 100)).count).toBe(2);
    expect(await store.peek("k")).toBe(2);
    now += 101;
    expect(await store.peek("k")).toBe(0);
    expect((await store.hit("k", 100)).count).toBe(1);
  });

  it.runIf(process.env.TEST_REDIS_URL)("shares counts between instances through Redis", async () => {
    const url = process.env.TEST_REDIS_URL as string;
    // A store answers from its own counters when Redis is not ready within its timeout (by design);
    // here both must reach Redis, also on a loaded machine.
    const a = redisRateLimitStore(url, { timeoutMs: 15_000 });
    const b = redisRateLimitStore(url, { timeoutMs: 15_000 });
    const key = `test:${Date.now()}:${Math.random()}`;
    try {
      expect((await a.hit(key, 10_000)).count).toBe(1);
      expect((await b.hit(key, 10_000)).count).toBe(2);
      expect(await a.peek(key)).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
