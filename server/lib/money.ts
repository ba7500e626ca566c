/** An amount in minor units as money for a language: "€49", "€39.50", "€ 39,50". */
export function formatMoney(cents: number, currency: string, language: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(language, {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
