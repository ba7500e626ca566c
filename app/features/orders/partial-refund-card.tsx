import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/format";
import { toMinorUnits } from "~/lib/minor-units";
import { MoneyConfirmDialog } from "./money-confirm-dialog";
import type { OrderActionResult } from "./order-action-result";
import type { OrderContents } from "./order-contents";

/**
 * A refund of a chosen amount with a reason, access unchanged; at most what is left of the money
 * received. Asks first (amount named), then says what was refunded.
 */
export function PartialRefundCard({
  contents,
  refundableCents,
  currency,
}: {
  /** What the order holds: only courses have access to keep. */
  contents: OrderContents;
  refundableCents: number;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<OrderActionResult>();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [refunded, setRefunded] = useState(0);
  const cents = toMinorUnits(amount, currency);
  const money = (value: number) => formatMoney(value, currency, i18n.language);
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to the fetcher finishing only
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    setConfirming(false);
    if (result.ok) {
      notify.success(t("adminOrders.money.refundDone", { amount: money(refunded) }));
      setAmount("");
      setReason("");
    } else notify.error(result.message);
  }, [fetcher.state, fetcher.data]);

  return (
    <AdminCard title={t("adminOrders.money.refundTitle")} className="print:hidden">
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (cents === null || cents > refundableCents)
            notify.error(t("adminOrders.money.refundAmountError", { amount: money(refundableCents) }));
          else if (!reason.trim()) notify.error(t("adminOrders.money.refundReasonError"));
          else setConfirming(true);
        }}
      >
        <p className="text-sm text-ink-muted">
          {t("adminOrders.money.refundHint", { amount: money(refundableCents), context: contents })}
        </p>
        <TextField
          label={t("adminOrders.money.refundAmount", { currency })}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          isRequired
        />
        <TextField
          label={t("adminOrders.money.refundReason")}
          value={reason}
          onChange={setReason}
          maxLength={500}
          isRequired
        />
        <div>
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
            {t("adminOrders.money.refundSubmit")}
          </Button>
        </div>
      </form>
      <MoneyConfirmDialog
        isOpen={confirming}
        title={t("adminOrders.money.refundQuestion", { amount: money(cents ?? 0) })}
        effects={[
          t("adminOrders.money.refundEffect", { amount: money(cents ?? 0) }),
          ...(contents === "products" ? [] : [t("adminOrders.money.accessStays")]),
        ]}
        confirmLabel={t("adminOrders.money.refundConfirm")}
        busy={fetcher.state !== "idle"}
        onConfirm={() => {
          setRefunded(cents ?? 0);
          fetcher.submit({ intent: "refund", amountCents: String(cents ?? 0), reason }, { method: "post" });
        }}
        onCancel={() => setConfirming(false)}
      />
    </AdminCard>
  );
}
