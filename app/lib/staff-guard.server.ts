import { type AppLoadContext, data, redirect } from "react-router";
import { adminPaths } from "~/lib/admin-paths";
import type { StaffPrincipal } from "~server/modules/staff/staff-access";
import { type Area, allows } from "~shared/permissions";

export type { StaffPrincipal };

/** The signed-in, active staff member of this request, or null. */
export async function staffPrincipal(context: AppLoadContext): Promise<StaffPrincipal | null> {
  if (!context.staffSession) return null;
  return context.services.staffAccess.principalFor(context.staffSession);
}

/**
 * The guard of every admin page loader and action. Without a staff session it redirects to
 * /login carrying the originating path (and query); when `area` is given and the role lacks
 * `level` on it, it throws a 403 response (the admin layout's error boundary shows it).
 */
export async function requireStaffPage(
  context: AppLoadContext,
  request: Request,
  area?: Area,
  level: "read" | "write" = "read",
): Promise<StaffPrincipal> {
  const principal = await staffPrincipal(context);
  if (!principal) {
    const url = new URL(request.url);
    throw redirect(adminPaths.login(`${url.pathname}${url.search}`));
  }
  if (area && !allows(principal.permissions, area, level)) throw data(null, { status: 403 });
  return principal;
}
