import { describe, expect, it } from "vitest";
import { formatInvoiceNumber, invoiceNumberFormat, seriesName, yearIn } from "./invoice-number";

describe("formatInvoiceNumber", () => {
  it("pads with leading zeros to the configured length after the prefix", () => {
    const format = invoiceNumberFormat({ startValue: 1, leadingZeros: true, length: 6, prefix: "INV-" });
    expect(formatInvoiceNumber(12, format)).toBe("INV-000012");
  });

  it("never cuts a number longer than the length", () => {
    const format = invoiceNumberFormat({ leadingZeros: true, length: 3, prefix: "" });
    expect(formatInvoiceNumber(12345, format)).toBe("12345");
  });

  it("prints the bare number without leading zeros", () => {
    expect(formatInvoiceNumber(7, invoiceNumberFormat({ leadingZeros: false, length: 6, prefix: "F" }))).toBe(
      "F7",
    );
  });

  it("falls back to defaults for missing or bad settings", () => {
    expect(formatInvoiceNumber(7, invoiceNumberFormat({}))).toBe("7");
    expect(formatInvoiceNumber(7, invoiceNumberFormat({ leadingZeros: true, length: "x", prefix: 3 }))).toBe(
      "7",
    );
  });
});

describe("invoice number types", () => {
  const base = { leadingZeros: true, length: 6 };

  it("prints the text before or after the number", () => {
    expect(formatInvoiceNumber(12, invoiceNumberFormat({ ...base, prefix: "INV-", type: "prefix" }))).toBe(
      "INV-000012",
    );
    expect(formatInvoiceNumber(12, invoiceNumberFormat({ ...base, prefix: "-INV", type: "suffix" }))).toBe(
      "000012-INV",
    );
  });

  it("puts the year of issue into the yearly types' numbers, each year its own series", () => {
    const before = invoiceNumberFormat({ ...base, prefix: "INV-", type: "yearly-prefix" });
    expect(formatInvoiceNumber(12, before, 2026)).toBe("INV-2026-000012");
    const after = invoiceNumberFormat({ ...base, prefix: "-INV", type: "yearly-suffix" });
    expect(formatInvoiceNumber(12, after, 2026)).toBe("000012-2026-INV");
    expect(seriesName("invoice", before, 2026)).toBe("invoice:2026");
    expect(seriesName("invoice", before, 2027)).toBe("invoice:2027");
    expect(seriesName("invoice", invoiceNumberFormat({ type: "suffix" }), 2026)).toBe("invoice");
  });

  it("takes the year in the school's time zone", () => {
    const newYearInAmsterdam = new Date("2026-12-31T23:30:00Z");
    expect(yearIn(newYearInAmsterdam, "Europe/Amsterdam")).toBe(2027);
    expect(yearIn(newYearInAmsterdam, "America/New_York")).toBe(2026);
  });

  it("treats an unknown type as a prefix", () => {
    expect(invoiceNumberFormat({ type: "sideways" }).type).toBe("prefix");
  });
});
