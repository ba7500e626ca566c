import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { type CheckoutProductItem, checkoutApi, type Quote } from "./checkout-api";

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
): QuoteState & { retry: () => void } {
  const [state, setState] = useState<QuoteState>({ status: "idle", quote: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const currency = useChosenCurrency();
  const key = courseIds.length + items.length > 0 ? JSON.stringify([courseIds, items]) : "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes only to fetch again (retry).
  useEffect(() => {
    if (!key) {
      setState({ status: "idle", quote: null, error: null });
      return;
    }
    let current = true;
    setState((previous) => ({ status: "loading", quote: previous.quote, error: null }));
    const [ids, products] = JSON.parse(key) as [string[], CheckoutProductItem[]];
    checkoutApi
      .quote(ids, couponCode, currency, products)
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
