import { and, eq } from "drizzle-orm";
import { dateFormatter } from "~shared/date-formats";
import { formatMoney } from "~shared/money";
import type { Db } from "../../db/client";
import { escapeHtml } from "../../lib/sanitize-html";
import type { MailJob, MailJobs } from "../mail/mail-jobs";
import type { MailMessage } from "../mail/mailer";
import { orderInstalments, orders } from "../orders/orders.tables";
import type { SettingsService } from "../settings/settings.service";

export const INSTALMENT_MAILS = {
  reminder: "instalment-reminder",
  failed: "instalment-failed",
  overdue: "instalment-overdue",
  paid: "instalment-paid",
} as const;
type Kind = (typeof INSTALMENT_MAILS)[keyof typeof INSTALMENT_MAILS];

export interface InstalmentMailJob extends MailJob {
  kind: Kind;
  instalmentId: string;
}

/** Where the learner pays an instalment themselves (the learner area). */
export const instalmentPaymentPath = (orderId: string, sequence: number) =>
  `/user-payments/${orderId}/${sequence}`;

interface Facts {
  name: string;
  number: number;
  sequence: number;
  amount: string;
  due: string;
  next: string | null;
  shop: string;
  link: string;
  error: string | null;
}

const TEXTS: Record<"en" | "nl", Record<Kind, { subject(f: Facts): string; body(f: Facts): string[] }>> = {
  en: {
    [INSTALMENT_MAILS.reminder]: {
      subject: (f) => `Instalment ${f.sequence} of order ${f.number} is due on ${f.due}`,
      body: (f) => [
        `On ${f.due} we will charge instalment ${f.sequence} of your order ${f.number}: ${f.amount}, with the card you paid the first instalment with.`,
        "You do not need to do anything. Please make sure the card can be charged.",
      ],
    },
    [INSTALMENT_MAILS.failed]: {
      subject: (f) => `We could not collect instalment ${f.sequence} of order ${f.number}`,
      body: (f) => [
        `We tried to charge instalment ${f.sequence} of your order ${f.number} (${f.amount}), but the payment did not go through${f.error ? `: ${f.error}` : "."}`,
        f.next
          ? `We will try again on ${f.next}. You can also pay it yourself now:`
          : "You can pay it yourself now:",
        f.link,
      ],
    },
    [INSTALMENT_MAILS.overdue]: {
      subject: (f) => `Access paused: instalment ${f.sequence} of order ${f.number} is unpaid`,
      body: (f) => [
        `We could not collect instalment ${f.sequence} of your order ${f.number} (${f.amount}), after several tries.`,
        "Your access to the courses of this order is paused until it is paid. Pay it here and your access comes back at once:",
        f.link,
      ],
    },
    [INSTALMENT_MAILS.paid]: {
      subject: (f) => `Instalment ${f.sequence} of order ${f.number} is paid`,
      body: (f) => [
        `Thank you: we received ${f.amount} for instalment ${f.sequence} of your order ${f.number}.`,
      ],
    },
  },
  nl: {
    [INSTALMENT_MAILS.reminder]: {
      subject: (f) => `Termijn ${f.sequence} van bestelling ${f.number} wordt op ${f.due} geïnd`,
      body: (f) => [
        `Op ${f.due} schrijven we termijn ${f.sequence} van je bestelling ${f.number} af: ${f.amount}, van de kaart waarmee je de eerste termijn betaalde.`,
        "Je hoeft niets te doen. Zorg dat de kaart kan worden belast.",
      ],
    },
    [INSTALMENT_MAILS.failed]: {
      subject: (f) => `Termijn ${f.sequence} van bestelling ${f.number} kon niet worden geïnd`,
      body: (f) => [
        `We probeerden termijn ${f.sequence} van je bestelling ${f.number} (${f.amount}) af te schrijven, maar de betaling is niet gelukt${f.error ? `: ${f.error}` : "."}`,
        f.next
          ? `We proberen het opnieuw op ${f.next}. Je kunt ook nu zelf betalen:`
          : "Je kunt nu zelf betalen:",
        f.link,
      ],
    },
    [INSTALMENT_MAILS.overdue]: {
      subject: (f) => `Toegang gepauzeerd: termijn ${f.sequence} van bestelling ${f.number} is onbetaald`,
      body: (f) => [
        `Termijn ${f.sequence} van je bestelling ${f.number} (${f.amount}) kon na meerdere pogingen niet worden geïnd.`,
        "Je toegang tot de cursussen van deze bestelling is gepauzeerd tot de termijn betaald is. Betaal hier en je toegang komt meteen terug:",
        f.link,
      ],
    },
    [INSTALMENT_MAILS.paid]: {
      subject: (f) => `Termijn ${f.sequence} van bestelling ${f.number} is betaald`,
      body: (f) => [
        `Dank je wel: we hebben ${f.amount} ontvangen voor termijn ${f.sequence} van je bestelling ${f.number}.`,
      ],
    },
  },
};

const GREETING = { en: (name: string) => `Hello ${name},`, nl: (name: string) => `Hallo ${name},` };
const CLOSING = { en: "Kind regards,", nl: "Met vriendelijke groet," };

/** Registers the four instalment mails (reminder, failed try, access paused, paid) with the mail jobs. */
export function registerInstalmentMails(
  db: Db,
  deps: {
    mailJobs: Pick<MailJobs, "register">;
    settings: Pick<SettingsService, "storeInfo">;
    /** The school's public address (school-addresses.ts): links never come from a request. */
    originOf: (companyId: string) => Promise<string>;
  },
) {
  const compose = async (job: InstalmentMailJob): Promise<MailMessage | null> => {
    const [row] = await db
      .select({ instalment: orderInstalments, order: orders })
      .from(orderInstalments)
      .innerJoin(orders, eq(orders.id, orderInstalments.orderId))
      .where(and(eq(orderInstalments.companyId, job.companyId), eq(orderInstalments.id, job.instalmentId)));
    if (!row) return null;
    const { instalment, order } = row;
    // A reminder or a failure notice about an instalment paid since then says nothing any more.
    if (job.kind !== INSTALMENT_MAILS.paid && instalment.status === "paid") return null;
    if (instalment.status === "cancelled") return null;
    const language = order.language === "nl" ? "nl" : "en";
    const [store, origin] = await Promise.all([
      deps.settings.storeInfo(job.companyId),
      deps.originOf(job.companyId),
    ]);
    const date = (value: Date) =>
      dateFormatter(language, {
        timeZone: store.timeZone || "Europe/Amsterdam",
        dateFormat: store.dateFormat,
      }).format(value);
    const shop = store.shopName || store.companyName;
    const facts: Facts = {
      name: order.customerName,
      number: order.number,
      sequence: instalment.sequence,
      amount: formatMoney(instalment.amountCents, order.currency, language),
      due: date(instalment.dueAt),
      next: instalment.nextAttemptAt ? date(instalment.nextAttemptAt) : null,
      shop,
      link: `${origin}${instalmentPaymentPath(order.id, instalment.sequence)}`,
      error: instalment.lastError,
    };
    const copy = TEXTS[language][job.kind];
    const lines = [GREETING[language](order.customerName), ...copy.body(facts)];
    const text = [...lines, "", CLOSING[language], shop].join("\n\n");
    const paragraph = (line: string) =>
      line === facts.link
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`;
    const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d2624;line-height:1.5">
${lines.map(paragraph).join("\n")}
<p>${escapeHtml(CLOSING[language])}<br>${escapeHtml(shop)}</p>
</body></html>`;
    return {
      to: order.customerEmail,
      subject: copy.subject(facts),
      text,
      html,
      fromName: shop,
      replyTo: store.email || undefined,
    };
  };
  for (const kind of Object.values(INSTALMENT_MAILS))
    deps.mailJobs.register<InstalmentMailJob>(kind, compose);
}
