import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "./low-priority-scripts";

const through = (chunks: string[]) =>
  text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(lowPriorityScripts()));

describe("low-priority script preloads", () => {
  it("marks the head's module preloads low, even when the head comes in pieces", async () => {
    const html = await through([
      '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modu',
      'lepreload" href="/a.js"/><title>Één</title><link rel="modulepreload" href="/b.js"/></he',
      'ad><body><p>&lt;link rel="modulepreload"&gt; stays as written</p><link rel="modulepreload" href="/c.js"/></body></html>',
    ]);
    expect(html).toBe(
      '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchpriority="low" href="/a.js"/>' +
        '<title>Één</title><link rel="modulepreload" fetchpriority="low" href="/b.js"/></head>' +
        '<body><p>&lt;link rel="modulepreload"&gt; stays as written</p><link rel="modulepreload" href="/c.js"/></body></html>',
    );
  });

  it("passes a document without a head through unchanged", async () => {
    expect(await through(["<p>no head</p>"])).toBe("<p>no head</p>");
  });
});
