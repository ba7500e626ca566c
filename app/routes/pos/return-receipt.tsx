import { ReceiptLines, ReceiptPaper } from "~/features/pos/receipt-paper";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import type { RouteHandle } from "~/root";
import { formatFullMoney } from "~shared/money";
import type { Route } from "./+types/return-receipt";

/** Full screen: no site header or footer; the page has its own main. */
export const handle: RouteHandle = { chrome: false, landmarks: "own" };

export { PosError as ErrorBoundary } from "~/features/pos/pos-error";
export { loader } from "./return-receipt.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return [
    ...(root && loaderData
      ? [
          {
            title: translator(root)("adminPos.returnReceipt.title", {
              number: loaderData.receipt.order.number,
            }),
          },
        ]
      : []),
    { name: "robots", content: "noindex" },
  ];
};

/** The printable receipt of a return at the counter: the lines returned and the refund per method. */
export default function ReturnReceiptPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { receipt, language } = loaderData;
  const money = (cents: number) => formatFullMoney(cents, receipt.order.currency, language);
  const { dateTime } = useDates({ timeZone: receipt.timeZone });
  return (
    <ReceiptPaper label={t("adminPos.returnReceipt.label")} width={receipt.width} shop={receipt.shop}>
      <p className="text-center text-sm font-bold">{t("adminPos.returnReceipt.heading")}</p>
      <p>{t("adminPos.receipt.order", { number: receipt.order.number })}</p>
      <p>{t("adminPos.returnReceipt.returnedAt", { date: dateTime.format(new Date(receipt.returnedAt)) })}</p>
      <p>{t("adminPos.receipt.customer", { name: receipt.order.customer })}</p>
      <hr className="my-2 border-dashed border-black" />
      <ReceiptLines lines={receipt.lines} money={money} />
      <p className="mt-1">
        {receipt.restocked ? t("adminPos.returnReceipt.restocked") : t("adminPos.returnReceipt.notRestocked")}
      </p>
      <hr className="my-2 border-dashed border-black" />
      <dl className="grid grid-cols-[1fr_auto] gap-x-2">
        {receipt.refunds.map((refund) => (
          <div key={refund.method} className="contents">
            <dt>{t(`adminPos.method.${refund.method}`, { defaultValue: refund.method })}</dt>
            <dd className="text-right">−{money(refund.amountCents)}</dd>
          </div>
        ))}
        <dt className="font-bold">{t("adminPos.returnReceipt.refunded")}</dt>
        <dd className="text-right font-bold">−{money(receipt.refundCents)}</dd>
      </dl>
      {receipt.footer && <p className="mt-3 text-center whitespace-pre-line">{receipt.footer}</p>}
    </ReceiptPaper>
  );
}
