import { describe, expect, it } from "vitest";
import { includedVat, priceOrder } from "./pricing";

describe("priceOrder", () => {
  it("adds lines and shows the VAT included in the total", () => {
    const totals = priceOrder(
      [
        { unitPriceCents: 12100, quantity: 1 },
        { unitPriceCents: 4900, quantity: 2 },
      ],
      2100,
    );
    expect(totals).toEqual({
      subtotalCents: 21900,
      discountCents: 0,
      totalCents: 21900,
      vatCents: 3801,
      vatRateBp: 2100,
    });
  });

  it("applies percentage and fixed discounts without going below zero", () => {
    expect(
      priceOrder([{ unitPriceCents: 10000, quantity: 1 }], 2100, { type: "percentage", value: 15 })
        .totalCents,
    ).toBe(8500);
    expect(
      priceOrder([{ unitPriceCents: 1000, quantity: 1 }], 2100, { type: "fixed", valueCents: 5000 })
        .totalCents,
    ).toBe(0);
  });

  it("rounds VAT to whole cents", () => {
    expect(includedVat(12100, 2100)).toBe(2100);
    expect(includedVat(999, 900)).toBe(82);
    expect(includedVat(0, 2100)).toBe(0);
  });
});
