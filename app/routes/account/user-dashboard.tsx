import { ArrowRight, FileText, GraduationCap, PlayCircle } from "lucide-react";
import { Link, redirect } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { accountMeta } from "~/features/accounts/page-meta";
import { ProgressBar } from "~/features/learning/progress-bar";
import type { ContinueLearning } from "~/features/learning/types";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/user-dashboard";
import { FamilyProgress } from "./family-progress";

export async function loader({ context, request }: Route.LoaderArgs) {
  // The user-area layout guards too; loaders run in parallel, so this one checks for itself.
  if (!context.customer) throw redirect(paths.signIn(new URL(request.url).pathname));
  const { customers, learning, families } = context.services;
  const { company, customer, language } = context;
  // Learning as a child: greet the child and count the child's courses (invoices stay the parent's).
  const child = customer.learnerName;
  const [counts, resume, family, childCourses] = await Promise.all([
    customers.overview(company.id, customer.customerId),
    learning.continueLearning(company.id, customer.learnerId, language),
    families.listLearners(company.id, customer.customerId, null, language),
    child ? learning.customerCourses(company.id, customer.learnerId, language) : null,
  ]);
  return {
    name: child ?? customer.name,
    counts: childCourses ? { ...counts, courses: childCourses.courses.length } : counts,
    resume,
    learners: family.learners,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta(matches[0]?.data, "accounts.dashboard.metaTitle");

export default function UserDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { name, counts, resume, learners } = loaderData;
  const cards = [
    {
      to: paths.userCourses(),
      Icon: GraduationCap,
      count: t("accounts.dashboard.courses", { count: counts.courses }),
      link: t("accounts.dashboard.coursesLink"),
    },
    {
      to: paths.userInvoices(),
      Icon: FileText,
      count: t("accounts.dashboard.invoices", { count: counts.invoices }),
      link: t("accounts.dashboard.invoicesLink"),
    },
  ];
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-ink">
        {t("accounts.dashboard.greeting", { name })}
      </h1>
      <p className="mt-2 text-ink-muted">{t("accounts.dashboard.intro")}</p>
      {resume && <ContinueLearningCard resume={resume} />}
      <FamilyProgress learners={learners} headingId="dashboard-family-title" />
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {cards.map(({ to, Icon, count, link }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-center gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card transition-colors hover:border-primary"
            >
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-on-primary-soft">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-xl font-bold text-ink">{count}</span>
                <span className="mt-0.5 inline-flex items-center gap-1 text-sm font-semibold text-primary-ink group-hover:underline">
                  {link}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link
          to={paths.userDetails()}
          className="inline-flex min-h-11 items-center font-semibold text-primary-ink underline-offset-4 hover:underline"
        >
          {t("accounts.dashboard.detailsLink")}
        </Link>
        <Link
          to={paths.home()}
          className="inline-flex min-h-11 items-center font-semibold text-primary-ink underline-offset-4 hover:underline"
        >
          {t("accounts.dashboard.browse")}
        </Link>
      </div>
    </div>
  );
}

/** The course the learner was in last: the last lesson opened, progress, the next lesson and a link. */
function ContinueLearningCard({ resume }: { resume: ContinueLearning }) {
  const { t } = useTranslation();
  const done = resume.totalLessons > 0 && resume.completedLessons === resume.totalLessons;
  return (
    <section
      aria-labelledby="continue-title"
      className="mt-8 flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card sm:flex-row sm:items-center"
    >
      {resume.course.image && (
        <img
          src={resume.course.image}
          alt=""
          width={160}
          height={90}
          className="aspect-video w-full rounded-lg object-cover sm:w-40"
        />
      )}
      <div className="min-w-0 flex-1">
        <h2 id="continue-title" className="text-sm font-semibold tracking-wider text-primary-ink uppercase">
          {t("accounts.dashboard.continueTitle")}
        </h2>
        <p className="mt-1 text-xl font-bold text-ink">{resume.course.title}</p>
        <p className="mt-1 text-sm text-ink-muted">
          {t("accounts.dashboard.continueProgress", {
            percent: resume.percent,
            completed: resume.completedLessons,
            total: resume.totalLessons,
          })}
        </p>
        <ProgressBar
          percent={resume.percent}
          label={t("accounts.dashboard.continueProgress", {
            percent: resume.percent,
            completed: resume.completedLessons,
            total: resume.totalLessons,
          })}
          className="mt-2"
        />
        <ul className="mt-3 grid gap-1 text-sm text-ink">
          {resume.lastLesson && (
            <li>{t("accounts.dashboard.continueLast", { title: resume.lastLesson.title })}</li>
          )}
          {resume.nextLesson && (
            <li>{t("accounts.dashboard.continueNext", { title: resume.nextLesson.title })}</li>
          )}
          {done && <li className="font-semibold text-primary-ink">{t("accounts.dashboard.continueDone")}</li>}
        </ul>
      </div>
      <Link
        to={paths.courseVideo(resume.course.slug, resume.continueLessonId)}
        className={buttonClasses({ variant: "primary" })}
      >
        <PlayCircle aria-hidden="true" />
        {t("accounts.dashboard.continueLink")}
      </Link>
    </section>
  );
}
