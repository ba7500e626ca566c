import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Pagination } from "~/components/ui/pagination";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";

/**
 * A list page of the learner area (My orders, My invoices): title and intro, then the list, or an
 * empty state with a way to the catalogue; pages under it.
 */
export function AccountListPage({
  title,
  intro,
  empty,
  isEmpty,
  list,
  path,
  paginationLabel,
  children,
}: {
  title: string;
  intro: string;
  empty: { Icon: LucideIcon; title: string; text: string };
  /** Nothing on this page: the empty state instead of the list. */
  isEmpty: boolean;
  list: { page: number; pages: number };
  /** The page's own path: page 2 and on add `?page=`. */
  path: string;
  paginationLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container className="py-6 sm:py-10 lg:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
      <p className="mt-3 max-w-2xl text-base text-ink-muted">{intro}</p>

      {isEmpty ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
          <empty.Icon aria-hidden="true" className="size-10 text-ink-muted" strokeWidth={1.5} />
          <p className="mt-4 text-xl font-semibold text-ink">{empty.title}</p>
          <p className="mt-2 max-w-md text-sm text-ink-muted">{empty.text}</p>
          <Link to={paths.catalog()} className={buttonClasses({ className: "mt-6" })}>
            {t("invoices.browse")}
          </Link>
        </div>
      ) : (
        <>
          {children}
          <div className="mt-8">
            <Pagination
              page={list.page}
              pages={list.pages}
              hrefFor={(page) => (page > 1 ? `${path}?page=${page}` : path)}
              label={paginationLabel}
              previousLabel={t("catalogPage.previous")}
              nextLabel={t("catalogPage.next")}
              pageLabel={(page) => t("catalogPage.page", { page })}
            />
          </div>
        </>
      )}
    </Container>
  );
}
