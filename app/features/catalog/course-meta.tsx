import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatDuration } from "~/lib/format";

/** "9 videos · 2 h 15 min" with icons. */
export function CourseMeta({
  videoCount,
  durationSeconds,
  className,
}: {
  videoCount: number;
  durationSeconds: number;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <p className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted", className)}>
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className="icon-play-circle size-4 shrink-0" />
        {t("course.videos", { count: videoCount })}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className="icon-clock size-4 shrink-0" />
        {formatDuration(durationSeconds, t)}
      </span>
    </p>
  );
}
