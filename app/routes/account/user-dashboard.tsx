import { ArrowRight, FileText, GraduationCap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { accountMeta } from "~/features/accounts/page-meta";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/user-dashboard";

export async function loader({ context, request }: Route.LoaderArgs) {
  // The user-area layout guards too; loaders run in parallel, so this one checks for itself.
  if (!context.customer) throw redirect(paths.signIn(new URL(request.url).pathname));
  const counts = await context.services.customers.overview(context.company.id, context.customer.customerId);
  return { name: context.customer.name, counts };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.dashboard.metaTitle");

export default function UserDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { name, counts } = loaderData;
  const cards = [
    {
      to: paths.userCourses(),
      Icon: GraduationCap,
      count: t("accounts.dashboard.courses", { count: counts.courses }),
      link: t("accounts.dashboard.coursesLink"),
    },
    {
      to: paths.userInvoices(),
      Icon: FileText,
      count: t("accounts.dashboard.invoices", { count: counts.invoices }),
      link: t("accounts.dashboard.invoicesLink"),
    },
  ];
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-ink">
        {t("accounts.dashboard.greeting", { name })}
      </h1>
      <p className="mt-2 text-ink-muted">{t("accounts.dashboard.intro")}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {cards.map(({ to, Icon, count, link }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-center gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card transition-colors hover:border-primary"
            >
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-on-primary-soft">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-xl font-bold text-ink">{count}</span>
                <span className="mt-0.5 inline-flex items-center gap-1 text-sm font-semibold text-primary-ink group-hover:underline">
                  {link}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link
          to={paths.userDetails()}
          className="inline-flex min-h-11 items-center font-semibold text-primary-ink underline-offset-4 hover:underline"
        >
          {t("accounts.dashboard.detailsLink")}
        </Link>
        <Link
          to={paths.home()}
          className="inline-flex min-h-11 items-center font-semibold text-primary-ink underline-offset-4 hover:underline"
        >
          {t("accounts.dashboard.browse")}
        </Link>
      </div>
    </div>
  );
}
