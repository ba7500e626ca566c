import { minorUnitDigits } from "~shared/money";

const RATE = /^(\d+)(?:\.(\d+))?$/;
const MEMO_LIMIT = 4096;

/** "1.50000000" → "1.5", "2.000" → "2": an exact decimal without trailing zeros. */
export function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** An exact positive decimal as an integer over a power of ten: "1.08" → 108 / 10². */
export function parseRate(rate: string): { units: bigint; scale: number } {
  const match = RATE.exec(rate.trim());
  if (!match) throw new RangeError(`"${rate}" is not a decimal exchange rate`);
  const fraction = match[2] ?? "";
  const units = BigInt(`${match[1]}${fraction}`);
  if (units <= 0n) throw new RangeError("An exchange rate must be greater than 0");
  return { units, scale: fraction.length };
}

/** numerator / denominator (denominator > 0) rounded half away from zero, as a whole number. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

const pow10 = (exponent: number) => 10n ** BigInt(exponent);

/** amount × multiplier / divisor, rounded half up, as a safe whole number. */
function scaled(amount: number, multiplier: bigint, divisor: bigint): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError("An amount must be a whole number of minor units");
  const result = Number(divideRounded(BigInt(amount) * multiplier, divisor));
  if (!Number.isSafeInteger(result)) throw new RangeError("The converted amount is too large");
  return result;
}

/**
 * Converts an amount in minor units of one currency to minor units of another, with exact integer
 * arithmetic: amount × rate, rescaled from `fromDigits` to `toDigits` decimals, rounded half up.
 */
export function convertMinorUnits(
  amount: number,
  rate: { units: bigint; scale: number },
  fromDigits: number,
  toDigits: number,
): number {
  return scaled(amount, rate.units * pow10(toDigits), pow10(rate.scale + fromDigits));
}

/** The inverse of convertMinorUnits: amount ÷ rate, rescaled and rounded half up. */
export function convertMinorUnitsBack(
  amount: number,
  rate: { units: bigint; scale: number },
  fromDigits: number,
  toDigits: number,
): number {
  return scaled(amount, pow10(rate.scale + toDigits), rate.units * pow10(fromDigits));
}

/** Shop-currency prices shown, charged and recorded in another currency. */
export interface Conversion {
  /** The shop currency: catalogue prices are stored in it (ISO 4217). */
  readonly base: string;
  /** The currency shown and charged (ISO 4217); `base` when nothing else was chosen. */
  readonly currency: string;
  /** Units of `currency` per one unit of `base`, exact decimal text ("1.08"); "1" for the base. */
  readonly rate: string;
  /** True when `currency` is `base`: amounts stay as they are. */
  readonly identity: boolean;
  /** A shop-currency amount (minor units) in `currency`, rounded half up to its minor unit. */
  fromBase(amount: number): number;
  /** An amount in `currency` (minor units) back in the shop currency, rounded half up. */
  toBase(amount: number): number;
}

/** A conversion from `base` to `currency` at `rate` (units of currency per unit of base). */
export function createConversion(base: string, currency: string, rate: string): Conversion {
  const baseCode = base.toUpperCase();
  const code = currency.toUpperCase();
  if (code === baseCode) {
    return {
      base: baseCode,
      currency: code,
      rate: "1",
      identity: true,
      fromBase: (amount) => amount,
      toBase: (amount) => amount,
    };
  }
  const parsed = parseRate(rate);
  const baseDigits = minorUnitDigits(baseCode);
  const digits = minorUnitDigits(code);
  // Catalogue prices repeat from request to request: remember their converted amounts.
  const memo = new Map<number, number>();
  return {
    base: baseCode,
    currency: code,
    rate: trimDecimal(rate.trim()),
    identity: false,
    fromBase(amount) {
      let converted = memo.get(amount);
      if (converted === undefined) {
        converted = convertMinorUnits(amount, parsed, baseDigits, digits);
        if (memo.size >= MEMO_LIMIT) memo.clear();
        memo.set(amount, converted);
      }
      return converted;
    },
    toBase: (amount) => convertMinorUnitsBack(amount, parsed, digits, baseDigits),
  };
}
