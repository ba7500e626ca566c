import { data, redirect } from "react-router";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { type FieldErrors, fieldErrorsFrom, formText } from "~/features/accounts/form-errors";
import { errorKeyFor } from "~/features/accounts/service-errors.server";
import { paths } from "~/lib/paths";
import { AppError } from "~server/lib/errors";
import { StoreChangePasswordBody, StudentUpdateBody } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/user-details";
import type { ActionResult, Intent } from "./user-details";

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.customer) throw redirect(paths.signIn(new URL(request.url).pathname));
  const customer = await context.services.customers.get(context.company.id, context.customer.customerId);
  if (!customer) throw redirect(paths.signIn(paths.userDetails()));
  const credit = await context.services.credit.account(context.company.id, customer.id);
  return { customer, credit };
}

export async function action({ context, request }: Route.ActionArgs) {
  const principal = context.customer;
  if (!principal) throw redirect(paths.signIn(paths.userDetails()));
  const values = formText(await request.formData());
  const { customers } = context.services;
  const companyId = context.company.id;
  const fail = (intent: Intent, fieldErrors: FieldErrors, formError: string | null = null) =>
    data<ActionResult>({ intent, ok: false, fieldErrors, formError }, 400);

  if (values.intent === "delete") {
    const password = values.password ?? "";
    if (!password) return fail("delete", { password: "passwordRequired" });
    try {
      await customers.deleteOwnAccount(companyId, principal.customerId, password);
    } catch (error) {
      if (error instanceof AppError && error.code === "OPEN_PAYMENT_PLAN") {
        return fail("delete", {}, "openPaymentPlan");
      }
      if (error instanceof AppError && error.status === 400) {
        const customer = await customers.get(companyId, principal.customerId);
        return fail("delete", { password: customer?.hasPassword ? "passwordWrong" : "confirmEmailWrong" });
      }
      throw error;
    }
    throw redirect(paths.home(), { headers: cookieHeaders(context.sessionCookies.signOut()) });
  }

  if (values.intent === "password") {
    // A record without a password (a guest signed in with a mailed link) sets its first without one.
    const parsed = StoreChangePasswordBody.safeParse({
      currentPassword: values.currentPassword || undefined,
      newPassword: values.newPassword ?? "",
    });
    if (!parsed.success) return fail("password", fieldErrorsFrom(parsed.error));
    try {
      await customers.changePassword(companyId, principal, parsed.data);
    } catch (error) {
      const key = errorKeyFor(error);
      const onField = key === "currentWrong" || key === "currentRequired";
      return fail("password", onField ? { currentPassword: key } : {}, onField ? null : key);
    }
    return data<ActionResult>({ intent: "password", ok: true, fieldErrors: {}, formError: null });
  }

  const parsed = StudentUpdateBody.safeParse({
    name: values.name ?? "",
    phone: values.phone ?? "",
    image: values.image ?? "",
  });
  if (!parsed.success) return fail("profile", fieldErrorsFrom(parsed.error));
  const updated = await customers.updateProfile(companyId, principal.customerId, parsed.data);
  const session = context.visitorSession;
  const headers = session
    ? cookieHeaders(
        context.sessionCookies.customerInfo(
          { name: updated.name, email: updated.email, image: updated.image },
          session.expiresAt,
        ),
      )
    : [];
  return data<ActionResult>({ intent: "profile", ok: true, fieldErrors: {}, formError: null }, { headers });
}
