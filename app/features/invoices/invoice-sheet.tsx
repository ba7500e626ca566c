import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { formatInvoiceDate, formatInvoiceMoney, formatVatRate } from "./invoice-format";
import { InvoiceStatus } from "./invoice-status";
import type { InvoiceDocument } from "./types";

/**
 * The invoice as a document: seller with VAT number, title and number, bill-to, lines, totals and
 * payment plan. Marked `data-printable`: printing the page prints only this sheet.
 */
export function InvoiceSheet({
  invoice,
  headingLevel = 1,
}: {
  invoice: InvoiceDocument;
  /** 1 where the invoice is the page (/single-invoice); 2 inside a page with its own h1 (admin order). */
  headingLevel?: 1 | 2;
}) {
  const Title = headingLevel === 1 ? "h1" : "h2";
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (cents: number) => formatInvoiceMoney(cents, invoice.currency, language);
  const date = (iso: string) => formatInvoiceDate(iso, language, invoice);
  const { company, customer } = invoice;

  return (
    <article
      data-printable=""
      aria-labelledby="invoice-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-10 print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <div className="flex flex-col gap-8 sm:flex-row sm:justify-between">
        <div className="min-w-0">
          <p className="text-xl font-bold text-primary-ink">{company.shopName}</p>
          <address className="mt-2 text-sm text-ink-muted not-italic">
            {company.companyName && <span className="block font-medium text-ink">{company.companyName}</span>}
            {company.addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            {company.email && <span className="block break-all">{company.email}</span>}
            {company.phones.map((phone) => (
              <span key={phone} className="block">
                {phone}
              </span>
            ))}
            {company.website && <span className="block break-all">{company.website}</span>}
          </address>
          {company.vatNumber && (
            <p className="mt-2 text-sm text-ink-muted">
              {t("invoices.vatNumber")}: <span className="font-medium text-ink">{company.vatNumber}</span>
            </p>
          )}
        </div>

        <div className="sm:text-right">
          <Title id="invoice-title" className="text-3xl font-bold tracking-tight text-ink">
            {t("invoices.invoice")} <span className="whitespace-nowrap">{invoice.number}</span>
          </Title>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm sm:justify-end sm:text-right">
            <dt className="text-ink-muted">{t("invoices.date")}</dt>
            <dd className="font-medium text-ink">{date(invoice.issuedAt)}</dd>
            <dt className="text-ink-muted">{t("invoices.orderNumber")}</dt>
            <dd className="font-medium text-ink">#{invoice.orderNumber}</dd>
            <dt className="text-ink-muted">{t("invoices.paymentMethod")}</dt>
            <dd className="font-medium text-ink">{t(`invoices.paymentMethods.${invoice.paymentMethod}`)}</dd>
            <dt className="text-ink-muted">{t("invoices.statusLabel")}</dt>
            <dd>
              <InvoiceStatus status={invoice.orderStatus} />
            </dd>
          </dl>
        </div>
      </div>

      <section aria-labelledby="invoice-bill-to" className="mt-10">
        <h2 id="invoice-bill-to" className="text-xs font-semibold tracking-wider text-primary-ink uppercase">
          {t("invoices.billTo")}
        </h2>
        <p className="mt-2 font-semibold text-ink">{customer.name}</p>
        <p className="text-sm whitespace-pre-line text-ink-muted">
          {customer.address && <span className="block">{customer.address}</span>}
          <span className="block break-all">{customer.email}</span>
          {invoice.buyer.company && <span className="block">{invoice.buyer.company}</span>}
          {invoice.buyer.vatNumber && (
            <span className="block">
              {t("invoices.vatNumber")}: {invoice.buyer.vatNumber}
            </span>
          )}
        </p>
      </section>

      <table className="mt-10 w-full text-sm">
        <caption className="sr-only">{t("invoices.linesCaption")}</caption>
        <thead>
          <tr className="border-b border-line text-left text-xs tracking-wide text-ink-muted uppercase">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t("invoices.description")}
            </th>
            <th
              scope="col"
              className="hidden py-2 pr-3 text-right font-semibold sm:table-cell print:table-cell"
            >
              {t("invoices.unitPrice")}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              {t("invoices.quantity")}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {t("invoices.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own here and never move
            <tr key={index} className="border-b border-line align-top">
              <td className="py-3 pr-3 font-medium text-ink">{line.title}</td>
              <td className="hidden py-3 pr-3 text-right whitespace-nowrap text-ink-muted tabular-nums sm:table-cell print:table-cell">
                {money(line.unitPriceCents)}
              </td>
              <td className="py-3 pr-3 text-right text-ink-muted tabular-nums">{line.quantity}</td>
              <td className="py-3 text-right whitespace-nowrap text-ink tabular-nums">
                {money(line.totalCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="mt-6 ml-auto grid max-w-sm gap-2 text-sm">
        <div className="flex justify-between gap-6">
          <dt className="text-ink-muted">{t("invoices.subtotal")}</dt>
          <dd className="text-ink tabular-nums">{money(invoice.subtotalCents)}</dd>
        </div>
        {invoice.discountCents > 0 && (
          <div className="flex justify-between gap-6">
            <dt className="text-ink-muted">
              {invoice.couponCode
                ? t("invoices.discountWithCode", { code: invoice.couponCode })
                : t("invoices.discount")}
            </dt>
            <dd className="text-ink tabular-nums">{money(-invoice.discountCents)}</dd>
          </div>
        )}
        {invoice.shipping && invoice.shipping.costCents > 0 && (
          <div className="flex justify-between gap-6">
            <dt className="text-ink-muted">
              {t("invoices.shippingCost", { carrier: invoice.shipping.carrier ?? "" })}
            </dt>
            <dd className="text-ink tabular-nums">{money(invoice.shipping.costCents)}</dd>
          </div>
        )}
        {invoice.taxLines.map((tax) => (
          <div key={`${tax.name}-${tax.rateBp}`} className="flex justify-between gap-6">
            <dt className="text-ink-muted">
              {invoice.reverseCharge
                ? t("invoices.reverseCharge", { base: money(tax.baseCents) })
                : t(invoice.pricesIncludeTax ? "invoices.vatOverIncluded" : "invoices.vatOver", {
                    rate: formatVatRate(tax.rateBp, language),
                    base: money(tax.baseCents),
                  })}
            </dt>
            <dd className="text-ink tabular-nums">{money(tax.taxCents)}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-6 border-t border-line pt-3 text-base font-bold text-ink">
          <dt>{t("invoices.total")}</dt>
          <dd className="tabular-nums">{money(invoice.totalCents)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-right text-xs text-ink-muted">
        {t(invoice.pricesIncludeTax ? "invoices.pricesIncludeVat" : "invoices.pricesExcludeVat")}
      </p>
      {invoice.reverseCharge && (
        <p className="mt-1 text-right text-xs font-medium text-ink">{t("invoices.reverseChargeNote")}</p>
      )}

      {invoice.instalments.length > 0 && (
        <section aria-labelledby="invoice-plan" className="mt-10">
          <h2 id="invoice-plan" className="text-xl font-bold text-ink">
            {t("invoices.paymentPlan")}
          </h2>
          <table className="mt-3 w-full text-sm">
            <thead>
              <tr className="border-b border-line text-left text-xs tracking-wide text-ink-muted uppercase">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <span aria-hidden="true" className="sm:hidden">
                    #
                  </span>
                  <span className="max-sm:sr-only">{t("invoices.instalment")}</span>
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("invoices.due")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("invoices.statusLabel")}
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  {t("invoices.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.instalments.map((instalment) => (
                <tr key={instalment.sequence} className="border-b border-line">
                  <td className="py-2 pr-3 text-ink">{instalment.sequence}</td>
                  <td className="py-2 pr-3 whitespace-nowrap text-ink-muted">{date(instalment.dueAt)}</td>
                  <td className="py-2 pr-3 text-ink-muted">
                    {t(`invoices.instalmentStatus.${instalment.status}`)}
                    {instalment.paidAt && <> · {date(instalment.paidAt)}</>}
                    {instalment.status !== "paid" &&
                      instalment.status !== "cancelled" &&
                      instalment.lastFailedAt && (
                        <>
                          {" · "}
                          <Link
                            className="font-semibold text-primary-ink underline print:hidden"
                            to={paths.instalmentPayment(invoice.orderId, instalment.sequence)}
                          >
                            {t("invoices.payInstalment")}
                          </Link>
                        </>
                      )}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap text-ink tabular-nums">
                    {money(instalment.amountCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {(company.receiptFooter || company.workingHours) && (
        <div className="mt-8 grid gap-1 text-sm text-ink-muted [overflow-wrap:anywhere]">
          {company.receiptFooter && <p className="whitespace-pre-line">{company.receiptFooter}</p>}
          {company.workingHours && (
            <p className="whitespace-pre-line">
              {t("invoices.workingHours")}: {company.workingHours}
            </p>
          )}
        </div>
      )}

      {company.vatNumber && (
        <p className="mt-12 border-t border-line pt-4 text-xs text-ink-muted">
          {[company.companyName || company.shopName, `${t("invoices.vatNumber")} ${company.vatNumber}`].join(
            " · ",
          )}
        </p>
      )}
    </article>
  );
}
