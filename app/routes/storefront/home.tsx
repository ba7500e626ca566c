import type { CategoryTab } from "~/features/catalog/category-tabs";
import { CATEGORY_PARAM, PopularCourses } from "~/features/catalog/popular-courses";
import { pageConversion } from "~/features/currency/page-currency.server";
import { Hero } from "~/features/home/hero";
import { PromoSection } from "~/features/home/promo-section";
import { translator } from "~/i18n/translator";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import { convertCourseList } from "~server/modules/currency/convert-prices";
import { type Translatable, translate } from "~shared/translatable";
import type { Route } from "./+types/home";

const POPULAR_LIMIT = 8;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const companyId = context.company.id;
  const language = context.language;
  const category = new URL(request.url).searchParams.get(CATEGORY_PARAM)?.trim().slice(0, 120) || null;

  const [popular, { categories }, stats, newest, custom, conversion] = await Promise.all([
    catalog.listCourses(
      companyId,
      { page: 1, limit: POPULAR_LIMIT, category: category ?? undefined },
      language,
    ),
    catalog.listCategories(companyId, language),
    catalog.storefrontStats(companyId),
    catalog.listCourses(companyId, { page: 1, limit: 20 }, language),
    context.services.settingsAdmin.storefront(companyId),
    pageConversion(context, request),
  ]);
  const text = (value: Record<string, string>) => translate(value as Translatable, language);
  const featuredCategories = new Set(custom.featuredCategories);

  // The promotional video prompt: the most reviewed course, at its first free preview lesson.
  const featured = [...newest.courses].sort((a, b) => b.ratingCount - a.ratingCount)[0];
  const featuredDetail = featured ? await catalog.getCourse(companyId, featured.slug, language) : undefined;
  const previewLesson = featuredDetail?.lessons.find((lesson) => lesson.freePreview);

  const tabs: CategoryTab[] = categories
    .filter((item) => item.parentId === null && item.courseCount > 0)
    .filter((item) => featuredCategories.size === 0 || featuredCategories.has(item.slug))
    .map((item) => ({ slug: item.slug, label: item.name, count: item.courseCount }));

  return {
    custom: {
      hero: { title: text(custom.heroTitle), text: text(custom.heroText), image: custom.heroImage },
      popularHeading: text(custom.popularHeading),
      promo: { text: text(custom.promoText), image: custom.promoImage },
    },
    courses: convertCourseList(popular, conversion).courses,
    category,
    tabs,
    stats,
    preview: featuredDetail
      ? {
          href: previewLesson
            ? paths.lesson(featuredDetail.slug, previewLesson.id)
            : paths.course(featuredDetail.slug),
          courseTitle: featuredDetail.title,
          lessonTitle: previewLesson?.title ?? null,
          durationSeconds: previewLesson?.durationSeconds ?? null,
        }
      : null,
  };
}

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
