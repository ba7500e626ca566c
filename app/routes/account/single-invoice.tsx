import { ArrowLeft, Download, Printer } from "lucide-react";
import { data, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { CreditNoteList } from "~/features/invoices/credit-note-list";
import { creditNotePdfUrl, invoicePdfUrl } from "~/features/invoices/invoice-format";
import { InvoiceSheet } from "~/features/invoices/invoice-sheet";
import { requirePageCustomer } from "~/features/invoices/require-customer.server";
import { ShipmentPanel } from "~/features/shipping/shipment-panel";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/private-page-meta";
import type { Route } from "./+types/single-invoice";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const customer = requirePageCustomer(context, request);
  // Unknown ids and other people's invoices look the same: not found.
  const invoice = await context.services.invoices.getForCustomer(
    context.company.id,
    customer.customerId,
    params.id,
  );
  if (!invoice) throw data(null, { status: 404 });
  return { invoice };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  loaderData
    ? privatePageMeta(matches[0]?.data, "invoices.meta.invoiceTitle", { number: loaderData.invoice.number })
    : [];

export default function SingleInvoice({ loaderData }: Route.ComponentProps) {
  const { invoice } = loaderData;
  const { t, i18n } = useTranslation();
  return (
    <Container className="max-w-5xl py-6 sm:py-10 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={paths.userInvoices()} className={buttonClasses({ variant: "ghost", className: "-ml-3" })}>
          <ArrowLeft aria-hidden="true" />
          {t("invoices.backToList")}
        </Link>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t("invoices.print")}
          </Button>
          <a href={invoicePdfUrl(invoice.id, i18n.language)} download className={buttonClasses()}>
            <Download aria-hidden="true" />
            {t("invoices.downloadPdf")}
          </a>
        </div>
      </div>
      <InvoiceSheet invoice={invoice} />
      {invoice.shipping && (
        <div className="mt-6">
          <ShipmentPanel shipping={invoice.shipping} />
        </div>
      )}
      <CreditNoteList invoice={invoice} pdfUrl={(id) => creditNotePdfUrl(id, i18n.language)} />
    </Container>
  );
}
