import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Language } from "~shared/language";
import { translate } from "~shared/translatable";
import type { Db, Queryable } from "../../db/client";
import { notFound } from "../../lib/errors";
import { courses, lessons } from "../catalog/catalog.tables";
import { customers } from "../customers/customers.tables";
import type { MailJob, MailJobs } from "../mail/mail-jobs";
import type { SettingsService } from "../settings/settings.service";
import { certificates, lessonProgress, lessonQuizzes, quizAttempts } from "./learning.tables";
import type { CertificateVerification } from "./quiz.schemas";

export const CERTIFICATE_MAIL = "course-certificate";

export interface CertificateMailJob extends MailJob {
  kind: typeof CERTIFICATE_MAIL;
  certificateId: string;
  language: Language;
}

export const CERTIFICATE_NOT_FOUND = "No certificate with this code exists.";

/** What issuing a certificate needs: the durable mail queue. */
export interface CertificateDeps {
  mailJobs: Pick<MailJobs, "enqueue" | "wake">;
}

/** No 0/O or 1/I: codes are read off paper and typed in. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A verification code such as `K7QM-3XRD-P9WA` (60 random bits). */
export function newCertificateCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)].map((part) => part.join("")).join("-");
}

/** How a typed code is looked up: upper case, spaces and missing dashes forgiven. */
export function normaliseCode(code: string): string {
  const bare = code.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return bare.length === 12 ? `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}` : bare;
}

/**
 * Issues the learner's certificate of the course when it is complete: every lesson complete and every
 * quiz passed. Runs in the transaction of the change that completed it, with the mail telling the
 * learner, so both exist exactly when that change does; a certificate is issued once (the unique key
 * on learner and course settles two completing changes at once). Returns its code, or null while the
 * course is not complete.
 */
export async function issueCertificateIfComplete(
  deps: CertificateDeps,
  tx: Queryable,
  input: { companyId: string; customerId: string; courseId: string; language: Language },
): Promise<{ code: string; issued: boolean } | null> {
  const { companyId, customerId, courseId } = input;
  const [existing] = await tx
    .select({ code: certificates.code })
    .from(certificates)
    .where(
      and(
        eq(certificates.companyId, companyId),
        eq(certificates.customerId, customerId),
        eq(certificates.courseId, courseId),
      ),
    );
  if (existing) return { code: existing.code, issued: false };

  // One query after the other: a transaction's client runs one at a time.
  const all = await tx
    .select({ id: lessons.id, quizId: lessonQuizzes.id })
    .from(lessons)
    .leftJoin(lessonQuizzes, eq(lessonQuizzes.lessonId, lessons.id))
    .where(and(eq(lessons.companyId, companyId), eq(lessons.courseId, courseId)));
  if (all.length === 0) return null;
  const done = await tx
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(
      and(
        eq(lessonProgress.companyId, companyId),
        eq(lessonProgress.customerId, customerId),
        eq(lessonProgress.courseId, courseId),
        eq(lessonProgress.completed, true),
      ),
    );
  const passed = await tx
    .selectDistinct({ lessonId: quizAttempts.lessonId })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.companyId, companyId),
        eq(quizAttempts.customerId, customerId),
        eq(quizAttempts.courseId, courseId),
        eq(quizAttempts.passed, true),
      ),
    );
  const completed = new Set(done.map((row) => row.lessonId));
  const passedQuizzes = new Set(passed.map((row) => row.lessonId));
  const complete = all.every(
    (lesson) => completed.has(lesson.id) && (lesson.quizId === null || passedQuizzes.has(lesson.id)),
  );
  if (!complete) return null;

  const [who] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  const [course] = await tx
    .select({ title: courses.title })
    .from(courses)
    .where(and(eq(courses.companyId, companyId), eq(courses.id, courseId)));
  if (!who || !course) return null;
  const [row] = await tx
    .insert(certificates)
    .values({
      companyId,
      customerId,
      courseId,
      code: newCertificateCode(),
      learnerName: who.name,
      courseTitle: course.title,
    })
    .onConflictDoNothing({ target: [certificates.customerId, certificates.courseId] })
    .returning({ id: certificates.id, code: certificates.code });
  if (!row) {
    const [other] = await tx
      .select({ code: certificates.code })
      .from(certificates)
      .where(and(eq(certificates.customerId, customerId), eq(certificates.courseId, courseId)));
    return other ? { code: other.code, issued: false } : null;
  }
  await deps.mailJobs.enqueue<CertificateMailJob>(tx, {
    kind: CERTIFICATE_MAIL,
    companyId,
    certificateId: row.id,
    language: input.language,
  });
  return { code: row.code, issued: true };
}

/** One certificate of the school by its code (as typed), with what the verification page shows. */
export async function findCertificate(db: Queryable, companyId: string, code: string) {
  const [row] = await db
    .select({
      id: certificates.id,
      customerId: certificates.customerId,
      courseId: certificates.courseId,
      code: certificates.code,
      learnerName: certificates.learnerName,
      courseTitle: certificates.courseTitle,
      issuedAt: certificates.issuedAt,
    })
    .from(certificates)
    .where(and(eq(certificates.companyId, companyId), eq(certificates.code, normaliseCode(code))));
  return row;
}

export type CertificateRecord = NonNullable<Awaited<ReturnType<typeof findCertificate>>>;

/** The school's name as a certificate prints it. */
export const schoolName = (store: { shopName: string; companyName: string }) =>
  store.shopName || store.companyName || "Course Market";

/** The public verification of a code: who completed what, when, at which school; 404 for an unknown code. */
export async function verifyCertificate(
  deps: { db: Db; settings: Pick<SettingsService, "storeInfo"> },
  companyId: string,
  code: string,
  language: Language,
): Promise<CertificateVerification> {
  const row = await findCertificate(deps.db, companyId, code);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND, "CERTIFICATE_NOT_FOUND");
  const store = await deps.settings.storeInfo(companyId);
  return {
    code: row.code,
    learnerName: row.learnerName,
    courseTitle: translate(row.courseTitle, language),
    issuedAt: row.issuedAt.toISOString(),
    school: schoolName(store),
  };
}

/** A signed-in learner's own certificate by code; 404 for anyone else's (codes cannot be probed). */
export async function ownCertificate(db: Queryable, companyId: string, customerId: string, code: string) {
  const row = await findCertificate(db, companyId, code);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND, "CERTIFICATE_NOT_FOUND");
  if (row.customerId === customerId) return row;
  // A parent downloads the certificates of its own children (a family's learner profiles).
  const [child] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        eq(customers.id, row.customerId),
        eq(customers.parentId, customerId),
      ),
    );
  if (!child) throw notFound(CERTIFICATE_NOT_FOUND, "CERTIFICATE_NOT_FOUND");
  return row;
}

/** The learner's certificates by course id. */
export async function certificatesOf(db: Queryable, companyId: string, customerId: string) {
  const rows = await db
    .select({ courseId: certificates.courseId, code: certificates.code, issuedAt: certificates.issuedAt })
    .from(certificates)
    .where(and(eq(certificates.companyId, companyId), eq(certificates.customerId, customerId)))
    .orderBy(desc(certificates.issuedAt));
  return new Map(rows.map((row) => [row.courseId, row]));
}
