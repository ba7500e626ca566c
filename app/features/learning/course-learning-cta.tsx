import { PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { ProgressBar } from "./progress-bar";
import type { LearnerState } from "./types";

/**
 * On the course page: "Continue learning" with the learner's progress when they are enrolled,
 * else a way into the first free preview lesson (when the course has one).
 */
export function CourseLearningCta({
  courseSlug,
  learner,
  freeLessonId,
}: {
  courseSlug: string;
  learner: LearnerState;
  freeLessonId: string | null;
}) {
  const { t } = useTranslation();
  const summary = learner.summary;
  if (learner.enrolled && summary) {
    const started = summary.lastLessonId !== null;
    return (
      <div className="grid gap-3">
        <Link
          to={paths.courseVideo(courseSlug, summary.continueLessonId)}
          className={buttonClasses({ variant: "primary", size: "lg", className: "w-full" })}
        >
          <PlayCircle aria-hidden="true" />
          {started ? t("learning.course.continue") : t("learning.course.start")}
        </Link>
        <p className="text-sm text-ink-muted">
          {t("learning.course.progress", { percent: summary.percent })}
        </p>
        <ProgressBar
          percent={summary.percent}
          label={t("learning.course.progress", { percent: summary.percent })}
        />
      </div>
    );
  }
  if (!freeLessonId) return null;
  return (
    <Link
      to={paths.courseVideo(courseSlug, freeLessonId)}
      className={buttonClasses({ variant: "secondary", size: "lg", className: "w-full" })}
    >
      <PlayCircle aria-hidden="true" />
      {t("learning.course.watchFree")}
    </Link>
  );
}
