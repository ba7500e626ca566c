import type { FastifyRequest } from "fastify";
import { CURRENCY_COOKIE, requestedCurrency } from "~shared/currency-cookie";
import type { Conversion } from "./exchange";

/** The currency an API request asks for: `?currency=`, else the `currency` cookie (unchecked). */
export function apiRequestedCurrency(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  return requestedCurrency({ query: query?.currency, cookie: request.cookies[CURRENCY_COOKIE] });
}

/** Shop-currency prices in the currency this API request asks for (the shop currency when not enabled). */
export function requestConversion(request: FastifyRequest): Promise<Conversion> {
  return request.server.services.currency.resolve(request.company.id, apiRequestedCurrency(request));
}

/** `requestConversion` when everything it needs is in memory (nearly every request): no promise. */
export function knownRequestConversion(request: FastifyRequest): Conversion | undefined {
  return request.server.services.currency.resolveKnown(request.company.id, apiRequestedCurrency(request));
}
