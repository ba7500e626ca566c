import { Compass, Lock, RotateCw } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";

/** The message keys of an admin error: 403 (role lacks the permission), 404, or anything else. */
export function adminErrorKind(status: number): "forbidden" | "notFound" | "failed" {
  return status === 403 ? "forbidden" : status === 404 ? "notFound" : "failed";
}

/** An error inside the admin area: 403 (role lacks the permission), 404, or anything else. */
export function AdminError({ status }: { status: number }) {
  const { t } = useTranslation();
  const kind = adminErrorKind(status);
  const Icon = status === 403 ? Lock : status === 404 ? Compass : RotateCw;
  return (
    <div className="flex justify-center py-16 sm:py-24">
      <div className="flex max-w-lg flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-on-primary-soft">
          <Icon aria-hidden="true" className="size-8" strokeWidth={1.75} />
        </span>
        <p className="mt-5 text-sm font-semibold tracking-wider text-primary-ink uppercase">
          {t("admin.error.status", { status })}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink">
          {t(`admin.error.${kind}Title`)}
        </h1>
        <p className="mt-3 text-base text-pretty text-ink-muted">{t(`admin.error.${kind}Text`)}</p>
        <Link to={adminPaths.dashboard()} className={buttonClasses({ size: "lg", className: "mt-8" })}>
          {t("admin.error.toDashboard")}
        </Link>
      </div>
    </div>
  );
}
