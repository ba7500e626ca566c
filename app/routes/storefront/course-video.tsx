import { ArrowLeft, ArrowRight, BookOpen } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { data, Link, useLocation, useNavigate } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { CertificateNotice } from "~/features/learning/certificate-notice";
import {
  LessonResources,
  MarkComplete,
  NoVideoLesson,
  ScheduledLesson,
} from "~/features/learning/lesson-extras";
import { LessonPlayer } from "~/features/learning/lesson-player";
import { LockedLesson } from "~/features/learning/locked-lesson";
import { PlayerLessonList } from "~/features/learning/player-lesson-list";
import { ProgressBar } from "~/features/learning/progress-bar";
import { type QuizActionResult, QuizPanel } from "~/features/learning/quiz-panel";
import type { LessonContent, LessonProgress } from "~/features/learning/types";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { absoluteUrl, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/course-video";

export { action } from "./course-video.server";

/**
 * The course video page: the lesson from `?lesson=` (else where the learner should carry on),
 * with what this visitor may play and their progress, all decided on the server.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const player = await context.services.learning.coursePlayer(
    context.company.id,
    params.id,
    context.language,
    context.customer?.learnerId ?? null,
  );
  if (!player || player.lessons.length === 0) throw data(null, { status: 404 });
  const wanted = new URL(request.url).searchParams.get("lesson");
  const fallback = player.enrolled
    ? player.summary.continueLessonId
    : (player.lessons.find((lesson) => lesson.access === "open")?.id ?? null);
  const currentId = wanted ?? fallback ?? player.lessons[0]!.id;
  const current = player.lessons.find((lesson) => lesson.id === currentId);
  if (!current) throw data(null, { status: 404 });
  // A quiz's questions (never its answers) for an enrolled learner, once the lesson is open.
  const quiz =
    current.quiz && current.access === "open" && player.enrolled && context.customer
      ? await context.services.learning.learnerQuiz(
          context.company.id,
          context.customer.learnerId,
          current.id,
          context.language,
        )
      : null;
  let content: LessonContent | null = null;
  if (current.access === "open") {
    const customerId = context.customer?.learnerId ?? null;
    [content] = await Promise.all([
      context.services.learning.lessonContent(context.company.id, current.id, customerId, context.language),
      // The lesson the learner opened last is where "continue learning" takes them.
      customerId && player.enrolled
        ? context.services.learning.openLesson(context.company.id, customerId, current.id)
        : Promise.resolve(),
    ]);
  }
  return { player, currentId, quiz, content };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const root = matches[0]?.data;
  if (!root || !loaderData) return [];
  const { player, currentId } = loaderData;
  const lesson = player.lessons.find((item) => item.id === currentId)!;
  const t = translator(root);
  return seoMeta({
    title: t("learning.player.metaTitle", {
      lesson: lesson.title,
      course: player.course.title,
      shopName: root.store.shopName,
    }),
    description: t("learning.player.metaDescription", { lesson: lesson.title, course: player.course.title }),
    url: absoluteUrl(root.origin, paths.courseVideo(player.course.slug, lesson.id)),
    image: player.course.image ? absoluteUrl(root.origin, player.course.image) : undefined,
    siteName: root.store.shopName,
    language: root.language,
    site: root.seo,
  });
};

export default function CourseVideo({ loaderData, actionData }: Route.ComponentProps) {
  const { player, currentId, quiz, content } = loaderData;
  const { course, lessons } = player;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const autoPlay = (location.state as { autoPlay?: boolean } | null)?.autoPlay === true;

  // Lessons finished during this visit, on top of what the server knew.
  const [finished, setFinished] = useState<ReadonlySet<string>>(() => new Set());
  const completed = useMemo(
    () => new Set([...lessons.filter((lesson) => lesson.completed).map((lesson) => lesson.id), ...finished]),
    [lessons, finished],
  );
  const onSaved = useCallback((progress: LessonProgress) => {
    if (progress.completed)
      setFinished((set) => (set.has(progress.lessonId) ? set : new Set([...set, progress.lessonId])));
  }, []);

  const index = lessons.findIndex((lesson) => lesson.id === currentId);
  const lesson = lessons[index]!;
  const previous = lessons[index - 1];
  const next = lessons[index + 1];
  const percent = lessons.length === 0 ? 0 : Math.round((completed.size * 100) / lessons.length);
  const freeLesson = lessons.find((item) => item.access === "open" && item.id !== lesson.id);

  const onEnded = useCallback(() => {
    if (next) navigate(paths.courseVideo(course.slug, next.id), { state: { autoPlay: true } });
  }, [next, navigate, course.slug]);

  return (
    <Container className="py-6 sm:py-8 lg:py-10">
      <Breadcrumb
        label={t("learning.player.breadcrumb")}
        items={[
          { label: t("learning.player.home"), to: paths.home() },
          { label: course.title, to: paths.course(course.slug) },
          { label: lesson.title },
        ]}
      />

      <div className="mt-5 grid gap-x-8 gap-y-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_25rem]">
        <div className="min-w-0">
          {lesson.quiz && quiz ? (
            <QuizPanel quiz={quiz} actionData={actionData as QuizActionResult | undefined} />
          ) : lesson.quiz && lesson.access === "open" && !player.enrolled ? (
            <LockedLesson
              access={player.signedIn ? "enrol" : "sign-in"}
              course={course}
              returnTo={paths.courseVideo(course.slug, lesson.id)}
              freeLessonId={null}
            />
          ) : lesson.access === "open" && !lesson.hasVideo ? (
            <NoVideoLesson />
          ) : lesson.access === "open" ? (
            <LessonPlayer
              lesson={lesson}
              captions={content?.captions ?? []}
              poster={course.image}
              saveProgress={player.enrolled}
              autoPlay={autoPlay}
              onSaved={onSaved}
              onEnded={onEnded}
            />
          ) : lesson.access === "scheduled" ? (
            <ScheduledLesson opensAt={lesson.opensAt!} />
          ) : (
            <LockedLesson
              access={lesson.access}
              course={course}
              returnTo={paths.courseVideo(course.slug, lesson.id)}
              freeLessonId={freeLesson?.id ?? null}
            />
          )}

          <p className="mt-4 text-sm font-semibold tracking-wider text-primary-ink uppercase">
            {t("learning.player.lessonOf", { position: index + 1, count: lessons.length })}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">
            {lesson.title}
          </h1>
          <p className="mt-2 text-base text-ink-muted">
            <Link
              to={paths.course(course.slug)}
              className="inline-flex min-h-11 items-center gap-2 underline-offset-4 hover:text-primary-ink hover:underline"
            >
              <BookOpen aria-hidden="true" className="size-4.5" />
              {course.title}
            </Link>
          </p>

          {player.enrolled && lesson.access === "open" && !lesson.quiz && (
            <MarkComplete
              lessonId={lesson.id}
              completed={completed.has(lesson.id)}
              error={actionData && "error" in actionData ? actionData.error : null}
            />
          )}
          {content && <LessonResources resources={content.resources} />}

          <nav aria-label={t("learning.player.lessonsTitle")} className="mt-6 flex flex-wrap gap-3">
            {previous && (
              <Link
                to={paths.courseVideo(course.slug, previous.id)}
                className={buttonClasses({ variant: "secondary" })}
              >
                <ArrowLeft aria-hidden="true" />
                {t("learning.player.previous")}
              </Link>
            )}
            {next && (
              <Link
                to={paths.courseVideo(course.slug, next.id)}
                className={buttonClasses({ variant: "primary" })}
              >
                {t("learning.player.next")}
                <ArrowRight aria-hidden="true" />
              </Link>
            )}
          </nav>
          {player.certificateCode && <CertificateNotice code={player.certificateCode} className="mt-5" />}
          {next ? (
            <p className="mt-3 text-sm text-ink-muted">
              {t("learning.player.nextUp", { title: next.title })}
            </p>
          ) : player.enrolled && completed.size === lessons.length ? (
            <p className="mt-3 text-sm font-medium text-primary-ink">{t("learning.player.finished")}</p>
          ) : null}
        </div>

        <aside
          aria-labelledby="lessons-title"
          className="self-start overflow-hidden rounded-2xl border border-line bg-surface shadow-card lg:sticky lg:top-below-header"
        >
          <div className="border-b border-line p-4">
            <h2 id="lessons-title" className="text-lg font-bold text-ink">
              {t("learning.player.lessonsTitle")}
            </h2>
            {player.enrolled && (
              <div className="mt-3">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-semibold text-ink">{t("learning.player.progress", { percent })}</span>
                  <span className="text-ink-muted">
                    {t("learning.player.progressDetail", {
                      completed: completed.size,
                      total: lessons.length,
                    })}
                  </span>
                </div>
                <ProgressBar
                  percent={percent}
                  label={t("learning.player.progress", { percent })}
                  className="mt-2"
                />
              </div>
            )}
          </div>
          <div className="lg:max-h-[calc(100vh-16rem)] lg:overflow-y-auto">
            <PlayerLessonList
              courseSlug={course.slug}
              lessons={lessons}
              currentId={lesson.id}
              completed={completed}
              label={t("learning.player.lessonsLabel", { course: course.title })}
            />
          </div>
        </aside>
      </div>
    </Container>
  );
}
