import { Star } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";

/** Five stars as an accessible radio group (arrow keys move between them). */
export function StarRatingInput({
  name,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  name: string;
  value: number;
  onChange: (value: number) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend className="text-sm font-semibold text-ink">{t("learning.reviews.ratingLegend")}</legend>
      <div className="mt-2 flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className="flex size-11 cursor-pointer items-center justify-center rounded-lg has-focus-visible:ring-2 has-focus-visible:ring-focus"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              strokeWidth={1.5}
              className={cn(
                "size-8 transition-colors",
                stars <= value ? "fill-star text-star" : "fill-transparent text-ink-muted",
              )}
            />
            <span className="sr-only">{t("learning.reviews.ratingOption", { count: stars })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
