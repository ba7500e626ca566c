import type { FastifyRequest } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { localCacheBus } from "../lib/cache-bus";
import { withNonce } from "./nonce-page";
import { createPageCache, PAGE_STALE_MS, PAGE_TTL_MS, type PageRender } from "./page-cache";
import { type RenderedPage, renderedPage } from "./rendered-page";

const NONCE = "request-nonce";

function html(text: string) {
  return new Response(`<script nonce="${NONCE}"></script><p>${text}</p>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}

function renders(responses: (() => Response)[]) {
  const calls: boolean[] = [];
  const passed: RenderedPage[] = [];
  const errors: unknown[] = [];
  const page: PageRender = {
    nonce: NONCE,
    render: async (background) => {
      calls.push(background);
      const next = responses.shift();
      if (!next) throw new Error("no more renders");
      return renderedPage(next());
    },
    passThrough: (response) => passed.push(response),
    onBackgroundError: (error) => errors.push(error),
  };
  return { page, calls, passed, errors };
}

const text = (page: { body: Parameters<typeof withNonce>[0] } | undefined) =>
  page ? withNonce(page.body, "N").toString() : undefined;

function request(overrides: Partial<FastifyRequest> = {}): FastifyRequest {
  return {
    method: "GET",
    url: "/",
    language: "en",
    cookies: {},
    headers: {},
    customer: null,
    visitorSession: null,
    staffSession: null,
    ...overrides,
  } as unknown as FastifyRequest;
}

describe("page cache", () => {
  it("renders once and serves the page after, cut at the nonce", async () => {
    const cache = createPageCache();
    const { page, calls } = renders([() => html("one")]);
    expect(text(await cache.get("c", "k", page))).toBe('<script nonce="N"></script><p>one</p>');
    expect(text(await cache.get("c", "k", page))).toBe('<script nonce="N"></script><p>one</p>');
    expect(calls).toEqual([false]);
  });

  it("serves an old page while it renders it again in the background", async () => {
    let time = 0;
    const cache = createPageCache({ now: () => time });
    const { page, calls } = renders([() => html("one"), () => html("two")]);
    await cache.get("c", "k", page);
    time = PAGE_TTL_MS + 1;
    expect(text(await cache.get("c", "k", page))).toContain("one");
    expect(calls).toEqual([false, true]);
    await vi.waitFor(async () => expect(text(await cache.get("c", "k", page))).toContain("two"));
    expect(calls).toEqual([false, true]);
  });

  it("renders before answering when the page is too old", async () => {
    let time = 0;
    const cache = createPageCache({ now: () => time });
    const { page, calls } = renders([() => html("one"), () => html("two")]);
    await cache.get("c", "k", page);
    time = PAGE_STALE_MS + 1;
    expect(text(await cache.get("c", "k", page))).toContain("two");
    expect(calls).toEqual([false, false]);
  });

  it("renders again after the company's catalogue changed", async () => {
    const cache = createPageCache();
    const { page } = renders([() => html("one"), () => html("two")]);
    await cache.get("c", "k", page);
    cache.invalidate("c");
    expect(text(await cache.get("c", "k", page))).toContain("two");
  });

  it("renders a company's pages again after any write of it on the cache bus, and only its pages", async () => {
    const bus = localCacheBus();
    const cache = createPageCache({ bus });
    const { page, calls } = renders([() => html("one"), () => html("other"), () => html("two")]);
    await cache.get("c", "k", page);
    await cache.get("d", "k", page);
    bus.publish("settings", "c");
    expect(text(await cache.get("c", "k", page))).toContain("two");
    expect(text(await cache.get("d", "k", page))).toContain("other");
    expect(calls).toHaveLength(3);
  });

  it("hands back a render that sets a cookie, and does not share it", async () => {
    const cache = createPageCache();
    const withCookie = () => {
      const response = html("mine");
      response.headers.append("set-cookie", "a=b");
      return response;
    };
    const { page, passed } = renders([withCookie, withCookie]);
    expect(await cache.get("c", "k", page)).toBeUndefined();
    expect(passed).toHaveLength(1);
  });

  it("keeps a background render's failure from the visitor", async () => {
    let time = 0;
    const cache = createPageCache({ now: () => time });
    const { page, errors } = renders([() => html("one")]);
    await cache.get("c", "k", page);
    time = PAGE_TTL_MS + 1;
    expect(text(await cache.get("c", "k", page))).toContain("one");
    await vi.waitFor(() => expect(errors).toHaveLength(1));
  });

  it("keys anonymous storefront pages by language, URL, theme and currency only", () => {
    const cache = createPageCache();
    const plain = cache.keyFor(request());
    expect(plain).toBeDefined();
    expect(cache.keyFor(request({ cookies: { _ga: "x" } }))).toBe(plain);
    expect(cache.keyFor(request({ cookies: { theme: "dark" } }))).not.toBe(plain);
    expect(cache.keyFor(request({ cookies: { currency: "USD" } }))).not.toBe(plain);
    expect(cache.keyFor(request({ language: "nl" }))).not.toBe(plain);
    expect(cache.keyFor(request({ url: "/single-course/x" }))).toBeDefined();
    expect(cache.keyFor(request({ url: "/cart" }))).toBeUndefined();
    expect(cache.keyFor(request({ method: "POST" }))).toBeUndefined();
    expect(cache.keyFor(request({ customer: {} as FastifyRequest["customer"] }))).toBeUndefined();
  });
});
