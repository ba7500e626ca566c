import { data, redirect } from "react-router";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { fieldErrorsFrom, formText } from "~/features/accounts/form-errors";
import { isCustomerAreaPath, safeRedirect } from "~/features/accounts/safe-redirect";
import { errorKeyFor, throwIfTooManyAttempts } from "~/features/accounts/service-errors.server";
import { paths } from "~/lib/paths";
import { StoreLoginBody } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/customer-signin";

export function loader({ context, request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (context.customer) throw redirect(safeRedirect(redirectTo, paths.userDashboard()));
  return { redirectTo: safeRedirect(redirectTo, "") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = formText(await request.formData());
  const { customers } = context.services;
  const companyId = context.company.id;

  if (values.intent === "guest") {
    const session = await customers.startGuest(companyId, context.client);
    if (context.visitorSession) await customers.logout(context.visitorSession.id);
    const target = safeRedirect(values.redirectTo, paths.home());
    return redirect(isCustomerAreaPath(target) ? paths.home() : target, {
      headers: cookieHeaders(context.sessionCookies.guestSignIn(session)),
    });
  }

  const parsed = StoreLoginBody.safeParse({ email: values.email ?? "", password: values.password ?? "" });
  if (!parsed.success) {
    return data(
      { fieldErrors: fieldErrorsFrom(parsed.error), formError: null, email: values.email ?? "" },
      400,
    );
  }
  try {
    const result = await customers.login(companyId, parsed.data, context.client, {
      origin: context.origin,
      language: context.language,
    });
    if (context.visitorSession) await customers.logout(context.visitorSession.id);
    return redirect(safeRedirect(values.redirectTo, paths.userDashboard()), {
      headers: cookieHeaders(context.sessionCookies.customerSignIn(result.session, result.customer)),
    });
  } catch (error) {
    throwIfTooManyAttempts(error, context.language);
    // 401 for wrong credentials, as the API answers: the rate limiter counts those per account.
    const status = (error as { status?: unknown }).status === 401 ? 401 : 400;
    return data({ fieldErrors: {}, formError: errorKeyFor(error), email: parsed.data.email }, status);
  }
}
