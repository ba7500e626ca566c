import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatNumber, formatRating } from "~/lib/format";

/** Five stars filled to the rating, the score and the number of reviews; one accessible label (classes: app.css). */
export function RatingStars({
  rating,
  count,
  className,
}: {
  rating: number;
  count: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (count === 0) {
    return <p className={cn("text-sm text-ink-muted", className)}>{t("rating.none")}</p>;
  }
  const score = formatRating(rating, i18n.language);
  const label = t("rating.label", { rating: score, count, countText: formatNumber(count, i18n.language) });
  const fill = `${Math.min(100, Math.max(0, (rating / 5) * 100))}%`;
  return (
    <p role="img" aria-label={label} className={cn("rating", className)}>
      <span className="rating-stars">
        <span className="rating-fill" style={{ width: fill }} />
      </span>
      <span aria-hidden="true" className="rating-score">
        {score}
      </span>
      <span aria-hidden="true" className="rating-count">
        ({formatNumber(count, i18n.language)})
      </span>
    </p>
  );
}
