import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { type CheckoutProductItem, checkoutApi, type Quote } from "./checkout-api";
import type { shippingForQuote } from "./shipping-fields";
import type { BuyerTaxDetails } from "./tax-details-fields";

/** The currency the visitor chose in the header (root loader), or undefined for the shop currency. */
export function useChosenCurrency(): string | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.currency.selected;
}

export type QuoteState =
  | { status: "idle" | "loading"; quote: Quote | null; error: null }
  | { status: "ready"; quote: Quote; error: null }
  | { status: "error"; quote: Quote | null; error: unknown };

/**
 * The server's prices for these courses and products (and coupon) in the chosen currency, fetched
 * again whenever they change.
 */
export function useQuote(
  courseIds: string[],
  couponCode?: string,
  items: CheckoutProductItem[] = [],
  /** Group seats per course (more than one). */
  seats: Record<string, number> = {},
  buyer?: BuyerTaxDetails,
  /** The shipping country and carrier, for the carriers offered and their cost. */
  shipping?: ReturnType<typeof shippingForQuote>,
): QuoteState & { retry: () => void } {
  const [state, setState] = useState<QuoteState>({ status: "idle", quote: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const currency = useChosenCurrency();
  const key =
    courseIds.length + items.length > 0
      ? JSON.stringify([courseIds, items, seats, buyer ?? {}, shipping ?? null])
      : "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes only to fetch again (retry).
  useEffect(() => {
    if (!key) {
      setState({ status: "idle", quote: null, error: null });
      return;
    }
    let current = true;
    setState((previous) => ({ status: "loading", quote: previous.quote, error: null }));
    const [ids, products, chosenSeats, details, address] = JSON.parse(key) as [
      string[],
      CheckoutProductItem[],
      Record<string, number>,
      BuyerTaxDetails,
      ReturnType<typeof shippingForQuote> | null,
    ];
    checkoutApi
      .quote(ids, couponCode, currency, products, chosenSeats, details, address ?? undefined)
      .then((quote) => current && setState({ status: "ready", quote, error: null }))
      .catch(
        (error: unknown) =>
          current && setState((previous) => ({ status: "error", quote: previous.quote, error })),
      );
    return () => {
      current = false;
    };
  }, [key, couponCode, currency, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
