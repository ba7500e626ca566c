import { useEffect, useState } from "react";
import { checkoutApi, type Quote } from "./checkout-api";

export type QuoteState =
  | { status: "idle" | "loading"; quote: Quote | null; error: null }
  | { status: "ready"; quote: Quote; error: null }
  | { status: "error"; quote: Quote | null; error: unknown };

/** The server's prices for these courses (and coupon), fetched again whenever they change. */
export function useQuote(courseIds: string[], couponCode?: string): QuoteState & { retry: () => void } {
  const [state, setState] = useState<QuoteState>({ status: "idle", quote: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const key = courseIds.join(",");

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes only to fetch again (retry).
  useEffect(() => {
    if (!key) {
      setState({ status: "idle", quote: null, error: null });
      return;
    }
    let current = true;
    setState((previous) => ({ status: "loading", quote: previous.quote, error: null }));
    checkoutApi
      .quote(key.split(","), couponCode)
      .then((quote) => current && setState({ status: "ready", quote, error: null }))
      .catch(
        (error: unknown) =>
          current && setState((previous) => ({ status: "error", quote: previous.quote, error })),
      );
    return () => {
      current = false;
    };
  }, [key, couponCode, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
