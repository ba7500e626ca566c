import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { ApiError, checkoutApi } from "./checkout-api";
import { checkoutErrorMessage } from "./error-message";

/** The few parts of Stripe.js this page uses. */
interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
interface StripeElements {
  create(type: "payment"): StripeElement;
}
interface StripeJs {
  elements(options: { clientSecret: string; locale?: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string } }>;
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const STRIPE_JS = "https://js.stripe.com/v3/";

function loadStripeJs(): Promise<NonNullable<Window["Stripe"]>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error("Stripe.js did not load"));
    script.onerror = () => reject(new Error("Stripe.js did not load"));
    document.head.append(script);
  });
}

/**
 * Stripe's Payment Element for the order's PaymentIntent. Stripe sends the buyer to the
 * thank-you page afterwards; the order is fulfilled when Stripe's webhook reports the payment.
 */
export function StripePaymentForm({
  orderId,
  amount,
  returnUrl,
  disabled,
  start = () => checkoutApi.pay(orderId),
}: {
  orderId: string;
  amount: string;
  returnUrl: string;
  disabled: boolean;
  /** Asks the server for the PaymentIntent (default: the order's amount due now). */
  start?: () => Promise<{ status: string; clientSecret?: string; publishableKey?: string | null }>;
}) {
  const { t, i18n } = useTranslation();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; elements: StripeElements } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one PaymentIntent per order and language, whichever function asks for it
  useEffect(() => {
    let element: StripeElement | null = null;
    let current = true;
    (async () => {
      try {
        const outcome = await start();
        if (outcome.status !== "requires_action" || !outcome.publishableKey || !outcome.clientSecret) {
          throw new Error("Stripe is not configured");
        }
        const Stripe = await loadStripeJs();
        if (!current || !mountPoint.current) return;
        const js = Stripe(outcome.publishableKey);
        const elements = js.elements({ clientSecret: outcome.clientSecret, locale: i18n.language });
        element = elements.create("payment");
        element.mount(mountPoint.current);
        setStripe({ js, elements });
      } catch (error) {
        if (!current) return;
        setFailure(
          error instanceof ApiError
            ? checkoutErrorMessage(error, t, i18n.language)
            : t("payment.stripeFailed"),
        );
      }
    })();
    return () => {
      current = false;
      element?.destroy();
    };
  }, [orderId, i18n.language, t]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!stripe) return;
    setPaying(true);
    setFailure(null);
    const result = await stripe.js.confirmPayment({
      elements: stripe.elements,
      confirmParams: { return_url: returnUrl },
    });
    // Only reached when the payment could not be confirmed; otherwise Stripe redirects.
    setFailure(result.error?.message ?? t("checkoutErrors.generic"));
    setPaying(false);
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      {!stripe && !failure && (
        <p role="status" className="text-sm text-ink-muted">
          {t("payment.stripeLoading")}
        </p>
      )}
      <div ref={mountPoint} />
      {failure && (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm font-semibold text-danger">
          {failure}
        </p>
      )}
      <Button
        type="submit"
        variant="accent"
        size="lg"
        className="w-full"
        disabled={disabled || paying || !stripe}
      >
        {paying ? t("payment.paying") : t("payment.pay", { amount })}
      </Button>
    </form>
  );
}
