import type { Queryable } from "../../db/client";
import { notFound } from "../../lib/errors";
import type { ActiveSession, CustomerPrincipal } from "../auth/sessions.service";
import { loadOrderDetails, type OrderDetails } from "../orders/order-details";

/** Who is checking out, as the HTTP adapter or page action sees them. */
export interface Visitor {
  companyId: string;
  language: string;
  /** The currency the visitor asked for (ISO code, unchecked): an enabled one, else the shop currency. */
  currency?: string | undefined;
  /** The signed-in customer's id. */
  customerId: string | null;
  /** The customer or guest session of the request. */
  session: { id: string; realm: "customer" | "guest" | "staff"; subjectId: string | null } | null;
  client?: { ip?: string | undefined; userAgent?: string | undefined };
}

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

/** The visitor's customer id: the signed-in customer, or the customer a guest session bought as. */
export function viewerCustomerId(visitor: Pick<Visitor, "customerId" | "session">): string | null {
  if (visitor.customerId) return visitor.customerId;
  if (visitor.session?.realm === "guest") return visitor.session.subjectId;
  return null;
}

/** One of the visitor's own orders; anyone else's reads as not found. */
export async function visitorOrder(
  db: Queryable,
  visitor: Pick<Visitor, "companyId" | "customerId" | "session">,
  orderId: string,
  language: string,
): Promise<OrderDetails> {
  const owner = viewerCustomerId(visitor);
  const order = owner ? await loadOrderDetails(db, visitor.companyId, orderId, language) : null;
  if (!order || order.customerId !== owner) throw notFound("This order does not exist.", "ORDER_NOT_FOUND");
  return order;
}
