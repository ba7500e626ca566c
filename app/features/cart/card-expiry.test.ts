import { describe, expect, it } from "vitest";
import { formatExpiry, parseExpiry } from "./card-expiry";

/** Types `keys` one by one into an empty field, as a person does. */
function type(keys: string): string {
  let value = "";
  for (const key of keys) value = formatExpiry(value + key, value);
  return value;
}

describe("formatExpiry", () => {
  it("inserts the slash after the month as it is typed", () => {
    expect(type("1")).toBe("1");
    expect(type("12")).toBe("12/");
    expect(type("1228")).toBe("12/28");
    expect(type("4")).toBe("04/");
    expect(type("428")).toBe("04/28");
    expect(type("12/28")).toBe("12/28");
    expect(type("1/28")).toBe("01/28");
  });

  it("deletes back over the slash and keeps digits only", () => {
    expect(formatExpiry("12", "12/")).toBe("12");
    expect(formatExpiry("1", "12")).toBe("1");
    expect(formatExpiry("12/2", "12/28")).toBe("12/2");
    expect(formatExpiry("ab12cd34ef", "")).toBe("12/34");
  });

  it("shortens a pasted four-digit year", () => {
    expect(formatExpiry("12/2028", "")).toBe("12/28");
    expect(formatExpiry("3/2030", "")).toBe("03/30");
  });
});

describe("parseExpiry", () => {
  it("reads MM/YY and MM/YYYY and refuses a month out of range", () => {
    expect(parseExpiry("12/28")).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry("04/2030")).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry("13/28")).toBeNull();
    expect(parseExpiry("12/")).toBeNull();
  });
});
