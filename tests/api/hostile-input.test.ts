import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as customerSigninLoader } from "~/routes/account/customer-signin.server";
import { loader as staffLoginLoader } from "~/routes/admin/login.server";
import { pageContext } from "../support/page-context";
import { createStaff } from "../support/staff";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Hostile input found by the penetration test (issue 16, item 7): each is a 4xx with the JSON error
 * contract, never a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t?.close());

function expectClientError(response: { statusCode: number; json(): unknown }, status = 400) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
}

/** One raw HTTP exchange (what a scanner sends, byte for byte); resolves with the whole answer. */
function raw(text: string): Promise<string> {
  const { port } = t.app.server.address() as { port: number };
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
  });
}

describe("NUL characters", () => {
  it("are refused with 400 in a query value, a path segment and a JSON string", async () => {
    for (const url of [
      "/api/courses?searchText=a%00b",
      "/api/courses/a%00b",
      "/catalog?searchText=a%00b",
      "/single-course/a%00b",
      "/media/images/courses/a%00b.webp",
    ]) {
      const response = await t.app.inject({ url });
      expectClientError(response);
      expect((response.json() as { message: string }).message, url).toMatch(/NUL character/);
    }
    const quote = await t.app.inject({
      method: "POST",
      url: "/api/checkout/quote",
      payload: { courseIds: [], couponCode: "A\u0000B" },
    });
    expectClientError(quote);
    const key = await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      headers: { "content-type": "application/json" },
      payload: '{"email\\u0000":"a@example.com","password":"x"}',
    });
    expectClientError(key);
  });
});

describe("huge JSON bodies", () => {
  it("answer 400, not a stack overflow, for a list of 200,000 zeros on JSON routes", async () => {
    const zeros = `[${new Array(200_000).fill(0).join(",")}]`;
    for (const [method, url] of [
      ["POST", "/api/checkout/quote"],
      ["POST", "/api/customer/login"],
      ["PUT", "/api/customer/forget-password"],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { "content-type": "application/json" },
        payload: zeros,
      });
      expectClientError(response);
    }
    const nested = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
    const deep = await t.app.inject({
      method: "POST",
      url: "/api/checkout/quote",
      headers: { "content-type": "application/json" },
      payload: nested,
    });
    expect(deep.statusCode).toBeGreaterThanOrEqual(400);
    expect(deep.statusCode).toBeLessThan(500);
  });
});

describe("a request without a Host header (HTTP/1.0)", () => {
  it("answers 400 with the JSON error contract; health checks still answer", async () => {
    for (const path of ["/", "/api/courses"]) {
      const answer = await raw(`GET ${path} HTTP/1.0\r\n\r\n`);
      expect(answer, path).toMatch(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as {
        code: string;
        message: string;
      };
      expect(body).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringMatching(/Host header/) });
    }
    expect(await raw("GET /healthz HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe("redirectTo with non-Latin characters while signed in", () => {
  async function redirectOf(run: () => unknown): Promise<Response> {
    try {
      await run();
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
    throw new Error("expected a redirect");
  }

  it("redirects a signed-in customer to the percent-encoded path", async () => {
    const customer = { id: "c1", name: "Learner", email: "learner@example.com" };
    const args = {
      request: new Request("http://localhost/customer-signin?redirectTo=%2F%E6%97%A5%20x"),
      context: await pageContext(t, { customer }),
      params: {},
    } as never;
    const response = await redirectOf(() => customerSigninLoader(args));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/%E6%97%A5%20x");
  });

  it("redirects a signed-in staff member to the percent-encoded path", async () => {
    const company = (await t.app.services.companies.resolve(undefined))!;
    const admin = await createStaff(t, company.id, "Admin");
    const staffSession = await t.app.services.sessions.resolve(admin.token);
    const args = {
      request: new Request("http://localhost/login?redirectTo=%2Fcourses%3Fq%3D%D0%BA%D1%83%D1%80%D1%81"),
      context: await pageContext(t, { staffSession }),
      params: {},
    } as never;
    const response = await redirectOf(() => staffLoginLoader(args));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/courses?q=%D0%BA%D1%83%D1%80%D1%81");
  });
});
