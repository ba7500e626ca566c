import type { TaxClass } from "~shared/tax-classes";
import { isEuCountry } from "./eu-vat";

/** A place tax is due by: a country (ISO 3166-1 alpha-2) and optionally one of its states. */
export interface TaxPlace {
  country: string;
  state?: string | null;
}

/** A tax as it applies to a line: its name on the invoice and its rate in basis points. */
export interface TaxRule {
  name: string;
  rateBp: number;
}

/** The tax of a class at a place: from the school's tax zones (null: no tax there). */
export type RateLookup = (place: TaxPlace, taxClass: TaxClass) => TaxRule | null;

export interface TaxContext {
  /** Where the school is established (its VAT country). */
  schoolCountry: string;
  /** Catalogue prices include tax (consumers pay the same price everywhere) or exclude it. */
  pricesIncludeTax: boolean;
  /** The buyer's billing country: digital content is taxed there (EU OSS). */
  billing: TaxPlace;
  /** Where physical goods go; the billing country until checkout asks for a shipping address. */
  shipping?: TaxPlace | null;
  /** An EU business from another member state with a valid-looking VAT number. */
  reverseCharge: boolean;
  rateOf: RateLookup;
}

export interface TaxableLine {
  /** What the line costs after its share of the discount, as entered (tax included or not). */
  amountCents: number;
  taxClass: TaxClass;
  physical: boolean;
}

export interface TaxedLine {
  name: string;
  rateBp: number;
  /** What the rate applies to (without tax). */
  baseCents: number;
  taxCents: number;
  /** What the buyer pays for the line. */
  grossCents: number;
}

export const REVERSE_CHARGE_TAX = "Reverse charge";
export const NO_TAX = "No VAT";

/** Whether a business buyer is reverse-charged: both in the EU, different member states. */
export const isReverseCharge = (schoolCountry: string, buyerCountry: string, hasValidVatNumber: boolean) =>
  hasValidVatNumber &&
  isEuCountry(buyerCountry) &&
  isEuCountry(schoolCountry) &&
  buyerCountry !== schoolCountry;

/** Tax of `rateBp` contained in a tax-inclusive amount, rounded half up to the cent (as `includedVat`). */
export const taxIncluded = (amountCents: number, rateBp: number) =>
  Math.round((amountCents * rateBp) / (10_000 + rateBp));

/** Tax of `rateBp` on a tax-exclusive amount, rounded half up to the cent. */
export const taxOn = (amountCents: number, rateBp: number) => Math.round((amountCents * rateBp) / 10_000);

/** The rule for a line: its class at the place, digital services and reduced falling back to standard. */
export function ruleFor(rateOf: RateLookup, place: TaxPlace, taxClass: TaxClass): TaxRule {
  if (taxClass === "zero") return { name: NO_TAX, rateBp: 0 };
  const own = rateOf(place, taxClass);
  if (own) return own;
  return (taxClass !== "standard" && rateOf(place, "standard")) || { name: NO_TAX, rateBp: 0 };
}

/**
 * The tax of one line, rounded per line. Digital content is taxed where the buyer lives, physical
 * goods where they go. Tax-included prices stay what the buyer pays and hold the destination's tax;
 * a reverse-charged business pays the price without the school country's tax (and no tax).
 */
export function taxLine(context: TaxContext, line: TaxableLine): TaxedLine {
  const { amountCents } = line;
  if (context.reverseCharge) {
    const home = ruleFor(context.rateOf, { country: context.schoolCountry }, line.taxClass);
    const net = context.pricesIncludeTax ? amountCents - taxIncluded(amountCents, home.rateBp) : amountCents;
    return { name: REVERSE_CHARGE_TAX, rateBp: 0, baseCents: net, taxCents: 0, grossCents: net };
  }
  const place = line.physical ? (context.shipping ?? context.billing) : context.billing;
  const rule = ruleFor(context.rateOf, place, line.taxClass);
  if (context.pricesIncludeTax) {
    const taxCents = taxIncluded(amountCents, rule.rateBp);
    return { ...rule, baseCents: amountCents - taxCents, taxCents, grossCents: amountCents };
  }
  const taxCents = taxOn(amountCents, rule.rateBp);
  return { ...rule, baseCents: amountCents, taxCents, grossCents: amountCents + taxCents };
}

/** Splits a discount over lines in proportion to their amounts; the shares add up to the discount exactly. */
export function shareDiscount(amounts: number[], discountCents: number): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (total === 0 || discountCents === 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => (amount * discountCents) / total);
  const shares = exact.map(Math.floor);
  let left = discountCents - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** Each rate of an order with what it applies to and its amount (the invoice's VAT summary). */
export interface RateSummary {
  name: string;
  rateBp: number;
  baseCents: number;
  taxCents: number;
}

export function summarizeRates(lines: Pick<TaxedLine, "name" | "rateBp" | "baseCents" | "taxCents">[]) {
  const byKey = new Map<string, RateSummary>();
  for (const line of lines) {
    const key = `${line.name}|${line.rateBp}`;
    const entry = byKey.get(key) ?? { name: line.name, rateBp: line.rateBp, baseCents: 0, taxCents: 0 };
    entry.baseCents += line.baseCents;
    entry.taxCents += line.taxCents;
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) => b.rateBp - a.rateBp);
}

/**
 * The rates of a stored order: from its lines' own taxes, or, for an order from before taxes by
 * country (lines without a rate), its one rate over the whole total as it was stored.
 */
export function storedTaxLines(
  order: { vatRateBp: number; vatCents: number; totalCents: number },
  lines: {
    taxName: string | null;
    taxRateBp: number | null;
    taxBaseCents: number | null;
    taxCents: number | null;
  }[],
): RateSummary[] {
  const taxed = lines.filter((line) => line.taxRateBp !== null);
  if (taxed.length === 0 || taxed.length !== lines.length) {
    return [
      {
        name: "VAT",
        rateBp: order.vatRateBp,
        baseCents: order.totalCents - order.vatCents,
        taxCents: order.vatCents,
      },
    ];
  }
  return summarizeRates(
    taxed.map((line) => ({
      name: line.taxName ?? "VAT",
      rateBp: line.taxRateBp ?? 0,
      baseCents: line.taxBaseCents ?? 0,
      taxCents: line.taxCents ?? 0,
    })),
  );
}
