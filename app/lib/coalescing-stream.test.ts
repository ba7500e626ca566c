import { Readable, Writable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { coalescing } from "./coalescing-stream";

describe("coalescing stream", () => {
  it("passes everything on, in order, whatever the pieces", async () => {
    const pieces = Array.from({ length: 200 }, (_, i) => `<p>${i} é ✓</p>`);
    const out = await text(Readable.from(pieces.map((piece) => Buffer.from(piece))).pipe(coalescing()));
    expect(out).toBe(pieces.join(""));
  });

  it("joins what is written in one turn into one chunk, and keeps later writes for their own turn", async () => {
    const stream = coalescing();
    const received: string[] = [];
    stream.pipe(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          received.push(chunk.toString());
          done();
        },
      }),
    );
    for (const piece of ["<html>", "<body>", "<main>"]) stream.write(Buffer.from(piece));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual(["<html><body><main>"]);
    stream.write(Buffer.from("<script>late</script>"));
    stream.end(Buffer.from("</body></html>"));
    await new Promise((resolve) => stream.once("end", resolve));
    expect(received).toEqual(["<html><body><main>", "<script>late</script></body></html>"]);
  });

  it("sends nothing for a turn without writes and ends cleanly when empty", async () => {
    expect(await text(Readable.from([]).pipe(coalescing()))).toBe("");
  });
});
