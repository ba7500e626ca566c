import type { CategoryTab } from "~/features/catalog/category-tabs";
import { CATEGORY_PARAM, PopularCourses } from "~/features/catalog/popular-courses";
import { Hero } from "~/features/home/hero";
import { PromoSection } from "~/features/home/promo-section";
import { translator } from "~/i18n/translator";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

const POPULAR_LIMIT = 8;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const companyId = context.company.id;
  const language = context.language;
  const category = new URL(request.url).searchParams.get(CATEGORY_PARAM)?.trim().slice(0, 120) || null;

  const [popular, { categories }, stats, newest] = await Promise.all([
    catalog.listCourses(
      companyId,
      { page: 1, limit: POPULAR_LIMIT, category: category ?? undefined },
      language,
    ),
    catalog.listCategories(companyId, language),
    catalog.storefrontStats(companyId),
    catalog.listCourses(companyId, { page: 1, limit: 20 }, language),
  ]);

  // The promotional video prompt: the most reviewed course, at its first free preview lesson.
  const featured = [...newest.courses].sort((a, b) => b.ratingCount - a.ratingCount)[0];
  const featuredDetail = featured ? await catalog.getCourse(companyId, featured.slug, language) : undefined;
  const previewLesson = featuredDetail?.lessons.find((lesson) => lesson.freePreview);

  const tabs: CategoryTab[] = categories
    .filter((item) => item.parentId === null && item.courseCount > 0)
    .map((item) => ({ slug: item.slug, label: item.name, count: item.courseCount }));

  return {
    courses: popular.courses,
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
  const { courses, category, tabs, stats, preview } = loaderData;
  const shopName = matches[0].loaderData.store.shopName;
  return (
    <>
      <Hero
        shopName={shopName}
        courseCount={stats.courses}
        studentCount={stats.students}
        previewHref={preview?.href ?? null}
      />
      <PopularCourses courses={courses} categoryTabs={tabs} totalCount={stats.courses} category={category} />
      <PromoSection studentCount={stats.students} preview={preview} />
    </>
  );
}
