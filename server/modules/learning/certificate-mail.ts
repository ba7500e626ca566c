import { and, eq, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import { translate } from "~shared/translatable";
import type { Db } from "../../db/client";
import { escapeHtml } from "../../lib/sanitize-html";
import { customers } from "../customers/customers.tables";
import type { MailMessage } from "../mail/mailer";
import type { ImageStore } from "../media/image-store";
import type { SettingsService } from "../settings/settings.service";
import { logoForPdf, renderCertificatePdf } from "./certificate-pdf";
import { type CertificateMailJob, type CertificateRecord, schoolName } from "./certificates";
import { certificates } from "./learning.tables";

const TEXTS = {
  en: {
    subject: (course: string) => `Your certificate for ${course}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (course: string) =>
      `Congratulations: you have completed the course "${course}". Your certificate is attached.`,
    download: "You can download it again at any time from My courses:",
    verify: "Anyone can check that it is genuine on this page:",
    code: (code: string) => `Verification code: ${code}`,
    closing: "Kind regards,",
  },
  nl: {
    subject: (course: string) => `Je certificaat voor ${course}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: (course: string) =>
      `Gefeliciteerd: je hebt de cursus "${course}" voltooid. Je certificaat zit in de bijlage.`,
    download: "Je kunt het altijd opnieuw downloaden via Mijn cursussen:",
    verify: "Iedereen kan op deze pagina controleren dat het echt is:",
    code: (code: string) => `Verificatiecode: ${code}`,
    closing: "Met vriendelijke groet,",
  },
} as const;

export const certificateFilename = (code: string) => `certificate-${code}.pdf`;
export const verifyPath = (code: string) => `/certificate/${encodeURIComponent(code)}`;

export interface CertificatePdfDeps {
  settings: Pick<SettingsService, "storeInfo">;
  images: Pick<ImageStore, "read">;
  originOf: (companyId: string) => Promise<string>;
}

/** The certificate's PDF: school name and logo (when set), learner, course, date and code. */
export async function certificatePdf(
  deps: CertificatePdfDeps,
  companyId: string,
  row: Pick<CertificateRecord, "code" | "learnerName" | "courseTitle" | "issuedAt">,
  language: Language,
): Promise<Buffer> {
  const store = await deps.settings.storeInfo(companyId);
  const origin = await deps.originOf(companyId);
  return renderCertificatePdf(
    {
      school: schoolName(store),
      logo: store.logo ? await logoForPdf(deps.images, store.logo) : null,
      learnerName: row.learnerName,
      courseTitle: translate(row.courseTitle, language),
      issuedAt: row.issuedAt,
      timeZone: store.timeZone,
      code: row.code,
      verifyUrl: new URL(verifyPath(row.code), origin).toString(),
    },
    language,
  );
}

/** The mail telling the learner about their certificate, with the PDF attached; composed when its job runs. */
export function composeCertificateMail(db: Db, deps: CertificatePdfDeps) {
  return async (job: CertificateMailJob): Promise<MailMessage | null> => {
    const [row] = await db
      .select({
        code: certificates.code,
        learnerName: certificates.learnerName,
        courseTitle: certificates.courseTitle,
        issuedAt: certificates.issuedAt,
        // A child's certificate (a family's learner profile, no email of its own) goes to its parent.
        email: sql<string>`coalesce((select parent.email from customers parent where parent.id = ${customers.parentId}), ${customers.email})`,
      })
      .from(certificates)
      .innerJoin(customers, eq(customers.id, certificates.customerId))
      .where(and(eq(certificates.companyId, job.companyId), eq(certificates.id, job.certificateId)));
    if (!row) return null;
    const language: Language = job.language === "nl" ? "nl" : "en";
    const t = TEXTS[language];
    const store = await deps.settings.storeInfo(job.companyId);
    const shop = schoolName(store);
    const course = translate(row.courseTitle, language);
    // The school's address when the mail is sent (never a request's Host).
    const origin = await deps.originOf(job.companyId);
    const coursesLink = new URL("/user-courses", origin).toString();
    const verifyLink = new URL(verifyPath(row.code), origin).toString();
    const pdf = await certificatePdf(deps, job.companyId, row, language);
    const text = [
      t.greeting(row.learnerName),
      "",
      t.intro(course),
      "",
      t.download,
      coursesLink,
      "",
      t.verify,
      verifyLink,
      t.code(row.code),
      "",
      t.closing,
      shop,
    ].join("\n");
    const a = (href: string) => `<a href="${escapeHtml(href)}" style="color:#0f6b63">${escapeHtml(href)}</a>`;
    const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d2624;line-height:1.5">
<p>${escapeHtml(t.greeting(row.learnerName))}</p>
<p>${escapeHtml(t.intro(course))}</p>
<p>${escapeHtml(t.download)}<br>${a(coursesLink)}</p>
<p>${escapeHtml(t.verify)}<br>${a(verifyLink)}<br>${escapeHtml(t.code(row.code))}</p>
<p>${escapeHtml(t.closing)}<br>${escapeHtml(shop)}</p>
</body></html>`;
    return {
      to: row.email,
      subject: t.subject(course),
      text,
      html,
      fromName: shop,
      replyTo: store.email || undefined,
      attachments: [
        { filename: certificateFilename(row.code), content: pdf, contentType: "application/pdf" },
      ],
    };
  };
}
