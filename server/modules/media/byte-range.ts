/** What a request's Range header asks of a representation of `size` bytes (RFC 9110 §14). */
export type ByteRange =
  | { kind: "full" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

/**
 * One byte range: `bytes=0-99`, `bytes=100-` (open-ended) or `bytes=-500` (the last 500 bytes).
 * No header, another unit or several ranges: the whole representation (a server may ignore Range).
 * A malformed or out-of-range byte range is unsatisfiable (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: "full" };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: "full" };
  const specs = match[1]!.split(",");
  if (specs.length > 1) return { kind: "full" };
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0]!);
  if (!spec) return { kind: "unsatisfiable" };
  const [, first = "", last = ""] = spec;
  if (first === "" && last === "") return { kind: "unsatisfiable" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Number(last);
  if (end < start) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end: Math.min(end, size - 1) };
}
