import { Link } from "react-router";
import { AddToCartButton } from "~/components/add-to-cart-button";
import { Price } from "~/components/price";
import { buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { CourseBadge } from "./course-badge";
import type { CourseCardView } from "./course-card-view";
import { CourseMeta } from "./course-meta";
import { RatingStars } from "./rating-stars";

/**
 * One course in a grid: image → badge → title → rating → summary → meta → price and Enroll.
 * `eager` for cards in the first screen (no lazy loading there). Inside an `@container` wider than
 * 36rem (a single-column grid on tablets) the image moves to the left of the text. Each element carries
 * one class of app.css (`course-card-*`) instead of its utilities: a list page repeats them 20 times.
 */
export function CourseCard({
  course,
  eager = false,
  headingLevel = 3,
}: {
  course: CourseCardView;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const href = paths.course(course.slug);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <article className="group course-card">
      {/* The image repeats the title's link for the pointer only: out of the tab order and the
          accessibility tree (the title's link is the card's one link there), and a plain anchor
          (app-link-clicks.ts) rather than a second <Link>: the same markup, navigated in the app. */}
      {/* biome-ignore lint/a11y/useAnchorContent: hidden on purpose, the title's link is the card's link for assistive technologies */}
      <a
        tabIndex={-1}
        aria-hidden="true"
        className="course-card-media"
        href={href}
        data-discover="true"
        data-app-link=""
      >
        {course.image && (
          <img
            src={course.image}
            alt=""
            width={640}
            height={360}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="course-card-image"
          />
        )}
      </a>
      <CourseBadge badge={course.badge} className="absolute top-3 left-3" />

      <div className="course-card-body">
        {course.category && <p className="course-card-category">{course.category.name}</p>}
        <Heading className="course-card-title">
          <Link to={href} className="course-card-link">
            {course.title}
          </Link>
        </Heading>
        <RatingStars rating={course.rating} count={course.ratingCount} className="mt-2" />
        <p className="course-card-summary">{course.summary}</p>
        <CourseMeta
          videoCount={course.videoCount}
          durationSeconds={course.durationSeconds}
          className="mt-4 mb-5"
        />

        <div className="course-card-footer">
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
