import { data } from "react-router";
import {
  actingStaff,
  clientErrorStatus,
  orderAction,
  parseStatus,
} from "~/features/orders/order-actions.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { isUuid } from "~server/lib/ids";
import { localizeForRequest } from "~server/lib/messages/request-language";
import {
  AdminMarkPaidBody,
  AdminRefundBody,
  RETURN_DONE_MESSAGE,
} from "~server/modules/orders/orders-admin.schemas";
import { AdminMarkShippedBody } from "~server/modules/shipping/shipping.schemas";
import type { Route } from "./+types/order";

/** The /order/{id} page's loader: the order in full, its invoice document and the time zone. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const id = params.id;
  await requireStaffPage(context, request, "orders", "read");
  if (!isUuid(id)) throw data(null, { status: 404 });
  const companyId = context.company.id;
  try {
    const order = await context.services.orderAdmin.get(companyId, id, context.language);
    const [invoice, info] = await Promise.all([
      order.invoice ? context.services.invoices.getForCompany(companyId, order.invoice.id) : undefined,
      context.services.settings.storeInfo(companyId),
    ]);
    return { order, invoice: invoice ?? null, timeZone: info.timeZone };
  } catch (error) {
    if (clientErrorStatus(error) === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** The /order/{id} page's actions: change the status, return lines. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const id = params.id;
  const staff = await requireStaffPage(context, request, "orders", "write");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { orderAdmin } = context.services;
  if (intent === "status") {
    const status = parseStatus(form.get("status"));
    if (!status)
      return data(
        { ok: false as const, intent, message: localizeForRequest("Choose a status.") },
        { status: 400 },
      );
    return orderAction(intent, async () => {
      const order = await orderAdmin.changeStatus(
        context.company.id,
        actingStaff(staff),
        id,
        status,
        context.language,
      );
      return { status: order.status, number: order.number };
    });
  }
  if (intent === "mark-paid") {
    const parsed = AdminMarkPaidBody.safeParse({
      method: form.get("method"),
      reference: form.get("reference") ?? "",
    });
    if (!parsed.success) {
      return data(
        {
          ok: false as const,
          intent,
          message: localizeForRequest(parsed.error.issues[0]?.message ?? "Please check the form."),
        },
        { status: 400 },
      );
    }
    return orderAction(intent, async () => {
      const order = await orderAdmin.markPaid(
        context.company.id,
        actingStaff(staff),
        id,
        parsed.data,
        context.language,
      );
      return { status: order.status, number: order.number };
    });
  }
  if (intent === "mark-shipped") {
    const parsed = AdminMarkShippedBody.safeParse({ trackingNumber: form.get("trackingNumber") ?? "" });
    if (!parsed.success) {
      return data(
        {
          ok: false as const,
          intent,
          message: localizeForRequest(parsed.error.issues[0]?.message ?? "Please check the form."),
        },
        { status: 400 },
      );
    }
    return orderAction(intent, async () => {
      const order = await orderAdmin.markShipped(
        context.company.id,
        actingStaff(staff),
        id,
        parsed.data,
        context.language,
      );
      return { status: order.status, number: order.number };
    });
  }
  if (intent === "refund") {
    const parsed = AdminRefundBody.safeParse({
      amountCents: Number(form.get("amountCents")),
      reason: form.get("reason") ?? "",
    });
    if (!parsed.success) {
      return data(
        {
          ok: false as const,
          intent,
          message: localizeForRequest(parsed.error.issues[0]?.message ?? "Please check the form."),
        },
        { status: 400 },
      );
    }
    return orderAction(intent, async () => {
      const order = await orderAdmin.refund(
        context.company.id,
        actingStaff(staff),
        id,
        parsed.data,
        context.language,
      );
      return { status: order.status, number: order.number };
    });
  }
  if (intent === "resend-confirmation") {
    return orderAction(intent, async () => {
      const sent = await orderAdmin.resendConfirmation(context.company.id, actingStaff(staff), id);
      return { message: localizeForRequest(sent.message) };
    });
  }
  if (intent === "return") {
    const lineIds = form.getAll("lineIds").map(String).filter(isUuid);
    if (lineIds.length === 0) {
      return data(
        { ok: false as const, intent, message: localizeForRequest("Choose at least one course to return.") },
        { status: 400 },
      );
    }
    const reason = String(form.get("reason") ?? "")
      .trim()
      .slice(0, 500);
    return orderAction(intent, async () => {
      await orderAdmin.createReturn(
        context.company.id,
        actingStaff(staff),
        id,
        { lineIds, restock: form.get("restock") === "true", ...(reason ? { reason } : {}) },
        context.language,
      );
      return { message: RETURN_DONE_MESSAGE };
    });
  }
  return data(
    { ok: false as const, intent, message: localizeForRequest("Unknown action.") },
    { status: 400 },
  );
}
