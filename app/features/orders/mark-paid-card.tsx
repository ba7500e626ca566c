import { useEffect, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { Select } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/format";
import { MANUAL_PAYMENT_METHODS, type ManualPaymentMethod } from "~shared/order-enums";
import { MoneyConfirmDialog } from "./money-confirm-dialog";
import type { OrderActionResult } from "./order-action-result";
import type { OrderContents } from "./order-contents";
import { PaymentReferenceField } from "./payment-reference-field";

/**
 * "Mark as paid": staff record a bank transfer or cash received for what is still owed, after a
 * confirmation naming the amount; a toast says it was recorded. Delivered needs this first.
 */
export function MarkPaidCard({
  contents,
  owedCents,
  currency,
  fetcher,
  onSubmit,
}: {
  /** What the order holds: delivering a course gives access, a product does not. */
  contents: OrderContents;
  owedCents: number;
  currency: string;
  /** The page's fetcher: the card is gone once nothing is owed, so the page says it was recorded. */
  fetcher: FetcherWithComponents<OrderActionResult>;
  /** Told the amount when the payment is submitted. */
  onSubmit: (owedCents: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const [method, setMethod] = useState<ManualPaymentMethod>("bank_transfer");
  const [reference, setReference] = useState("");
  const [confirming, setConfirming] = useState(false);
  const amount = formatMoney(owedCents, currency, i18n.language);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    setConfirming(false);
    if (result.ok) setReference("");
  }, [fetcher.state, fetcher.data]);

  return (
    <AdminCard title={t("adminOrders.money.markPaidTitle")} className="print:hidden">
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reference.trim()) notify.error(t("adminOrders.money.referenceHint"));
          else setConfirming(true);
        }}
      >
        <p className="text-sm text-ink-muted">{t("adminOrders.money.markPaidHint", { amount })}</p>
        <Select
          label={t("adminOrders.money.method")}
          value={method}
          onChange={(value) => value && setMethod(value as ManualPaymentMethod)}
          options={MANUAL_PAYMENT_METHODS.map((value) => ({
            value,
            label: t(`adminOrders.method.${value}`),
          }))}
        />
        <PaymentReferenceField value={reference} onChange={setReference} />
        <div>
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
            {t("adminOrders.money.markPaid")}
          </Button>
        </div>
      </form>
      <MoneyConfirmDialog
        isOpen={confirming}
        title={t("adminOrders.money.markPaidQuestion", {
          amount,
          method: t(`adminOrders.method.${method}`).toLowerCase(),
        })}
        effects={[t("adminOrders.money.markPaidEffect", { context: contents })]}
        confirmLabel={t("adminOrders.money.markPaidConfirm")}
        busy={fetcher.state !== "idle"}
        onConfirm={() => {
          onSubmit(owedCents);
          fetcher.submit({ intent: "mark-paid", method, reference }, { method: "post" });
        }}
        onCancel={() => setConfirming(false)}
      />
    </AdminCard>
  );
}
