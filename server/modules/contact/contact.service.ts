import { and, asc, eq } from "drizzle-orm";
import type { Language } from "~shared/language";
import type { Db } from "../../db/client";
import { escapeHtml } from "../../lib/sanitize-html";
import type { AttemptLimits } from "../auth/attempt-limits";
import type { MailJob, MailJobs } from "../mail/mail-jobs";
import type { SettingsService } from "../settings/settings.service";
import { roles, staff } from "../staff/staff.tables";
import { HONEYPOT_FIELD, type StoreContactBody } from "./contact.schemas";

export const CONTACT_MAIL = "contact-message";

interface ContactJob extends MailJob {
  kind: typeof CONTACT_MAIL;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: Language;
}

/**
 * The storefront's contact form: a message becomes a durable mail job to the school (its email in
 * Settings, else its first active Admin), enqueued in a transaction of its own, with the sender as
 * Reply-To. Every attempt counts against the "contact" attempt limits (per address and per sender),
 * whichever way it arrives (API, page, `.data`); a post with the hidden honeypot field filled in is
 * answered as if sent and sends nothing.
 */
export function createContactService(
  db: Db,
  deps: { mailJobs: MailJobs; attemptLimits: AttemptLimits; settings: SettingsService },
) {
  deps.mailJobs.register<ContactJob>(CONTACT_MAIL, async (job) => {
    const store = await deps.settings.storeInfo(job.companyId);
    const to = store.email || (await firstAdminEmail(db, job.companyId));
    if (!to) return null;
    const shopName = store.shopName || "Course Market";
    const subject = `Contact form: ${job.subject || `message from ${job.name}`}`;
    const lines = [
      `${job.name} <${job.email}> wrote through the contact form of ${shopName}:`,
      "",
      ...(job.subject ? [`Subject: ${job.subject}`, ""] : []),
      job.message,
      "",
      `Reply to this mail to answer ${job.name}. (Language of the page: ${job.language})`,
    ];
    return {
      to,
      subject,
      text: lines.join("\n"),
      html: lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, "<br>")}</p>`).join(""),
      fromName: shopName,
      replyTo: job.email,
    };
  });

  return {
    /** Sends the message to the school (a mail job); `sent: false` when the honeypot was filled in. */
    async send(
      companyId: string,
      input: StoreContactBody,
      options: { language: Language; client: { ip?: string | undefined } },
    ): Promise<{ sent: boolean }> {
      await deps.attemptLimits.check("contact", { companyId, ip: options.client.ip, email: input.email });
      if (input[HONEYPOT_FIELD] !== "") return { sent: false };
      await db.transaction(async (tx) => {
        await deps.mailJobs.enqueue(tx, {
          kind: CONTACT_MAIL,
          companyId,
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
          language: options.language,
        } satisfies ContactJob);
      });
      deps.mailJobs.wake();
      return { sent: true };
    },
  };
}

/** The school's first active Admin, when the school has no email of its own in Settings. */
async function firstAdminEmail(db: Db, companyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: staff.email })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(and(eq(staff.companyId, companyId), eq(staff.status, "active"), eq(roles.name, "Admin")))
    .orderBy(asc(staff.createdAt))
    .limit(1);
  return row?.email;
}

export type ContactService = ReturnType<typeof createContactService>;
