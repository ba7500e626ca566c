import { Printer } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ZReportView } from "~/features/pos-drawer/z-report-view";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { useDates } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/z-report";

export { loader } from "./z-report.server";

export const handle: RouteHandle = { chrome: false };

export const meta: Route.MetaFunction = ({ matches, data: page }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root && page
    ? [
        { title: translator(root)("adminPos.z.pageTitle", { register: page.session.register }) },
        { name: "robots", content: "noindex" },
      ]
    : [];
};

/** A drawer session's Z-report on a page of its own, to print or keep as PDF. */
export default function ZReportPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { session, store, printedAt } = loaderData;
  const dates = useDates().dateTime;
  const money = (cents: number) => formatMoney(cents, session.currency, i18n.language);
  return (
    <article className="mx-auto grid max-w-3xl gap-6 bg-surface p-6 text-ink print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={adminPaths.posDrawer(session.id)}
          className="text-sm font-semibold text-primary-ink underline"
        >
          {t("adminPos.z.backToSession")}
        </Link>
        <Button type="button" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          {t("adminPos.z.printNow")}
        </Button>
      </div>
      <header className="grid gap-1 border-b border-line pb-4">
        <h1 className="text-2xl font-bold tracking-tight">
          {t("adminPos.z.pageTitle", { register: session.register })}
        </h1>
        <p className="text-sm">{store.name}</p>
        {store.addressLines.map((line) => (
          <p key={line} className="text-sm text-ink-muted">
            {line}
          </p>
        ))}
        {store.vatNumber && (
          <p className="text-sm text-ink-muted">{t("adminPos.z.vatNumber", { number: store.vatNumber })}</p>
        )}
        <p className="mt-2 text-sm">
          {t("adminPos.z.period", {
            from: dates.format(new Date(session.openedAt)),
            to: session.closedAt ? dates.format(new Date(session.closedAt)) : t("adminPos.z.stillOpen"),
          })}
        </p>
        <p className="text-sm text-ink-muted">
          {t("adminPos.z.people", { opened: session.openedByEmail, closed: session.closedByEmail ?? "—" })}
        </p>
      </header>
      <ZReportView report={session.zReport} currency={session.currency} />
      <section aria-labelledby="z-count" className="grid gap-1 border-t border-line pt-4 text-sm">
        <h2 id="z-count" className="text-sm font-bold tracking-wide uppercase">
          {t("adminPos.z.count")}
        </h2>
        <p>
          {t("adminPos.drawers.expected")}:{" "}
          <strong className="tabular-nums">{money(session.expectedCents)}</strong>
        </p>
        <p>
          {t("adminPos.drawers.counted")}:{" "}
          <strong className="tabular-nums">
            {session.countedCents === null ? "—" : money(session.countedCents)}
          </strong>
        </p>
        <p>
          {t("adminPos.drawers.difference")}:{" "}
          <strong className="tabular-nums">
            {session.differenceCents === null ? "—" : money(session.differenceCents)}
          </strong>
        </p>
      </section>
      <footer className="text-xs text-ink-muted">
        {t("adminPos.z.printedAt", { when: dates.format(new Date(printedAt)) })}
      </footer>
    </article>
  );
}
