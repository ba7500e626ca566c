import type { TFunction } from "i18next";
import { formatMoney } from "~/lib/format";
import { ApiError } from "./checkout-api";

const TRANSLATED = new Set([
  "COUPON_UNKNOWN",
  "COUPON_NOT_STARTED",
  "COUPON_EXPIRED",
  "COUPON_BELOW_MINIMUM",
  "COUPON_USED_UP",
  "COUPON_CUSTOMER_LIMIT",
  "COUPON_NOT_APPLICABLE",
  "ALREADY_OWNED",
  "SOLD_OUT",
  "ACCOUNT_EXISTS",
  "CARD_DECLINED",
  "CARD_EXPIRED",
  "NETWORK_ERROR",
]);

/** A checkout error in the visitor's language; the server's own message for anything else. */
export function checkoutErrorMessage(
  error: unknown,
  t: TFunction,
  language: string,
  currency = "EUR",
): string {
  if (!(error instanceof ApiError)) return t("checkoutErrors.generic");
  if (error.code === "SEATS_EXCEEDED") {
    const left = (error.details as { seatsLeft?: number } | undefined)?.seatsLeft ?? 0;
    return t("checkoutErrors.SEATS_EXCEEDED", { count: left });
  }
  if (TRANSLATED.has(error.code)) {
    const minimum = (error.details as { minimumAmountCents?: number } | undefined)?.minimumAmountCents;
    return t(`checkoutErrors.${error.code}`, {
      amount: minimum === undefined ? "" : formatMoney(minimum, currency, language),
    });
  }
  return error.message || t("checkoutErrors.generic");
}
