import { data } from "react-router";
import { localizeForRequest } from "~server/lib/messages/request-language";
import { ORDER_STATUSES, type OrderStatus } from "~server/modules/orders/orders.tables";
import type { OrderActionResult } from "./order-action-result";

export { actingStaff } from "~server/modules/orders/order-admin-records";

export function parseStatus(value: FormDataEntryValue | null): OrderStatus | null {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value)
    ? (value as OrderStatus)
    : null;
}

/**
 * The status of a service's AppError below 500, else null. Checked by shape, not `instanceof`: the
 * services come from the server bundle, this module from the React Router bundle.
 */
export function clientErrorStatus(error: unknown): number | null {
  if (!(error instanceof Error) || error.name !== "AppError") return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status < 500 ? status : null;
}

/** Runs an order change; a business error becomes `{ ok: false, message }` with its HTTP status. */
export async function orderAction(
  intent: string,
  run: () => Promise<Omit<Extract<OrderActionResult, { ok: true }>, "ok" | "intent">>,
) {
  try {
    return { ok: true as const, intent, ...(await run()) };
  } catch (error) {
    const status = clientErrorStatus(error);
    if (status)
      return data(
        { ok: false as const, intent, message: localizeForRequest((error as Error).message) },
        { status },
      );
    throw error;
  }
}
