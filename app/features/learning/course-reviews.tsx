import { Star } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import { formatRating } from "~/lib/format";
import { paths } from "~/lib/paths";
import { REVIEW_BODY_MAX } from "~shared/learning.limits";
import { fetchCourseReviews } from "./api";
import { StarRatingInput } from "./star-rating-input";
import type { CourseReview, CourseReviewList, ReviewActionResult } from "./types";

function ReviewStars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t("learning.reviews.stars", { count: rating })} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((stars) => (
        <Star
          key={stars}
          aria-hidden="true"
          strokeWidth={0}
          className={stars <= rating ? "size-4 fill-star" : "size-4 fill-star-empty"}
        />
      ))}
    </span>
  );
}

function ReviewForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ReviewActionResult>();
  const [rating, setRating] = useState(0);
  const [missing, setMissing] = useState(false);
  const errorId = useId();
  const bodyId = useId();
  const hintId = useId();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const serverError =
    result && !result.ok
      ? result.code === "ALREADY_REVIEWED"
        ? t("learning.reviews.alreadyReviewed")
        : result.message
      : null;

  return (
    <fetcher.Form
      method="post"
      action={paths.courseReview(courseId)}
      noValidate
      onSubmit={(event) => {
        if (rating === 0) {
          event.preventDefault();
          setMissing(true);
        }
      }}
      aria-labelledby="review-form-title"
      className="grid gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
    >
      <div>
        <h3 id="review-form-title" className="text-lg font-bold text-ink">
          {t("learning.reviews.formTitle")}
        </h3>
        <p className="mt-1 text-sm text-ink-muted">{t("learning.reviews.formText")}</p>
      </div>
      <StarRatingInput
        name="rating"
        value={rating}
        onChange={(value) => {
          setRating(value);
          setMissing(false);
        }}
        invalid={missing}
        describedBy={missing ? errorId : undefined}
      />
      {missing && (
        <p id={errorId} className="-mt-2 text-sm text-accent">
          {t("learning.reviews.ratingRequired")}
        </p>
      )}
      <div className="grid gap-1.5">
        <label htmlFor={bodyId} className="text-sm font-semibold text-ink">
          {t("learning.reviews.body")}
        </label>
        <textarea
          id={bodyId}
          name="body"
          rows={4}
          maxLength={REVIEW_BODY_MAX}
          aria-describedby={hintId}
          className="w-full rounded-lg border border-control bg-surface px-3 py-2 text-base text-ink focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-focus"
        />
        <p id={hintId} className="text-xs text-ink-muted">
          {t("learning.reviews.bodyHint", { max: REVIEW_BODY_MAX })}
        </p>
      </div>
      {serverError && (
        <p role="alert" className="text-sm text-accent">
          {serverError}
        </p>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t("learning.reviews.submitting") : t("learning.reviews.submit")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** A course's reviews (newest first, more on request) and, for an enrolled learner, the form to add theirs. */
export function CourseReviews({
  courseId,
  firstPage,
  canReview,
  reviewed,
}: {
  courseId: string;
  firstPage: CourseReviewList;
  canReview: boolean;
  reviewed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [more, setMore] = useState<CourseReview[]>([]);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);

  // A new review (after the form) brings a fresh first page: start the list over.
  const [shownFirstPage, setShownFirstPage] = useState(firstPage);
  if (shownFirstPage !== firstPage) {
    setShownFirstPage(firstPage);
    setMore([]);
    setPage(1);
  }

  const reviews = [...firstPage.reviews, ...more];
  const dateFormat = useDates().date;
  const loadMore = async () => {
    setLoading(true);
    try {
      const next = await fetchCourseReviews(courseId, page + 1);
      setMore((list) => [...list, ...next.reviews]);
      setPage(next.page);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section aria-labelledby="reviews-title" id="reviews" className="scroll-mt-below-header">
      <h2 id="reviews-title" className="text-xl font-bold tracking-tight text-ink">
        {t("learning.reviews.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {firstPage.ratingCount > 0
          ? t("learning.reviews.summary", {
              rating: formatRating(firstPage.rating, i18n.language),
              count: firstPage.ratingCount,
            })
          : t("learning.reviews.none")}
      </p>

      <div className="mt-5 grid gap-6">
        {canReview && <ReviewForm courseId={courseId} />}
        {reviewed && (
          <p
            role="status"
            className="rounded-xl bg-primary-soft px-4 py-3 text-sm font-medium text-on-primary-soft"
          >
            {t("learning.reviews.reviewed")}
          </p>
        )}
        {reviews.length > 0 && (
          <ul className="grid gap-4">
            {reviews.map((review) => (
              <li
                key={review.id}
                className="rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <ReviewStars rating={review.rating} />
                  <span className="font-semibold text-ink">{review.reviewerName}</span>
                  <time dateTime={review.createdAt} className="text-sm text-ink-muted">
                    {dateFormat.format(new Date(review.createdAt))}
                  </time>
                </div>
                {review.body && <p className="mt-2 max-w-[68ch] text-base text-ink-muted">{review.body}</p>}
              </li>
            ))}
          </ul>
        )}
        {reviews.length < firstPage.totalDoc && (
          <div>
            <Button variant="secondary" onClick={loadMore} disabled={loading}>
              {t("learning.reviews.more")}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
