import { ArrowLeft, BookOpen, Compass, RotateCw, WifiOff } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { useOnline } from "~/lib/use-online";

/**
 * Friendly page for a 404 (unknown page or course) or any other error status. Offline, a page
 * that could not load says so (it was not kept for offline use).
 */
export function ErrorPage({ status, message }: { status: number; message?: string | undefined }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const notFound = status === 404;
  const offline = !useOnline() && !notFound;
  const Icon = notFound ? Compass : offline ? WifiOff : RotateCw;

  return (
    <Container className="flex justify-center py-20 sm:py-28">
      <div className="flex max-w-xl flex-col items-center text-center">
        <span className="flex size-20 items-center justify-center rounded-full bg-primary-soft text-on-primary-soft">
          <Icon aria-hidden="true" className="size-9" strokeWidth={1.75} />
        </span>
        <p className="mt-6 text-sm font-semibold tracking-wider text-primary-ink uppercase">
          {t("common.errorStatus", { status })}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink sm:text-5xl">
          {notFound
            ? t("common.notFoundTitle")
            : offline
              ? t("offline.pageTitle")
              : status === 429
                ? t("common.tooManyAttemptsTitle")
                : t("common.errorTitle")}
        </h1>
        <p className="mt-4 text-base text-pretty text-ink-muted">
          {notFound
            ? t("common.notFoundText")
            : offline
              ? t("offline.pageText")
              : (message ?? t("common.errorText"))}
        </p>
        <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Link to={paths.home()} className={buttonClasses({ variant: "primary", size: "lg" })}>
            <ArrowLeft aria-hidden="true" />
            {t("common.backHome")}
          </Link>
          {notFound ? (
            <Link
              to={{ pathname: paths.home(), hash: "popular-courses" }}
              className={buttonClasses({ variant: "secondary", size: "lg" })}
            >
              <BookOpen aria-hidden="true" />
              {t("common.browseCourses")}
            </Link>
          ) : (
            <a href={`${pathname}${search}`} className={buttonClasses({ variant: "secondary", size: "lg" })}>
              <RotateCw aria-hidden="true" />
              {t("common.tryAgain")}
            </a>
          )}
        </div>
      </div>
    </Container>
  );
}
