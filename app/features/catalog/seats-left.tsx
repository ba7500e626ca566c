import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";

/** "12 of 30 seats left" with a bar, for courses with a limited number of seats. */
export function SeatsLeft({
  totalSeats,
  seatsLeft,
}: {
  totalSeats: number | null;
  seatsLeft: number | null;
}) {
  const { t } = useTranslation();
  if (totalSeats === null || seatsLeft === null || totalSeats <= 0) return null;
  const left = Math.max(0, Math.min(seatsLeft, totalSeats));
  const low = left <= Math.max(3, totalSeats * 0.2);
  return (
    <div>
      <p className={cn("text-sm font-semibold", low ? "text-accent" : "text-ink")}>
        {left === 0 ? t("course.noSeatsLeft") : t("course.seatsLeft", { count: left, total: totalSeats })}
      </p>
      <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-sunken">
        <div
          className={cn("h-full rounded-full", low ? "bg-accent" : "bg-primary")}
          style={{ width: `${(left / totalSeats) * 100}%` }}
        />
      </div>
    </div>
  );
}
