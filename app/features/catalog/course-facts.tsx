import { BarChart3, Clock, type LucideIcon, PlayCircle, UserRound, UsersRound } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
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
        // A <dl> may group its <dt>/<dd> pairs in <div>s, but nothing deeper: the icon sits in the <dt>.
        <div key={label} className="relative min-w-0 grow basis-36 bg-surface py-3.5 pr-4 pl-12">
          <dt className="text-xs text-ink-muted">
            <Icon aria-hidden="true" className="absolute top-4 left-4 size-5 text-primary-ink" />
            {label}
          </dt>
          <dd className="text-sm font-semibold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
