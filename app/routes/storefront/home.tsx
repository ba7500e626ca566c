import { PopularCourses } from "~/features/catalog/popular-courses";
import { FeaturedCategories } from "~/features/home/featured-categories";
import { Hero } from "~/features/home/hero";
import { HomeSlides } from "~/features/home/home-slides";
import { PromoSection } from "~/features/home/promo-section";
import { translator } from "~/i18n/translator";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export { loader } from "./home.server";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = matches[0]?.data;
  if (!root) return [];
  const t = translator(root);
  const shopName = root.store.shopName;
  const path = data?.category ? paths.homeCategory(data.category) : paths.home();
  return seoMeta({
    // The school's SEO settings, when filled in, are the home page's own.
    title: root.seo?.title || t("home.meta.title", { shopName }),
    description: root.seo?.description || t("home.meta.description", { shopName }),
    url: absoluteUrl(root.origin, path),
    image: root.seo?.image || absoluteUrl(root.origin, "/images/hero.svg"),
    siteName: shopName,
    language: root.language,
    site: root.seo,
  });
};

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { courses, category, tabs, stats, preview, custom, slides, featuredCategories } = loaderData;
  const shopName = matches[0].loaderData.store.shopName;
  return (
    <>
      <Hero
        shopName={shopName}
        courseCount={stats.courses}
        studentCount={stats.students}
        previewHref={preview?.href ?? null}
        custom={custom.hero}
      />
      {slides.length > 0 && <HomeSlides slides={slides} />}
      {featuredCategories.length > 0 && <FeaturedCategories categories={featuredCategories} />}
      <PopularCourses
        courses={courses}
        categoryTabs={tabs}
        totalCount={stats.courses}
        category={category}
        heading={custom.popularHeading}
      />
      <PromoSection studentCount={stats.students} preview={preview} custom={custom.promo} />
    </>
  );
}
