import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatDuration } from "~/lib/format";

/** "9 videos · 2 h 15 min" with icons (classes: app.css; the icons are their ::before). */
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
    <p className={cn("course-meta", className)}>
      <span className="course-meta-videos">{t("course.videos", { count: videoCount })}</span>
      <span className="course-meta-duration">{formatDuration(durationSeconds, t)}</span>
    </p>
  );
}
