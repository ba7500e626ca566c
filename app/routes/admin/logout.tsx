import { redirect } from "react-router";
import { cookieHeaders } from "~/features/accounts/cookie-headers";
import { adminPaths } from "~/lib/admin-paths";
import type { Route } from "./+types/logout";

/** Staff sign-out (spec: clears the admin session, goes to /login). POST only; a GET just goes to /login. */
export async function action({ context }: Route.ActionArgs) {
  if (context.staffSession) await context.services.staffAuth.logout(context.staffSession.id);
  return redirect(adminPaths.login(), { headers: cookieHeaders(context.sessionCookies.staffSignOut()) });
}

export function loader() {
  return redirect(adminPaths.login());
}
