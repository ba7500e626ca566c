import { redirect } from "react-router";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/logout";

/** Sign-out of a customer or guest (spec: both return home). POST only; a GET just goes home. */
export async function action({ context }: Route.ActionArgs) {
  if (context.visitorSession) await context.services.customers.logout(context.visitorSession.id);
  return redirect(paths.home(), { headers: cookieHeaders(context.sessionCookies.signOut()) });
}

export function loader() {
  return redirect(paths.home());
}
