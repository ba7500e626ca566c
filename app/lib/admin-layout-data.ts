import { useRouteLoaderData } from "react-router";
import type { EditingLanguage } from "~server/modules/international/editing-languages";
import type { Area, PermissionLevel } from "~shared/permissions";
import { allows } from "~shared/permissions";

/** The admin layout's loader data: who is signed in, the store, Stripe, editing languages. */
export interface AdminLayoutData {
  staff: {
    id: string;
    name: Record<string, string>;
    email: string;
    image: string | null;
    role: string;
    permissions: Record<string, PermissionLevel>;
  };
  store: { shopName: string };
  stripe: { configured: boolean };
  languages: EditingLanguage[];
}

/** The route id of app/routes/admin/layout.tsx. */
export const ADMIN_AREA_ROUTE_ID = "routes/admin/layout";

/** The admin layout's data from any admin page (undefined outside the admin area). */
export function useAdminLayoutData(): AdminLayoutData | undefined {
  return useRouteLoaderData(ADMIN_AREA_ROUTE_ID) as AdminLayoutData | undefined;
}

/**
 * Whether the signed-in staff member may `level` the `area`: for hiding buttons and menu
 * entries only; the server checks every request anyway.
 */
export function useCan(area: Area, level: "read" | "write" = "read"): boolean {
  const data = useAdminLayoutData();
  return data ? allows(data.staff.permissions, area, level) : false;
}
