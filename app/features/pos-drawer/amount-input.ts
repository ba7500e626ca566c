import { toMinorUnits } from "~/lib/minor-units";

/** An amount a person typed where 0 is allowed too (a float, a count): cents, or null when it is not an amount. */
export function centsOrZero(text: string, currency: string): number | null {
  if (/^\s*0+([.,]0*)?\s*$/.test(text)) return 0;
  return toMinorUnits(text, currency);
}
