/**
 * The expiry field as it is typed: the slash comes by itself after the month ("12" → "12/"),
 * a first digit above 1 is a whole month ("4" → "04/"), deleting goes back over the slash, and
 * a pasted four-digit year is shortened ("12/2028" → "12/28").
 */
export function formatExpiry(value: string, previous = ""): string {
  const fullYear = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(value);
  if (fullYear) return `${fullYear[1]!.padStart(2, "0")}/${fullYear[2]!.slice(2)}`;
  const digits = value.replace(/\D/g, "").slice(0, 4);
  const deleting = value.length < previous.length;
  if (digits.length === 0) return "";
  if (digits.length === 1) {
    const wholeMonth = Number(digits) > 1 || value.trim().endsWith("/");
    return !deleting && wholeMonth ? `0${digits}/` : digits;
  }
  const month = digits.slice(0, 2);
  const year = digits.slice(2);
  if (!year) return deleting ? month : `${month}/`;
  return `${month}/${year}`;
}

/** Month and full year of a typed expiry ("MM/YY" or "MM/YYYY"), or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}
