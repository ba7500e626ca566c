import { Link } from "react-router";
import { AddToCartButton } from "~/components/add-to-cart-button";
import { Price } from "~/components/price";
import { buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { CourseBadge } from "./course-badge";
import { CourseMeta } from "./course-meta";
import { RatingStars } from "./rating-stars";
import type { CourseCard as CourseCardData } from "./types";

/**
 * One course in a grid: image → badge → title → rating → summary → meta → price and Enroll.
 * `eager` for cards in the first screen (no lazy loading there). Inside an `@container` wider than
 * 36rem (a single-column grid on tablets) the image moves to the left of the text.
 */
export function CourseCard({
  course,
  eager = false,
  headingLevel = 3,
}: {
  course: CourseCardData;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const href = paths.course(course.slug);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <article className="group relative flex w-full flex-col overflow-hidden @xl:flex-row rounded-2xl border border-line bg-surface shadow-card transition-[box-shadow,translate] duration-200 hover:-translate-y-0.5 hover:shadow-raised">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block aspect-video overflow-hidden bg-sunken @xl:aspect-auto @xl:w-[44%] @xl:shrink-0"
      >
        {course.image && (
          <img
            src={course.image}
            alt=""
            width={640}
            height={360}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        )}
      </Link>
      <CourseBadge badge={course.badge} className="absolute top-3 left-3" />

      <div className="flex flex-1 flex-col p-5 @xl:p-6">
        {course.category && (
          <p className="text-xs font-semibold tracking-wider text-primary-ink uppercase">
            {course.category.name}
          </p>
        )}
        <Heading className="mt-1.5 text-xl font-bold tracking-tight text-ink">
          <Link
            to={href}
            className="rounded-sm decoration-2 underline-offset-4 hover:text-primary-ink hover:underline"
          >
            {course.title}
          </Link>
        </Heading>
        <RatingStars rating={course.rating} count={course.ratingCount} className="mt-2" />
        <p className="mt-3 line-clamp-2 text-sm text-ink-muted">{course.summary}</p>
        <CourseMeta
          videoCount={course.videoCount}
          durationSeconds={course.durationSeconds}
          className="mt-4 mb-5"
        />

        <div className="mt-auto flex items-center justify-between gap-3 border-t border-line pt-4">
          <Price
            priceCents={course.priceCents}
            salePriceCents={course.salePriceCents}
            currency={course.currency}
          />
          {course.seatsLeft !== null && course.seatsLeft <= 0 ? (
            <Link to={href} className={buttonClasses({ variant: "secondary" })}>
              {t("course.noSeatsLeft")}
            </Link>
          ) : (
            <AddToCartButton course={course} />
          )}
        </div>
      </div>
    </article>
  );
}
