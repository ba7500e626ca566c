import { type AppLoadContext, data } from "react-router";
import { AppError } from "~server/lib/errors";
import type { OrderView } from "~server/modules/checkout/checkout.schemas";
import { visitorOf } from "~server/modules/checkout/visitor";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order named by `?order=` when it belongs to this visitor (customer or guest session); else a 404. */
export async function visitorOrder(context: AppLoadContext, request: Request): Promise<OrderView> {
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  if (!UUID.test(orderId)) throw data(null, { status: 404 });
  const visitor = visitorOf({
    companyId: context.company.id,
    language: context.language,
    customer: context.customer,
    visitorSession: context.visitorSession,
  });
  try {
    return await context.services.checkout.getOrder(visitor, orderId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
