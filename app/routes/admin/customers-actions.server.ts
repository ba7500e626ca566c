import { type AppLoadContext, data } from "react-router";
import { formText } from "~/features/accounts/form-errors";
import { isClientError } from "~/features/accounts/service-errors.server";
import { customerFieldErrors } from "~/features/customers-admin/customer-fields";
import type { CustomerSaveResult } from "~/features/customers-admin/customer-form-dialog";
import type { StaffPrincipal } from "~/lib/staff-guard.server";
import {
  AdminCreateCustomer,
  CustomerIdParams,
  UpdateCustomerBody,
} from "~server/modules/customers/customers.schemas";

export type CustomerDeleteResult =
  | { intent: "delete"; ok: true }
  | { intent: "delete"; ok: false; error: string };

const actorOf = (staff: StaffPrincipal) => ({ id: staff.staffId, email: staff.email });

/** i18n key (under adminCustomers.errors) for an error the customer service raises on purpose. */
function serviceErrorKey(error: unknown): string {
  if (!isClientError(error)) throw error;
  if (error.code === "EMAIL_TAKEN") return "emailTaken";
  if (error.code === "CUSTOMER_HAS_ORDERS") return "hasOrders";
  if (error.code === "CUSTOMER_NOT_FOUND") return "notFound";
  return "generic";
}

/** Create or update from the customer form; the same schemas as the REST API. */
export async function saveCustomer(
  context: AppLoadContext,
  staff: StaffPrincipal,
  form: FormData,
): Promise<CustomerSaveResult> {
  const intent = form.get("intent") === "update" ? "update" : "create";
  const values = formText(form);
  const input = {
    name: values.name ?? "",
    email: values.email ?? "",
    phone: values.phone ?? "",
    address: values.address ?? "",
  };
  const companyId = context.company.id;
  try {
    if (intent === "create") {
      const parsed = AdminCreateCustomer.safeParse(input);
      if (!parsed.success) return { intent, ok: false, errors: customerFieldErrors(parsed.error) };
      const created = await context.services.customers.create(companyId, parsed.data, actorOf(staff));
      return { intent, ok: true, name: created.name };
    }
    const target = CustomerIdParams.safeParse({ id: values.id });
    if (!target.success) return { intent, ok: false, errors: { form: "notFound" } };
    const parsed = UpdateCustomerBody.safeParse(input);
    if (!parsed.success) return { intent, ok: false, errors: customerFieldErrors(parsed.error) };
    const updated = await context.services.customers.update(
      companyId,
      target.data.id,
      parsed.data,
      actorOf(staff),
    );
    return { intent, ok: true, name: updated.name };
  } catch (error) {
    const key = serviceErrorKey(error);
    return { intent, ok: false, errors: key === "emailTaken" ? { email: key } : { form: key } };
  }
}

/** Deletes a customer without orders; the service's refusal comes back as an i18n key for a toast. */
export async function deleteCustomer(
  context: AppLoadContext,
  staff: StaffPrincipal,
  id: string,
): Promise<CustomerDeleteResult> {
  if (!CustomerIdParams.safeParse({ id }).success) return { intent: "delete", ok: false, error: "notFound" };
  try {
    await context.services.customers.remove(context.company.id, id, actorOf(staff));
    return { intent: "delete", ok: true };
  } catch (error) {
    return { intent: "delete", ok: false, error: serviceErrorKey(error) };
  }
}

/** 400 for a form that is not one of ours. */
export const unknownIntent = () => data({ intent: "unknown" as const, ok: false as const }, { status: 400 });
