import { ArrowRight, SearchX } from "lucide-react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { paths } from "~/lib/paths";
import { type CategoryTab, CategoryTabs, tabId } from "./category-tabs";
import { CourseCard } from "./course-card";
import type { CourseCardView } from "./course-card-view";

export const CATEGORY_PARAM = "category";
const PANEL_ID = "popular-courses-panel";
/** Cards likely to be in the first screen on wide layouts: their images load eagerly. */
const EAGER_CARDS = 4;

/** "Popular courses": category tabs over a grid of course cards; the tab lives in `?category=`. */
export function PopularCourses({
  courses,
  categoryTabs,
  totalCount,
  category,
  heading,
}: {
  courses: CourseCardView[];
  /** One tab per top-level category; "All" is added in front. */
  categoryTabs: CategoryTab[];
  totalCount: number;
  category: string | null;
  /** Heading from Store customization; empty keeps the built-in one. */
  heading?: string | undefined;
}) {
  const { t } = useTranslation();
  const tabs: CategoryTab[] = [
    { slug: null, label: t("home.popular.all"), count: totalCount },
    ...categoryTabs,
  ];
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();

  // While the loader runs for a new tab, show that tab as selected already.
  const pending =
    navigation.state === "loading" && navigation.location.pathname === paths.home()
      ? new URLSearchParams(navigation.location.search).get(CATEGORY_PARAM)
      : undefined;
  const selected = pending !== undefined ? pending : category;
  const loading = pending !== undefined && pending !== category;

  const paramsFor = (slug: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (slug) next.set(CATEGORY_PARAM, slug);
    else next.delete(CATEGORY_PARAM);
    return next;
  };
  const hrefFor = (slug: string | null) => {
    const query = paramsFor(slug).toString();
    return query ? `?${query}` : paths.home();
  };
  const select = (slug: string | null) =>
    setSearchParams(paramsFor(slug), { preventScrollReset: true, replace: true });

  const selectedTab = tabs.find((tab) => tab.slug === selected);

  return (
    <section
      aria-labelledby="popular-courses-title"
      id="popular-courses"
      className="scroll-mt-below-header py-16 sm:py-20"
    >
      <Container>
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wider text-primary-ink uppercase">
              {t("home.popular.eyebrow")}
            </p>
            <h2
              id="popular-courses-title"
              className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink"
            >
              {heading || t("home.popular.title")}
            </h2>
            <p className="mt-3 text-base text-ink-muted">{t("home.popular.text")}</p>
          </div>
          <Link
            to={paths.catalog()}
            className={buttonClasses({ variant: "secondary", className: "self-start lg:self-auto" })}
          >
            {t("catalogPage.viewAll")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>

        <div className="mt-8">
          <CategoryTabs
            tabs={tabs}
            selected={selected}
            panelId={PANEL_ID}
            label={t("home.popular.tabsLabel")}
            hrefFor={hrefFor}
            onSelect={select}
          />
        </div>

        <div
          id={PANEL_ID}
          role="tabpanel"
          aria-labelledby={tabId(selectedTab?.slug ?? null)}
          aria-busy={loading}
          className={cn("mt-8 transition-opacity duration-200", loading && "opacity-60")}
        >
          {courses.length > 0 ? (
            <ul className="course-grid">
              {courses.map((course, index) => (
                <li key={course.id} className="@container flex">
                  <CourseCard course={course} eager={index < EAGER_CARDS} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
              <SearchX aria-hidden="true" className="size-10 text-ink-muted" strokeWidth={1.5} />
              <p className="mt-4 text-xl font-semibold text-ink">{t("home.popular.emptyTitle")}</p>
              <p className="mt-2 max-w-md text-sm text-ink-muted">{t("home.popular.emptyText")}</p>
              <Link
                to={hrefFor(null)}
                replace
                preventScrollReset
                className={buttonClasses({ variant: "secondary", className: "mt-6" })}
              >
                {t("home.popular.showAll")}
              </Link>
            </div>
          )}
        </div>
      </Container>
    </section>
  );
}
