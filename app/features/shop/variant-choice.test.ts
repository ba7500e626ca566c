import { describe, expect, it } from "vitest";
import { initialChoice, usedValues, valueAvailable, variantFor } from "./variant-choice";

const variant = (id: string, size: string, colour: string, inStock: boolean) => ({
  id,
  combination: { size, colour },
  label: `${size} / ${colour}`,
  sku: null,
  priceCents: 1000,
  priceExclTaxCents: 826,
  salePriceCents: null,
  quantity: inStock ? 3 : 0,
  inStock,
  measurements: null,
});

const product = {
  options: [
    {
      attributeId: "size",
      name: "Size",
      values: [
        { id: "s", label: "S" },
        { id: "m", label: "M" },
        { id: "l", label: "L" },
      ],
    },
    {
      attributeId: "colour",
      name: "Colour",
      values: [
        { id: "red", label: "Red" },
        { id: "blue", label: "Blue" },
      ],
    },
  ],
  variants: [
    variant("v1", "s", "red", false),
    variant("v2", "s", "blue", true),
    variant("v3", "m", "red", true),
    variant("v4", "m", "blue", false),
  ],
};

describe("choosing a variant", () => {
  it("starts at the first variant in stock", () => {
    expect(initialChoice(product)).toEqual({ size: "s", colour: "blue" });
  });

  it("finds the variant only once every option is chosen", () => {
    expect(variantFor(product, { size: "m" })).toBeUndefined();
    expect(variantFor(product, { size: "m", colour: "red" })?.id).toBe("v3");
  });

  it("marks values that lead to no variant in stock, given the other choices", () => {
    expect(valueAvailable(product, { size: "s", colour: "blue" }, "colour", "red")).toBe(false);
    expect(valueAvailable(product, { size: "m", colour: "red" }, "colour", "red")).toBe(true);
    expect(valueAvailable(product, { size: "s", colour: "blue" }, "size", "m")).toBe(false);
  });

  it("offers only the values some variant uses", () => {
    expect(usedValues(product, "size").map((value) => value.id)).toEqual(["s", "m"]);
  });
});
