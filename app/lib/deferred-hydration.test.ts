import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferHydrationScript, deferredHydration } from "./deferred-hydration";

const through = (chunks: string[]) =>
  text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(deferredHydration()));

const HYDRATION = `;
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/home-2.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-3.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-3.js");`;

describe("deferred hydration", () => {
  it("imports the route modules after the first frame, preloading every module first", async () => {
    const script = deferHydrationScript(HYDRATION, ["/assets/entry.client-3.js", "/assets/root-1.js"]);
    expect(script).not.toContain("import * as");
    expect(script.indexOf("requestAnimationFrame")).toBeLessThan(script.indexOf("modulepreload"));
    expect(script).toContain(
      'for (const href of ["/assets/entry.client-3.js","/assets/root-1.js"]) document.head.append(',
    );
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-1.js"), import("/assets/home-2.js")]);',
    );
    expect(script.trimEnd().endsWith('import("/assets/entry.client-3.js");')).toBe(true);
    // Still one valid module: it runs (a module body may await at its top level).
    const AsyncFunction = (async () => {}).constructor as new (body: string) => unknown;
    expect(() => new AsyncFunction(script.replace(/\bimport\(/g, "load("))).not.toThrow();
  });

  it("takes the preloads out of the head and rewrites the module script, whatever the chunks", async () => {
    const page =
      '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.client-3.js" nonce="n"/>' +
      '<title>Één</title><link rel="modulepreload" href="/assets/root-1.js" nonce="n"/></head>' +
      '<body><p>&lt;link rel="modulepreload"&gt; stays as written</p>' +
      `<script nonce="n">window.x = 1;</script><script nonce="n" type="module" async="">${HYDRATION}</script>` +
      "<p>after</p></body></html>";
    const expected =
      '<html><head><link rel="stylesheet" href="/a.css"/><title>Één</title></head>' +
      '<body><p>&lt;link rel="modulepreload"&gt; stays as written</p>' +
      `<script nonce="n">window.x = 1;</script><script nonce="n" type="module" async="">${deferHydrationScript(
        HYDRATION,
        ["/assets/entry.client-3.js", "/assets/root-1.js"],
      )}</script><p>after</p></body></html>`;
    expect(await through([page])).toBe(expected);
    // Cut everywhere, even inside a character (É is two bytes) and inside the tags it looks for.
    const bytes = Buffer.from(page);
    for (const size of [1, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await text(Readable.from(chunks).pipe(deferredHydration())), `chunks of ${size} bytes`).toBe(
        expected,
      );
    }
  });

  it("passes a page without preloads or without a head through unchanged", async () => {
    expect(await through(["<p>no head</p>"])).toBe("<p>no head</p>");
    const plain =
      '<html><head><title>t</title></head><body><script type="module">import "/x.js";</script></body></html>';
    expect(await through([plain])).toBe(plain);
  });

  it("puts the given script just before </head>, with or without preloads", async () => {
    const extra = '<script nonce="n">early()</script>';
    const run = (page: string) =>
      text(Readable.from([Buffer.from(page)]).pipe(deferredHydration({ headEnd: extra })));
    expect(await run("<html><head><title>t</title></head><body></body></html>")).toBe(
      `<html><head><title>t</title>${extra}</head><body></body></html>`,
    );
    const withPreload = await run(
      '<html><head><link rel="modulepreload" href="/a.js"/></head><body><script type="module">import * as route0 from "/r.js";\nx()</script></body></html>',
    );
    expect(withPreload.startsWith(`<html><head>${extra}</head><body>`)).toBe(true);
  });
});
