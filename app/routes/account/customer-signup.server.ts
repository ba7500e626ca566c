import { data, redirect } from "react-router";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { fieldErrorsFrom, formText } from "~/features/accounts/form-errors";
import { safeRedirect } from "~/features/accounts/safe-redirect";
import { errorKeyFor, throwIfTooManyAttempts } from "~/features/accounts/service-errors.server";
import { paths } from "~/lib/paths";
import { StoreRegisterBody } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/customer-signup";

export function loader({ context, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const redirectTo = query.get("redirectTo");
  if (context.customer) throw redirect(safeRedirect(redirectTo, paths.userDashboard()));
  // The thank-you page of a guest checkout links here with the order's email filled in.
  return { redirectTo: safeRedirect(redirectTo, ""), email: query.get("email")?.slice(0, 254) ?? "" };
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = formText(await request.formData());
  const entered = { name: values.name ?? "", email: values.email ?? "" };
  const parsed = StoreRegisterBody.safeParse({
    ...entered,
    password: values.password ?? "",
    acceptTerms: values.acceptTerms === "on",
  });
  if (!parsed.success) {
    return data({ fieldErrors: fieldErrorsFrom(parsed.error), formError: null, entered }, 400);
  }
  const { customers } = context.services;
  try {
    const result = await customers.register(context.company.id, parsed.data, context.client, {
      origin: context.origin,
      language: context.language,
    });
    if (context.visitorSession) await customers.logout(context.visitorSession.id);
    return redirect(safeRedirect(values.redirectTo, paths.userDashboard()), {
      headers: cookieHeaders(context.sessionCookies.customerSignIn(result.session, result.customer)),
    });
  } catch (error) {
    throwIfTooManyAttempts(error, context.language);
    return data({ fieldErrors: {}, formError: errorKeyFor(error), entered }, 400);
  }
}
