import { CalendarClock, CheckCircle2, ListChecks, Lock, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { formatDuration } from "~/lib/format";
import { paths } from "~/lib/paths";
import { formatOpeningDay } from "./lesson-extras";
import type { PlayerLesson } from "./types";

/** The course's lessons beside the player: state icon, title, free-preview marker and duration. */
export function PlayerLessonList({
  courseSlug,
  lessons,
  currentId,
  completed,
  label,
}: {
  courseSlug: string;
  lessons: PlayerLesson[];
  currentId: string;
  completed: ReadonlySet<string>;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ol aria-label={label} className="divide-y divide-line">
      {lessons.map((lesson) => {
        const current = lesson.id === currentId;
        const locked = lesson.access !== "open";
        const done = completed.has(lesson.id);
        const opens = lesson.opensAt
          ? t("learning.lesson.scheduled", { date: formatOpeningDay(lesson.opensAt, i18n.language) })
          : null;
        const Icon = done
          ? CheckCircle2
          : opens
            ? CalendarClock
            : locked
              ? Lock
              : lesson.quiz
                ? ListChecks
                : PlayCircle;
        const status = done
          ? lesson.quiz
            ? t("learning.lesson.passed")
            : t("learning.lesson.completed")
          : locked && !opens
            ? t("learning.lesson.locked")
            : null;
        return (
          <li key={lesson.id}>
            <Link
              to={paths.courseVideo(courseSlug, lesson.id)}
              aria-current={current ? "true" : undefined}
              className={cn(
                "flex min-h-14 items-start gap-3 px-4 py-3 transition-colors hover:bg-sunken focus-visible:relative",
                current && "bg-primary-soft hover:bg-primary-soft",
              )}
            >
              <Icon
                aria-hidden="true"
                className={cn(
                  "mt-0.5 size-5 shrink-0",
                  done ? "text-primary-ink" : locked ? "text-ink-muted" : "text-primary-ink",
                )}
              />
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className={cn("text-sm text-ink", current ? "font-semibold" : "font-medium")}>
                  <span className="sr-only">
                    {t("learning.lesson.number", { position: lesson.position })}:{" "}
                  </span>
                  {lesson.title}
                  {status && <span className="sr-only"> ({status})</span>}
                  {current && <span className="sr-only"> ({t("learning.lesson.current")})</span>}
                </span>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-muted">
                  {lesson.quiz ? (
                    <span className="font-semibold">{t("learning.lesson.quiz")}</span>
                  ) : (
                    <span className="tabular-nums">{formatDuration(lesson.durationSeconds, t)}</span>
                  )}
                  {opens && <span className="font-semibold text-ink">{opens}</span>}
                  {lesson.freePreview && (
                    <span className="rounded-full bg-primary-soft px-2 py-0.5 font-semibold text-on-primary-soft">
                      {t("learning.lesson.freePreview")}
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
