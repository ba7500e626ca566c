import { formatMoney } from "~shared/money";
import { escapeHtml } from "../../lib/sanitize-html";
import type { MailJob } from "../mail/mail-jobs";
import type { MailMessage } from "../mail/mailer";
import type { SettingsService } from "../settings/settings.service";
import { pdfFilename } from "./invoice-issue";
import { renderInvoicePdf } from "./invoice-pdf";
import type { InvoiceService } from "./invoices.service";

export const CREDIT_NOTE_MAIL = "credit-note";

export interface CreditNoteMailJob extends MailJob {
  kind: typeof CREDIT_NOTE_MAIL;
  creditNoteId: string;
}

const TEXTS = {
  en: {
    subject: (creditNote: string, shop: string) => `Credit note ${creditNote} from ${shop}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (amount: string, invoice: string, order: number) =>
      `We have refunded ${amount} on your order ${order}. The credit note attached corrects invoice ${invoice}.`,
    refundHint: "The refund goes back to the way you paid; your bank may take a few days to show it.",
    closing: "Kind regards,",
  },
  nl: {
    subject: (creditNote: string, shop: string) => `Creditnota ${creditNote} van ${shop}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: (amount: string, invoice: string, order: number) =>
      `We hebben ${amount} terugbetaald op je bestelling ${order}. De bijgevoegde creditnota corrigeert factuur ${invoice}.`,
    refundHint:
      "Het bedrag gaat terug via de manier waarop je hebt betaald; je bank kan er enkele dagen over doen.",
    closing: "Met vriendelijke groet,",
  },
} as const;

/** The credit note mailed to the buyer, in the order's language, with its PDF attached. */
export function composeCreditNoteMail(deps: {
  invoices: Pick<InvoiceService, "getCreditNoteForCompany">;
  settings: Pick<SettingsService, "storeInfo">;
}) {
  return async (job: CreditNoteMailJob): Promise<MailMessage | null> => {
    const note = await deps.invoices.getCreditNoteForCompany(job.companyId, job.creditNoteId);
    if (!note) return null;
    const { invoice, credit } = note;
    const language = invoice.language === "nl" ? "nl" : "en";
    const t = TEXTS[language];
    const store = await deps.settings.storeInfo(job.companyId);
    const shop = store.shopName || store.companyName;
    const intro = t.intro(
      formatMoney(credit.amountCents, invoice.currency, language),
      invoice.number,
      invoice.orderNumber,
    );
    const pdf = await renderInvoicePdf(invoice, language, { credit });
    return {
      to: invoice.customer.email,
      subject: t.subject(credit.number, shop),
      text: [t.greeting(invoice.customer.name), "", intro, t.refundHint, "", t.closing, shop].join("\n"),
      html: `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d2624;line-height:1.5">
<p>${escapeHtml(t.greeting(invoice.customer.name))}</p>
<p>${escapeHtml(intro)}<br>${escapeHtml(t.refundHint)}</p>
<p>${escapeHtml(t.closing)}<br>${escapeHtml(shop)}</p>
</body></html>`,
      fromName: shop,
      replyTo: store.email || undefined,
      attachments: [
        { filename: pdfFilename("credit-note", credit.number), content: pdf, contentType: "application/pdf" },
      ],
    };
  };
}
