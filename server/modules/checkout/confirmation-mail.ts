import type { Db } from "../../db/client";
import type { EmailTemplatesService } from "../content/email-templates.service";
import { issueSignInLink, signInLinkUrl } from "../customers/customer-sign-in-links";
import type { MailJob } from "../mail/mail-jobs";
import type { MailAttachment, MailMessage } from "../mail/mailer";
import { pdfFilename } from "../orders/invoice-issue";
import { renderInvoicePdf } from "../orders/invoice-pdf";
import type { InvoiceService } from "../orders/invoices.service";
import { orderConfirmationMail } from "../orders/order-confirmation-mail";
import { loadOrderDetails, toOrderView } from "../orders/order-details";
import type { SettingsService } from "../settings/settings.service";

export const ORDER_CONFIRMATION_MAIL = "order-confirmation";

export interface OrderConfirmationJob extends MailJob {
  kind: typeof ORDER_CONFIRMATION_MAIL;
  orderId: string;
}

export function orderConfirmationJob(companyId: string, orderId: string): OrderConfirmationJob {
  return { kind: ORDER_CONFIRMATION_MAIL, companyId, orderId };
}

/**
 * The order confirmation with the invoice PDF, composed when its job runs: in the order's language,
 * from the order as stored, with the school's own wording when it saved one.
 */
export function composeOrderConfirmation(
  db: Db,
  deps: {
    settings: SettingsService;
    invoices: InvoiceService;
    emailTemplates?: Pick<EmailTemplatesService, "resolve">;
    /** The school's public address (school-addresses.ts): links never come from a request. */
    originOf: (companyId: string) => Promise<string>;
  },
) {
  async function invoiceAttachments(companyId: string, orderId: string, language: string) {
    const invoice = await deps.invoices.getForOrder(companyId, orderId);
    if (!invoice) return [];
    const content = await renderInvoicePdf(invoice, language);
    return [
      { filename: pdfFilename("invoice", invoice.number), content, contentType: "application/pdf" },
    ] satisfies MailAttachment[];
  }

  return async (job: OrderConfirmationJob): Promise<MailMessage | null> => {
    const { companyId, orderId } = job;
    const [store, details] = await Promise.all([
      deps.settings.storeInfo(companyId),
      loadOrderDetails(db, companyId, orderId, "en"),
    ]);
    if (!details) return null;
    const order =
      details.language === "en" ? details : await loadOrderDetails(db, companyId, orderId, details.language);
    if (!order) return null;
    const [attachments, template, base] = await Promise.all([
      invoiceAttachments(companyId, orderId, order.language),
      deps.emailTemplates?.resolve(companyId, "order-confirmation", order.language) ?? null,
      deps.originOf(companyId),
    ]);
    const courses = order.lines.filter((line) => line.courseId && line.slug);
    const courseUrl = (slug: string) => `/course-video/${encodeURIComponent(slug)}`;
    // A buyer without a password (a guest) gets a single-use link that signs them in, to the course
    // when they bought one, else to their courses. Issued here, when the mail is sent: none waits in the queue.
    const next = courses.length === 1 ? courseUrl(courses[0]!.slug!) : "/user-courses";
    const signInLink = order.customer.hasAccount
      ? null
      : signInLinkUrl(base, await issueSignInLink(db, companyId, order.customerId, "purchase"), next);
    return orderConfirmationMail({
      order: toOrderView(order),
      store,
      coursesUrl: `${base}/user-courses`,
      courseLinks: courses.map((line) => ({ title: line.title, url: `${base}${courseUrl(line.slug!)}` })),
      signInLink,
      attachments,
      template,
    });
  };
}
