import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import {
  acceptsGzip,
  gzipWithNonce,
  type NoncePage,
  reusableWithNonce,
  splitAtNonce,
  withNonce,
} from "./nonce-page";

const RENDERED = "rendered-nonce==";
const html = [
  "<!DOCTYPE html><html><head>",
  `<script nonce="${RENDERED}">console.log("één €")</script>`,
  "</head><body>",
  "<p>Cursus — prijs €49</p>".repeat(2000),
  `<script nonce="${RENDERED}">window.x = 1</script></body></html>`,
].join("");

describe("nonce pages", () => {
  let page: NoncePage;
  beforeAll(async () => {
    page = await splitAtNonce(html, RENDERED);
  });

  it("puts each response's nonce where the rendered one was", () => {
    const out = withNonce(page, "fresh-one").toString("utf8");
    expect(out).toBe(html.replaceAll(RENDERED, "fresh-one"));
  });

  it("gzips to the same page with the new nonce, for nonces of any length", () => {
    for (const nonce of ["abc", "Zm9vYmFyYmF6cXV4MTIzNA==", "n".repeat(70_000)]) {
      const gzipped = gzipWithNonce(page, nonce);
      expect(gunzipSync(gzipped).toString("utf8")).toBe(html.replaceAll(RENDERED, nonce));
    }
  });

  it("reuses a page's copy once its response is sent, with the new nonce in it", () => {
    const first = reusableWithNonce(page, "AAAAAAAAAAAAAAAAAAAAAA==");
    expect(first.body.toString("utf8")).toBe(html.replaceAll(RENDERED, "AAAAAAAAAAAAAAAAAAAAAA=="));
    // Still being sent: the next response gets a copy of its own.
    const second = reusableWithNonce(page, "BBBBBBBBBBBBBBBBBBBBBB==");
    expect(second.body).not.toBe(first.body);
    first.sent();
    const third = reusableWithNonce(page, "CCCCCCCCCCCCCCCCCCCCCC==");
    expect(third.body).toBe(first.body);
    expect(third.body.toString("utf8")).toBe(html.replaceAll(RENDERED, "CCCCCCCCCCCCCCCCCCCCCC=="));
    expect(second.body.toString("utf8")).toBe(html.replaceAll(RENDERED, "BBBBBBBBBBBBBBBBBBBBBB=="));
    // A nonce of another length does not fit the free copy: a new one is made.
    third.sent();
    expect(reusableWithNonce(page, "short").body.toString("utf8")).toBe(html.replaceAll(RENDERED, "short"));
  });

  it("compresses the page", () => {
    expect(gzipWithNonce(page, "abc").length).toBeLessThan(Buffer.byteLength(html) / 10);
  });

  it("handles a page without a nonce", async () => {
    const plain = await splitAtNonce("<p>plain</p>", RENDERED);
    expect(gunzipSync(gzipWithNonce(plain, "x")).toString()).toBe("<p>plain</p>");
  });

  it("reads Accept-Encoding", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
  });
});
