import { ArrowDown, CheckCircle2, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/lib/format";

/** First screen: what the school offers, and a way to browse. */
export function Hero({
  shopName,
  courseCount,
  studentCount,
  previewHref,
  custom,
}: {
  shopName: string;
  courseCount: number;
  studentCount: number;
  previewHref: string | null;
  /** Texts and image from Store customization; empty values keep the built-in ones. */
  custom?: { title: string; text: string; image: string } | undefined;
}) {
  const { t, i18n } = useTranslation();
  const points = [t("home.hero.point1"), t("home.hero.point2"), t("home.hero.point3")];

  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-line bg-sunken">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-40 size-[36rem] rounded-full bg-primary-soft opacity-60 blur-3xl"
      />
      <Container className="relative grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] lg:gap-16 lg:py-20">
        <div className="max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-xs font-semibold text-primary-ink shadow-sm">
            <span aria-hidden="true" className="size-2 rounded-full bg-accent" />
            {t("home.hero.eyebrow")}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-3xl font-bold tracking-tight text-balance text-ink sm:text-5xl lg:text-[3.25rem] lg:leading-[1.1]"
          >
            {custom?.title || t("home.hero.title")}
          </h1>
          <p className="mt-5 max-w-xl text-base text-pretty text-ink-muted sm:text-lg">
            {custom?.text || t("home.hero.text", { shopName })}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to={{ hash: "popular-courses" }}
              className={buttonClasses({ variant: "accent", size: "lg" })}
            >
              {t("home.hero.browse")}
              <ArrowDown aria-hidden="true" />
            </Link>
            {previewHref && (
              <Link to={previewHref} className={buttonClasses({ variant: "secondary", size: "lg" })}>
                <PlayCircle aria-hidden="true" />
                {t("home.hero.preview")}
              </Link>
            )}
          </div>
          <ul className="mt-8 grid gap-2 text-sm text-ink sm:grid-cols-3 sm:gap-4">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-2">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-ink" />
                {point}
              </li>
            ))}
          </ul>
        </div>

        <div className="relative mx-auto w-full max-w-xl lg:max-w-none">
          <img
            src={custom?.image || "/images/hero.svg"}
            alt=""
            width={1200}
            height={800}
            loading="eager"
            fetchPriority="high"
            className="aspect-[3/2] w-full rounded-3xl border border-line bg-surface object-cover shadow-raised"
          />
          <dl className="absolute -bottom-5 left-4 flex gap-6 rounded-2xl border border-line bg-surface px-5 py-3 shadow-raised sm:left-6">
            <div>
              <dt className="text-xs text-ink-muted">{t("home.hero.statCourses")}</dt>
              <dd className="text-xl font-bold text-ink tabular-nums">
                {formatNumber(courseCount, i18n.language)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-muted">{t("home.hero.statStudents")}</dt>
              <dd className="text-xl font-bold text-ink tabular-nums">
                {formatNumber(studentCount, i18n.language)}
              </dd>
            </div>
          </dl>
        </div>
      </Container>
    </section>
  );
}
