import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
/** Below this the server sends files as they are (the same threshold as @fastify/compress). */
const THRESHOLD_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli at its best level) and `<file>.gz` beside every compressible file of
 * the client build, once at build time: @fastify/static serves them (`preCompressed`) instead of
 * the server compressing every asset again on every request. Returns how many files were done.
 */
export async function precompress(dir) {
  const work = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    if ((await stat(path)).size < THRESHOLD_BYTES) continue;
    work.push(
      (async () => {
        const source = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gz(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
      })(),
    );
  }
  await Promise.all(work);
  return work.length;
}
