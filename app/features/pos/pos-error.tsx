import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";

/** The point of sale's pages' errors: a role without POS access (403) or an unknown receipt (404), without the back office's frame. */
export function PosError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  const kind = status === 403 ? "forbidden" : status === 404 ? "notFound" : "failed";
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-canvas p-6 text-center text-ink"
    >
      <h1 className="text-2xl font-semibold">{t(`adminPos.error.${kind}Title`)}</h1>
      <p className="text-ink-muted">{t(`adminPos.error.${kind}`)}</p>
      <Link to={adminPaths.dashboard()} className="font-semibold text-primary-ink underline">
        {t("adminPos.backOffice")}
      </Link>
    </main>
  );
}
