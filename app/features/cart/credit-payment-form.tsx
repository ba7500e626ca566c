import { Wallet } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { checkoutApi } from "./checkout-api";
import { checkoutErrorMessage } from "./error-message";

/** Paying from the signed-in customer's credit: one button; the order is paid at once. */
export function CreditPaymentForm({
  orderId,
  amount,
  disabled,
  onPaid,
}: {
  orderId: string;
  amount: string;
  disabled: boolean;
  onPaid: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    setError(null);
    setPaying(true);
    try {
      await checkoutApi.pay(orderId);
      onPaid();
    } catch (failure) {
      setError(checkoutErrorMessage(failure, t, i18n.language));
      setPaying(false);
    }
  }

  return (
    <div className="grid gap-4">
      {error && (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {error}
        </p>
      )}
      <p className="text-sm text-ink-muted">{t("credit.checkout.payText")}</p>
      <Button
        type="button"
        variant="accent"
        size="lg"
        className="w-full"
        disabled={disabled || paying}
        onClick={pay}
      >
        <Wallet aria-hidden="true" />
        {t("credit.checkout.pay", { amount })}
      </Button>
    </div>
  );
}
