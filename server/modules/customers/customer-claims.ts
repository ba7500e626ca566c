import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Language } from "~shared/language";
import type { Queryable } from "../../db/client";
import { badRequest } from "../../lib/errors";
import { hashToken, newToken } from "../auth/tokens";
import { withdrawRatings } from "../learning/course-reviews";
import { courseReviews, lessonProgress } from "../learning/learning.tables";
import type { MailJob } from "../mail/mail-jobs";
import { enrolments, orders } from "../orders/orders.tables";
import { productDownloads } from "../products/products.tables";
import { claimMail } from "./customer-mails";
import type { CustomerSteps } from "./customer-records";
import { customerClaims, customers } from "./customers.tables";

/** A claim link works for seven days; signing in after that mails a new one. */
export const CLAIM_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const CLAIM_MESSAGES = {
  invalid: "This confirmation link is not valid.",
  expired: "This confirmation link has expired. Sign in to receive a new one.",
  used: "This confirmation link has already been used.",
  done: "Your earlier purchases are now in your account.",
} as const;

export const CUSTOMER_CLAIM_MAIL = "customer-claim";

interface CustomerClaimJob extends MailJob {
  kind: typeof CUSTOMER_CLAIM_MAIL;
  accountId: string;
  guestId: string;
  language: Language;
  /** The school's public address, which the link points to. */
  origin: string;
}

/**
 * The claim mail, composed when its job runs (the token is issued then, so none waits in the queue),
 * and sent to the address both records share: only its owner can open the link.
 */
export function registerCustomerClaimMail(deps: CustomerSteps): void {
  deps.mailJobs.register<CustomerClaimJob>(CUSTOMER_CLAIM_MAIL, async (job) => {
    const pair = await claimablePair(deps.db, job.companyId, job.accountId, job.guestId);
    if (!pair) return null;
    const token = newToken();
    await deps.db.insert(customerClaims).values({
      companyId: job.companyId,
      accountId: pair.account.id,
      guestId: pair.guest.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + CLAIM_LIFETIME_MS),
    });
    const store = await deps.settings.storeInfo(job.companyId);
    const link = new URL(`/user/claim-purchases/${encodeURIComponent(token)}`, job.origin).toString();
    return claimMail({
      to: pair.account.email,
      name: pair.account.name,
      shopName: store.shopName || "Course Market",
      link,
      language: job.language,
    });
  });
}

/**
 * When the account's email also has a passwordless record (a guest checkout's or an import's) and no
 * claim link for it is still open, mails one to that address. Nothing of the record is shown until
 * the link is opened.
 */
export async function offerClaim(
  deps: Pick<CustomerSteps, "mailJobs">,
  tx: Queryable,
  companyId: string,
  account: { id: string; email: string },
  options: { origin: string; language: Language },
): Promise<boolean> {
  const [guest] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        sql`lower(${customers.email}) = ${account.email.toLowerCase()}`,
        isNull(customers.passwordHash),
      ),
    );
  if (!guest) return false;
  const [open] = await tx
    .select({ id: customerClaims.id })
    .from(customerClaims)
    .where(
      and(
        eq(customerClaims.companyId, companyId),
        eq(customerClaims.accountId, account.id),
        eq(customerClaims.guestId, guest.id),
        isNull(customerClaims.usedAt),
        gt(customerClaims.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (open) return false;
  await deps.mailJobs.enqueue(tx, {
    kind: CUSTOMER_CLAIM_MAIL,
    companyId,
    accountId: account.id,
    guestId: guest.id,
    language: options.language,
    origin: options.origin,
  } satisfies CustomerClaimJob);
  return true;
}

/**
 * Opens a claim link: the passwordless record's orders, invoices, courses, progress, reviews,
 * downloads and contact details move into the account, and the record (with its guest sessions) ends.
 * The token is the proof that the account's owner reads the mailbox of that address.
 */
export async function claimPurchases(
  deps: Pick<CustomerSteps, "db" | "sessions" | "passwordReset">,
  companyId: string,
  token: string,
): Promise<{ accountId: string }> {
  const [found] = await deps.db
    .select()
    .from(customerClaims)
    .where(and(eq(customerClaims.tokenHash, hashToken(token)), eq(customerClaims.companyId, companyId)));
  if (!found) throw badRequest(CLAIM_MESSAGES.invalid);
  if (found.usedAt) throw badRequest(CLAIM_MESSAGES.used);
  if (found.expiresAt.getTime() <= Date.now()) throw badRequest(CLAIM_MESSAGES.expired);
  await deps.db.transaction(async (tx) => {
    // Conditional on still unused: of two concurrent claims with one token, one wins.
    const [used] = await tx
      .update(customerClaims)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(customerClaims.id, found.id),
          isNull(customerClaims.usedAt),
          gt(customerClaims.expiresAt, new Date()),
        ),
      )
      .returning({ id: customerClaims.id });
    if (!used) throw badRequest(CLAIM_MESSAGES.used);
    if (!found.guestId) throw badRequest(CLAIM_MESSAGES.invalid);
    const pair = await claimablePair(tx, companyId, found.accountId, found.guestId, true);
    if (!pair) throw badRequest(CLAIM_MESSAGES.invalid);
    await mergeInto(tx, companyId, pair.guest.id, pair.account.id);
    await tx
      .update(customers)
      .set({
        phone: sql`coalesce(${customers.phone}, ${pair.guest.phone})`,
        address: sql`coalesce(${customers.address}, ${pair.guest.address})`,
        image: sql`coalesce(${customers.image}, ${pair.guest.image})`,
        updatedAt: new Date(),
      })
      .where(and(eq(customers.companyId, companyId), eq(customers.id, pair.account.id)));
    await deps.sessions.revokeAll("guest", pair.guest.id, undefined, tx);
    await deps.passwordReset.forget(tx, pair.guest.id);
    await tx
      .delete(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, pair.guest.id)));
  });
  return { accountId: found.accountId };
}

/** Both records still exist, the account with a password, the other without, with the same email. */
async function claimablePair(
  tx: Queryable,
  companyId: string,
  accountId: string,
  guestId: string,
  lock = false,
) {
  const query = tx
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), inArray(customers.id, [accountId, guestId])));
  const rows = lock ? await query.for("update") : await query;
  const account = rows.find((row) => row.id === accountId);
  const guest = rows.find((row) => row.id === guestId);
  if (!account?.passwordHash || !guest || guest.passwordHash) return null;
  if (account.email.toLowerCase() !== guest.email.toLowerCase()) return null;
  return { account, guest };
}

/** Moves everything the passwordless record owns into the account; where both have one, the account's stays. */
async function mergeInto(tx: Queryable, companyId: string, fromId: string, toId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ customerId: toId })
    .where(and(eq(orders.companyId, companyId), eq(orders.customerId, fromId)));
  await tx
    .update(productDownloads)
    .set({ customerId: toId })
    .where(and(eq(productDownloads.companyId, companyId), eq(productDownloads.customerId, fromId)));
  await tx.execute(sql`
    update ${enrolments} set customer_id = ${toId}, updated_at = now()
    where company_id = ${companyId} and customer_id = ${fromId}
      and not exists (
        select 1 from ${enrolments} mine
        where mine.company_id = ${companyId} and mine.customer_id = ${toId} and mine.course_id = ${enrolments.courseId}
      )`);
  await tx
    .delete(enrolments)
    .where(and(eq(enrolments.companyId, companyId), eq(enrolments.customerId, fromId)));
  await tx.execute(sql`
    update ${lessonProgress} set customer_id = ${toId}
    where company_id = ${companyId} and customer_id = ${fromId}
      and not exists (
        select 1 from ${lessonProgress} mine where mine.customer_id = ${toId} and mine.lesson_id = ${lessonProgress.lessonId}
      )`);
  await tx
    .delete(lessonProgress)
    .where(and(eq(lessonProgress.companyId, companyId), eq(lessonProgress.customerId, fromId)));
  await tx.execute(sql`
    update ${courseReviews} set customer_id = ${toId}
    where company_id = ${companyId} and customer_id = ${fromId}
      and not exists (
        select 1 from ${courseReviews} mine where mine.customer_id = ${toId} and mine.course_id = ${courseReviews.courseId}
      )`);
  // A course both reviewed keeps the account's review: the other one's rating leaves the course's totals.
  const dropped = await tx
    .delete(courseReviews)
    .where(and(eq(courseReviews.companyId, companyId), eq(courseReviews.customerId, fromId)))
    .returning({ courseId: courseReviews.courseId, rating: courseReviews.rating });
  await withdrawRatings(tx, dropped);
}
