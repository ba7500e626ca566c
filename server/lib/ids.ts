import { randomBytes, randomInt } from "node:crypto";

let lastMs = 0;
let counter = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit counter, then random bits.
 * Ids made now by this process are strictly increasing, even within one millisecond (the counter,
 * RFC 9562 method 1), so "newest first" by id is exact; an explicit `at` (historic rows) only
 * sets the time. Time-ordered ids keep B-tree inserts local.
 */
export function uuidv7(at?: number): string {
  let ms: number;
  let sequence: number;
  if (at !== undefined) {
    ms = at;
    sequence = randomInt(0, 0x1000);
  } else {
    const now = Date.now();
    if (now > lastMs) {
      lastMs = now;
      counter = randomInt(0, 0x800);
    } else if (++counter > 0xfff) {
      lastMs += 1;
      counter = 0;
    }
    ms = lastMs;
    sequence = counter;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
