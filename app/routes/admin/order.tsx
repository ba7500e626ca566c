import { Download, Printer } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Link, useFetcher } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { Checkbox, Select, TextField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { CreditNoteList } from "~/features/invoices/credit-note-list";
import { InvoiceSheet } from "~/features/invoices/invoice-sheet";
import { MarkPaidCard } from "~/features/orders/mark-paid-card";
import { MarkShippedCard } from "~/features/orders/mark-shipped-card";
import { MoneyConfirmDialog } from "~/features/orders/money-confirm-dialog";
import type { OrderActionResult } from "~/features/orders/order-action-result";
import { orderContents } from "~/features/orders/order-contents";
import { OrderStatusBadge } from "~/features/orders/order-status-badge";
import { PartialRefundCard } from "~/features/orders/partial-refund-card";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import { returnRefundCents } from "~shared/refunds";
import type { Route } from "./+types/order";

export { action, loader } from "./order.server";

export const meta: Route.MetaFunction = ({ matches, data: loaded }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root || !loaded) return [];
  return [{ title: translator(root)("adminOrders.detail.title", { number: loaded.order.number }) }];
};

/** A yes/no question in a modal dialog (the spec's restock and receipt questions). */
function Question({
  isOpen,
  question,
  onAnswer,
}: {
  isOpen: boolean;
  question: string;
  onAnswer: (yes: boolean | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onAnswer(null)}
      isDismissable
      className="fixed inset-0 z-50 grid place-items-center bg-black/50 p-4 print:hidden"
    >
      <Modal className="w-full max-w-md rounded-xl bg-surface p-6 shadow-card">
        <Dialog role="alertdialog" className="outline-none">
          <Heading slot="title" className="text-lg font-semibold text-ink">
            {question}
          </Heading>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={() => onAnswer(false)}>
              {t("adminOrders.detail.no")}
            </Button>
            <Button onClick={() => onAnswer(true)} autoFocus>
              {t("adminOrders.detail.yes")}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? "flex justify-between gap-4 border-t border-line pt-2 font-semibold"
          : "flex justify-between gap-4"
      }
    >
      <dt className={strong ? "text-ink" : "text-ink-muted"}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** One order: details, lines, totals, payments, status change, invoice (print, PDF) and returns. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order, invoice, timeZone } = loaderData;
  const canWrite = useCan("orders", "write");
  const lastMarkPaid = useRef(0);
  const mayRefund = useCan("refunds", "write");
  const canSeePos = useCan("pos", "read");
  const canRefund = canWrite && mayRefund;
  const markPaidFetcher = useFetcher<OrderActionResult>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to the fetcher finishing only
  useEffect(() => {
    const result = markPaidFetcher.data;
    if (markPaidFetcher.state !== "idle" || !result) return;
    if (result.ok) {
      notify.success(t("adminOrders.money.markPaidDone", { amount: money(lastMarkPaid.current) }));
    } else notify.error(result.message);
  }, [markPaidFetcher.state, markPaidFetcher.data]);
  const resendFetcher = useFetcher<OrderActionResult>();
  useEffect(() => {
    const result = resendFetcher.data;
    if (resendFetcher.state !== "idle" || !result) return;
    if (result.ok && result.message) notify.success(result.message);
    else if (!result.ok) notify.error(result.message);
  }, [resendFetcher.state, resendFetcher.data]);
  const money = (cents: number) => formatMoney(cents, order.currency, i18n.language);
  /** The texts fit what the order holds: courses (access, seats), products (stock), or both. */
  const context = orderContents(order.lines);
  const dateTime = useDates({ timeZone }).dateTime;
  const when = (iso: string) => dateTime.format(new Date(iso));

  /** Received and not given back yet: what a cancellation refunds. */
  const paidCents = order.payments
    .filter((payment) => payment.status === "succeeded")
    .reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
  /** Still owed: the total less everything received (refunds aside). */
  const owedCents =
    order.totalCents -
    order.payments
      .filter((payment) => payment.status === "succeeded")
      .reduce((sum, payment) => sum + payment.amountCents, 0);
  const statusFetcher = useFetcher<OrderActionResult>();
  const [nextStatus, setNextStatus] = useState<string | null>(order.nextStatuses[0] ?? null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [cancelledCents, setCancelledCents] = useState(0);
  useEffect(() => setNextStatus(order.nextStatuses[0] ?? null), [order.nextStatuses]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to the fetcher finishing only
  useEffect(() => {
    const result = statusFetcher.data;
    if (statusFetcher.state !== "idle" || !result) return;
    setConfirmingCancel(false);
    if (!result.ok) notify.error(result.message);
    else if (result.status === "cancel")
      notify.success(
        `${t("adminOrders.statusChanged", { number: order.number, status: t("adminOrders.status.cancel") })} ${
          cancelledCents > 0
            ? t("adminOrders.money.cancelDone", { amount: money(cancelledCents), context })
            : t("adminOrders.money.cancelDoneNoMoney", { context })
        }`,
      );
    else
      notify.success(
        t("adminOrders.statusChanged", {
          number: order.number,
          status: t(`adminOrders.status.${result.status}`),
        }),
      );
  }, [statusFetcher.state, statusFetcher.data]);

  const returnFetcher = useFetcher<OrderActionResult>();
  const [chosen, setChosen] = useState<string[]>([]);
  const chosenLines = order.lines.filter((line) => chosen.includes(line.id));
  const [returnedContext, setReturnedContext] = useState(context);
  const [reason, setReason] = useState("");
  const [asking, setAsking] = useState<"money" | "restock" | "receipt" | null>(null);
  const returnCents = returnRefundCents({
    linesCents: chosenLines.reduce((sum, line) => sum + line.totalCents, 0),
    subtotalCents: order.subtotalCents,
    paidCents,
  });
  const [returnedCents, setReturnedCents] = useState(0);
  const [printingReturn, setPrintingReturn] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to the fetcher finishing only
  useEffect(() => {
    const result = returnFetcher.data;
    if (returnFetcher.state !== "idle" || !result) return;
    if (result.ok) {
      notify.success(
        `${t("adminOrders.detail.returnDone")} ${t("adminOrders.money.returnDone", { amount: money(returnedCents), context: returnedContext })}`,
      );
      setChosen([]);
      setReason("");
      setAsking("receipt");
    } else notify.error(result.message);
  }, [returnFetcher.state, returnFetcher.data]);
  useEffect(() => {
    if (!printingReturn) return;
    const done = () => setPrintingReturn(false);
    window.addEventListener("afterprint", done, { once: true });
    window.print();
    return () => window.removeEventListener("afterprint", done);
  }, [printingReturn]);

  const submitReturn = (restock: boolean) => {
    setReturnedCents(returnCents);
    setReturnedContext(orderContents(chosenLines));
    const form = new FormData();
    form.set("intent", "return");
    form.set("restock", String(restock));
    form.set("reason", reason);
    for (const id of chosen) form.append("lineIds", id);
    returnFetcher.submit(form, { method: "post" });
  };
  const returnable = order.status === "processing" || order.status === "delivered";
  const returnedLines = order.lines.filter((line) => line.returned);
  const returnedContents = orderContents(returnedLines);

  return (
    <>
      <AdminPage
        title={t("adminOrders.detail.title", { number: order.number })}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} />
            <span>
              {t("adminOrders.detail.placed")}: {when(order.createdAt)}
            </span>
          </span>
        }
        back={{ to: adminPaths.orders(), label: t("adminOrders.detail.back") }}
        className={printingReturn ? "print:hidden" : undefined}
      >
        <div className="grid gap-6 lg:grid-cols-3 print:block">
          <div className="grid gap-6 lg:col-span-2 print:hidden">
            <AdminCard title={t("adminOrders.detail.lines", { context })}>
              <div className="relative overflow-x-auto">
                <table className="w-full text-sm">
                  <thead>
                    <tr className="border-b border-line text-left text-ink-muted">
                      <th className="py-2 pr-3 font-semibold">
                        {t("adminOrders.detail.course", { context })}
                      </th>
                      <th className="py-2 pr-3 text-right font-semibold">{t("adminOrders.detail.price")}</th>
                      <th className="py-2 pr-3 text-right font-semibold">
                        {t("adminOrders.detail.quantity")}
                      </th>
                      <th className="py-2 text-right font-semibold">{t("adminOrders.detail.lineTotal")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {order.lines.map((line) => (
                      <tr key={line.id} className="border-b border-line last:border-0">
                        <td className="py-2 pr-3">
                          {line.title}
                          {line.returned && (
                            <span className="ml-2 rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">
                              {t("adminOrders.detail.returned")}
                            </span>
                          )}
                        </td>
                        <td className="py-2 pr-3 text-right tabular-nums">{money(line.unitPriceCents)}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{line.quantity}</td>
                        <td className="py-2 text-right tabular-nums">{money(line.totalCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <dl className="mt-4 ml-auto grid max-w-xs gap-1 text-sm">
                <Row label={t("adminOrders.detail.subtotal")}>{money(order.subtotalCents)}</Row>
                {order.discountCents > 0 && (
                  <Row
                    label={`${t("adminOrders.detail.discount")}${order.couponCode ? ` (${order.couponCode})` : ""}`}
                  >
                    −{money(order.discountCents)}
                  </Row>
                )}
                {order.taxLines.map((tax) => (
                  <Row
                    key={`${tax.name}-${tax.rateBp}`}
                    label={
                      order.reverseCharge
                        ? t("adminOrders.detail.reverseCharge", {
                            country: order.buyer.country ?? "",
                            vatNumber: order.buyer.vatNumber ?? "",
                          })
                        : t("adminOrders.detail.vatOver", {
                            rate: new Intl.NumberFormat(i18n.language, {
                              style: "percent",
                              maximumFractionDigits: 2,
                            }).format(tax.rateBp / 10_000),
                            base: money(tax.baseCents),
                          })
                    }
                  >
                    {money(tax.taxCents)}
                  </Row>
                ))}
                <Row label={t("adminOrders.detail.total")} strong>
                  {money(order.totalCents)}
                </Row>
                {order.currency !== order.baseCurrency && (
                  <>
                    <Row label={t("currency.order.baseTotal", { currency: order.baseCurrency })}>
                      {formatMoney(order.baseTotalCents, order.baseCurrency, i18n.language)}
                    </Row>
                    <Row label={t("currency.order.rate")}>
                      {`1 ${order.baseCurrency} = ${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 8 }).format(Number(order.exchangeRate))} ${order.currency}`}
                    </Row>
                  </>
                )}
              </dl>
            </AdminCard>

            {order.paymentOverdueAt && (
              <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm font-semibold text-danger">
                {t("adminOrders.detail.overdue", { date: when(order.paymentOverdueAt), context })}
              </p>
            )}
            <AdminCard title={t("adminOrders.detail.payments")}>
              {order.payments.length === 0 ? (
                <p className="text-sm text-ink-muted">{t("adminOrders.detail.noPayments")}</p>
              ) : (
                <ul className="grid gap-2 text-sm">
                  {order.payments.map((payment) => (
                    <li
                      key={payment.id}
                      className="flex flex-wrap justify-between gap-2 rounded-lg bg-sunken px-3 py-2"
                    >
                      <span>
                        {t(`adminOrders.method.${order.paymentMethod}`)} · {t("adminOrders.detail.provider")}:{" "}
                        {payment.provider} · {when(payment.createdAt)}
                      </span>
                      <span className="font-semibold tabular-nums">
                        {money(payment.amountCents)} ·{" "}
                        {t(`adminOrders.detail.paymentStatus.${payment.status}`)}
                        {payment.refundedCents > 0 &&
                          ` · ${t("adminOrders.detail.refunded")} ${money(payment.refundedCents)}`}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {order.instalments.length > 1 && (
                <>
                  <h3 className="mt-4 mb-2 text-sm font-semibold text-ink">
                    {t("adminOrders.detail.instalments")}
                  </h3>
                  <ul className="grid gap-1 text-sm">
                    {order.instalments.map((instalment) => (
                      <li key={instalment.sequence} className="flex flex-wrap justify-between gap-x-2">
                        <span>
                          {instalment.sequence}. {t("adminOrders.detail.instalmentDue")}{" "}
                          {when(instalment.dueAt)}
                        </span>
                        <span className="tabular-nums">
                          {money(instalment.amountCents)} ·{" "}
                          {t(`adminOrders.detail.instalmentStatus.${instalment.status}`)}
                          {instalment.paidAt && ` ${when(instalment.paidAt)}`}
                        </span>
                        {instalment.lastFailedAt && instalment.status !== "paid" && (
                          <span className="w-full text-xs text-danger">
                            {t("adminOrders.detail.instalmentDeclined", {
                              count: instalment.attempts,
                              date: when(instalment.lastFailedAt),
                              error: instalment.lastError ?? "",
                            })}
                            {instalment.nextAttemptAt &&
                              ` ${t("adminOrders.detail.instalmentNext", { date: when(instalment.nextAttemptAt) })}`}
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </AdminCard>

            <AdminCard title={t("adminOrders.detail.returns")}>
              {order.return && (
                <p className="mb-4 rounded-lg bg-sunken px-3 py-2 text-sm">
                  {t("adminOrders.detail.returnInfo", {
                    date: when(order.return.createdAt),
                    amount: money(order.return.refundCents),
                    restock: order.return.restocked
                      ? t("adminOrders.detail.restocked", { context: returnedContents })
                      : t("adminOrders.detail.notRestocked", { context: returnedContents }),
                    context: returnedContents,
                  })}
                </p>
              )}
              {order.return ? null : !returnable ? (
                <p className="text-sm text-ink-muted">{t("adminOrders.detail.notReturnable")}</p>
              ) : (
                canWrite && (
                  <form
                    className="grid gap-3"
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (chosen.length === 0) notify.error(t("adminOrders.detail.chooseLines", { context }));
                      else setAsking("money");
                    }}
                  >
                    <p className="text-sm text-ink-muted">
                      {t("adminOrders.detail.returnHint", { context })}
                    </p>
                    <fieldset className="grid gap-2">
                      <legend className="sr-only">{t("adminOrders.detail.lines", { context })}</legend>
                      {order.lines
                        .filter((line) => !line.returned)
                        .map((line) => (
                          <Checkbox
                            key={line.id}
                            isSelected={chosen.includes(line.id)}
                            onChange={(selected: boolean) =>
                              setChosen((now) =>
                                selected ? [...now, line.id] : now.filter((id) => id !== line.id),
                              )
                            }
                          >
                            {`${line.title} (${money(line.totalCents)})`}
                          </Checkbox>
                        ))}
                    </fieldset>
                    <TextField
                      label={t("adminOrders.detail.reason")}
                      value={reason}
                      onChange={setReason}
                      maxLength={500}
                    />
                    <div>
                      <Button type="submit" variant="secondary" disabled={returnFetcher.state !== "idle"}>
                        {t("adminOrders.detail.returnSubmit")}
                      </Button>
                    </div>
                  </form>
                )
              )}
            </AdminCard>
          </div>

          <div className="grid content-start gap-6 print:block">
            <AdminCard title={t("adminOrders.detail.customer")} className="print:hidden">
              <p className="font-semibold text-ink">{order.customer.name}</p>
              <p className="text-sm text-ink-muted">{order.customer.email}</p>
              <p className="mt-2 text-sm">
                {t("adminOrders.detail.channel")}: {t(`adminOrders.channel.${order.channel}`)}
              </p>
              {order.seller && (
                <p className="text-sm">{t("adminOrders.detail.seller", { name: order.seller })}</p>
              )}
              {order.tableInfo && (
                <p className="text-sm">{t("adminOrders.detail.table", { table: order.tableInfo })}</p>
              )}
              {order.notes && (
                <p className="mt-2 text-sm whitespace-pre-line">
                  <span className="font-semibold">{t("adminOrders.detail.notes")}</span> {order.notes}
                </p>
              )}
            </AdminCard>

            {canWrite && order.status !== "cancel" && owedCents > 0 && (
              <MarkPaidCard
                contents={context}
                owedCents={owedCents}
                currency={order.currency}
                fetcher={markPaidFetcher}
                onSubmit={(cents) => {
                  lastMarkPaid.current = cents;
                }}
              />
            )}
            {order.shipping && (
              <MarkShippedCard
                shipping={order.shipping}
                canShip={
                  canWrite &&
                  order.status !== "cancel" &&
                  (order.status !== "pending" || order.paymentMethod === "cod")
                }
                money={money}
              />
            )}
            {canRefund && order.status !== "cancel" && paidCents > 0 && (
              <PartialRefundCard contents={context} refundableCents={paidCents} currency={order.currency} />
            )}
            <AdminCard title={t("adminOrders.detail.statusCard")} className="print:hidden">
              {order.nextStatuses.length === 0 ? (
                <p className="text-sm text-ink-muted">{t("adminOrders.detail.final")}</p>
              ) : (
                canWrite && (
                  <statusFetcher.Form
                    method="post"
                    className="grid gap-3"
                    onSubmit={(event) => {
                      if (nextStatus !== "cancel" || confirmingCancel) return;
                      event.preventDefault();
                      setConfirmingCancel(true);
                    }}
                  >
                    <input type="hidden" name="intent" value="status" />
                    <Select
                      label={t("adminOrders.detail.newStatus")}
                      name="status"
                      value={nextStatus}
                      onChange={setNextStatus}
                      options={order.nextStatuses.map((status) => ({
                        value: status,
                        label: t(`adminOrders.status.${status}`),
                      }))}
                    />
                    {nextStatus === "cancel" &&
                      order.payments.some((payment) => payment.status === "succeeded") && (
                        <p className="text-xs text-ink-muted">
                          {t("adminOrders.detail.cancelPaidHint", { context })}
                        </p>
                      )}
                    <Button type="submit" disabled={statusFetcher.state !== "idle"}>
                      {t("adminOrders.detail.apply")}
                    </Button>
                  </statusFetcher.Form>
                )
              )}
              {order.statusHistory.length > 0 && (
                <>
                  <h3 className="mt-4 mb-2 text-sm font-semibold text-ink">
                    {t("adminOrders.detail.history")}
                  </h3>
                  <ol className="grid gap-1 text-sm">
                    {order.statusHistory.map((step) => (
                      <li key={`${step.at}-${step.to}`}>
                        {t("adminOrders.detail.historyLine", {
                          from: t(`adminOrders.status.${step.from}`),
                          to: t(`adminOrders.status.${step.to}`),
                        })}{" "}
                        <span className="text-ink-muted">
                          · {when(step.at)}
                          {step.by ? ` · ${t("adminOrders.detail.by", { who: step.by })}` : ""}
                        </span>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </AdminCard>
          </div>
        </div>

        <AdminCard
          title={t("adminOrders.detail.invoice")}
          className="print:border-0 print:p-0 print:shadow-none"
        >
          {invoice ? (
            <>
              <div className="mb-4 flex flex-wrap gap-2 print:hidden">
                <Button variant="secondary" onClick={() => window.print()}>
                  <Printer aria-hidden="true" className="size-4" />
                  {t("adminOrders.detail.print")}
                </Button>
                {order.channel === "pos" && canSeePos && (
                  <Link
                    to={adminPaths.posReceipt(order.id)}
                    className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-4 text-sm font-semibold text-ink hover:bg-sunken focus-visible:outline-3 focus-visible:outline-focus"
                  >
                    <Printer aria-hidden="true" className="size-4" />
                    {t("adminPos.receipt.reprint")}
                  </Link>
                )}
                <a
                  href={`/api/admin/invoices/${invoice.id}/pdf?lng=${i18n.language}`}
                  download
                  className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-4 text-sm font-semibold text-ink hover:bg-sunken focus-visible:outline-3 focus-visible:outline-focus"
                >
                  <Download aria-hidden="true" className="size-4" />
                  {t("adminOrders.detail.pdf")}
                </a>
                {canWrite && order.status !== "cancel" && (
                  <Button
                    variant="secondary"
                    disabled={resendFetcher.state !== "idle"}
                    onClick={() =>
                      resendFetcher.submit({ intent: "resend-confirmation" }, { method: "post" })
                    }
                  >
                    {t("adminOrders.money.resend")}
                  </Button>
                )}
              </div>
              <InvoiceSheet invoice={invoice} headingLevel={2} />
              <CreditNoteList
                invoice={invoice}
                headingLevel={3}
                pdfUrl={(id) => `/api/admin/credit-notes/${id}/pdf?lng=${i18n.language}`}
              />
            </>
          ) : (
            <p className="text-sm text-ink-muted">{t("adminOrders.detail.noInvoice")}</p>
          )}
        </AdminCard>

        <MoneyConfirmDialog
          isOpen={confirmingCancel}
          title={
            paidCents > 0
              ? t("adminOrders.money.cancelRefundTitle", { number: order.number, amount: money(paidCents) })
              : t("adminOrders.money.cancelTitle", { number: order.number })
          }
          effects={[
            paidCents > 0
              ? t("adminOrders.money.refundEffect", { amount: money(paidCents) })
              : t("adminOrders.money.noMoney"),
            t("adminOrders.money.accessEnds", { context }),
            ...(order.instalments.some((instalment) => instalment.status === "scheduled")
              ? [t("adminOrders.money.instalmentsEnd")]
              : []),
          ]}
          confirmLabel={
            paidCents > 0 ? t("adminOrders.money.cancelConfirm") : t("adminOrders.money.cancelConfirmNoMoney")
          }
          busy={statusFetcher.state !== "idle"}
          onConfirm={() => {
            setCancelledCents(paidCents);
            statusFetcher.submit({ intent: "status", status: "cancel" }, { method: "post" });
          }}
          onCancel={() => setConfirmingCancel(false)}
        />
        <MoneyConfirmDialog
          isOpen={asking === "money"}
          title={t("adminOrders.money.returnTitle", {
            count: chosen.length,
            amount: money(returnCents),
            context: orderContents(chosenLines),
          })}
          effects={[
            t("adminOrders.money.refundEffect", { amount: money(returnCents) }),
            ...(chosenLines.some((line) => line.kind === "course")
              ? [t("adminOrders.money.returnAccess")]
              : []),
          ]}
          confirmLabel={t("adminOrders.money.returnConfirm")}
          onConfirm={() => setAsking("restock")}
          onCancel={() => setAsking(null)}
        />
        <Question
          isOpen={asking === "restock"}
          question={t("adminOrders.detail.restockQuestion")}
          onAnswer={(yes) => {
            setAsking(null);
            if (yes !== null) submitReturn(yes);
          }}
        />
        <Question
          isOpen={asking === "receipt"}
          question={t("adminOrders.detail.receiptQuestion")}
          onAnswer={(yes) => {
            setAsking(null);
            if (yes) setPrintingReturn(true);
          }}
        />
      </AdminPage>
      {printingReturn && order.return && (
        <section aria-label={t("adminOrders.detail.receiptTitle")} className="hidden print:block">
          <h2 className="text-xl font-bold">{t("adminOrders.detail.receiptTitle")}</h2>
          <p>{t("adminOrders.detail.receiptOrder", { number: order.number })}</p>
          <p>{order.customer.name}</p>
          <ul>
            {returnedLines.map((line) => (
              <li key={line.id}>
                {line.title} — {money(line.totalCents)}
              </li>
            ))}
          </ul>
          <p className="font-semibold">
            {t("adminOrders.detail.receiptRefund")}: {money(order.return.refundCents)}
          </p>
        </section>
      )}
    </>
  );
}
