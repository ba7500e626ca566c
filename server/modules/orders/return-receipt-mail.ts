import { and, eq, inArray } from "drizzle-orm";
import { formatMoney } from "~shared/money";
import { translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { escapeHtml } from "../../lib/sanitize-html";
import type { MailJob } from "../mail/mail-jobs";
import type { MailMessage } from "../mail/mailer";
import type { SettingsService } from "../settings/settings.service";
import { orderLines, orderReturns, orders } from "./orders.tables";

export const RETURN_RECEIPT_MAIL = "return-receipt";

export interface ReturnReceiptJob extends MailJob {
  kind: typeof RETURN_RECEIPT_MAIL;
  orderId: string;
}

const TEXTS = {
  en: {
    subject: (number: number, shop: string) => `Return of order ${number} at ${shop}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: "We have processed the return of these courses from your order. Your access to them has ended.",
    refunded: "Refunded",
    refundHint: "The refund goes back to the way you paid; your bank may take a few days to show it.",
    closing: "Kind regards,",
  },
  nl: {
    subject: (number: number, shop: string) => `Retour van bestelling ${number} bij ${shop}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro:
      "We hebben de retour van deze cursussen uit je bestelling verwerkt. Je toegang ertoe is beëindigd.",
    refunded: "Terugbetaald",
    refundHint:
      "Het bedrag gaat terug via de manier waarop je hebt betaald; je bank kan er enkele dagen over doen.",
    closing: "Met vriendelijke groet,",
  },
} as const;

/** The return receipt mailed to the learner: the courses returned and the amount refunded. */
export function composeReturnReceipt(db: Db, deps: { settings: Pick<SettingsService, "storeInfo"> }) {
  return async (job: ReturnReceiptJob): Promise<MailMessage | null> => {
    const [row] = await db
      .select({
        number: orders.number,
        name: orders.customerName,
        email: orders.customerEmail,
        language: orders.language,
        currency: orders.currency,
        lineIds: orderReturns.lineIds,
        refundCents: orderReturns.refundCents,
      })
      .from(orderReturns)
      .innerJoin(orders, eq(orders.id, orderReturns.orderId))
      .where(and(eq(orderReturns.companyId, job.companyId), eq(orderReturns.orderId, job.orderId)));
    if (!row) return null;
    const language = row.language === "nl" ? "nl" : "en";
    const t = TEXTS[language];
    const lines = await db
      .select({ title: orderLines.title })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, job.orderId), inArray(orderLines.id, row.lineIds)));
    const store = await deps.settings.storeInfo(job.companyId);
    const shop = store.shopName || store.companyName;
    const titles = lines.map((line) => translate(line.title, language));
    const refunded = `${t.refunded}: ${formatMoney(row.refundCents, row.currency, language)}`;
    const text = [
      t.greeting(row.name),
      "",
      t.intro,
      "",
      ...titles.map((title) => `- ${title}`),
      "",
      refunded,
      t.refundHint,
      "",
      t.closing,
      shop,
    ].join("\n");
    const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d2624;line-height:1.5">
<p>${escapeHtml(t.greeting(row.name))}</p>
<p>${escapeHtml(t.intro)}</p>
<ul>${titles.map((title) => `<li>${escapeHtml(title)}</li>`).join("")}</ul>
<p><strong>${escapeHtml(refunded)}</strong><br>${escapeHtml(t.refundHint)}</p>
<p>${escapeHtml(t.closing)}<br>${escapeHtml(shop)}</p>
</body></html>`;
    return {
      to: row.email,
      subject: t.subject(row.number, shop),
      text,
      html,
      fromName: shop,
      replyTo: store.email || undefined,
    };
  };
}
