import { Play } from "lucide-react";
import { Link } from "react-router";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";
import { formatDuration, formatNumber } from "~/lib/format";

export interface PromoPreview {
  href: string;
  courseTitle: string;
  lessonTitle: string | null;
  durationSeconds: number | null;
}

/** Student count and an invitation to watch a free preview lesson. */
export function PromoSection({
  studentCount,
  preview,
  custom,
}: {
  studentCount: number;
  preview: PromoPreview | null;
  /** Banner text and image from Store customization; empty values keep the built-in ones. */
  custom?: { text: string; image: string } | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="promo-title" className="pb-16 sm:pb-20">
      <Container>
        <div className="grid overflow-hidden rounded-3xl bg-inverse text-on-inverse shadow-raised [--color-focus:var(--color-inverse-accent)] lg:grid-cols-2">
          <div className="relative order-last lg:order-first">
            <img
              src={custom?.image || "/images/promo.svg"}
              alt=""
              width={800}
              height={600}
              loading="lazy"
              decoding="async"
              className="size-full max-h-[28rem] object-cover lg:max-h-none"
            />
          </div>
          <div className="flex flex-col justify-center gap-6 px-6 py-10 sm:px-10 sm:py-14 lg:px-14">
            <p className="text-sm font-semibold tracking-wider text-inverse-accent uppercase">
              {t("home.promo.eyebrow")}
            </p>
            <h2 id="promo-title" className="text-3xl font-bold tracking-tight text-balance">
              {t("home.promo.title", {
                count: studentCount,
                countText: formatNumber(studentCount, i18n.language),
              })}
            </h2>
            <p className="text-base text-on-inverse-muted">{custom?.text || t("home.promo.text")}</p>
            {preview && (
              <Link
                to={preview.href}
                className="group flex items-center gap-4 self-start rounded-2xl py-1 pr-3"
              >
                <span className="relative flex size-16 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent shadow-raised transition-transform group-hover:scale-105">
                  <span
                    aria-hidden="true"
                    className="absolute inset-0 rounded-full bg-accent opacity-40 motion-safe:animate-ping [animation-duration:2.5s]"
                  />
                  <Play aria-hidden="true" className="relative ml-1 size-7 fill-current" />
                </span>
                <span className="flex flex-col">
                  <span className="text-base font-semibold text-on-inverse group-hover:underline">
                    {t("home.promo.watch")}
                  </span>
                  <span className="text-sm text-on-inverse-muted">
                    {preview.lessonTitle ?? preview.courseTitle}
                    {preview.durationSeconds ? ` · ${formatDuration(preview.durationSeconds, t)}` : ""}
                  </span>
                </span>
              </Link>
            )}
          </div>
        </div>
      </Container>
    </section>
  );
}
