import { ReceiptLines, ReceiptPaper } from "~/features/pos/receipt-paper";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import type { RouteHandle } from "~/root";
import { formatFullMoney } from "~shared/money";
import type { Route } from "./+types/receipt";

/** Full screen: no site header or footer; the page has its own main. */
export const handle: RouteHandle = { chrome: false, landmarks: "own" };

export { PosError as ErrorBoundary } from "~/features/pos/pos-error";
export { loader } from "./receipt.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return [
    ...(root && loaderData
      ? [{ title: translator(root)("adminPos.receipt.title", { number: loaderData.receipt.order.number }) }]
      : []),
    { name: "robots", content: "noindex" },
  ];
};

/** A printable receipt, as wide as the receipt-width setting (58 or 80 mm). */
export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { receipt, language } = loaderData;
  const money = (cents: number) => formatFullMoney(cents, receipt.order.currency, language);
  const { dateTime } = useDates({ timeZone: receipt.timeZone });
  return (
    <ReceiptPaper label={t("adminPos.receipt.label")} width={receipt.width} shop={receipt.shop}>
      <p>{t("adminPos.receipt.order", { number: receipt.order.number })}</p>
      {receipt.order.invoiceNumber && (
        <p>{t("adminPos.receipt.invoice", { number: receipt.order.invoiceNumber })}</p>
      )}
      <p>{dateTime.format(new Date(receipt.order.placedAt))}</p>
      {receipt.order.cashier && <p>{t("adminPos.receipt.cashier", { name: receipt.order.cashier })}</p>}
      <p>{t("adminPos.receipt.customer", { name: receipt.order.customer })}</p>
      {receipt.order.tableInfo && (
        <p>{t("adminPosRestaurant.tableLine", { table: receipt.order.tableInfo })}</p>
      )}
      <hr className="my-2 border-dashed border-black" />
      <ReceiptLines lines={receipt.lines} money={money} />
      <hr className="my-2 border-dashed border-black" />
      <dl className="grid grid-cols-[1fr_auto] gap-x-2">
        <dt>{t("adminPos.subtotal")}</dt>
        <dd className="text-right">{money(receipt.subtotalCents)}</dd>
        {receipt.discountCents > 0 && (
          <>
            <dt>{t("adminPos.discount")}</dt>
            <dd className="text-right">−{money(receipt.discountCents)}</dd>
          </>
        )}
        <dt className="font-bold">{t("adminPos.total")}</dt>
        <dd className="text-right font-bold">{money(receipt.totalCents)}</dd>
        {receipt.taxes.map((tax) => (
          <div key={`${tax.name}/${tax.rateBp}`} className="contents">
            <dt>
              {t("adminPos.receipt.taxLine", {
                name: tax.name.includes("%") ? tax.name : `${tax.name} ${tax.rateBp / 100} %`,
              })}
            </dt>
            <dd className="text-right">{money(tax.taxCents)}</dd>
          </div>
        ))}
      </dl>
      <hr className="my-2 border-dashed border-black" />
      <dl className="grid grid-cols-[1fr_auto] gap-x-2">
        {receipt.payments.map((payment, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: payments are listed once, in the order they were taken
          <div key={index} className="contents">
            <dt>
              {t(`adminPos.method.${payment.method}`, { defaultValue: payment.method })}
              {payment.cardLast4 ? ` •••• ${payment.cardLast4}` : ""}
            </dt>
            <dd className="text-right">{money(payment.amountCents)}</dd>
            {payment.tenderedCents !== null && (
              <>
                <dt>{t("adminPos.receipt.tendered")}</dt>
                <dd className="text-right">{money(payment.tenderedCents)}</dd>
              </>
            )}
          </div>
        ))}
        <dt className="font-bold">{t("adminPos.receipt.change")}</dt>
        <dd className="text-right font-bold">{money(receipt.changeCents)}</dd>
      </dl>
      {receipt.order.notes && <p className="mt-2">{receipt.order.notes}</p>}
      {receipt.footer && <p className="mt-3 text-center whitespace-pre-line">{receipt.footer}</p>}
    </ReceiptPaper>
  );
}
