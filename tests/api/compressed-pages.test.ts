import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLATFORM_HOST, productionPages } from "../support/production-pages";

/**
 * A rendered page that misses the cache is compressed as it streams out (decision 013, eighth and
 * ninth passes): with Brotli or gzip it must decompress to the page sent without compression, with
 * the headers a cache needs. The catalogue cache is off, so every answer here is a fresh render.
 */
let app: FastifyInstance;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ app, close } = await productionPages("compressed-pages", { CATALOG_CACHE: "off" }));
});

afterAll(async () => {
  await close?.();
});

/** Each answer has its own script nonce; the rest of the page is the same. */
function withoutNonces(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""');
}

async function get(url: string, acceptEncoding?: string) {
  const headers: Record<string, string> = { host: PLATFORM_HOST };
  if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
  const response = await app.inject({ url, headers });
  expect(response.statusCode, url).toBe(200);
  return response;
}

describe("rendered pages compressed as they stream (decision 013)", () => {
  for (const url of ["/catalog", "/catalog?page=2", "/"]) {
    it(`sends ${url} with Brotli and with gzip as the same HTML as without compression`, async () => {
      const plain = await get(url);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["content-type"]).toBe("text/html; charset=utf-8");
      const html = withoutNonces(plain.body);
      expect(html).toContain("</html>");

      const br = await get(url, "gzip, deflate, br, zstd");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toContain("accept-encoding");
      expect(br.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(br.headers["content-length"]).toBeUndefined();
      expect(withoutNonces(brotliDecompressSync(br.rawPayload).toString("utf8"))).toBe(html);

      const gzip = await get(url, "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.headers.vary).toContain("accept-encoding");
      expect(withoutNonces(gunzipSync(gzip.rawPayload).toString("utf8"))).toBe(html);
    });
  }

  it("answers a HEAD for a page with the headers of its GET and no body", async () => {
    const head = await app.inject({
      method: "HEAD",
      url: "/catalog",
      headers: { host: PLATFORM_HOST, "accept-encoding": "br" },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.rawPayload.length).toBe(0);
  });
});
