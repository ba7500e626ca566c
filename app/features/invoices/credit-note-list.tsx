import { Download } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { formatInvoiceDate, formatInvoiceMoney } from "./invoice-format";
import type { InvoiceDocument } from "./types";

/**
 * The credit notes of an invoice (one per refund), each with its PDF: nothing when there are none.
 * `pdfUrl` is the staff or the buyer's download address.
 */
export function CreditNoteList({
  invoice,
  pdfUrl,
  headingLevel = 2,
}: {
  invoice: InvoiceDocument;
  pdfUrl: (id: string) => string;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  if (invoice.creditNotes.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const language = i18n.language;
  return (
    <section aria-labelledby="credit-notes-title" className="mt-6 print:hidden">
      <Heading id="credit-notes-title" className="text-lg font-bold text-ink">
        {t("invoices.creditNotes.title")}
      </Heading>
      <p className="mt-1 text-sm text-ink-muted">{t("invoices.creditNotes.intro")}</p>
      <ul className="mt-3 grid gap-2">
        {invoice.creditNotes.map((note) => (
          <li
            key={note.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-3 text-sm"
          >
            <span className="min-w-0">
              <span className="block font-semibold text-ink">{note.number}</span>
              <span className="block text-ink-muted">
                {formatInvoiceDate(note.issuedAt, language, invoice)} ·{" "}
                {t(`invoices.creditNotes.kind.${note.kind}`)}
              </span>
            </span>
            <span className="flex items-center gap-3">
              <span className="font-semibold tabular-nums">
                {formatInvoiceMoney(-note.amountCents, note.currency, language)}
              </span>
              <a
                href={pdfUrl(note.id)}
                download
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 font-semibold text-ink hover:bg-sunken focus-visible:outline-3 focus-visible:outline-focus"
              >
                <Download aria-hidden="true" className="size-4" />
                {t("invoices.creditNotes.download", { number: note.number })}
              </a>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
