import { numberFormat } from "./number-format";

const digitsByCurrency = new Map<string, number>();

/**
 * How many decimals a currency's minor unit has (EUR 2, JPY 0, KWD 3), as Intl knows it;
 * 2 for a code Intl does not accept. Amounts in this app are integers of that minor unit.
 */
export function minorUnitDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsByCurrency.get(code);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(code, digits);
  }
  return digits;
}

/** An amount in minor units as an exact decimal in major units: 5292 USD → "52.92", 6350 JPY → "6350". */
export function minorUnitsToDecimal(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const sign = amount < 0 ? "-" : "";
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, "0");
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** An amount in minor units as money for a language: "€49", "€39.50", "€ 39,50", "¥6,350". */
export function formatMoney(cents: number, currency: string, language: string): string {
  const digits = minorUnitDigits(currency);
  const whole = cents % 10 ** digits === 0;
  return numberFormat(language, {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(cents / 10 ** digits);
}

/** Amounts on invoices always show every decimal of the currency: "€49.00", "€ 39,50", "¥6,350". */
export function formatFullMoney(cents: number, currency: string, language: string): string {
  const digits = minorUnitDigits(currency);
  return numberFormat(language, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 10 ** digits);
}

/** An exact decimal in major units back to minor units: "52.92" USD → 5292, "6350" JPY → 6350; NaN if malformed. */
export function decimalToMinorUnits(value: string, currency: string): number {
  const digits = minorUnitDigits(currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match || (match[3] ?? "").length > digits) return Number.NaN;
  const minor = Number(`${match[2]}${(match[3] ?? "").padEnd(digits, "0")}`);
  return match[1] ? -minor : minor;
}
