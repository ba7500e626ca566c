import { Check, Clock, Infinity as InfinityIcon, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { AddToCartButton } from "~/components/add-to-cart-button";
import { Price } from "~/components/price";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { catalogHref } from "~/features/catalog/catalog-query";
import { CourseBadge } from "~/features/catalog/course-badge";
import { CourseFacts } from "~/features/catalog/course-facts";
import { courseJsonLd } from "~/features/catalog/course-json-ld";
import { LessonList } from "~/features/catalog/lesson-list";
import { RatingStars } from "~/features/catalog/rating-stars";
import { SeatsLeft } from "~/features/catalog/seats-left";
import { CourseLearningCta } from "~/features/learning/course-learning-cta";
import { CourseReviews } from "~/features/learning/course-reviews";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { formatDuration } from "~/lib/format";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/single-course";

export { loader } from "./single-course.server";

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const root = matches[0]?.data;
  const course = loaderData?.course;
  // Unknown course: the root error boundary renders, with the root's error title.
  if (!root || !course) return [];
  const t = translator(root);
  const shopName = root.store.shopName;
  const url = absoluteUrl(root.origin, paths.course(course.slug));
  const image = course.image ? absoluteUrl(root.origin, course.image) : null;
  return [
    ...seoMeta({
      title: t("course.metaTitle", { title: course.title, shopName }),
      description: course.summary,
      url,
      image: image ?? undefined,
      siteName: shopName,
      language: root.language,
      site: root.seo,
    }),
    {
      "script:ld+json": courseJsonLd({
        course,
        url,
        image,
        provider: { name: shopName, url: root.store.website || root.origin },
        language: root.language,
      }),
    },
  ];
};

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export default function SingleCourse({ loaderData }: Route.ComponentProps) {
  const { course, learner, reviews } = loaderData;
  const { t } = useTranslation();
  const previews = course.lessons.filter((lesson) => lesson.freePreview).length;
  const firstPreview = course.lessons.find((lesson) => lesson.freePreview);
  const soldOut = course.seatsLeft !== null && course.seatsLeft <= 0;

  return (
    <Container className="py-6 sm:py-10 lg:py-12">
      <Breadcrumb
        label={t("course.breadcrumb")}
        items={[
          { label: t("course.home"), to: paths.home() },
          ...(course.category
            ? [
                {
                  label: course.category.name,
                  to: `${paths.homeCategory(course.category.slug)}#popular-courses`,
                },
              ]
            : []),
          { label: course.title },
        ]}
      />

      <div className="mt-6 grid gap-x-14 gap-y-10 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_27rem]">
        {/* Course heading */}
        <header className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <CourseBadge badge={course.badge} />
            {course.category && (
              <span className="text-xs font-semibold tracking-wider text-primary-ink uppercase">
                {course.category.name}
              </span>
            )}
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-ink sm:text-5xl">
            {course.title}
          </h1>
          <p className="mt-4 max-w-3xl text-base text-pretty text-ink-muted sm:text-lg">{course.summary}</p>
          <RatingStars rating={course.rating} count={course.ratingCount} className="mt-5" />
          <div className="mt-6">
            <CourseFacts course={course} />
          </div>
        </header>

        {/* Purchase card: after the heading on small screens, a sticky sidebar on large ones */}
        <aside
          aria-label={learner.enrolled ? t("learning.course.continue") : t("course.enrollNow")}
          className="self-start lg:sticky lg:top-below-header lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-raised">
            {course.image && (
              <img
                src={course.image}
                alt={t("course.imageAlt", { title: course.title })}
                width={640}
                height={360}
                loading="eager"
                fetchPriority="high"
                className="aspect-video w-full object-cover"
              />
            )}
            <div className="grid gap-5 p-5 sm:p-6">
              <Price
                size="lg"
                priceCents={course.priceCents}
                salePriceCents={course.salePriceCents}
                currency={course.currency}
              />
              <SeatsLeft totalSeats={course.totalSeats} seatsLeft={course.seatsLeft} />
              {course.instalmentCount ? (
                <p className="text-sm text-ink-muted">
                  {t("course.instalments", { count: course.instalmentCount })}
                </p>
              ) : null}
              <CourseLearningCta
                courseSlug={course.slug}
                learner={learner}
                freeLessonId={firstPreview?.id ?? null}
              />
              {/* An enrolled learner already owns the course: only the learning link above. */}
              {learner.enrolled ? null : soldOut ? (
                <span
                  aria-disabled="true"
                  className={buttonClasses({
                    variant: "secondary",
                    size: "lg",
                    className: "w-full opacity-60",
                  })}
                >
                  {t("course.noSeatsLeft")}
                </span>
              ) : (
                <AddToCartButton course={course} variant="page" className="w-full" />
              )}
              <div>
                <p className="text-sm font-semibold text-ink">{t("course.includes")}</p>
                <ul className="mt-3 grid gap-2.5 text-sm text-ink-muted">
                  <li className="flex items-center gap-2.5">
                    <PlayCircle aria-hidden="true" className="size-4.5 shrink-0 text-primary-ink" />
                    {t("course.includesVideos", { count: course.videoCount })}
                  </li>
                  <li className="flex items-center gap-2.5">
                    <Clock aria-hidden="true" className="size-4.5 shrink-0 text-primary-ink" />
                    {t("course.includesDuration", { duration: formatDuration(course.durationSeconds, t) })}
                  </li>
                  {previews > 0 && (
                    <li className="flex items-center gap-2.5">
                      <Check aria-hidden="true" className="size-4.5 shrink-0 text-primary-ink" />
                      {t("course.freePreviews", { count: previews })}
                    </li>
                  )}
                  <li className="flex items-center gap-2.5">
                    <InfinityIcon aria-hidden="true" className="size-4.5 shrink-0 text-primary-ink" />
                    {t("course.includesPace")}
                  </li>
                </ul>
              </div>
            </div>
          </div>
        </aside>

        {/* Course body */}
        <div className="grid min-w-0 gap-12">
          {course.outcomes.length > 0 && (
            <section
              aria-labelledby="outcomes-title"
              className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
            >
              <h2 id="outcomes-title" className="text-xl font-bold tracking-tight text-ink">
                {t("course.outcomesTitle")}
              </h2>
              <ul className="mt-5 grid gap-x-8 gap-y-3 md:grid-cols-2">
                {course.outcomes.map((outcome) => (
                  <li key={outcome} className="flex items-start gap-3 text-sm text-ink">
                    <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-primary-soft text-on-primary-soft">
                      <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                    </span>
                    {outcome}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {course.attributes.length > 0 && (
            <section aria-labelledby="attributes-title">
              <h2 id="attributes-title" className="text-xl font-bold tracking-tight text-ink">
                {t("course.attributesTitle")}
              </h2>
              <dl className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-[max-content_minmax(0,1fr)]">
                {course.attributes.map((attribute) => (
                  <div key={attribute.id} className="contents">
                    <dt className="text-sm font-semibold text-ink">{attribute.name}</dt>
                    <dd className="flex flex-wrap gap-2 text-sm text-ink-muted">
                      {attribute.values.map((value) => (
                        <Link
                          key={value.id}
                          to={catalogHref({ values: [value.id] })}
                          className="inline-flex min-h-8 items-center rounded-full bg-primary-soft px-3 text-on-primary-soft underline-offset-4 hover:underline"
                        >
                          {value.label}
                        </Link>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          <section aria-labelledby="about-title">
            <h2 id="about-title" className="text-xl font-bold tracking-tight text-ink">
              {t("course.aboutTitle")}
            </h2>
            <div className="mt-4 grid max-w-[68ch] gap-4 text-base text-ink-muted">
              {paragraphs(course.description).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>

          <section aria-labelledby="lessons-title" id="lessons" className="scroll-mt-below-header">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 id="lessons-title" className="text-xl font-bold tracking-tight text-ink">
                {t("course.lessonsTitle")}
              </h2>
              <p className="text-sm text-ink-muted">
                {t("course.lessonsSummary", {
                  count: course.lessons.length,
                  duration: formatDuration(course.durationSeconds, t),
                })}
              </p>
            </div>
            <div className="mt-4">
              <LessonList
                lessons={course.lessons}
                lessonHref={(lesson) =>
                  learner.enrolled || lesson.freePreview ? paths.courseVideo(course.slug, lesson.id) : null
                }
              />
            </div>
          </section>

          <CourseReviews
            courseId={course.id}
            firstPage={reviews}
            canReview={learner.enrolled && !learner.reviewed}
            reviewed={learner.reviewed}
          />
        </div>
      </div>
    </Container>
  );
}
