import { and, eq } from "drizzle-orm";
import type { Language } from "~shared/language";
import { translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { courses } from "../catalog/catalog.tables";
import { issueSignInLink, signInLinkUrl } from "../customers/customer-sign-in-links";
import { customers } from "../customers/customers.tables";
import { linkMail } from "../mail/link-mail";
import type { MailJob } from "../mail/mail-jobs";
import type { MailMessage } from "../mail/mailer";
import type { SettingsService } from "../settings/settings.service";

export const SEAT_ASSIGNED_MAIL = "seat-assigned";

/** A seat was assigned to a learner by email: the mail with a magic sign-in link to the course. */
export interface SeatAssignedJob extends MailJob {
  kind: typeof SEAT_ASSIGNED_MAIL;
  learnerId: string;
  courseId: string;
  /** Who gave the seat (the buyer's name). */
  from: string;
  language: Language;
}

const copy = {
  en: {
    subject: (course: string) => `You have a place in ${course}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (from: string, course: string, shop: string) =>
      `${from} has given you a place in the course "${course}" at ${shop}. You can start learning straight away.`,
    action: "Sign in and open your courses with this link:",
    button: "Start learning",
    expiry:
      "The link works once and expires after 24 hours; after that, ask for a new sign-in link on the sign-in page.",
    ignore: "If you do not know who this is, you can ignore this email.",
    signature: (shop: string) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (course: string) => `Je hebt een plaats in ${course}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: (from: string, course: string, shop: string) =>
      `${from} heeft je een plaats gegeven in de cursus "${course}" bij ${shop}. Je kunt meteen beginnen.`,
    action: "Log in en open je cursussen via deze link:",
    button: "Begin met leren",
    expiry:
      "De link werkt één keer en verloopt na 24 uur; vraag daarna een nieuwe inloglink aan op de inlogpagina.",
    ignore: "Ken je de afzender niet? Dan kun je deze e-mail negeren.",
    signature: (shop: string) => `Met vriendelijke groet,\n${shop}`,
  },
} satisfies Record<Language, unknown>;

/** Composed when the job runs: the sign-in token is issued then, so none waits in the queue. */
export function composeSeatAssignedMail(
  db: Db,
  deps: { settings: Pick<SettingsService, "storeInfo">; originOf: (companyId: string) => Promise<string> },
) {
  return async (job: SeatAssignedJob): Promise<MailMessage | null> => {
    const [row] = await db
      .select({ id: customers.id, name: customers.name, email: customers.email })
      .from(customers)
      .where(and(eq(customers.companyId, job.companyId), eq(customers.id, job.learnerId)));
    const [course] = await db
      .select({ title: courses.title })
      .from(courses)
      .where(and(eq(courses.companyId, job.companyId), eq(courses.id, job.courseId)));
    if (!row?.email || !course) return null;
    const language: Language = job.language === "nl" ? "nl" : "en";
    const c = copy[language];
    const token = await issueSignInLink(db, job.companyId, row.id, "purchase");
    const store = await deps.settings.storeInfo(job.companyId);
    const shop = store.shopName || "Course Market";
    const title = translate(course.title, language);
    return linkMail({
      to: row.email,
      link: signInLinkUrl(await deps.originOf(job.companyId), token, "/user-courses"),
      language,
      fromName: shop,
      copy: {
        ...c,
        subject: c.subject(title),
        greeting: c.greeting(row.name),
        intro: c.intro(job.from, title, shop),
        signature: c.signature(shop),
      },
    });
  };
}
