/** The visitor's chosen currency: a plain cookie (no secret), set by the storefront's picker. */
export const CURRENCY_COOKIE = "currency";
/** `?currency=USD` on API and page requests wins over the cookie. */
export const CURRENCY_PARAM = "currency";

export const CURRENCY_CODE = /^[A-Za-z]{3}$/;
const COOKIE = /(?:^|;\s*)currency=([A-Za-z]{3})(?:;|$)/;

/** A well-formed ISO code, upper case, or undefined. */
export function currencyCode(value: unknown): string | undefined {
  return typeof value === "string" && CURRENCY_CODE.test(value.trim())
    ? value.trim().toUpperCase()
    : undefined;
}

/** The currency a request asks for: the query parameter, else the cookie (unchecked against the shop's). */
export function requestedCurrency(input: { query?: unknown; cookie?: unknown }): string | undefined {
  return currencyCode(input.query) ?? currencyCode(input.cookie);
}

/** The same for a page request (Fetch API Request: `?currency=`, else the Cookie header). */
export function requestedCurrencyOf(request: Request): string | undefined {
  return requestedCurrency({
    query: new URL(request.url).searchParams.get(CURRENCY_PARAM),
    cookie: COOKIE.exec(request.headers.get("cookie") ?? "")?.[1],
  });
}
