import { data } from "react-router";
import { actingStaff, orderAction } from "~/features/orders/order-actions.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { localizeForRequest } from "~server/lib/messages/request-language";
import { AdminCreditChangeBody } from "~server/modules/credit/credit.schemas";
import { AdminCustomerOrdersBody, CustomerIdParams } from "~server/modules/customers/customers.schemas";
import { AdminEnrolBody, assertMayRecordPayment } from "~server/modules/orders/manual-enrolment";
import { ORDER_STATUSES } from "~server/modules/orders/orders.tables";
import type { Route } from "./+types/customer-order";

/** The filters from the URL; a malformed one is dropped rather than failing the page. */
function orderFilter(url: URL) {
  const raw: Record<string, string> = {};
  for (const name of ["status", "startDate", "endDate", "page"]) {
    const value = url.searchParams.get(name);
    if (value) raw[name] = value;
  }
  const parsed = AdminCustomerOrdersBody.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  return (
    AdminCustomerOrdersBody.safeParse(
      Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name))),
    ).data ?? AdminCustomerOrdersBody.parse({})
  );
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "customers", "read");
  const id = CustomerIdParams.safeParse({ id: params.id });
  if (!id.success) throw data(null, { status: 404 });
  const customer = await context.services.customers.get(context.company.id, id.data.id);
  if (!customer) throw data(null, { status: 404 });
  const filter = orderFilter(new URL(request.url));
  const { manualEnrolment, settings } = context.services;
  const [orders, info, enrolments, courses, credit] = await Promise.all([
    context.services.customers.orders(context.company.id, customer.id, filter),
    settings.storeInfo(context.company.id),
    manualEnrolment.list(context.company.id, customer.id, context.language),
    manualEnrolment.courseChoices(context.company.id, context.language),
    context.services.credit.account(context.company.id, customer.id),
  ]);
  return {
    customer,
    orders,
    filter,
    statuses: ORDER_STATUSES,
    timeZone: info.timeZone,
    enrolments,
    courses,
    currency: info.currency,
    credit,
  };
}

/**
 * The customer page's actions: enrol in a course (free or paid outside the shop), remove free
 * access, top up or adjust the customer's credit.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const staff = await requireStaffPage(context, request, "customers", "write");
  const id = CustomerIdParams.safeParse({ id: params.id });
  if (!id.success) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { manualEnrolment } = context.services;
  if (intent === "enrol") {
    const method = String(form.get("method") ?? "");
    const parsed = AdminEnrolBody.safeParse({
      courseId: form.get("courseId") ?? "",
      ...(method ? { payment: { method, reference: form.get("reference") ?? "" } } : {}),
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Please check the form.";
      return data({ ok: false as const, intent, message: localizeForRequest(message) }, { status: 400 });
    }
    return orderAction(intent, async () => {
      assertMayRecordPayment(staff.permissions, parsed.data);
      const done = await manualEnrolment.enrol(
        context.company.id,
        actingStaff(staff),
        id.data.id,
        parsed.data,
        context.language,
      );
      return { message: localizeForRequest(done.message) };
    });
  }
  if (intent === "credit") {
    const parsed = AdminCreditChangeBody.safeParse({
      kind: form.get("kind") ?? "",
      amountCents: Number(form.get("amountCents") ?? ""),
      ...(String(form.get("reason") ?? "").trim() ? { reason: String(form.get("reason")) } : {}),
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Please check the form.";
      return data({ ok: false as const, intent, message: localizeForRequest(message) }, { status: 400 });
    }
    return orderAction(intent, async () => {
      await context.services.credit.change(context.company.id, id.data.id, parsed.data, {
        id: staff.staffId,
        email: staff.email,
      });
      return {};
    });
  }
  if (intent === "unenrol") {
    return orderAction(intent, async () => {
      const done = await manualEnrolment.remove(
        context.company.id,
        actingStaff(staff),
        id.data.id,
        String(form.get("courseId") ?? ""),
        context.language,
      );
      return { message: localizeForRequest(done.message) };
    });
  }
  return data({ ok: false as const, intent, message: "Unknown action." }, { status: 400 });
}
