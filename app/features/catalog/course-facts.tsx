import { BarChart3, Clock, type LucideIcon, PlayCircle, UserRound, UsersRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDuration } from "~/lib/format";
import type { CourseDetail } from "./types";

/** Videos, duration, level, audience and instructor as a compact list of facts. */
export function CourseFacts({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const facts: { icon: LucideIcon; label: string; value: string }[] = [
    { icon: PlayCircle, label: t("course.lessons"), value: t("course.videos", { count: course.videoCount }) },
    { icon: Clock, label: t("course.duration"), value: formatDuration(course.durationSeconds, t) },
    { icon: BarChart3, label: t("course.level"), value: t(`level.${course.level}`) },
  ];
  if (course.audience) facts.push({ icon: UsersRound, label: t("course.audience"), value: course.audience });
  if (course.instructor)
    facts.push({ icon: UserRound, label: t("course.instructor"), value: course.instructor });

  return (
    <dl className="flex flex-wrap gap-px overflow-hidden rounded-2xl border border-line bg-line">
      {facts.map(({ icon: Icon, label, value }) => (
        <div key={label} className="flex grow basis-36 items-start gap-3 bg-surface px-4 py-3.5">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-ink" />
          <div className="min-w-0">
            <dt className="text-xs text-ink-muted">{label}</dt>
            <dd className="text-sm font-semibold text-ink">{value}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
