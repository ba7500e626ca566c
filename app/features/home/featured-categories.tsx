import { Link } from "react-router";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";

export interface FeaturedCategory {
  slug: string;
  name: string;
  courseCount: number;
}

/** The categories staff feature on the home page (Store customization), in their chosen order. */
export function FeaturedCategories({ categories }: { categories: FeaturedCategory[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="featured-categories-title" className="pb-12 sm:pb-16">
      <Container>
        <h2 id="featured-categories-title" className="mb-6 text-2xl font-bold tracking-tight text-ink">
          {t("home.featured.title")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link
                to={`/catalog?category=${encodeURIComponent(category.slug)}`}
                className="grid h-full gap-1 rounded-2xl border border-line bg-surface p-5 shadow-sm transition-colors hover:border-primary hover:bg-sunken"
              >
                <span className="text-lg font-semibold text-ink">{category.name}</span>
                <span className="text-sm text-ink-muted">
                  {t("home.featured.courses", { count: category.courseCount })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
