import { and, eq, gt, isNull } from "drizzle-orm";
import type { Language } from "~shared/language";
import type { Queryable } from "../../db/client";
import { badRequest } from "../../lib/errors";
import type { ClientInfo } from "../auth/sign-in";
import { hashToken, newToken } from "../auth/tokens";
import type { MailJob } from "../mail/mail-jobs";
import type { SignedIn } from "./customer-accounts";
import { signInLinkMail } from "./customer-mails";
import { type CustomerSteps, findByEmail } from "./customer-records";
import { customerSignInLinks, customers } from "./customers.tables";

export type SignInLinkPurpose = (typeof customerSignInLinks.$inferSelect)["purpose"];

/**
 * How long a magic sign-in link works: the one in a purchase's confirmation mail for a day (the buyer
 * may read it that evening), one asked for on the sign-in page for an hour (like a reset link).
 */
export const SIGN_IN_LINK_LIFETIME_MS: Record<SignInLinkPurpose, number> = {
  purchase: 24 * 60 * 60 * 1000,
  request: 60 * 60 * 1000,
};

export const SIGN_IN_LINK_MESSAGES = {
  invalid: "This sign-in link is not valid. Please ask for a new one.",
  expired: "This sign-in link has expired. Please ask for a new one.",
  used: "This sign-in link has already been used. Please ask for a new one.",
  /** The answer to a request, whether or not the email belongs to a customer. */
  sent: "If we know this email address, we have sent a link to sign in.",
} as const;

/** The page a link opens: a button there signs in (opening the page alone uses nothing up). */
export function signInLinkUrl(origin: string, token: string, next?: string | null): string {
  const url = new URL(`/user/sign-in-link/${encodeURIComponent(token)}`, origin);
  if (next) url.searchParams.set("next", next);
  return url.toString();
}

/** An in-site path ("/…", never "//…" or "/\\…", which browsers treat as another host), else null. */
export function inSitePath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  return value;
}

/** A new single-use link for the customer (only its hash is stored). */
export async function issueSignInLink(
  tx: Queryable,
  companyId: string,
  customerId: string,
  purpose: SignInLinkPurpose,
): Promise<string> {
  const token = newToken();
  await tx.insert(customerSignInLinks).values({
    companyId,
    customerId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SIGN_IN_LINK_LIFETIME_MS[purpose]),
  });
  return token;
}

export const CUSTOMER_SIGN_IN_LINK_MAIL = "customer-sign-in-link";

interface SignInLinkJob extends MailJob {
  kind: typeof CUSTOMER_SIGN_IN_LINK_MAIL;
  customerId: string;
  language: Language;
  /** The school's public address, which the link points to. */
  origin: string;
  /** Where to go once signed in (an in-site path, checked again when the link is used). */
  next: string | null;
}

/** The requested link's mail, composed when its job runs: the token is issued then, so none waits in the queue. */
export function registerSignInLinkMail(deps: CustomerSteps): void {
  deps.mailJobs.register<SignInLinkJob>(CUSTOMER_SIGN_IN_LINK_MAIL, async (job) => {
    const [row] = await deps.db
      .select({ id: customers.id, email: customers.email, name: customers.name })
      .from(customers)
      .where(and(eq(customers.companyId, job.companyId), eq(customers.id, job.customerId)));
    if (!row) return null;
    const token = await issueSignInLink(deps.db, job.companyId, row.id, "request");
    const store = await deps.settings.storeInfo(job.companyId);
    return signInLinkMail({
      to: row.email,
      name: row.name,
      shopName: store.shopName || "Course Market",
      link: signInLinkUrl(job.origin, token, job.next),
      language: job.language,
    });
  });
}

/**
 * Mails a sign-in link when the email belongs to a customer (an account, or a guest's record without a
 * password). Limited like a forgotten-password request; the caller answers the same either way.
 */
export async function requestSignInLink(
  deps: CustomerSteps,
  companyId: string,
  email: string,
  options: { origin: string; language: Language; client: ClientInfo; next?: string | null },
): Promise<void> {
  await deps.attemptLimits.check("sign-in-link", { companyId, ip: options.client.ip, email });
  const row = await findByEmail(deps.db, companyId, email);
  if (!row) return;
  await deps.mailJobs.enqueue(deps.db, {
    kind: CUSTOMER_SIGN_IN_LINK_MAIL,
    companyId,
    customerId: row.id,
    language: options.language,
    origin: options.origin,
    next: inSitePath(options.next),
  } satisfies SignInLinkJob);
  deps.mailJobs.wake();
}

/**
 * Uses up a sign-in link and starts a customer session for its customer: the token proves that the
 * reader has the mailbox the link was sent to. A guest's record signs in as it is (without a
 * password); setting one later on /user-details makes it an ordinary account.
 */
export async function signInWithLink(
  deps: Pick<CustomerSteps, "db" | "sessions" | "attemptLimits">,
  companyId: string,
  token: string,
  client: ClientInfo,
): Promise<SignedIn> {
  await deps.attemptLimits.check("sign-in-link-use", { companyId, ip: client.ip });
  const [found] = await deps.db
    .select()
    .from(customerSignInLinks)
    .where(
      and(eq(customerSignInLinks.tokenHash, hashToken(token)), eq(customerSignInLinks.companyId, companyId)),
    );
  if (!found) throw badRequest(SIGN_IN_LINK_MESSAGES.invalid);
  if (found.usedAt) throw badRequest(SIGN_IN_LINK_MESSAGES.used);
  if (found.expiresAt.getTime() <= Date.now()) throw badRequest(SIGN_IN_LINK_MESSAGES.expired);
  return deps.db.transaction(async (tx) => {
    // Conditional on still unused: of two concurrent uses of one link, one wins.
    const [used] = await tx
      .update(customerSignInLinks)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(customerSignInLinks.id, found.id),
          isNull(customerSignInLinks.usedAt),
          gt(customerSignInLinks.expiresAt, new Date()),
        ),
      )
      .returning({ id: customerSignInLinks.id });
    if (!used) throw badRequest(SIGN_IN_LINK_MESSAGES.used);
    const [row] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, found.customerId)));
    if (!row) throw badRequest(SIGN_IN_LINK_MESSAGES.invalid);
    const session = await deps.sessions.start(
      {
        companyId,
        realm: "customer",
        subjectId: row.id,
        userAgent: client.userAgent,
        ip: client.ip,
      },
      tx,
    );
    return { session, customer: { id: row.id, name: row.name, email: row.email, image: row.image } };
  });
}
