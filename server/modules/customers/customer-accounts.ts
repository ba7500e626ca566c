import { and, eq, isNull } from "drizzle-orm";
import { conflict, unauthorized } from "../../lib/errors";
import { hashPassword } from "../auth/passwords";
import type { StartedSession } from "../auth/sessions.service";
import { type ClientInfo, INVALID_CREDENTIALS } from "../auth/sign-in";
import { type CustomerRow, type CustomerSteps, findByEmail } from "./customer-records";
import { customers } from "./customers.tables";

export interface SignedIn {
  session: StartedSession;
  customer: { id: string; name: string; email: string; image: string | null };
}

const EMAIL_TAKEN = "An account with this email address already exists. Please sign in.";

/**
 * New account, or a password for a row without one (a guest checkout or an import with the
 * same email): that row is claimed, so its past orders and enrolments show up.
 */
export async function register(
  deps: Pick<CustomerSteps, "db" | "sessions" | "attemptLimits">,
  companyId: string,
  input: { name: string; email: string; password: string },
  client: ClientInfo,
): Promise<SignedIn> {
  await deps.attemptLimits.check("sign-up", { companyId, ip: client.ip, email: input.email });
  const passwordHash = await hashPassword(input.password);
  const row = await deps.db.transaction(async (tx) => {
    const existing = await findByEmail(tx, companyId, input.email);
    if (existing?.passwordHash) throw conflict(EMAIL_TAKEN, "EMAIL_TAKEN");
    if (existing) {
      const [claimed] = await tx
        .update(customers)
        .set({ name: input.name, passwordHash, updatedAt: new Date() })
        .where(and(eq(customers.id, existing.id), isNull(customers.passwordHash)))
        .returning();
      if (!claimed) throw conflict(EMAIL_TAKEN, "EMAIL_TAKEN");
      return claimed;
    }
    const [created] = await tx
      .insert(customers)
      .values({ companyId, name: input.name, email: input.email.toLowerCase(), passwordHash })
      .returning();
    return created!;
  });
  return signIn(deps, companyId, row, client);
}

/** Checks the password; every failure reads the same, whether or not the email exists. */
export async function login(
  deps: Pick<CustomerSteps, "db" | "sessions" | "passwordMatches" | "attemptLimits">,
  companyId: string,
  input: { email: string; password: string },
  client: ClientInfo,
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
