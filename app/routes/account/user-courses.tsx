import { Award, BookOpen, PlayCircle } from "lucide-react";
import { Link, redirect } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { ProgressBar } from "~/features/learning/progress-bar";
import { useTranslation } from "~/i18n/use-translation";
import { useDates } from "~/lib/dates";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/private-page-meta";
import type { Route } from "./+types/user-courses";

export async function loader({ context, request }: Route.LoaderArgs) {
  // The layout guards too, but loaders run side by side: never read another customer's courses.
  if (!context.customer) throw redirect(paths.signIn(new URL(request.url).pathname));
  const { courses } = await context.services.learning.customerCourses(
    context.company.id,
    context.customer.learnerId,
    context.language,
  );
  return { courses };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches[0]?.data, "learning.userCourses.metaTitle");

export default function UserCourses({ loaderData }: Route.ComponentProps) {
  const { courses } = loaderData;
  const { t } = useTranslation();
  const dateFormat = useDates().date;

  return (
    <Container className="py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {t("learning.userCourses.title")}
      </h1>
      {courses.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-on-primary-soft">
            <BookOpen aria-hidden="true" className="size-8" />
          </span>
          <h2 className="mt-5 text-xl font-bold text-ink">{t("learning.userCourses.emptyTitle")}</h2>
          <p className="mt-2 max-w-md text-ink-muted">{t("learning.userCourses.emptyText")}</p>
          <Link
            to={{ pathname: paths.home(), hash: "popular-courses" }}
            className={buttonClasses({ variant: "primary", size: "lg", className: "mt-6" })}
          >
            {t("learning.userCourses.browse")}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-base text-ink-muted">{t("learning.userCourses.intro")}</p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {courses.map((course) => {
              const action =
                course.lastLessonId !== null
                  ? t("learning.userCourses.continue")
                  : t("learning.userCourses.start");
              return (
                <li
                  key={course.id}
                  className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-card"
                >
                  {course.image && (
                    <img
                      src={course.image}
                      alt=""
                      width={640}
                      height={360}
                      loading="lazy"
                      className="aspect-video w-full object-cover"
                    />
                  )}
                  <div className="flex flex-1 flex-col gap-4 p-5">
                    <h2 className="text-lg font-bold text-balance text-ink">
                      <Link to={paths.course(course.slug)} className="underline-offset-4 hover:underline">
                        {course.title}
                      </Link>
                    </h2>
                    <div>
                      <div className="flex items-baseline justify-between gap-3 text-sm">
                        <span className="font-semibold text-ink">
                          {t("learning.userCourses.progress", { percent: course.percent })}
                        </span>
                        <span className="text-ink-muted">
                          {t("learning.userCourses.lessons", {
                            completed: course.completedLessons,
                            total: course.totalLessons,
                          })}
                        </span>
                      </div>
                      <ProgressBar
                        percent={course.percent}
                        label={t("learning.userCourses.progressLabel", { title: course.title })}
                        className="mt-2"
                      />
                      <p className="mt-2 text-xs text-ink-muted">
                        {course.lastWatchedAt
                          ? t("learning.userCourses.lastWatched", {
                              date: dateFormat.format(new Date(course.lastWatchedAt)),
                            })
                          : t("learning.userCourses.notStarted")}
                      </p>
                    </div>
                    <div className="mt-auto flex flex-wrap gap-3">
                      <Link
                        to={paths.courseVideo(course.slug, course.continueLessonId)}
                        aria-label={`${action}: ${course.title}`}
                        className={buttonClasses({ variant: "primary" })}
                      >
                        <PlayCircle aria-hidden="true" />
                        {action}
                      </Link>
                      {course.certificateCode && (
                        <a
                          href={paths.certificatePdf(course.certificateCode)}
                          download
                          aria-label={t("learning.userCourses.certificateLabel", { title: course.title })}
                          className={buttonClasses({ variant: "secondary" })}
                        >
                          <Award aria-hidden="true" />
                          {t("learning.userCourses.certificate")}
                        </a>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Container>
  );
}
