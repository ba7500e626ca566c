import { Download } from "lucide-react";
import { AdminCard } from "~/components/admin/admin-page";
import { RecordTable } from "~/components/admin/card-rows";
import { buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import { useDates } from "~/lib/dates";
import type { CourseLearnerProgress } from "~server/modules/learning/quiz.schemas";

type Learner = CourseLearnerProgress["learners"][number];

/** Staff's view of a course's learners: lessons done, last activity, each quiz's best score, certificate. */
export function LearnerProgressCard({
  courseId,
  progress,
}: {
  courseId: string;
  progress: CourseLearnerProgress;
}) {
  const { t } = useTranslation();
  const when = useDates().dateTime;
  return (
    <AdminCard title={t("adminCatalog.progress.title")}>
      <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted">{t("adminCatalog.progress.hint")}</p>
        {progress.learners.length > 0 && (
          <a
            href={adminPaths.courseProgressCsv(courseId)}
            download
            className={buttonClasses({ variant: "secondary" })}
          >
            <Download aria-hidden="true" />
            {t("adminCatalog.progress.export")}
          </a>
        )}
      </div>
      {progress.learners.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("adminCatalog.progress.none")}</p>
      ) : (
        <RecordTable<Learner>
          label={t("adminCatalog.progress.title")}
          rows={progress.learners}
          getRowId={(learner) => learner.customerId}
          columns={[
            {
              id: "name",
              header: t("adminCatalog.progress.name"),
              cell: (learner) => (
                <span className="[overflow-wrap:anywhere]">
                  <span className="font-semibold text-ink">{learner.name}</span>
                  <br />
                  <span className="text-xs text-ink-muted">{learner.email}</span>
                </span>
              ),
            },
            {
              id: "lessons",
              header: t("adminCatalog.progress.lessons"),
              cell: (learner) =>
                t("adminCatalog.progress.lessonsValue", {
                  completed: learner.completedLessons,
                  total: learner.totalLessons,
                }),
            },
            {
              id: "last",
              header: t("adminCatalog.progress.lastActivity"),
              cell: (learner) =>
                learner.lastActivityAt
                  ? when.format(new Date(learner.lastActivityAt))
                  : t("adminCatalog.progress.never"),
            },
            ...progress.quizzes.map((quiz, index) => ({
              id: `quiz-${quiz.lessonId}`,
              header: t("adminCatalog.progress.quiz", { title: quiz.title }),
              cell: (learner: Learner) => {
                const result = learner.quizzes[index];
                if (!result || result.bestScorePercent === null) return t("adminCatalog.progress.notTaken");
                return `${t("adminCatalog.progress.quizValue", { score: result.bestScorePercent })} (${
                  result.passed ? t("adminCatalog.progress.passed") : t("adminCatalog.progress.notPassed")
                })`;
              },
            })),
            {
              id: "certificate",
              header: t("adminCatalog.progress.certificate"),
              cell: (learner) => learner.certificateCode ?? "—",
            },
          ]}
        />
      )}
    </AdminCard>
  );
}
