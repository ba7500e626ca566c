import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";
import { formatNumber, formatRating } from "~/lib/format";

function StarRow({ className }: { className: string }) {
  return (
    <span className={cn("flex gap-0.5", className)}>
      {[0, 1, 2, 3, 4].map((index) => (
        <Star key={index} aria-hidden="true" className="size-4 shrink-0 fill-current" strokeWidth={0} />
      ))}
    </span>
  );
}

/** Five stars filled to the rating, the score and the number of reviews; one accessible label. */
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
    <p role="img" aria-label={label} className={cn("flex items-center gap-2 text-sm", className)}>
      <span className="relative inline-flex">
        <StarRow className="text-star-empty" />
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: fill }}>
          <StarRow className="text-star" />
        </span>
      </span>
      <span aria-hidden="true" className="font-semibold text-ink tabular-nums">
        {score}
      </span>
      <span aria-hidden="true" className="text-ink-muted tabular-nums">
        ({formatNumber(count, i18n.language)})
      </span>
    </p>
  );
}
