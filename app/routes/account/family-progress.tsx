import { ProgressBar } from "~/features/learning/progress-bar";
import { useTranslation } from "~/i18n/use-translation";
import type { LearnerList } from "~server/modules/families/families.schemas";

/** Each child's courses and progress, for the parent (dashboard and My family). */
export function FamilyProgress({
  learners,
  headingId,
}: {
  learners: LearnerList["learners"];
  headingId: string;
}) {
  const { t } = useTranslation();
  if (learners.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {t("accounts.family.progressTitle")}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {learners.map((learner) => (
          <li key={learner.id} className="rounded-2xl border border-line bg-surface p-4 shadow-card">
            <h3 className="font-bold text-ink">{learner.name}</h3>
            {learner.courses.length === 0 ? (
              <p className="mt-1 text-sm text-ink-muted">{t("accounts.family.noCourses")}</p>
            ) : (
              <ul className="mt-2 grid gap-2">
                {learner.courses.map((course) => {
                  const label = t("accounts.family.courseProgress", {
                    name: learner.name,
                    title: course.title,
                    percent: course.percent,
                    completed: course.completedLessons,
                    total: course.totalLessons,
                  });
                  return (
                    <li key={course.id} className="text-sm text-ink">
                      <p>{label}</p>
                      <ProgressBar percent={course.percent} label={label} className="mt-1" />
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
