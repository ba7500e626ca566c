import type { ProductDetail } from "./types";

type Variant = ProductDetail["variants"][number];
/** attribute id → value id, as far as the buyer has chosen. */
export type Choice = Record<string, string>;

/** The variant the choice names completely, or undefined while an option is still open. */
export function variantFor(product: Pick<ProductDetail, "options" | "variants">, choice: Choice) {
  if (product.options.some((option) => !choice[option.attributeId])) return undefined;
  return product.variants.find((variant) =>
    product.options.every((option) => variant.combination[option.attributeId] === choice[option.attributeId]),
  );
}

/** The first choice shown: the first variant in stock (else the first), so a price and stock show at once. */
export function initialChoice(product: Pick<ProductDetail, "variants">): Choice {
  const first = product.variants.find((variant) => variant.inStock) ?? product.variants[0];
  return first ? { ...first.combination } : {};
}

/**
 * Whether choosing `valueId` for `attributeId`, keeping the other choices, leads to a variant
 * that exists and is in stock (values that do not are shown as sold out).
 */
export function valueAvailable(
  product: Pick<ProductDetail, "options" | "variants">,
  choice: Choice,
  attributeId: string,
  valueId: string,
): boolean {
  const next = { ...choice, [attributeId]: valueId };
  return product.variants.some(
    (variant: Variant) =>
      variant.inStock &&
      product.options.every(
        (option) =>
          !next[option.attributeId] || variant.combination[option.attributeId] === next[option.attributeId],
      ),
  );
}

/** The values of an option that some variant uses, in the attribute's order. */
export function usedValues(product: Pick<ProductDetail, "options" | "variants">, attributeId: string) {
  const option = product.options.find((candidate) => candidate.attributeId === attributeId);
  if (!option) return [];
  return option.values.filter((value) =>
    product.variants.some((variant) => variant.combination[attributeId] === value.id),
  );
}
