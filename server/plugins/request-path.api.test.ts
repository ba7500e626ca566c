import { brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app";
import { ON_THE_FLY_BROTLI_WINDOW_BITS } from "../lib/on-the-fly-compression";

/** Helmet's headers as @fastify/helmet sent them on every answer before decision 036. */
const HARDENING_HEADERS = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const login = await t.app.inject({
    method: "POST",
    url: "/api/customer/login",
    payload: { email: "learner@example.com", password: "learn-with-joy-2024" },
  });
  token = login.json().token;
});
afterAll(async () => {
  await t?.close();
});

describe("the request path (decision 036)", () => {
  it("sends every hardening header and a CSP on answers, errors and refused requests alike", async () => {
    const answers = await Promise.all([
      t.app.inject({ url: "/api/health/baseline" }),
      t.app.inject({ url: "/api/courses?limit=20" }),
      t.app.inject({ url: "/api/nothing-here" }),
      t.app.inject({ url: "/api/courses?searchText=%00" }),
      t.app.inject({ url: "/healthz" }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 400, 200]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(HARDENING_HEADERS);
      expect(String(answer.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    }
  });

  it("lets a route replace a header with its own (the API docs' policy) and keeps the others", async () => {
    const docs = await t.app.inject({ url: "/api/docs/" });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers).toMatchObject(HARDENING_HEADERS);
    const csp = String(docs.headers["content-security-policy"]);
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain("'nonce-");
  });

  it("looks no session up for a catalogue read, even with a session cookie; other routes still do", async () => {
    const resolve = vi.spyOn(t.app.services.sessions, "resolve");
    try {
      const list = await t.app.inject({ url: "/api/courses", headers: { cookie: `session=${token}` } });
      const detail = await t.app.inject({
        url: `/api/courses/${list.json().courses[0].slug}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect([list.statusCode, detail.statusCode]).toEqual([200, 200]);
      expect(resolve).not.toHaveBeenCalled();
      const mine = await t.app.inject({
        url: "/api/customer-courses",
        headers: { cookie: `session=${token}` },
      });
      expect(mine.statusCode).toBe(200);
      expect(resolve).toHaveBeenCalledWith(token);
    } finally {
      resolve.mockRestore();
    }
  });

  it("answers a list query string it validated before from memory, and never one it refused", async () => {
    const known = vi.spyOn(t.app.services.catalog, "knownCourseListJson");
    try {
      const url = "/api/courses?limit=3&sort=price-asc";
      const first = await t.app.inject({ url });
      const second = await t.app.inject({ url });
      const third = await t.app.inject({ url });
      expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
      expect(third.body).toBe(first.body);
      expect(third.headers.etag).toBe(first.headers.etag);
      expect(first.json().courses).toHaveLength(3);
      // Validating makes a new query object; an answer from memory reuses the one validated before.
      const queries = known.mock.calls.map(([, query]) => query);
      expect(queries.at(-1)).toEqual({ limit: 3, page: 1, sort: "price-asc" });
      expect(queries.at(-1)).toBe(queries.at(-2));
      const refused = await Promise.all([1, 2].map(() => t.app.inject({ url: "/api/courses?limit=0" })));
      expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400]);
      expect(refused[1]?.json().code).toBe("VALIDATION_ERROR");
    } finally {
      known.mockRestore();
    }
  });

  it("answers a course URL it validated before the same way, and a missing course with 404 every time", async () => {
    const list = await t.app.inject({ url: "/api/courses?limit=1" });
    const slug = list.json().courses[0].slug as string;
    const answers = await Promise.all([1, 2, 3].map(() => t.app.inject({ url: `/api/courses/${slug}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers[2]?.body).toBe(answers[0]?.body);
    expect(answers[2]?.json().slug).toBe(slug);
    for (let round = 0; round < 3; round++) {
      const missing = await t.app.inject({ url: "/api/courses/no-such-course" });
      expect([missing.statusCode, missing.json().code]).toEqual([404, "COURSE_NOT_FOUND"]);
    }
    const refused = await t.app.inject({ url: `/api/courses/${slug}?currency=toolong` });
    expect(refused.statusCode).toBe(400);
  });

  it("serves a school from memory once it is known, and nothing it has not looked up", async () => {
    const { schoolAddresses } = t.app.services;
    const first = await t.app.inject({ url: "/api/health/baseline", headers: { host: "localhost" } });
    const known = schoolAddresses.resolveKnown("localhost", undefined);
    expect(known?.company.slug).toBe(first.json().company);
    const second = await t.app.inject({ url: "/api/health/baseline", headers: { host: "localhost" } });
    expect(second.json()).toEqual(first.json());
    expect(schoolAddresses.resolveKnown("unknown.example", undefined)).toBeUndefined();
    expect(schoolAddresses.resolveKnown("localhost", "no-such-company")).toBeUndefined();
  });

  it("still refuses an unknown school's host on the constant route, which enters no tenant scope", async () => {
    const unknown = await t.app.inject({ url: "/api/health/baseline", headers: { host: "unknown.example" } });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "UNKNOWN_HOST"]);
    expect(unknown.headers).toMatchObject(HARDENING_HEADERS);
  });

  it("still decompresses a gzip-encoded request body where a route takes one (only reads skip the hook)", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify({ email: "learner@example.com", password: "learn-with-joy-2024" })),
    });
    expect(login.statusCode).toBe(200);
    expect(typeof login.json().token).toBe("string");
    const list = await t.app.inject({ url: "/api/courses?limit=20", headers: { "accept-encoding": "gzip" } });
    expect(list.headers["content-encoding"]).toBe("gzip");
  });

  it("compresses an answer made as it is sent with Brotli's small window, the same bytes once decompressed (decision 013)", async () => {
    const plain = await t.app.inject({ url: "/api/docs/json" });
    const compressed = await t.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": "br" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(brotliWindowBits(compressed.rawPayload)).toBe(ON_THE_FLY_BROTLI_WINDOW_BITS);
  });

  it("compresses a catalogue answer kept as bytes with the same small window, the same bytes once decompressed", async () => {
    const url = "/api/courses?limit=20&sort=price-desc";
    const plain = await t.app.inject({ url });
    const compressed = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(brotliWindowBits(compressed.rawPayload)).toBe(ON_THE_FLY_BROTLI_WINDOW_BITS);
  });
});

/** A Brotli stream names its window in its first bits (RFC 7932, 9.1): 1, then 3 bits n for 2^(17 + n). */
function brotliWindowBits(stream: Buffer): number {
  const header = stream[0] ?? 0;
  expect(header & 1).toBe(1);
  return 17 + ((header >> 1) & 7);
}
