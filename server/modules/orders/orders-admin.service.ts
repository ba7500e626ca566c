import type { Db } from "../../db/client";
import { withDeps } from "../../lib/with-deps";
import type { AuditService } from "../audit/audit.service";
import type { MailJobs } from "../mail/mail-jobs";
import type { Refunding } from "../payments/provider";
import type { SettingsService } from "../settings/settings.service";
import { exportOrders, listOrders } from "./order-admin-list";
import type { OrderAdminSteps } from "./order-admin-records";
import { getAdminOrder } from "./order-admin-view";
import { markOrderPaid } from "./order-mark-paid";
import { markOrderShipped } from "./order-mark-shipped";
import { refundPart } from "./order-partial-refund";
import { createRefunder } from "./order-refunds";
import { resendConfirmation } from "./order-resend-mail";
import { createOrderReturn } from "./order-return";
import { changeOrderStatus } from "./order-status-change";
import { composeReturnReceipt, RETURN_RECEIPT_MAIL } from "./return-receipt-mail";

export { ORDER_EXPORT_LIMIT } from "./order-admin-list";
export type { ActingStaff } from "./order-admin-records";

export interface OrderAdminDeps {
  settings: SettingsService;
  audit: AuditService;
  /** Every provider that gives money back for a school (its card provider, PayPal). */
  refunding(companyId: string): Promise<Refunding[]>;
  /** The return receipt mailed to the learner: a durable job enqueued with the return. */
  mailJobs: Pick<MailJobs, "enqueue" | "wake" | "register">;
  /** Seats came back (a cancellation or a restock): told after the commit, on every instance. */
  seatsChanged?: { invalidate(companyId: string): void };
  now?: () => Date;
}

/**
 * The back office's orders: list and filter (order-admin-list.ts), one order in full
 * (order-admin-view.ts), status changes with their consequences (refunds, enrolments, seats,
 * invoice; order-status-change.ts) and returns of order lines (order-return.ts).
 */
export function createOrderAdminService(db: Db, deps: OrderAdminDeps) {
  const steps: OrderAdminSteps = {
    db,
    now: deps.now ?? (() => new Date()),
    settings: deps.settings,
    audit: deps.audit,
    refund: createRefunder(deps.refunding),
    seatsChanged: deps.seatsChanged,
    mailJobs: deps.mailJobs,
  };
  deps.mailJobs.register(RETURN_RECEIPT_MAIL, composeReturnReceipt(db, deps));
  return {
    list: withDeps(steps, listOrders),
    exportRows: withDeps(steps, exportOrders),
    get: withDeps(steps, getAdminOrder),
    changeStatus: withDeps(steps, changeOrderStatus),
    createReturn: withDeps(steps, createOrderReturn),
    markPaid: withDeps(steps, markOrderPaid),
    markShipped: withDeps(steps, markOrderShipped),
    refund: withDeps(steps, refundPart),
    resendConfirmation: withDeps(steps, resendConfirmation),
  };
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;
