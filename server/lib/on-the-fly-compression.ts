import { constants } from "node:zlib";

/**
 * Brotli's window for answers compressed as they are sent (rendered pages, and every other answer
 * not kept compressed): 2^18 bytes (256 KiB) instead of Brotli's default of 2^22 (4 MiB). A window
 * longer than the answer buys nothing (a page of 50–120 KB compresses to the same size), but every
 * stream allocates its encoder's buffers for it and holds them while the answer is sent; with tens
 * of pages in flight that was the largest share of a compressed miss's CPU (decision 013, "Eighth
 * pass: pages"). Longer answers only find fewer repeats more than 256 KiB back.
 */
export const ON_THE_FLY_BROTLI_WINDOW_BITS = 18;

/**
 * @fastify/compress's Brotli options: its own default quality (4, a fast level for dynamic
 * answers; the static files are precompressed at the best levels, decision 029) with the window
 * above. The plugin passes these to its compressors only (request bodies are decompressed without
 * them).
 */
export const onTheFlyBrotliOptions = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_LGWIN]: ON_THE_FLY_BROTLI_WINDOW_BITS,
  },
};
