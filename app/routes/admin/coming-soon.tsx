import { Hammer } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import type { Route } from "./+types/coming-soon";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  return root ? [{ title: translator(root)("admin.comingSoon.title") }] : [];
};

/** /coming-soon (spec): a feature that is on its way. */
export default function ComingSoon() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-16 sm:py-24">
      <div className="flex max-w-lg flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-accent-soft text-on-accent-soft">
          <Hammer aria-hidden="true" className="size-8" strokeWidth={1.75} />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-balance text-ink">
          {t("admin.comingSoon.title")}
        </h1>
        <p className="mt-3 text-base text-pretty text-ink-muted">{t("admin.comingSoon.text")}</p>
        <Link to={adminPaths.dashboard()} className={buttonClasses({ size: "lg", className: "mt-8" })}>
          {t("admin.error.toDashboard")}
        </Link>
      </div>
    </div>
  );
}
