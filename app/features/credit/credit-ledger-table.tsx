import { cardRows } from "~/components/admin/card-rows";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/format";
import type { CreditAccountView } from "~server/modules/credit/credit.schemas";
import type { DateFormatter } from "~shared/date-formats";

type Entry = CreditAccountView["entries"][number];

/**
 * A credit account's ledger, newest first: when, what, the amount (signed) and the balance after
 * it. Staff also see who made each change; `orderLink` makes the order a link.
 */
export function CreditLedgerTable({
  entries,
  currency,
  dates,
  showStaff = false,
  orderLink,
}: {
  entries: Entry[];
  currency: string;
  dates: DateFormatter;
  showStaff?: boolean;
  orderLink?: (orderId: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  if (entries.length === 0) return <p className="text-sm text-ink-muted">{t("credit.ledger.none")}</p>;
  const headers = [
    t("credit.ledger.date"),
    t("credit.ledger.what"),
    t("credit.ledger.amount"),
    t("credit.ledger.balance"),
    ...(showStaff ? [t("credit.ledger.by")] : []),
  ];
  return (
    <div className="relative overflow-x-auto">
      <table className={cn("w-full text-sm", cardRows.table)}>
        <caption className="sr-only">{t("credit.ledger.title")}</caption>
        <thead className={cardRows.head}>
          <tr className="border-b border-line text-left text-ink-muted">
            {headers.map((header, index) => (
              <th
                key={header}
                scope="col"
                className={cn("py-2 pr-3", index >= 2 && index <= 3 && "text-right")}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cardRows.body}>
          {entries.map((entry) => (
            <tr key={entry.id} className={cn("border-b border-line last:border-0", cardRows.row)}>
              <td data-label={headers[0]} className={cn("py-2 pr-3 whitespace-nowrap", cardRows.cell)}>
                <time dateTime={entry.createdAt}>{dates.format(new Date(entry.createdAt))}</time>
              </td>
              <td data-label={headers[1]} className={cn("py-2 pr-3", cardRows.cell)}>
                <span className="font-semibold text-ink">{t(`credit.kinds.${entry.kind}`)}</span>
                {entry.orderId && orderLink ? (
                  <a
                    href={orderLink(entry.orderId)}
                    className="ml-2 text-primary-ink underline underline-offset-4"
                  >
                    {t("credit.ledger.order")}
                  </a>
                ) : null}
                {entry.reason ? <span className="ml-2 text-ink-muted">{entry.reason}</span> : null}
              </td>
              <td
                data-label={headers[2]}
                className={cn(
                  "py-2 pr-3 text-right tabular-nums",
                  entry.amountCents < 0 ? "text-danger" : "text-ink",
                  cardRows.cell,
                )}
              >
                {entry.amountCents > 0 ? "+" : ""}
                {money(entry.amountCents)}
              </td>
              <td data-label={headers[3]} className={cn("py-2 pr-3 text-right tabular-nums", cardRows.cell)}>
                {money(entry.balanceAfterCents)}
              </td>
              {showStaff && (
                <td data-label={headers[4]} className={cn("py-2 pr-3 text-ink-muted", cardRows.cell)}>
                  {entry.staffEmail ?? t("credit.ledger.customer")}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
