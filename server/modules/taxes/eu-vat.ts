/**
 * The EU's VAT facts the shop seeds and checks with: the 27 member states, their standard and main
 * reduced rates (basis points; null: no reduced rate) and the format of their VAT numbers.
 * Staff change rates under International → Taxes; these are only the starting values.
 */
export const EU_VAT_RATES: Readonly<Record<string, { standard: number; reduced: number | null }>> = {
  AT: { standard: 2000, reduced: 1000 },
  BE: { standard: 2100, reduced: 600 },
  BG: { standard: 2000, reduced: 900 },
  CY: { standard: 1900, reduced: 900 },
  CZ: { standard: 2100, reduced: 1200 },
  DE: { standard: 1900, reduced: 700 },
  DK: { standard: 2500, reduced: null },
  EE: { standard: 2400, reduced: 900 },
  ES: { standard: 2100, reduced: 1000 },
  FI: { standard: 2550, reduced: 1400 },
  FR: { standard: 2000, reduced: 550 },
  GR: { standard: 2400, reduced: 1300 },
  HR: { standard: 2500, reduced: 1300 },
  HU: { standard: 2700, reduced: 1800 },
  IE: { standard: 2300, reduced: 1350 },
  IT: { standard: 2200, reduced: 1000 },
  LT: { standard: 2100, reduced: 900 },
  LU: { standard: 1700, reduced: 800 },
  LV: { standard: 2100, reduced: 1200 },
  MT: { standard: 1800, reduced: 700 },
  NL: { standard: 2100, reduced: 900 },
  PL: { standard: 2300, reduced: 800 },
  PT: { standard: 2300, reduced: 1300 },
  RO: { standard: 2100, reduced: 1100 },
  SE: { standard: 2500, reduced: 1200 },
  SI: { standard: 2200, reduced: 950 },
  SK: { standard: 2300, reduced: 1900 },
};

export const isEuCountry = (iso: string): boolean => Object.hasOwn(EU_VAT_RATES, iso);

/** VAT number formats after the country prefix (Greece's prefix is EL). */
const VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

const vatPrefix = (country: string) => (country === "GR" ? "EL" : country);

/** "nl 1234.56.789.b01" → "NL123456789B01": upper case, without spaces, dots and dashes. */
export const normalizeVatNumber = (value: string): string => value.toUpperCase().replace(/[\s.-]/g, "");

/**
 * Whether a VAT number looks valid for an EU country: its country prefix and the digits that
 * country uses. No network check (VIES): a format check only.
 */
export function vatNumberLooksValid(country: string, vatNumber: string): boolean {
  const format = VAT_FORMATS[country];
  const normalized = normalizeVatNumber(vatNumber);
  const prefix = vatPrefix(country);
  return !!format && normalized.startsWith(prefix) && format.test(normalized.slice(prefix.length));
}
