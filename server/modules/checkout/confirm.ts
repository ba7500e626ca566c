import type { Queryable } from "../../db/client";
import type { Background } from "../../lib/background";
import type { EmailTemplatesService } from "../content/email-templates.service";
import type { MailAttachment, Mailer } from "../mail/mailer";
import { renderInvoicePdf } from "../orders/invoice-pdf";
import type { InvoiceService } from "../orders/invoices.service";
import { orderConfirmationMail } from "../orders/order-confirmation-mail";
import { loadOrderDetails, toOrderView } from "../orders/order-details";
import type { SettingsService } from "../settings/settings.service";

/** What the confirmation mail needs. */
export interface ConfirmDeps {
  db: Queryable;
  settings: Pick<SettingsService, "storeInfo">;
  mailer: Mailer;
  invoices: Pick<InvoiceService, "getForOrder">;
  /** The school's saved mail wording; without it the built-in text is sent. */
  emailTemplates?: Pick<EmailTemplatesService, "resolve"> | undefined;
  /** Runs the mail (an invoice PDF to render) after the answer; without it, before. */
  background?: Pick<Background, "run"> | undefined;
  /** Absolute address of this site for links in mail. */
  publicUrl?: string | undefined;
  log: { error(obj: object, msg: string): void };
}

/**
 * After a fulfilled payment has committed: the confirmation mail, in the background when there is
 * one, so the buyer need not wait for it.
 */
export async function confirmOrder(deps: ConfirmDeps, companyId: string, orderId: string): Promise<void> {
  if (deps.background)
    deps.background.run("order confirmation mail", () => sendConfirmation(deps, companyId, orderId));
  else await sendConfirmation(deps, companyId, orderId);
}

/** The mail in the order's language with the invoice PDF; a failure is logged, the order stays paid. */
async function sendConfirmation(deps: ConfirmDeps, companyId: string, orderId: string): Promise<void> {
  const { db } = deps;
  try {
    const [store, details] = await Promise.all([
      deps.settings.storeInfo(companyId),
      loadOrderDetails(db, companyId, orderId, "en"),
    ]);
    if (!details) return;
    const order =
      details.language === "en" ? details : await loadOrderDetails(db, companyId, orderId, details.language);
    if (!order) return;
    const [attachments, template] = await Promise.all([
      invoiceAttachments(deps, companyId, orderId, order.language),
      deps.emailTemplates?.resolve(companyId, "order-confirmation", order.language) ?? null,
    ]);
    const base = (deps.publicUrl ?? "").replace(/\/+$/, "");
    await deps.mailer.send(
      orderConfirmationMail({
        order: toOrderView(order),
        store,
        coursesUrl: `${base}/user-courses`,
        attachments,
        template,
      }),
    );
  } catch (error) {
    // The order is paid and stored; a mail problem must not turn that into an error for the buyer.
    deps.log.error({ err: error, orderId }, "order confirmation mail was not sent");
  }
}

/** The invoice PDF, in the order's language, attached to the confirmation mail. */
async function invoiceAttachments(
  deps: Pick<ConfirmDeps, "invoices">,
  companyId: string,
  orderId: string,
  language: string,
): Promise<MailAttachment[]> {
  const invoice = await deps.invoices.getForOrder(companyId, orderId);
  if (!invoice) return [];
  const content = await renderInvoicePdf(invoice, language);
  return [{ filename: `invoice-${invoice.number}.pdf`, content, contentType: "application/pdf" }];
}
