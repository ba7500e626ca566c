import { minorUnitDigits } from "~shared/money";

/**
 * "12,50" or "12.50" in `currency` as minor units; null when it is not an amount above 0 (with
 * `signed`, "-12,50" is an amount too, and 0 is still none).
 */
export function toMinorUnits(
  text: string,
  currency: string,
  options: { signed?: boolean } = {},
): number | null {
  const normalized = text.trim().replace(",", ".");
  const pattern = options.signed ? /^-?\d+(\.\d+)?$/ : /^\d+(\.\d+)?$/;
  if (!pattern.test(normalized)) return null;
  const cents = Math.round(Number(normalized) * 10 ** minorUnitDigits(currency));
  if (cents === 0 || (!options.signed && cents < 0)) return null;
  return cents;
}
