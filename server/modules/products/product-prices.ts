/** Prices are stored with tax included; the price without it, rounded to the cent. */
export function priceExclTax(priceInclCents: number, taxRateBp: number): number {
  return Math.round((priceInclCents * 10_000) / (10_000 + taxRateBp));
}

/** What a buyer pays for one unit: the sale price when there is one, else the price. */
export const unitPrice = (item: { priceCents: number; salePriceCents: number | null }) =>
  item.salePriceCents ?? item.priceCents;

/**
 * A bundle's saving: what its products cost one by one minus the bundle's own price (never
 * negative). `items` are the bundle's products with their unit prices and how many it holds.
 */
export function bundleSaving(
  bundlePriceCents: number,
  items: { unitPriceCents: number; quantity: number }[],
): { separateCents: number; savingCents: number } {
  const separateCents = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  return { separateCents, savingCents: Math.max(separateCents - bundlePriceCents, 0) };
}
