import type { AppLoadContext } from "react-router";
import type { Conversion } from "~server/modules/currency/exchange";
import { requestedCurrencyOf } from "~shared/currency-cookie";

/** Shop-currency prices in the currency this page request asks for (`?currency=`, else the cookie). */
export function pageConversion(context: AppLoadContext, request: Request): Promise<Conversion> {
  return context.services.currency.resolve(context.company.id, requestedCurrencyOf(request));
}

/** The currency picker's options and the visitor's current choice (root loader). */
export function pageCurrencyChoice(context: AppLoadContext, request: Request) {
  return context.services.currency.choice(context.company.id, requestedCurrencyOf(request));
}
