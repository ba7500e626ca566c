import { Wallet } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { AdminCard } from "~/components/admin/admin-page";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Select, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { formatMoney } from "~/lib/format";
import { toMinorUnits } from "~/lib/minor-units";
import type { CreditAccountView } from "~server/modules/credit/credit.schemas";
import type { DateFormatter } from "~shared/date-formats";
import { CreditLedgerTable } from "./credit-ledger-table";

type Result = { ok: true; message?: string } | { ok: false; message: string };

/**
 * The customer's credit on their page: the balance and the ledger; staff who may change customers
 * top it up or adjust it (with a reason), after a confirmation naming the amount.
 */
export function CreditCard({
  customerName,
  account,
  canChange,
  dates,
}: {
  customerName: string;
  account: CreditAccountView;
  canChange: boolean;
  dates: DateFormatter;
}) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<Result>();
  const [kind, setKind] = useState<"top_up" | "adjustment">("top_up");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const announced = useRef<Result | null>(null);
  const money = (cents: number) => formatMoney(cents, account.currency, i18n.language);
  const cents = toMinorUnits(amount, account.currency, { signed: kind === "adjustment" });

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || announced.current === result) return;
    announced.current = result;
    setConfirming(false);
    if (!result.ok) notify.error(result.message);
    else {
      notify.success(result.message ?? t("credit.admin.done"));
      setAmount("");
      setReason("");
    }
  }, [fetcher.state, fetcher.data, t]);

  return (
    <AdminCard title={t("credit.admin.title")}>
      <p className="text-sm text-ink-muted">
        {t("credit.balance")}:{" "}
        <strong className="text-lg text-ink tabular-nums" data-testid="credit-balance">
          {money(account.balanceCents)}
        </strong>
      </p>
      <div className="mt-4">
        <CreditLedgerTable
          entries={account.entries}
          currency={account.currency}
          dates={dates}
          showStaff
          orderLink={adminPaths.order}
        />
      </div>
      {canChange && (
        <form
          className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (cents === null) notify.error(t("credit.admin.amountError"));
            else if (kind === "adjustment" && !reason.trim()) notify.error(t("credit.admin.reasonError"));
            else setConfirming(true);
          }}
        >
          <h3 className="text-base font-semibold text-ink sm:col-span-3">{t("credit.admin.changeTitle")}</h3>
          <Select
            label={t("credit.admin.kind")}
            value={kind}
            onChange={(value) => setKind(value === "adjustment" ? "adjustment" : "top_up")}
            options={[
              { value: "top_up", label: t("credit.kinds.top_up") },
              { value: "adjustment", label: t("credit.kinds.adjustment") },
            ]}
          />
          <TextField
            label={t("credit.admin.amount", { currency: account.currency })}
            description={kind === "adjustment" ? t("credit.admin.adjustHint") : undefined}
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            isRequired
          />
          <TextField
            label={t("credit.admin.reason")}
            value={reason}
            onChange={setReason}
            maxLength={300}
            isRequired={kind === "adjustment"}
          />
          <div className="sm:col-span-3">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {kind === "top_up" ? t("credit.admin.topUp") : t("credit.admin.adjust")}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title={t(kind === "top_up" ? "credit.admin.topUpQuestion" : "credit.admin.adjustQuestion", {
          name: customerName,
          amount: money(cents ?? 0),
        })}
        confirmLabel={kind === "top_up" ? t("credit.admin.topUp") : t("credit.admin.adjust")}
        cancelLabel={t("credit.admin.goBack")}
        icon={<Wallet aria-hidden="true" className="size-6" />}
        busy={fetcher.state !== "idle"}
        onConfirm={() =>
          fetcher.submit(
            { intent: "credit", kind, amountCents: String(cents ?? 0), reason },
            { method: "post" },
          )
        }
        onCancel={() => setConfirming(false)}
      >
        <p className="mt-3 text-sm text-ink-muted">
          {t("credit.admin.balanceAfter", { amount: money(account.balanceCents + (cents ?? 0)) })}
        </p>
      </ConfirmDialog>
    </AdminCard>
  );
}
