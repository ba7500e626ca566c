import { Undo2 } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Checkbox, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { PinField } from "./cashier-sign-in";
import { type PosOrderDetail, type PosOrderSummary, type PosReturnResult, posApi } from "./pos-api";
import { useErrorText } from "./use-error-text";

type Step = "choose" | "restock" | "receipt";

/**
 * Returns at the counter: find the sale (receipt number or the recent sales), tick the items, say
 * whether they go back in stock and whether a return receipt is printed; the refund goes back the
 * way the sale was paid.
 */
export function ReturnDesk({
  money,
  register,
  askPin,
}: {
  money(cents: number): string;
  register: string | null;
  askPin: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<PosOrderSummary[]>([]);
  const [order, setOrder] = useState<PosOrderDetail | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [step, setStep] = useState<Step>("choose");
  const [restock, setRestock] = useState(true);
  const [pin, setPin] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ result: PosReturnResult; receipt: boolean } | null>(null);

  const look = useCallback(
    async (text: string) => {
      try {
        setFound(await posApi.orders(text.trim()));
      } catch (failure) {
        setError(errorText(failure));
      }
    },
    [errorText],
  );

  useEffect(() => {
    void look("");
  }, [look]);

  async function find(event: FormEvent) {
    event.preventDefault();
    setError(null);
    await look(search);
  }

  async function open(summary: PosOrderSummary) {
    setError(null);
    setDone(null);
    setChosen([]);
    try {
      const detail = await posApi.order(summary.id);
      setOrder(detail);
      if (detail.returned) setError(t("adminPos.errors.ORDER_ALREADY_RETURNED"));
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  async function submit(receipt: boolean) {
    if (!order) return;
    setBusy(true);
    setError(null);
    try {
      const result = await posApi.returnItems(order.id, {
        lineIds: chosen,
        restock,
        ...(register ? { register } : {}),
        ...(askPin ? { pin } : {}),
      });
      setDone({ result, receipt });
      setOrder(null);
      setChosen([]);
      setPin("");
      await look(search);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
      setStep("choose");
    }
  }

  const method = (value: string) => t(`adminPos.method.${value}`, { defaultValue: value });

  return (
    <section
      aria-labelledby="pos-returns"
      className="grid content-start gap-4 rounded-2xl bg-surface p-4 shadow-sm"
    >
      <h2 id="pos-returns" className="text-lg font-semibold">
        {t("adminPos.returns.title")}
      </h2>
      {done && (
        <div role="status" className="grid gap-2 rounded-lg bg-primary-soft p-3 text-on-primary-soft">
          <p className="font-semibold">{t("adminPos.returns.done")}</p>
          <p>
            {t("adminPos.returns.refunded", {
              lines: done.result.refunds
                .map((row) => `${method(row.method)} ${money(row.amountCents)}`)
                .join(", "),
            })}
          </p>
          {done.receipt && (
            <Link to={adminPaths.posReturnReceipt(done.result.orderId)} className="font-semibold underline">
              {t("adminPos.returns.printReturnReceipt")}
            </Link>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="font-semibold text-danger">
          {error}
        </p>
      )}
      {order ? (
        <div className="grid gap-3">
          <h3 className="font-semibold">{t("adminPos.returns.order", { number: order.number })}</h3>
          <p className="text-sm text-ink-muted">
            {t("adminPos.returns.paidWith", {
              methods: order.payments
                .map((row) => `${method(row.method)} ${money(row.amountCents)}`)
                .join(", "),
            })}
          </p>
          <fieldset className="grid gap-1" disabled={order.returned}>
            <legend className="mb-1 text-sm font-semibold">{t("adminPos.returns.choose")}</legend>
            {order.lines.map((line) => (
              <Checkbox
                key={line.id}
                isDisabled={order.returned}
                isSelected={chosen.includes(line.id)}
                onChange={(selected) =>
                  setChosen((current) =>
                    selected ? [...current, line.id] : current.filter((id) => id !== line.id),
                  )
                }
              >
                {t("adminPos.returns.lineLabel", {
                  quantity: line.quantity,
                  title: line.title,
                  total: money(line.totalCents),
                })}
              </Checkbox>
            ))}
          </fieldset>
          {askPin && !order.returned && (
            <PinField label={t("adminPos.cashier.pinAgain")} value={pin} onChange={setPin} />
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              size="lg"
              disabled={busy || order.returned || chosen.length === 0 || (askPin && pin.length < 4)}
              onClick={() => setStep("restock")}
            >
              {t("adminPos.returns.submit")}
            </Button>
            <Button variant="secondary" size="lg" onClick={() => setOrder(null)}>
              {t("adminPos.returns.back")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-3">
          <form onSubmit={find} className="flex flex-wrap items-end gap-2">
            <TextField
              label={t("adminPos.returns.find")}
              value={search}
              maxLength={100}
              onChange={setSearch}
              className="min-w-0 flex-1"
            />
            <Button type="submit" variant="secondary">
              {t("adminPos.returns.findButton")}
            </Button>
          </form>
          <h3 className="text-sm font-semibold">{t("adminPos.returns.recent")}</h3>
          {found.length === 0 ? (
            <p className="text-ink-muted">{t("adminPos.returns.none")}</p>
          ) : (
            <ul className="grid gap-2">
              {found.map((row) => (
                <li key={row.id}>
                  <Button
                    variant="secondary"
                    className="w-full justify-between"
                    onClick={() => void open(row)}
                  >
                    <span>
                      {t("adminPos.returns.orderLine", {
                        number: row.number,
                        customer: row.customer,
                        total: money(row.totalCents),
                      })}
                    </span>
                    {row.returned && (
                      <span className="text-sm text-ink-muted">{t("adminPos.returns.returned")}</span>
                    )}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ConfirmDialog
        isOpen={step === "restock"}
        icon={<Undo2 aria-hidden="true" />}
        title={t("adminPos.returns.restockQuestion")}
        confirmLabel={t("adminPos.returns.yes")}
        cancelLabel={t("adminPos.returns.no")}
        onConfirm={() => {
          setRestock(true);
          setStep("receipt");
        }}
        onCancel={() => {
          setRestock(false);
          setStep("receipt");
        }}
        onDismiss={() => setStep("choose")}
      />
      <ConfirmDialog
        isOpen={step === "receipt"}
        icon={<Undo2 aria-hidden="true" />}
        title={t("adminPos.returns.receiptQuestion")}
        confirmLabel={t("adminPos.returns.yes")}
        cancelLabel={t("adminPos.returns.no")}
        busy={busy}
        onConfirm={() => void submit(true)}
        onCancel={() => void submit(false)}
        onDismiss={() => setStep("choose")}
      />
    </section>
  );
}
