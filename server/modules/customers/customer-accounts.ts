import type { Language } from "~shared/language";
import { conflict, unauthorized } from "../../lib/errors";
import { hashPassword } from "../auth/passwords";
import type { StartedSession } from "../auth/sessions.service";
import { type ClientInfo, INVALID_CREDENTIALS } from "../auth/sign-in";
import { offerClaim } from "./customer-claims";
import { type CustomerRow, type CustomerSteps, findByEmail } from "./customer-records";
import { customers } from "./customers.tables";

export interface SignedIn {
  session: StartedSession;
  customer: { id: string; name: string; email: string; image: string | null };
}

const EMAIL_TAKEN = "An account with this email address already exists. Please sign in.";

/** Where and in which language mails caused by signing up or in are written. */
export interface MailContext {
  /** The school's public address (never a request header). */
  origin: string;
  language: Language;
}

/**
 * A new account. When the email also has a passwordless record (a guest checkout's or an import's),
 * the account is a record of its own and sees nothing of that one: a link to claim it is mailed to
 * the address, and only opening it (proof of the mailbox) moves its orders, invoices and courses over.
 */
export async function register(
  deps: Pick<CustomerSteps, "db" | "sessions" | "attemptLimits" | "mailJobs">,
  companyId: string,
  input: { name: string; email: string; password: string },
  client: ClientInfo,
  mail: MailContext,
): Promise<SignedIn> {
  await deps.attemptLimits.check("sign-up", { companyId, ip: client.ip, email: input.email });
  const passwordHash = await hashPassword(input.password);
  let offered = false;
  const row = await deps.db.transaction(async (tx) => {
    const existing = await findByEmail(tx, companyId, input.email);
    if (existing?.passwordHash) throw conflict(EMAIL_TAKEN, "EMAIL_TAKEN");
    const [created] = await tx
      .insert(customers)
      .values({ companyId, name: input.name, email: input.email.toLowerCase(), passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(EMAIL_TAKEN, "EMAIL_TAKEN");
    if (existing) offered = await offerClaim(deps, tx, companyId, created, mail);
    return created;
  });
  if (offered) deps.mailJobs.wake();
  return signIn(deps, companyId, row, client);
}

/** Checks the password; every failure reads the same, whether or not the email exists. */
export async function login(
  deps: Pick<CustomerSteps, "db" | "sessions" | "passwordMatches" | "attemptLimits" | "mailJobs">,
  companyId: string,
  input: { email: string; password: string },
  client: ClientInfo,
  mail: MailContext,
): Promise<SignedIn> {
  const attempt = { companyId, ip: client.ip, email: input.email };
  await deps.attemptLimits.check("sign-in", attempt);
  const row = await findByEmail(deps.db, companyId, input.email);
  // The password is checked even without a row (against a decoy hash): a miss costs as much as a hit.
  const matches = await deps.passwordMatches(row?.passwordHash, input.password);
  if (!row || !matches) {
    await deps.attemptLimits.failed("sign-in", attempt);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  // A claim link that expired unused is mailed again (no-op when none is owed or one is still open).
  if (row.passwordHash && (await offerClaim(deps, deps.db, companyId, row, mail))) deps.mailJobs.wake();
  return signIn(deps, companyId, row, client);
}

export async function logout(deps: Pick<CustomerSteps, "sessions">, sessionId: string): Promise<void> {
  await deps.sessions.revoke(sessionId);
}

/** A guest session: the cart and checkout without an account. */
export function startGuest(
  deps: Pick<CustomerSteps, "sessions">,
  companyId: string,
  client: ClientInfo = {},
): Promise<StartedSession> {
  return deps.sessions.start({
    companyId,
    realm: "guest",
    subjectId: null,
    userAgent: client.userAgent,
    ip: client.ip,
  });
}

async function signIn(
  deps: Pick<CustomerSteps, "sessions">,
  companyId: string,
  row: CustomerRow,
  client: ClientInfo,
): Promise<SignedIn> {
  const session = await deps.sessions.start({
    companyId,
    realm: "customer",
    subjectId: row.id,
    userAgent: client.userAgent,
    ip: client.ip,
  });
  return { session, customer: { id: row.id, name: row.name, email: row.email, image: row.image } };
}
