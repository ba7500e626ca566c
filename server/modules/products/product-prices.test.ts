import { describe, expect, it } from "vitest";
import { bundleSaving, priceExclTax, unitPrice } from "./product-prices";

describe("product prices", () => {
  it("takes 21 % VAT out of a price that includes it, to the cent", () => {
    expect(priceExclTax(1210, 2100)).toBe(1000);
    expect(priceExclTax(999, 900)).toBe(917);
    expect(priceExclTax(500, 0)).toBe(500);
  });

  it("uses the sale price when there is one", () => {
    expect(unitPrice({ priceCents: 2000, salePriceCents: 1500 })).toBe(1500);
    expect(unitPrice({ priceCents: 2000, salePriceCents: null })).toBe(2000);
  });

  it("shows what a bundle saves against buying its products one by one", () => {
    expect(
      bundleSaving(3000, [
        { unitPriceCents: 1500, quantity: 2 },
        { unitPriceCents: 800, quantity: 1 },
      ]),
    ).toEqual({ separateCents: 3800, savingCents: 800 });
    expect(bundleSaving(5000, [{ unitPriceCents: 1000, quantity: 1 }]).savingCents).toBe(0);
  });
});
