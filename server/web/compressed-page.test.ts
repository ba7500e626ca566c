import { PassThrough } from "node:stream";
import { brotliDecompressSync, constants, createBrotliDecompress, createGunzip, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { compressedPage } from "./compressed-page";

const SHELL = `<!DOCTYPE html><html><head><title>Reports</title></head><body>${"<p>shell</p>".repeat(2_000)}`;
const DEFERRED = `<div hidden id="S:0">${"<p>figures</p>".repeat(500)}</div></body></html>`;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Everything the compressor has sent so far, decompressed as far as it goes (a partial stream). */
async function decodedSoFar(chunks: Buffer[], encoding: "br" | "gzip"): Promise<string> {
  const decoder =
    encoding === "br"
      ? createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH })
      : createGunzip({ finishFlush: constants.Z_SYNC_FLUSH });
  const out: Buffer[] = [];
  decoder.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => decoder.once("end", resolve));
  decoder.end(Buffer.concat(chunks));
  await done;
  return Buffer.concat(out).toString("utf8");
}

describe("a page compressed as it streams", () => {
  for (const encoding of ["br", "gzip"] as const) {
    it(`sends the shell (${encoding}) before the deferred part, and the whole page once it ends`, async () => {
      const body = new PassThrough();
      const errors: Error[] = [];
      const compressed = compressedPage(body, encoding, (error) => errors.push(error));
      const sent: Buffer[] = [];
      compressed.on("data", (chunk: Buffer) => sent.push(chunk));
      const ended = new Promise((resolve) => compressed.once("end", resolve));

      body.write(SHELL);
      await nextTurn();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await decodedSoFar(sent, encoding)).toBe(SHELL);

      body.end(DEFERRED);
      await ended;
      const whole = Buffer.concat(sent);
      const page = encoding === "br" ? brotliDecompressSync(whole) : gunzipSync(whole);
      expect(page.toString("utf8")).toBe(SHELL + DEFERRED);
      expect(errors).toEqual([]);
    });
  }

  it("compresses a page that ends in the turn it was written in without a flush", async () => {
    const body = new PassThrough();
    const compressed = compressedPage(body, "br", () => {});
    const flush = vi.spyOn(compressed, "flush");
    const sent: Buffer[] = [];
    compressed.on("data", (chunk: Buffer) => sent.push(chunk));
    const ended = new Promise((resolve) => compressed.once("end", resolve));
    body.end(SHELL + DEFERRED);
    await ended;
    expect(brotliDecompressSync(Buffer.concat(sent)).toString("utf8")).toBe(SHELL + DEFERRED);
    expect(flush).not.toHaveBeenCalled();
  });
});
