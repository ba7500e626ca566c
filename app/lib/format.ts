import type { TFunction } from "i18next";
import { numberFormat } from "~shared/number-format";

/** Prices on pages, in mails and in coupon messages are formatted alike ("€49", "€ 39,50"). */
export { formatMoney, minorUnitDigits, minorUnitsToDecimal } from "~shared/money";

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}

/** "2 h 15 min", "45 min" (localised through the `duration.*` strings). */
export function formatDuration(seconds: number, t: TFunction): string {
  const totalMinutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return t("duration.minutes", { minutes });
  if (minutes === 0) return t("duration.hours", { hours });
  return t("duration.hoursMinutes", { hours, minutes });
}

/** "4.7" / "4,7": one decimal. */
export function formatRating(rating: number, language: string): string {
  return formatNumber(rating, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
