import { data } from "react-router";
import { AppError } from "../../../server/lib/errors";
import { ORDER_STATUSES, type OrderStatus } from "../../../server/modules/orders/orders.tables";
import type { StaffPrincipal } from "../admin/staff-guard.server";
import type { OrderActionResult } from "./order-action-result";

export const actingStaff = (staff: StaffPrincipal) => ({ id: staff.staffId, email: staff.email });

export function parseStatus(value: FormDataEntryValue | null): OrderStatus | null {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value)
    ? (value as OrderStatus)
    : null;
}

/** Runs an order change; a business error becomes `{ ok: false, message }` with its HTTP status. */
export async function orderAction(
  intent: string,
  run: () => Promise<Omit<Extract<OrderActionResult, { ok: true }>, "ok" | "intent">>,
) {
  try {
    return { ok: true as const, intent, ...(await run()) };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return data({ ok: false as const, intent, message: error.message }, { status: error.status });
    }
    throw error;
  }
}
