import {
  FileText,
  GraduationCap,
  LayoutDashboard,
  LogOut,
  ShoppingBag,
  UserRound,
  Users,
} from "lucide-react";
import { Form, NavLink, Outlet, redirect } from "react-router";
import { Avatar } from "~/components/avatar";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/layout";

/**
 * Layout of the signed-in customer area (/user-dashboard, /user-details, /user-courses,
 * /user-orders, /user-invoice, /single-invoice/{id}). Without a customer session the visitor is sent to
 * sign in and comes back here afterwards.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.customer) {
    const url = new URL(request.url);
    throw redirect(paths.signIn(`${url.pathname}${url.search}`));
  }
  return {
    customer: { name: context.customer.name, email: context.customer.email, image: context.customer.image },
    /** The child this session learns as (a family account), shown above every user-area page. */
    learningAs: context.customer.learnerName,
  };
}

const links = [
  { to: paths.userDashboard(), key: "dashboard", Icon: LayoutDashboard },
  { to: paths.userDetails(), key: "details", Icon: UserRound },
  { to: paths.userCourses(), key: "courses", Icon: GraduationCap },
  { to: paths.userOrders(), key: "orders", Icon: ShoppingBag },
  { to: paths.userInvoices(), key: "invoices", Icon: FileText },
  { to: paths.userFamily(), key: "family", Icon: Users },
] as const;

const item =
  "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-semibold transition-colors [&_svg]:size-5 [&_svg]:shrink-0";

/** The user-area sidebar (spec: User Details, Course, Log Out; plus Dashboard and Invoices). */
export default function UserArea({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { customer, learningAs } = loaderData;
  return (
    <Container className="grid gap-6 py-6 sm:py-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
      <aside className="lg:sticky lg:top-below-header lg:self-start">
        <div className="rounded-2xl border border-line bg-surface p-3 shadow-card sm:p-4">
          <div className="flex items-center gap-3 px-1 pb-3 lg:flex-col lg:items-start lg:pb-4">
            <Avatar name={customer.name} email={customer.email} image={customer.image} size="lg" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink">{customer.name}</p>
              <p className="truncate text-xs text-ink-muted">{customer.email}</p>
            </div>
          </div>
          <nav aria-label={t("accounts.area.nav")} className="border-t border-line pt-3">
            <ul className="grid grid-cols-2 gap-1 sm:grid-cols-4 lg:grid-cols-1">
              {links.map(({ to, key, Icon }) => (
                <li key={key}>
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      cn(
                        item,
                        isActive
                          ? "bg-primary-soft text-on-primary-soft"
                          : "text-ink-muted hover:bg-sunken hover:text-ink",
                      )
                    }
                  >
                    <Icon aria-hidden="true" />
                    {t(`accounts.area.${key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <Form method="post" action={paths.logout()} className="mt-1 border-t border-line pt-2 lg:mt-3">
              <button
                type="submit"
                className={cn(item, "w-full text-ink-muted hover:bg-sunken hover:text-ink")}
              >
                <LogOut aria-hidden="true" />
                {t("accounts.area.logout")}
              </button>
            </Form>
          </nav>
        </div>
      </aside>
      <div className="min-w-0">
        {learningAs && (
          <div
            role="status"
            className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-primary-soft p-3 text-on-primary-soft"
          >
            <span className="font-semibold">{t("accounts.family.learningAs", { name: learningAs })}</span>
            <Form method="post" action={paths.userFamily()}>
              <input type="hidden" name="intent" value="learn-as" />
              <input type="hidden" name="learnerId" value="" />
              <button type="submit" className="min-h-11 rounded-lg px-3 font-semibold underline">
                {t("accounts.family.learnAsMyself")}
              </button>
            </Form>
          </div>
        )}
        <Outlet />
      </div>
    </Container>
  );
}
