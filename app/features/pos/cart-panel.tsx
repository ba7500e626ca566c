import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { type CartLine, lineKey } from "./cart";
import { CartRow, PercentField } from "./cart-row";
import type { PosQuote, PosSale } from "./pos-api";

/** The cart: the last sale's outcome, the lines, the order discount and the quoted totals. */
export function CartPanel({
  lines,
  onLines,
  orderDiscount,
  onOrderDiscount,
  allowDiscounts,
  quote,
  sale,
  money,
  children,
  payment,
}: {
  lines: CartLine[];
  onLines(update: (current: CartLine[]) => CartLine[]): void;
  orderDiscount: number;
  onOrderDiscount(value: number): void;
  allowDiscounts: boolean;
  quote: PosQuote | null;
  sale: PosSale | null;
  money(cents: number): string;
  /** The customer and notes parts below the lines. */
  children: ReactNode;
  /** The payment part under the totals. */
  payment: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t("adminPos.cart")}
      className="grid content-start gap-3 rounded-2xl bg-surface p-4 shadow-sm"
    >
      <h2 className="text-lg font-semibold">{t("adminPos.cart")}</h2>
      {sale && (
        <div role="status" className="grid gap-2 rounded-lg bg-primary-soft p-3 text-on-primary-soft">
          <p className="font-semibold">{t("adminPos.saleDone", { number: sale.number })}</p>
          <p>{t("adminPos.changeDue", { amount: money(sale.changeCents) })}</p>
          <Link to={adminPaths.posReceipt(sale.orderId)} className="font-semibold underline">
            {t("adminPos.printReceipt")}
          </Link>
        </div>
      )}
      {lines.length === 0 ? (
        <p className="text-ink-muted">{t("adminPos.emptyCart")}</p>
      ) : (
        <ul className="grid gap-2">
          {lines.map((line) => (
            <CartRow
              key={lineKey(line.item)}
              line={line}
              money={money}
              allowDiscounts={allowDiscounts}
              onChange={(next) =>
                onLines((current) =>
                  next
                    ? current.map((row) => (row === line ? next : row))
                    : current.filter((row) => row !== line),
                )
              }
            />
          ))}
        </ul>
      )}
      {allowDiscounts && lines.length > 0 && (
        <PercentField label={t("adminPos.orderDiscount")} value={orderDiscount} onChange={onOrderDiscount} />
      )}
      {children}
      {quote && <QuoteTotals quote={quote} money={money} />}
      {payment}
    </section>
  );
}

function QuoteTotals({ quote, money }: { quote: PosQuote; money(cents: number): string }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-1 border-t border-line pt-3">
      <dt>{t("adminPos.subtotal")}</dt>
      <dd>{money(quote.subtotalCents)}</dd>
      {quote.discountCents > 0 && (
        <>
          <dt>{t("adminPos.discount")}</dt>
          <dd>−{money(quote.discountCents)}</dd>
        </>
      )}
      <dt>{t("adminPos.tax")}</dt>
      <dd>{money(quote.taxCents)}</dd>
      <dt className="text-lg font-semibold">{t("adminPos.total")}</dt>
      <dd className="text-lg font-semibold" data-testid="pos-total">
        {money(quote.totalCents)}
      </dd>
    </dl>
  );
}
