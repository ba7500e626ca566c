import { Download, FileText } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { AccountListPage } from "~/features/invoices/account-list-page";
import { formatInvoiceDate, formatInvoiceMoney, invoicePdfUrl } from "~/features/invoices/invoice-format";
import { InvoiceStatus } from "~/features/invoices/invoice-status";
import { customerListPage } from "~/features/invoices/require-customer.server";
import type { InvoiceSummary } from "~/features/invoices/types";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/private-page-meta";
import type { Route } from "./+types/user-invoice";

const PAGE_SIZE = 20;

export async function loader({ context, request }: Route.LoaderArgs) {
  return customerListPage(context, request, (customerId, page) =>
    context.services.invoices.listForCustomer(context.company.id, customerId, { page, limit: PAGE_SIZE }),
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches[0]?.data, "invoices.meta.listTitle");

function InvoiceActions({ invoice, language }: { invoice: InvoiceSummary; language: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      <Link to={paths.invoice(invoice.id)} className={buttonClasses({ variant: "secondary" })}>
        <FileText aria-hidden="true" />
        {t("invoices.view")}
        <span className="sr-only"> {t("invoices.invoiceNumber", { number: invoice.number })}</span>
      </Link>
      <a href={invoicePdfUrl(invoice.id, language)} download className={buttonClasses({ variant: "ghost" })}>
        <Download aria-hidden="true" />
        {t("invoices.downloadPdf")}
        <span className="sr-only"> {t("invoices.invoiceNumber", { number: invoice.number })}</span>
      </a>
    </div>
  );
}

export default function UserInvoices({ loaderData }: Route.ComponentProps) {
  const { list, dates } = loaderData;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (invoice: InvoiceSummary) =>
    formatInvoiceMoney(invoice.totalCents, invoice.currency, language);
  const date = (invoice: InvoiceSummary) => formatInvoiceDate(invoice.issuedAt, language, dates);

  return (
    <AccountListPage
      title={t("invoices.listTitle")}
      intro={t("invoices.listIntro")}
      empty={{ Icon: FileText, title: t("invoices.emptyTitle"), text: t("invoices.emptyText") }}
      isEmpty={list.invoices.length === 0}
      list={list}
      path={paths.userInvoices()}
      paginationLabel={t("invoices.pagination")}
    >
      {/* Phones: one card per invoice. */}
      <ul className="mt-8 grid gap-4 sm:hidden">
        {list.invoices.map((invoice) => (
          <li key={invoice.id} className="rounded-2xl border border-line bg-surface p-4 shadow-card">
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-semibold text-ink">{invoice.number}</p>
                <p className="text-sm text-ink-muted">{date(invoice)}</p>
              </div>
              <InvoiceStatus status={invoice.status} />
            </div>
            <p className="mt-3 text-lg font-bold text-ink tabular-nums">{money(invoice)}</p>
            <div className="mt-3">
              <InvoiceActions invoice={invoice} language={language} />
            </div>
          </li>
        ))}
      </ul>

      {/* Wider screens: a table. */}
      <div className="mt-8 hidden overflow-hidden rounded-2xl border border-line bg-surface shadow-card sm:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("invoices.listTitle")}</caption>
          <thead className="bg-sunken text-left text-xs tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("invoices.number")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("invoices.date")}
              </th>
              <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">
                {t("invoices.orderNumber")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("invoices.statusLabel")}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                {t("invoices.total")}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                <span className="sr-only">{t("invoices.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.invoices.map((invoice) => (
              <tr key={invoice.id} className="border-t border-line">
                <th scope="row" className="px-4 py-3 text-left font-semibold whitespace-nowrap text-ink">
                  {invoice.number}
                </th>
                <td className="px-4 py-3 whitespace-nowrap text-ink-muted">{date(invoice)}</td>
                <td className="hidden px-4 py-3 text-ink-muted lg:table-cell">#{invoice.orderNumber}</td>
                <td className="px-4 py-3">
                  <InvoiceStatus status={invoice.status} />
                </td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-ink tabular-nums">
                  {money(invoice)}
                </td>
                <td className="px-4 py-2">
                  <InvoiceActions invoice={invoice} language={language} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AccountListPage>
  );
}
