import { ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { checkoutApi } from "./checkout-api";
import { checkoutErrorMessage } from "./error-message";

/**
 * Paying by Paypal or iDEAL: the button sends the buyer to PayPal or the bank; coming back there
 * (`returned`, or `cancelled` through the provider's cancel link) finishes the payment.
 */
export function RedirectPaymentForm({
  orderId,
  method,
  amount,
  back,
  disabled,
  onPaid,
}: {
  orderId: string;
  method: "paypal" | "ideal";
  amount: string;
  /** How the buyer came back to this page, if they did. */
  back: "returned" | "cancelled" | null;
  disabled: boolean;
  onPaid: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<"idle" | "checking" | "pending" | "failed" | "going">(
    back ? "checking" : "idle",
  );
  const [error, setError] = useState<string | null>(null);
  const checked = useRef(false);

  useEffect(() => {
    if (!back || checked.current) return;
    checked.current = true;
    checkoutApi
      .completePayment(orderId, back === "cancelled")
      .then((answer) => {
        if (answer.status === "paid") onPaid();
        else setState(answer.status);
      })
      .catch((failure: unknown) => {
        setError(checkoutErrorMessage(failure, t, i18n.language));
        setState("idle");
      });
  }, [back, orderId, onPaid, t, i18n.language]);

  async function go() {
    setError(null);
    setState("going");
    try {
      const outcome = await checkoutApi.pay(orderId);
      if (outcome.status === "redirect") window.location.assign(outcome.redirectUrl);
    } catch (failure) {
      setError(checkoutErrorMessage(failure, t, i18n.language));
      setState("idle");
    }
  }

  return (
    <div className="grid gap-4">
      {state === "checking" && (
        <p role="status" className="text-sm text-ink-muted">
          {t("payment.redirect.checking")}
        </p>
      )}
      {state === "pending" && (
        <p role="status" className="rounded-lg bg-primary-soft p-3 text-sm text-ink">
          {t("payment.redirect.pending")}
        </p>
      )}
      {state === "failed" && (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm font-semibold text-danger">
          {t("payment.redirect.failed")}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {error}
        </p>
      )}
      <p className="text-sm text-ink-muted">{t(`payment.redirect.${method}Text`)}</p>
      <Button
        type="button"
        variant="accent"
        size="lg"
        className="w-full"
        disabled={disabled || state === "checking" || state === "going"}
        onClick={go}
      >
        <ExternalLink aria-hidden="true" />
        {t(`payment.redirect.${method}Pay`, { amount })}
      </Button>
    </div>
  );
}
