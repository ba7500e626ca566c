import type { CategoryTab } from "~/features/catalog/category-tabs";
import { courseCardView } from "~/features/catalog/course-card-view";
import { CATEGORY_PARAM } from "~/features/catalog/popular-courses";
import { pageConversion } from "~/features/currency/page-currency.server";
import { paths } from "~/lib/paths";
import { convertCourseList } from "~server/modules/currency/convert-prices";
import { type Translatable, translate } from "~shared/translatable";
import type { Route } from "./+types/home";

const POPULAR_LIMIT = 8;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const companyId = context.company.id;
  const language = context.language;
  const category = new URL(request.url).searchParams.get(CATEGORY_PARAM)?.trim().slice(0, 120) || null;

  const custom = await context.services.settingsAdmin.storefront(companyId);
  const [popular, { categories }, stats, newest, conversion] = await Promise.all([
    catalog.popularCourses(
      companyId,
      {
        source: custom.popularSource,
        courseIds: custom.popularCourses,
        category: category ?? undefined,
        limit: POPULAR_LIMIT,
      },
      language,
    ),
    catalog.listCategories(companyId, language),
    catalog.storefrontStats(companyId),
    catalog.listCourses(companyId, { page: 1, limit: 20 }, language),
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

  const bySlug = new Map(categories.map((item) => [item.slug, item]));
  const featuredSection = custom.featuredCategories.flatMap((slug) => {
    const item = bySlug.get(slug);
    return item ? [{ slug: item.slug, name: item.name, courseCount: item.courseCount }] : [];
  });
  const slides = custom.slides
    .filter((slide) => slide.active)
    .map((slide) => ({
      image: slide.image,
      title: text(slide.title),
      text: text(slide.text),
      link: slide.link,
    }));

  return {
    slides,
    featuredCategories: featuredSection,
    custom: {
      hero: { title: text(custom.heroTitle), text: text(custom.heroText), image: custom.heroImage },
      popularHeading: text(custom.popularHeading),
      promo: { text: text(custom.promoText), image: custom.promoImage },
    },
    courses: convertCourseList({ courses: popular }, conversion).courses.map(courseCardView),
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
