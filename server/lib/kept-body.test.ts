import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { jsonBody, textBody } from "./kept-body";

const XML = "application/xml; charset=utf-8";
const longXml = () =>
  `<urlset>${Array.from({ length: 4000 }, (_, i) => `<url><loc>https://school.example/c/${i}</loc></url>`).join("")}</urlset>`;

describe("a kept body", () => {
  it("compresses a short body at once and keeps the bytes", () => {
    const kept = jsonBody({ items: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `Course ${i}` })) });
    const br = kept.encoded("br");
    expect(br).toBeInstanceOf(Buffer);
    expect(kept.encoded("br")).toBe(br);
    expect(brotliDecompressSync(br as Buffer).equals(kept.body)).toBe(true);
    expect(gunzipSync(kept.encoded("gzip") as Buffer).equals(kept.body)).toBe(true);
  });

  it("compresses a long body off the main thread, once for every request asking meanwhile, then keeps the bytes", async () => {
    const kept = textBody(longXml(), XML);
    expect(kept.body.length).toBeGreaterThan(64 * 1024);
    const first = kept.encoded("gzip");
    const second = kept.encoded("gzip");
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBe(first);
    const bytes = await first;
    expect(gunzipSync(bytes).equals(kept.body)).toBe(true);
    expect(kept.encoded("gzip")).toBe(bytes);
    expect(brotliDecompressSync(await kept.encoded("br")).equals(kept.body)).toBe(true);
  });
});
