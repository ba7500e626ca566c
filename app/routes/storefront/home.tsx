import { PopularCourses } from "~/features/catalog/popular-courses";
import { Hero } from "~/features/home/hero";
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
    title: t("home.meta.title", { shopName }),
    description: t("home.meta.description", { shopName }),
    url: absoluteUrl(root.origin, path),
    image: absoluteUrl(root.origin, "/images/hero.svg"),
    siteName: shopName,
    language: root.language,
  });
};

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { courses, category, tabs, stats, preview, custom } = loaderData;
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
