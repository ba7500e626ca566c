import { PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatDuration } from "~/lib/format";
import type { Lesson } from "./types";

export function lessonAnchor(lessonId: string) {
  return `lesson-${lessonId}`;
}

/**
 * The course's lessons in order: number, title, free-preview marker and duration. A lesson the
 * visitor may watch links to it when `lessonHref` gives an address.
 */
export function LessonList({
  lessons,
  lessonHref,
}: {
  lessons: Lesson[];
  lessonHref?: (lesson: Lesson) => string | null;
}) {
  const { t } = useTranslation();
  return (
    <ol className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-card">
      {lessons.map((lesson) => {
        const href = lessonHref?.(lesson);
        return (
          <li
            key={lesson.id}
            id={lessonAnchor(lesson.id)}
            className="flex scroll-mt-below-header items-start gap-4 px-4 py-4 target:bg-primary-soft/60 sm:items-center sm:px-5"
          >
            <span
              aria-hidden="true"
              className={cn(
                "flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold tabular-nums",
                lesson.freePreview ? "bg-primary-soft text-on-primary-soft" : "bg-sunken text-ink-muted",
              )}
            >
              {lesson.position}
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
              <p className="font-medium text-ink">
                <span className="sr-only">{t("course.lessonNumber", { position: lesson.position })}: </span>
                {href ? (
                  <Link
                    to={href}
                    className="underline-offset-4 hover:text-primary-ink hover:underline focus-visible:text-primary-ink"
                  >
                    {lesson.title}
                  </Link>
                ) : (
                  <span>{lesson.title}</span>
                )}
              </p>
              {lesson.freePreview && (
                <span className="inline-flex items-center gap-1 self-start rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-on-primary-soft sm:self-auto">
                  <PlayCircle aria-hidden="true" className="size-3.5" />
                  {t("course.freePreview")}
                </span>
              )}
            </div>
            <span className="shrink-0 text-sm text-ink-muted tabular-nums">
              {formatDuration(lesson.durationSeconds, t)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
