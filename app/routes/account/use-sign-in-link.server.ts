import { data, redirect } from "react-router";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { safeRedirect } from "~/features/accounts/safe-redirect";
import { errorKeyFor, throwIfTooManyAttempts } from "~/features/accounts/service-errors.server";
import { paths } from "~/lib/paths";
import { StoreUseSignInLinkBody } from "~server/modules/customers/customers.schemas";
import type { Route } from "./+types/use-sign-in-link";

/**
 * The page a magic sign-in link opens. Opening it changes nothing (mail scanners open links too);
 * its button posts here, which uses the link up, signs in and goes on to `next` (the course bought).
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const next = safeRedirect(new URL(request.url).searchParams.get("next"), paths.userDashboard());
  const parsed = StoreUseSignInLinkBody.safeParse({ token: params.token });
  if (!parsed.success) return data({ formError: "signInLinkInvalid" }, 400);
  const { customers } = context.services;
  try {
    const result = await customers.signInWithLink(context.company.id, parsed.data.token, context.client);
    if (context.visitorSession) await customers.logout(context.visitorSession.id);
    return redirect(next, {
      headers: cookieHeaders(context.sessionCookies.customerSignIn(result.session, result.customer)),
    });
  } catch (error) {
    throwIfTooManyAttempts(error, context.language);
    return data({ formError: errorKeyFor(error) }, 400);
  }
}
