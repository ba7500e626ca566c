import { describe, expect, it } from "vitest";
import { formatInvoiceNumber, invoiceNumberFormat } from "./invoice-number";

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
