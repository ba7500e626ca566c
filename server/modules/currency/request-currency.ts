import type { FastifyRequest } from "fastify";
import { CURRENCY_COOKIE, requestedCurrency } from "~shared/currency-cookie";
import type { Conversion } from "./exchange";

/**
 * The currency an API request asks for: `?currency=`, else the `currency` cookie (unchecked). `query`
 * is the request's query unless given (the same query validated before: decision 036).
 */
export function apiRequestedCurrency(
  request: FastifyRequest,
  query: unknown = request.query,
): string | undefined {
  const currency = (query as Record<string, unknown> | undefined)?.currency;
  return requestedCurrency({ query: currency, cookie: request.cookies[CURRENCY_COOKIE] });
}

/** Shop-currency prices in the currency this API request asks for (the shop currency when not enabled). */
export function requestConversion(request: FastifyRequest): Promise<Conversion> {
  return request.server.services.currency.resolve(request.company.id, apiRequestedCurrency(request));
}

/** `requestConversion` when everything it needs is in memory (nearly every request): no promise. */
export function knownRequestConversion(
  request: FastifyRequest,
  query: unknown = request.query,
): Conversion | undefined {
  return request.server.services.currency.resolveKnown(
    request.company.id,
    apiRequestedCurrency(request, query),
  );
}
