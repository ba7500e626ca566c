import { useState } from "react";
import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from "react-router";
import { AdminError, adminErrorKind } from "~/features/admin/admin-error";
import { AdminHeader } from "~/features/admin/admin-header";
import { visibleNav } from "~/features/admin/admin-nav";
import { AdminNavDrawer, AdminSidebar } from "~/features/admin/admin-sidebar";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { type AdminLayoutData, useAdminLayoutData } from "~/lib/admin-layout-data";
import { requireStaffPage } from "~/lib/staff-guard.server";
import type { RouteHandle } from "~/root";
import { allows } from "~shared/permissions";
import type { Route } from "./+types/layout";

/** Admin pages bring their own chrome (sidebar, header) instead of the storefront's. */
export const handle: RouteHandle = { chrome: false, landmarks: "own" };

/**
 * The layout of every admin page: any signed-in staff member may enter (each page checks its own
 * area); without a staff session the guard redirects to /login?redirectTo=<this page>.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<AdminLayoutData> {
  const principal = await requireStaffPage(context, request);
  const [info, languages, stripeConfigured] = await Promise.all([
    context.services.settings.storeInfo(context.company.id),
    context.services.editingLanguages.list(context.company.id),
    context.services.stripeConnect.configured(context.company.id),
  ]);
  return {
    staff: {
      id: principal.staffId,
      name: principal.name,
      email: principal.email,
      image: principal.image,
      role: principal.role,
      permissions: principal.permissions,
    },
    store: { shopName: info.shopName || context.company.name },
    stripe: { configured: stripeConfigured },
    languages,
  };
}

/** Admin pages set their own title; an error shown by this layout's boundary gets its heading as title. */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  const robots = { name: "robots", content: "noindex" };
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!error || !root) return [robots];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: translator(root)(`admin.error.${adminErrorKind(status)}Title`) }, robots];
};

function AdminFrame({ data, children }: { data: AdminLayoutData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const [navOpen, setNavOpen] = useState(false);
  const entries = visibleNav(data.staff.permissions);
  return (
    <div className="min-h-dvh bg-canvas">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-primary px-4 py-3 font-semibold text-on-primary focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("admin.skipToContent")}
      </a>
      <AdminSidebar entries={entries} shopName={data.store.shopName} />
      <AdminNavDrawer
        entries={entries}
        shopName={data.store.shopName}
        isOpen={navOpen}
        onOpenChange={setNavOpen}
      />
      <div className="lg:pl-64">
        <AdminHeader
          staff={data.staff}
          stripe={data.stripe}
          canConnectStripe={allows(data.staff.permissions, "settings", "write")}
          onOpenNav={() => setNavOpen(true)}
        />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-[1570px] px-4 py-6 outline-none sm:px-6 lg:py-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}

export default function AdminArea({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame data={loaderData}>
      <Outlet />
    </AdminFrame>
  );
}

/** Errors of admin pages (403 for a role without the permission, 404, …) inside the admin chrome. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useAdminLayoutData();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  const content = <AdminError key={location.key} status={status} />;
  if (!data) return <main id="main">{content}</main>;
  return <AdminFrame data={data}>{content}</AdminFrame>;
}
