import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { forbidden, notFound } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import { seatCourseIds } from "../checkout/seats";
import type { MailJobs } from "../mail/mail-jobs";
import type { SettingsService } from "../settings/settings.service";
import { allows, type StaffPrincipal } from "../staff/staff-access";
import type { createRefunder } from "./order-refunds";
import { orderInstalments, orderLines, orders, payments } from "./orders.tables";

/** Who is acting: recorded as status_changed_by and in the audit log. */
export interface ActingStaff {
  id: string;
  email: string;
  /** The role may give money back ("refunds": write): cancel a paid order, return, refund. */
  mayRefund: boolean;
}

/** The acting staff member as the order steps need them, from a signed-in principal. */
export const actingStaff = (staff: StaffPrincipal): ActingStaff => ({
  id: staff.staffId,
  email: staff.email,
  mayRefund: allows(staff.permissions, "refunds", "write"),
});

export const REFUND_FORBIDDEN =
  "Giving money back needs the Refunds permission. Ask an administrator to do it or to change your role.";

/** Refuses a step that would give money back when the acting staff member may not refund. */
export function assertMayRefund(staff: ActingStaff, refundCents: number): void {
  if (refundCents > 0 && !staff.mayRefund) throw forbidden(REFUND_FORBIDDEN);
}

/** What the back office's order steps (list, view, status change, return) need. */
export interface OrderAdminSteps {
  db: Db;
  now: () => Date;
  settings: Pick<SettingsService, "storeInfo" | "read">;
  audit: Pick<AuditService, "record" | "forRecord">;
  /** Refunds part of a payment through the provider it was made with. */
  refund: ReturnType<typeof createRefunder>;
  /** Seats came back (a cancellation or a restock): told after the commit, on every instance. */
  seatsChanged?: { invalidate(companyId: string): void } | undefined;
  /** The return receipt mailed to the learner: a durable job enqueued with the return. */
  mailJobs: Pick<MailJobs, "enqueue" | "wake">;
}

export const orderNotFound = () => notFound("This order does not exist.", "ORDER_NOT_FOUND");

export const CHANGED_MEANWHILE = "This order was changed by someone else just now. Reload it and try again.";

/** The company's order, or a 404. */
export async function findOrder(db: Queryable, companyId: string, orderId: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
  if (!order) throw orderNotFound();
  return order;
}

/** Locks the order row for the rest of the transaction; the caller checks it is still as it was. */
export async function lockOrder(tx: Queryable, companyId: string, orderId: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)))
    .for("update");
  if (!order) throw orderNotFound();
  return order;
}

/** The order's payments that went through, oldest first. */
export const succeededPayments = (db: Queryable, companyId: string, orderId: string) =>
  db
    .select()
    .from(payments)
    .where(
      and(eq(payments.companyId, companyId), eq(payments.orderId, orderId), eq(payments.status, "succeeded")),
    )
    .orderBy(asc(payments.createdAt));

/** The courses of an order's lines, but those of `exceptLines`. */
export async function courseIdsOf(
  tx: Queryable,
  orderId: string,
  exceptLines: string[] = [],
): Promise<string[]> {
  const lines = await tx
    .select({ id: orderLines.id, courseId: orderLines.courseId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  // A group purchase's course counts once per seat.
  return seatCourseIds(lines.filter((line) => !exceptLines.includes(line.id)));
}

/** The order's instalments not paid yet: scheduled, or failed after the retries of their charge. */
export const unpaidInstalments = (orderId: string) =>
  and(eq(orderInstalments.orderId, orderId), inArray(orderInstalments.status, ["scheduled", "failed"]));
