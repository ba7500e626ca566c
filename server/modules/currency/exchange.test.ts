import { describe, expect, it } from "vitest";
import { formatMoney, minorUnitDigits, minorUnitsToDecimal } from "~shared/money";
import {
  convertMinorUnits,
  convertMinorUnitsBack,
  createConversion,
  divideRounded,
  parseRate,
  trimDecimal,
} from "./exchange";

describe("minor units", () => {
  it("follows each currency's ISO 4217 decimals", () => {
    expect(minorUnitDigits("EUR")).toBe(2);
    expect(minorUnitDigits("usd")).toBe(2);
    expect(minorUnitDigits("JPY")).toBe(0);
    expect(minorUnitDigits("KWD")).toBe(3);
    expect(minorUnitDigits("??")).toBe(2);
  });

  it("writes amounts as exact decimals and formats them with the currency's decimals", () => {
    expect(minorUnitsToDecimal(5292, "USD")).toBe("52.92");
    expect(minorUnitsToDecimal(5, "EUR")).toBe("0.05");
    expect(minorUnitsToDecimal(6350, "JPY")).toBe("6350");
    expect(minorUnitsToDecimal(1234, "KWD")).toBe("1.234");
    expect(minorUnitsToDecimal(-150, "EUR")).toBe("-1.50");
    expect(formatMoney(6350, "JPY", "en")).toBe("¥6,350");
    expect(formatMoney(4900, "EUR", "en")).toBe("€49");
    expect(formatMoney(5292, "USD", "en")).toBe("$52.92");
  });
});

describe("exchange arithmetic", () => {
  it("reads rates as an exact integer over a power of ten", () => {
    expect(parseRate("1.08000000")).toEqual({ units: 108000000n, scale: 8 });
    expect(parseRate("160")).toEqual({ units: 160n, scale: 0 });
    expect(() => parseRate("0")).toThrow(RangeError);
    expect(() => parseRate("-1")).toThrow(RangeError);
    expect(() => parseRate("1e3")).toThrow(RangeError);
    expect(trimDecimal("1.50000000")).toBe("1.5");
    expect(trimDecimal("2.00000000")).toBe("2");
    expect(trimDecimal("100")).toBe("100");
  });

  it("rounds half away from zero", () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(149n, 100n)).toBe(1n);
    expect(divideRounded(150n, 100n)).toBe(2n);
  });

  it("converts between currencies with different minor units", () => {
    // €49.00 at 1.08 → $52.92; at 0.85 → £41.65; at 160.123 → ¥7846 (7846.027 rounded); €0.49 → ¥78
    expect(convertMinorUnits(4900, parseRate("1.08"), 2, 2)).toBe(5292);
    expect(convertMinorUnits(4900, parseRate("0.85"), 2, 2)).toBe(4165);
    expect(convertMinorUnits(4900, parseRate("160.123"), 2, 0)).toBe(7846);
    expect(convertMinorUnits(49, parseRate("160.123"), 2, 0)).toBe(78);
    // ¥7846 back to euros at 160.123 → €49.00 (4899.98 rounded)
    expect(convertMinorUnitsBack(7846, parseRate("160.123"), 0, 2)).toBe(4900);
    // €1.00 in dinars (3 decimals) at 0.33333333 → 0.333 KWD
    expect(convertMinorUnits(100, parseRate("0.33333333"), 2, 3)).toBe(333);
  });

  it("does not drift where floating point would", () => {
    // €1.00 at 1.005 is 100.5 cents: half up gives 101; in floating point it is 100.49999… → 100.
    expect(Math.round(100 * 1.005)).toBe(100);
    expect(convertMinorUnits(100, parseRate("1.005"), 2, 2)).toBe(101);
    expect(convertMinorUnits(1_000_000_005, parseRate("1.00000001"), 2, 2)).toBe(1_000_000_015);
  });

  it("rejects amounts that are not whole minor units or would lose precision", () => {
    expect(() => convertMinorUnits(1.5, parseRate("1"), 2, 2)).toThrow(RangeError);
    expect(() => convertMinorUnits(Number.MAX_SAFE_INTEGER, parseRate("1000"), 2, 2)).toThrow(RangeError);
  });
});

describe("createConversion", () => {
  it("leaves amounts alone in the shop currency", () => {
    const same = createConversion("eur", "EUR", "1.5");
    expect(same).toMatchObject({ base: "EUR", currency: "EUR", rate: "1", identity: true });
    expect(same.fromBase(4999)).toBe(4999);
    expect(same.toBase(4999)).toBe(4999);
  });

  it("converts to and from another currency at its rate", () => {
    const dollars = createConversion("EUR", "usd", "1.08000000");
    expect(dollars).toMatchObject({ base: "EUR", currency: "USD", rate: "1.08", identity: false });
    expect(dollars.fromBase(4900)).toBe(5292);
    expect(dollars.fromBase(4900)).toBe(5292);
    expect(dollars.toBase(5292)).toBe(4900);
    expect(dollars.fromBase(0)).toBe(0);
  });

  it("rounds to whole yen", () => {
    const yen = createConversion("EUR", "JPY", "161.47");
    expect(yen.fromBase(3950)).toBe(6378); // 6378.065
    expect(yen.fromBase(1)).toBe(2); // 1.6147
    expect(yen.toBase(6378)).toBe(3950); // 39.4996…
  });
});
