import { useState } from "react";
import { TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import type { PosSaleBody, PosSettings } from "~server/modules/pos/pos.schemas";
import type { PosCustomer } from "./cart";
import { PinField } from "./cashier-sign-in";
import { type PosQuote, parseAmount } from "./pos-api";

export type PosPayments = PosSaleBody["payments"];

/**
 * How the quoted total is paid: the chosen customer's credit (up to their balance), card (with its
 * last digits), and the rest in cash, with change.
 */
export function PaymentPanel({
  quote,
  settings,
  customer,
  money,
  busy,
  onPay,
}: {
  quote: PosQuote;
  settings: PosSettings;
  customer: PosCustomer | null;
  money(cents: number): string;
  busy: boolean;
  onPay(payments: PosPayments, pin: string | null): void;
}) {
  const { t } = useTranslation();
  const [creditAmount, setCreditAmount] = useState("");
  const [cardAmount, setCardAmount] = useState("");
  const [cardLast4, setCardLast4] = useState("");
  const [tendered, setTendered] = useState("");
  const [pin, setPin] = useState("");
  const askPin = settings.pinRule === "every-action";

  const total = quote.totalCents;
  const credit = customer ? (parseAmount(creditAmount || "0") ?? -1) : 0;
  const card = parseAmount(cardAmount || "0") ?? -1;
  const cashDue = total - Math.max(0, credit) - Math.max(0, card);
  const cashTendered = tendered ? parseAmount(tendered) : cashDue;
  const change = cashTendered !== null && cashDue > 0 ? cashTendered - cashDue : 0;
  const payProblem =
    credit < 0 || credit > total || (customer && credit > customer.creditCents)
      ? "credit"
      : card < 0 || card > total - credit
        ? "card"
        : card > 0 && !/^\d{4}$/.test(cardLast4)
          ? "last4"
          : cashDue > 0 && (cashTendered === null || cashTendered < cashDue)
            ? "tendered"
            : askPin && !/^\d{4,8}$/.test(pin)
              ? "pin"
              : null;

  function pay() {
    if (payProblem) return;
    onPay(
      [
        ...(credit > 0 ? [{ method: "credit" as const, amountCents: credit }] : []),
        ...(card > 0 ? [{ method: "card" as const, amountCents: card, cardLast4 }] : []),
        ...(cashDue > 0
          ? [{ method: "cash" as const, amountCents: cashDue, tenderedCents: cashTendered ?? cashDue }]
          : []),
      ],
      askPin ? pin : null,
    );
  }

  return (
    <fieldset className="grid gap-2 border-t border-line pt-3">
      <legend className="text-sm font-semibold">{t("adminPos.payment")}</legend>
      {customer && customer.creditCents > 0 && (
        <TextField
          label={t("adminPos.creditAmount", { balance: money(customer.creditCents) })}
          inputMode="decimal"
          value={creditAmount}
          maxLength={12}
          onChange={setCreditAmount}
        />
      )}
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label={t("adminPos.cardAmount")}
          inputMode="decimal"
          value={cardAmount}
          maxLength={12}
          onChange={setCardAmount}
        />
        <TextField
          label={t("adminPos.cardLast4")}
          inputMode="numeric"
          maxLength={4}
          value={cardLast4}
          onChange={(value) => setCardLast4(value.replace(/\D/g, ""))}
        />
      </div>
      <p>{t("adminPos.cashDue", { amount: money(Math.max(0, cashDue)) })}</p>
      {cashDue > 0 && (
        <TextField
          label={t("adminPos.tendered")}
          inputMode="decimal"
          value={tendered}
          maxLength={12}
          onChange={setTendered}
        />
      )}
      {change > 0 && (
        <p className="text-lg font-semibold">{t("adminPos.changeDue", { amount: money(change) })}</p>
      )}
      {askPin && <PinField label={t("adminPos.cashier.pinAgain")} value={pin} onChange={setPin} />}
      {payProblem && <p className="text-sm text-ink-muted">{t(`adminPos.payProblem.${payProblem}`)}</p>}
      <Button size="lg" disabled={busy || payProblem !== null} onClick={pay}>
        {t("adminPos.pay", { amount: money(total) })}
      </Button>
    </fieldset>
  );
}
