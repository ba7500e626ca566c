import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byte-range";

describe("parseByteRange", () => {
  it("serves everything without a Range header, for other units and for several ranges", () => {
    expect(parseByteRange(undefined, 1000)).toEqual({ kind: "full" });
    expect(parseByteRange("items=0-5", 1000)).toEqual({ kind: "full" });
    expect(parseByteRange("bytes=0-1,5-9", 1000)).toEqual({ kind: "full" });
  });

  it("reads a closed range and clamps its end to the size", () => {
    expect(parseByteRange("bytes=0-99", 1000)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(parseByteRange("bytes=900-5000", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
  });

  it("reads open-ended and suffix ranges", () => {
    expect(parseByteRange("bytes=250-", 1000)).toEqual({ kind: "partial", start: 250, end: 999 });
    expect(parseByteRange("bytes=-100", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseByteRange("bytes=-5000", 1000)).toEqual({ kind: "partial", start: 0, end: 999 });
  });

  it("rejects ranges that cannot be satisfied or make no sense", () => {
    for (const header of [
      "bytes=1000-",
      "bytes=5000-6000",
      "bytes=9-3",
      "bytes=-0",
      "bytes=-",
      "bytes=abc",
    ]) {
      expect(parseByteRange(header, 1000)).toEqual({ kind: "unsatisfiable" });
    }
    expect(parseByteRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
