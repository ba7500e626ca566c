import { Lock, LogIn, PlayCircle, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { LessonAccess } from "./types";

/** In place of the player: why this lesson does not play, and what to do about it. */
export function LockedLesson({
  access,
  course,
  returnTo,
  freeLessonId,
}: {
  access: Exclude<LessonAccess, "open" | "scheduled">;
  course: { slug: string; title: string };
  returnTo: string;
  freeLessonId: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="locked-title"
      className="flex min-h-72 flex-col sm:aspect-video sm:min-h-0 items-center justify-center gap-4 rounded-2xl bg-inverse px-6 py-8 text-center text-on-inverse shadow-raised [--color-focus:var(--color-inverse-accent)]"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-on-inverse/10">
        <Lock aria-hidden="true" className="size-7" />
      </span>
      <h2 id="locked-title" className="text-xl font-bold text-balance sm:text-2xl">
        {t("learning.locked.title")}
      </h2>
      <p className="max-w-lg text-sm text-pretty sm:text-base">
        {access === "sign-in"
          ? t("learning.locked.signInText")
          : t("learning.locked.enrolText", { course: course.title })}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.course(course.slug)} className={buttonClasses({ variant: "accent" })}>
          <ShoppingBag aria-hidden="true" />
          {t("learning.locked.enrol")}
        </Link>
        {access === "sign-in" && (
          <Link to={paths.signIn(returnTo)} className={buttonClasses({ variant: "inverse" })}>
            <LogIn aria-hidden="true" />
            {t("learning.locked.signIn")}
          </Link>
        )}
        {freeLessonId && (
          <Link
            to={paths.courseVideo(course.slug, freeLessonId)}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold underline underline-offset-4"
          >
            <PlayCircle aria-hidden="true" className="size-5" />
            {t("learning.locked.freeInstead")}
          </Link>
        )}
      </div>
    </section>
  );
}
