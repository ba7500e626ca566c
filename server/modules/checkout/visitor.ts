import type { ActiveSession, CustomerPrincipal } from "../auth/sessions.service";
import type { Visitor } from "./checkout.service";

/** The checkout's view of a request (REST route or page loader): tenant, language, customer, session. */
export function visitorOf(source: {
  companyId: string;
  language: string;
  /** The currency asked for (`?currency=` or the `currency` cookie); checked by the checkout. */
  currency?: string | undefined;
  customer: CustomerPrincipal | null;
  visitorSession: ActiveSession | null;
  ip?: string | undefined;
  userAgent?: string | undefined;
}): Visitor {
  const session = source.visitorSession;
  return {
    companyId: source.companyId,
    language: source.language,
    currency: source.currency,
    customerId: source.customer?.customerId ?? null,
    session: session ? { id: session.id, realm: session.realm, subjectId: session.subjectId } : null,
    client: { ip: source.ip, userAgent: source.userAgent },
  };
}
