import { and, eq, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { notFound } from "../../lib/errors";
import type { ActiveSession, CustomerPrincipal } from "../auth/sessions.service";
import { loadOrderDetails, type OrderDetails } from "../orders/order-details";
import { orders } from "../orders/orders.tables";

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

/**
 * Whose orders a visitor sees: a signed-in customer all of their own; a guest session only the
 * orders it placed itself (`guestSessionId`), never everything of the passwordless customer record
 * its checkout's email matched: anyone can type someone else's email at a guest checkout.
 */
export interface OrderScope {
  customerId: string;
  /** Set for a guest session: only orders this session placed. */
  guestSessionId: string | null;
}

/** The visitor's order scope: the signed-in customer, or the guest session and the record it bought as. */
export function viewerScope(visitor: Pick<Visitor, "customerId" | "session">): OrderScope | null {
  if (visitor.customerId) return { customerId: visitor.customerId, guestSessionId: null };
  const session = visitor.session;
  if (session?.realm === "guest" && session.subjectId) {
    return { customerId: session.subjectId, guestSessionId: session.id };
  }
  return null;
}

/** The orders of a scope, as a condition on `orders`. */
export function scopedOrders(scope: OrderScope): SQL {
  return and(
    eq(orders.customerId, scope.customerId),
    scope.guestSessionId ? eq(orders.guestSessionId, scope.guestSessionId) : undefined,
  )!;
}

/** Whether an order (its customer and placing guest session) is within the scope. */
export function inScope(
  scope: OrderScope | null,
  order: { customerId: string; guestSessionId: string | null },
): boolean {
  if (!scope || order.customerId !== scope.customerId) return false;
  return scope.guestSessionId === null || order.guestSessionId === scope.guestSessionId;
}

/** One of the visitor's own orders; anyone else's reads as not found. */
export async function visitorOrder(
  db: Queryable,
  visitor: Pick<Visitor, "companyId" | "customerId" | "session">,
  orderId: string,
  language: string,
): Promise<OrderDetails> {
  const scope = viewerScope(visitor);
  const order = scope ? await loadOrderDetails(db, visitor.companyId, orderId, language) : null;
  if (!order || !inScope(scope, order)) throw notFound("This order does not exist.", "ORDER_NOT_FOUND");
  return order;
}
