import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../tests/support/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe("GET /healthz and /readyz", () => {
  it("reports the process up and the database reachable", async () => {
    expect((await t.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: t.database.engine });
  });
});

describe("error contract", () => {
  it("answers unknown API routes with 404 JSON", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/nothing-here?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: "No API route POST /api/nothing-here.",
      code: "ROUTE_NOT_FOUND",
    });
  });

  it("echoes a request id and generates one when none is sent", async () => {
    const given = await t.app.inject({ url: "/healthz", headers: { "x-request-id": "abc-123" } });
    expect(given.headers["x-request-id"]).toBe("abc-123");
    const generated = await t.app.inject({ url: "/healthz" });
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("security headers", () => {
  it("sends a strict CSP with a fresh script nonce and the usual hardening headers", async () => {
    const first = await t.app.inject({ url: "/api/categories" });
    const second = await t.app.inject({ url: "/api/categories" });
    const csp = String(first.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(second.headers["content-security-policy"]).not.toBe(csp);
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers["strict-transport-security"]).toBeUndefined();
  });

  it("adds HSTS when the public URL is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://school.example.com" });
    try {
      const response = await secure.app.inject({ url: "/healthz" });
      expect(response.headers["strict-transport-security"]).toContain("max-age=31536000");
      expect(String(response.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    } finally {
      await secure.close();
    }
  });

  it("behind a trusted proxy, treats forwarded HTTPS requests as secure: HSTS and Secure cookies", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const login = (proto: string) =>
        proxied.app.inject({
          method: "POST",
          url: "/api/customer/login",
          headers: { "x-forwarded-proto": proto },
          payload: { email: "learner@example.com", password: "learn-with-joy-2024" },
        });
      const overHttps = await login("https");
      expect(overHttps.statusCode).toBe(200);
      expect(overHttps.headers["strict-transport-security"]).toContain("max-age=31536000");
      const cookies = [overHttps.headers["set-cookie"]].flat() as string[];
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/; Secure/i);
      expect(cookies.find((cookie) => cookie.startsWith("session="))).toMatch(/HttpOnly/i);

      const overHttp = await login("http");
      expect(overHttp.headers["strict-transport-security"]).toBeUndefined();
      for (const cookie of [overHttp.headers["set-cookie"]].flat() as string[])
        expect(cookie).not.toMatch(/Secure/i);
    } finally {
      await proxied.close();
    }
  });

  it("ignores X-Forwarded-Proto without TRUST_PROXY", async () => {
    const response = await t.app.inject({ url: "/healthz", headers: { "x-forwarded-proto": "https" } });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("GET /api/openapi.json", () => {
  it("documents every API route from its zod schemas as OpenAPI 3.1", async () => {
    const response = await t.app.inject({ url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/courses", "/api/courses/{id}", "/api/categories"]),
    );
    const list = doc.paths["/api/courses"].get;
    const params = list.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(["page", "limit", "category", "searchText", "sort"]));
    expect(JSON.stringify(list.responses["200"])).toContain("CourseList");
    expect(doc.components.schemas.CourseCard).toBeDefined();
    expect(doc.paths["/healthz"]).toBeUndefined();
  });

  it("serves browsable docs at /api/docs", async () => {
    const response = await t.app.inject({ url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("swagger");
  });
});
